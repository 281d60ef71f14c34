/**
 * The domain service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { domainSpec } from './config.ts'

export const domainService = defineService({
  name: 'domain',
  defaultPort: 8400,
  description: 'listings, valuation and market analysis, contacts',
  spec: domainSpec,
  start: async (config, ctx) => (await import('./start.ts')).start(config, ctx),
})
