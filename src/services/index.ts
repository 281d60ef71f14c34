/**
 * Every service the platform runs, in start order: each after the services it calls (the router
 * calls the first four, the gateway's health asks the router, the console calls them all), so one
 * process hands each the addresses the others took. `gatehouse serve` with no name starts all of
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
  knowledgeService,
  amlService,
  domainService,
  routerService,
  gatewayService,
  consoleService,
]
