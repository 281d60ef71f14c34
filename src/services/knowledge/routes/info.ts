import { ok } from '../../../kit/envelope.ts'
import { errors } from '../../../kit/errors.ts'
import { OPERATOR_SECURITY, operatorOnly } from '../../../kit/operator-keys.ts'
import type { App } from '../../../kit/server.ts'
import type { KnowledgeDeps } from '../app.ts'
import {
  CollectionsResponse,
  DeletedResponse,
  DocumentParams,
  DocumentResponse,
  DocumentsQuery,
  DocumentsResponse,
  HealthResponse,
  StatsResponse,
} from '../schemas.ts'

export function registerInfo(app: App, { kb, operatorKeys }: KnowledgeDeps): void {
  app.get(
    '/rag/collections',
    {
      schema: {
        tags: ['documents'],
        summary: 'The collections, with their documents, chunks and embedder',
        response: { 200: CollectionsResponse },
      },
    },
    async (_request, reply) => {
      const collections = kb.collectionsReport()
      return ok(reply, { count: collections.length, collections })
    },
  )

  app.get(
    '/rag/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Status (loading, ok or degraded, with the problems), storage and index figures',
        response: { 200: HealthResponse },
      },
    },
    async (_request, reply) => {
      const health = kb.health()
      // Loading (index build, starting corpus) still answers searches over what is indexed: 200.
      return ok(reply, health)
    },
  )

  app.get(
    '/stats',
    {
      schema: {
        tags: ['health'],
        summary: 'Index size, embedders, query counts and latency percentiles',
        response: { 200: StatsResponse },
      },
    },
    async (_request, reply) => ok(reply, kb.stats()),
  )

  app.get(
    '/rag/documents',
    {
      schema: {
        tags: ['documents'],
        summary: 'Documents, newest first, optionally of one collection',
        querystring: DocumentsQuery,
        response: { 200: DocumentsResponse },
      },
    },
    async (request, reply) => {
      const { collection, limit, offset } = request.query
      if (collection) kb.collection(collection)
      const documents = await kb.listDocuments({ ...(collection ? { collection } : {}), limit, offset })
      return ok(reply, { count: documents.length, limit, offset, documents })
    },
  )

  app.get(
    '/rag/documents/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'One document',
        params: DocumentParams,
        response: { 200: DocumentResponse },
      },
    },
    async (request, reply) => {
      const document = await kb.getDocument(request.params.id)
      if (!document) throw errors.notFound('document', { id: request.params.id })
      return ok(reply, document)
    },
  )

  app.delete(
    '/rag/documents/:id',
    {
      onRequest: operatorOnly(operatorKeys, 'Deleting a document'),
      schema: {
        tags: ['documents'],
        summary: 'Delete a document and its passages (every instance drops them on its next sync)',
        description: 'Needs `X-Admin-Key: ADMIN_API_KEY` or `X-API-Key: INTERNAL_API_KEY`.',
        security: OPERATOR_SECURITY,
        params: DocumentParams,
        response: { 200: DeletedResponse },
      },
    },
    async (request, reply) => {
      const deleted = await kb.deleteDocument(request.params.id)
      if (!deleted) throw errors.notFound('document', { id: request.params.id })
      return ok(reply, { id: request.params.id, deleted: true as const })
    },
  )
}
