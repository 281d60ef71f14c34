import { ok } from '../../../kit/envelope.ts'
import { errors } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import type { KnowledgeDeps } from '../app.ts'
import { DocumentParams, DocumentsQuery } from '../schemas.ts'

export function infoRoutes(app: App, { kb }: KnowledgeDeps): void {
  app.get('/rag/collections', async (_request, reply) => {
    const collections = kb.collectionsReport()
    return ok(reply, { count: collections.length, collections })
  })

  app.get('/rag/health', async (_request, reply) => {
    const health = kb.health()
    // Loading (index build, starting corpus) still answers searches over what is indexed: 200.
    return ok(reply, health)
  })

  app.get('/stats', async (_request, reply) => ok(reply, kb.stats()))

  app.get('/rag/documents', { schema: { querystring: DocumentsQuery } }, async (request, reply) => {
    const { collection, limit, offset } = request.query
    if (collection) kb.collection(collection)
    const documents = await kb.listDocuments({ ...(collection ? { collection } : {}), limit, offset })
    return ok(reply, { count: documents.length, limit, offset, documents })
  })

  app.get('/rag/documents/:id', { schema: { params: DocumentParams } }, async (request, reply) => {
    const document = await kb.getDocument(request.params.id)
    if (!document) throw errors.notFound('document', { id: request.params.id })
    return ok(reply, document)
  })

  app.delete('/rag/documents/:id', { schema: { params: DocumentParams } }, async (request, reply) => {
    const deleted = await kb.deleteDocument(request.params.id)
    if (!deleted) throw errors.notFound('document', { id: request.params.id })
    return ok(reply, { id: request.params.id, deleted: true })
  })
}
