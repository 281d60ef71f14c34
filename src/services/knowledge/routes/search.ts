import { citationOf } from '../../../engines/knowledge/query.ts'
import { ok } from '../../../kit/envelope.ts'
import { errors } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import type { KnowledgeDeps } from '../app.ts'
import { SearchBody, SearchResponse } from '../schemas.ts'

/** `limit` and `top_k` name one bound; when both are sent they must agree. */
export function resolveLimit(
  body: { limit?: number | undefined; top_k?: number | undefined },
  def: number,
): number {
  if (body.limit !== undefined && body.top_k !== undefined && body.limit !== body.top_k) {
    throw errors.invalid(
      'top_k',
      'equal to limit when both are given',
      'fields "limit" and "top_k" name the same bound; send one, or the same value in both',
    )
  }
  return body.limit ?? body.top_k ?? def
}

export function registerSearch(app: App, { kb }: KnowledgeDeps): void {
  app.post(
    '/rag/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search passages: hybrid (BM25 + dense), keyword or semantic',
        body: SearchBody,
        response: { 200: SearchResponse },
      },
    },
    async (request, reply) => {
      const body = request.body
      const limit = resolveLimit(body, 10)
      const mode = body.mode ?? 'hybrid'
      const { hits, embedders, warnings } = await kb.search({
        query: body.query,
        collection: body.collection,
        filter: body.filter,
        limit,
        mode,
      })
      return ok(reply, {
        query: body.query,
        collection: body.collection ?? null,
        mode,
        limit,
        count: hits.length,
        results: hits.map((h) => ({
          id: h.chunk.id,
          text: h.chunk.text,
          score: Math.round(h.score * 1e6) / 1e6,
          collection: h.document.collection,
          document: { id: h.document.id, title: h.document.title, source: h.document.source },
          section: h.chunk.section,
          page: h.chunk.page ?? null,
          position: h.chunk.position,
          citation: citationOf(h),
          metadata: h.document.metadata,
          scores: {
            keyword: h.lexical ? { rank: h.lexical.rank, score: round(h.lexical.score) } : null,
            semantic: h.dense ? { rank: h.dense.rank, score: round(h.dense.score) } : null,
          },
        })),
        embedders,
        ...(warnings.length > 0 ? { warnings } : {}),
      })
    },
  )
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}
