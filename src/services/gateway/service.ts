/**
 * The gateway service as the platform lists it: its name, port and variables. Its code (start.ts)
 * is imported only when it starts, so a process that starts other services, or none, does not load it.
 */
import { defineService } from '../../kit/service.ts'
import { gatewaySpec } from './config.ts'
import type { GatewayStartConfig } from './start.ts'

export const gatewayService = defineService({
  name: 'gateway',
  defaultPort: 8000,
  description: 'agent gateway: API keys, exact limits, usage, metrics, 88 agents',
  spec: gatewaySpec,
  start: async (config, ctx) =>
    (await import('./start.ts')).startGateway(config as GatewayStartConfig, ctx.logger),
})
