/**
 * The router service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { routerSpec } from './config.ts'

export const routerService = defineService({
  name: 'router',
  defaultPort: 8100,
  description: 'jobs and workers, truth log, LLM proxy, memory, chat, context sync, MCP, proxies',
  spec: routerSpec,
  start: async (config, ctx) => (await import('./start.ts')).start(config, ctx),
})
