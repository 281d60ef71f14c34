/**
 * Every service the platform runs, in start order. `gatehouse serve` with no name starts all of
 * them, each on its own port (the table in the README); `gatehouse serve NAME` starts one.
 */
import type { ServiceDefinition } from '../kit/service.ts'
import { amlService } from './aml/service.ts'
import { consoleService } from './console/service.ts'
import { discoveryService } from './discovery/service.ts'
import { domainService } from './domain/service.ts'
import { gatewayService } from './gateway/service.ts'
import { knowledgeService } from './knowledge/service.ts'
import { routerService } from './router/service.ts'

export const services: ServiceDefinition[] = [
  discoveryService,
  gatewayService,
  knowledgeService,
  amlService,
  domainService,
  routerService,
  consoleService,
]
