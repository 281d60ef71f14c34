/**
 * The aml service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { amlSpec } from './config.ts'

export const amlService = defineService({
  name: 'aml',
  defaultPort: 8300,
  description: 'AML screening (sanctions, PEP, high-risk countries, ARES, ISIR)',
  spec: amlSpec,
  start: async (config, ctx) => (await import('./start.ts')).start(config, ctx),
})
