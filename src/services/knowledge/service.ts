/**
 * The knowledge service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { knowledgeSpec } from './config.ts'

export const knowledgeService = defineService({
  name: 'knowledge',
  defaultPort: 8200,
  healthPath: '/rag/health',
  description: 'knowledge base: hybrid search, grounded answers, uploads (/rag/*, /ask, /stats, /upload)',
  spec: knowledgeSpec,
  start: async (config, ctx) => (await import('./start.ts')).start(config, ctx),
})
