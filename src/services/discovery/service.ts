/**
 * The discovery service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { discoverySpec } from './config.ts'

export const discoveryService = defineService({
  name: 'discovery',
  defaultPort: 8080,
  healthPath: '/healthz',
  description: 'public discovery gateway (search, content, inquiry preview)',
  spec: discoverySpec,
  start: async (config, ctx) => (await import('./start.ts')).start(config, ctx),
})
