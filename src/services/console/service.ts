/**
 * The console service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { consoleSpec } from './config.ts'

export const consoleService = defineService({
  name: 'console',
  defaultPort: 8500,
  description: 'operator console: screening, history, API keys, platform health',
  spec: consoleSpec,
  start: async (config, ctx) => (await import('./start.ts')).start(config, ctx),
})
