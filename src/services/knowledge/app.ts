/**
 * The knowledge service's HTTP app: built from its dependencies, with no I/O of its own, so tests
 * drive it with `inject`. Speaks the standard envelope ({success, data, meta} / {success:false,
 * error}).
 */
import multipart from '@fastify/multipart'
import type { KnowledgeBase } from '../../engines/knowledge/knowledge-base.ts'
import { registerApiDocs } from '../../kit/api-docs.ts'
import type { Logger } from '../../kit/logger.ts'
import { registerHttpMetrics } from '../../kit/metrics.ts'
import { OPERATOR_SECURITY_SCHEMES, type OperatorKeys } from '../../kit/operator-keys.ts'
import { type App, createServer } from '../../kit/server.ts'
import { registerAsk } from './routes/ask.ts'
import { registerInfo } from './routes/info.ts'
import { registerSearch } from './routes/search.ts'
import { FORM_LIMITS, registerUpload } from './routes/upload.ts'
import { knowledgeSchemas } from './schemas.ts'

export interface KnowledgeDeps {
  kb: KnowledgeBase
  logger: Logger
  maxUploadBytes: number
  /** Uploads and deletions change what every caller is answered from: they take one of these. */
  operatorKeys: OperatorKeys
  logRequests?: boolean
}

export async function buildApp(deps: KnowledgeDeps): Promise<App> {
  const app = createServer({
    name: 'knowledge',
    envelope: 'standard',
    logger: deps.logger,
    // JSON bodies are small; files arrive as multipart with their own limit below.
    bodyLimit: 256 * 1024,
    logRequests: deps.logRequests ?? true,
  })
  await registerApiDocs(app, {
    title: 'Gatehouse knowledge base API',
    version: '0.1.0',
    description:
      'Hybrid search (BM25 + dense vectors) and cited answers over document collections; upload and manage documents (uploads and deletions take an operator key: `X-Admin-Key: ADMIN_API_KEY` or `X-API-Key: INTERNAL_API_KEY`). Every success is `{success, data, meta}`, every failure `{success:false, error:{code, message, details}, meta}`. See src/services/knowledge/README.md.',
    tags: [
      { name: 'search', description: 'Search passages and ask questions' },
      { name: 'documents', description: 'Collections and their documents' },
      { name: 'health' },
    ],
    errorEnvelope: 'standard',
    securitySchemes: OPERATOR_SECURITY_SCHEMES,
    shared: knowledgeSchemas,
  })
  registerHttpMetrics(app, { service: 'knowledge' })
  await app.register(multipart, {
    limits: { fileSize: deps.maxUploadBytes, ...FORM_LIMITS },
  })
  registerSearch(app, deps)
  registerAsk(app, deps)
  registerUpload(app, deps)
  registerInfo(app, deps)
  return app
}
