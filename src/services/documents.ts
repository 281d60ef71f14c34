/**
 * Every service's OpenAPI document, without a running platform: each service is started in this
 * process on a throwaway SQLite folder with no demo data and no outside services (its documented
 * defaults otherwise), its /openapi.json taken, and it is shut down again. What `gatehouse openapi`
 * writes and the typed client (src/client) is generated from; the same documents the services
 * serve, since the routes and schemas are the same code.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnv } from '../kit/config.ts'
import { createLogger } from '../kit/logger.ts'
import type { ServiceDefinition } from '../kit/service.ts'
import { services } from './index.ts'

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> }

/** The variables that keep a start fast and side-effect free: no demo imports, no web build. */
export const QUIET_START = {
  LISTINGS_FILE: 'none',
  AML_LISTS_DIR: 'none',
  CONSOLE_BUILD: 'never',
  LOG_LEVEL: 'silent',
}

export async function openApiDocuments(
  selected: readonly ServiceDefinition[] = services,
  onService: (name: string) => void = () => undefined,
): Promise<Map<string, OpenApiDocument>> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-openapi-'))
  const documents = new Map<string, OpenApiDocument>()
  try {
    for (const service of selected) {
      onService(service.name)
      const config = parseEnv(service.spec, { ...QUIET_START, DATA_DIR: join(dir, service.name) })
      const running = await service.start(config, { logger: createLogger({ level: 'silent' }) })
      try {
        const res = await running.app.inject({ url: '/openapi.json' })
        if (res.statusCode !== 200)
          throw new Error(`${service.name}: /openapi.json answered ${res.statusCode}`)
        documents.set(service.name, res.json())
      } finally {
        await running.app.close()
        await running.close?.()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return documents
}
