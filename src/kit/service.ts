/**
 * What a service is to the platform: a name, a default port, the variables it reads, and how to
 * start it. `start` builds its dependencies (storage, indexes, clients) and its app via
 * `buildApp(deps)`; the lifecycle in lifecycle.ts listens, prints where, and shuts it down.
 */

import { type CommonConfig, commonSpec, env, type Parsed, type Spec } from './config.ts'
import type { Logger } from './logger.ts'
import { type App, withPlatformSettings } from './server.ts'

export interface RunningService {
  app: App
  /** Releases what `start` opened (flushes buffers, closes pools); runs after the app has drained. */
  close?: () => Promise<void>
  /** Printed after the listen line (e.g. "demo key: …", "lists loading in the background"). */
  notes?: string[]
}

export interface ServiceContext {
  logger: Logger
}

export interface ServiceDefinition {
  name: string
  defaultPort: number
  /** Where the service says it is healthy (200), without a key: `/health`, or its own contract's path. */
  healthPath: string
  description: string
  /** The full variable spec: common variables, `<NAME>_PORT` and the service's own. */
  spec: Spec
  start(config: Record<string, unknown>, ctx: ServiceContext): Promise<RunningService>
}

export function portVariable(name: string): string {
  return `${name.toUpperCase().replace(/-/g, '_')}_PORT`
}

/** The variable other services find this one at (`AML_URL` …). */
export function urlVariable(name: string): string {
  return `${name.toUpperCase().replace(/-/g, '_')}_URL`
}

/** What a service's `start` is given: its parsed variables, the common ones and its port. */
export type StartConfig<S extends Spec> = Parsed<S> & CommonConfig & { port: number }

export function defineService<S extends Spec>(def: {
  name: string
  defaultPort: number
  /** Default `/health`. */
  healthPath?: string
  description: string
  spec: S
  start(config: StartConfig<S>, ctx: ServiceContext): Promise<RunningService>
}): ServiceDefinition {
  const portVar = portVariable(def.name)
  const spec: Spec = { ...commonSpec, [portVar]: env.port({ default: def.defaultPort }), ...def.spec }
  return {
    name: def.name,
    defaultPort: def.defaultPort,
    healthPath: def.healthPath ?? '/health',
    description: def.description,
    spec,
    start(config, ctx) {
      const typed = { ...config, port: config[portVar] as number } as StartConfig<S>
      return withPlatformSettings({ trustedProxies: typed.TRUSTED_PROXIES }, () => def.start(typed, ctx))
    },
  }
}
