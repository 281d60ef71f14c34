/**
 * The router's jobs (filter by status, one job's progress and result) and the knowledge base's
 * search with its citations, for analysts and admins. Jobs are read with the internal key.
 */
import { ok } from '../../../kit/envelope.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { requireRole } from '../auth.ts'
import {
  JobIdParams,
  JobResponse,
  JobsQuery,
  JobsResponse,
  KnowledgeSearchBody,
  KnowledgeSearchResponse,
} from '../schemas.ts'

export function registerWork(app: App, deps: ConsoleDeps): void {
  const analyst = requireRole('analyst')

  app.get(
    '/api/jobs',
    {
      onRequest: analyst,
      schema: {
        tags: ['platform'],
        summary: 'The router’s jobs, newest first, by status',
        querystring: JobsQuery,
        response: { 200: JobsResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('router', 'internal', (router) =>
        router.GET('/jobs', { params: { query: request.query } }),
      )
      return ok(reply, answer.data)
    },
  )

  app.get(
    '/api/jobs/:id',
    {
      onRequest: analyst,
      schema: {
        tags: ['platform'],
        summary: 'One job: its progress, result or error',
        params: JobIdParams,
        response: { 200: JobResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('router', 'internal', (router) =>
        router.GET('/jobs/{id}', { params: { path: { id: request.params.id } } }),
      )
      return ok(reply, answer.data)
    },
  )

  app.post(
    '/api/knowledge/search',
    {
      onRequest: analyst,
      schema: {
        tags: ['platform'],
        summary: 'Search the knowledge base: passages with their citations',
        body: KnowledgeSearchBody,
        response: { 200: KnowledgeSearchResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('knowledge', 'none', (knowledge) =>
        knowledge.POST('/rag/search', { body: request.body }),
      )
      return ok(reply, answer.data)
    },
  )
}
