/**
 * The aml service as `gatehouse serve aml` starts it: configuration, migrations, an empty store
 * filled from AML_LISTS_DIR in the background, 503 until the lists are in memory, then screening
 * with ARES and ISIR on the local replay server. Lists: the CZ and UN files of the shared folder
 * (small, so the test is quick).
 */
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/kit/db.ts'
import { parseAll } from '../../src/kit/lifecycle.ts'
import { createLogger } from '../../src/kit/logger.ts'
import type { RunningService } from '../../src/kit/service.ts'
import { importIntoStore } from '../../src/services/aml/modules/lists/load.ts'
import { amlService } from '../../src/services/aml/service.ts'
import { AmlStore } from '../../src/services/aml/store.ts'
import { haveLists, SHARED_LISTS } from './lists.ts'
import { type ReplayServer, startReplayServer } from './replay-server.ts'

describe.skipIf(!haveLists)('aml service start-up', () => {
  let replay: ReplayServer
  let running: RunningService
  const dir = mkdtempSync(join(tmpdir(), 'aml-service-'))
  const lists = join(dir, 'lists')

  beforeAll(async () => {
    replay = await startReplayServer()
    cpSync(join(SHARED_LISTS, 'cz'), join(lists, 'cz'), { recursive: true })
    cpSync(join(SHARED_LISTS, 'un'), join(lists, 'un'), { recursive: true })
    const env = {
      DATA_DIR: join(dir, 'data'),
      AML_LISTS_DIR: lists,
      ARES_BASE_URL: replay.aresUrl,
      ISIR_URL: replay.isirUrl,
      AML_RATE_LIMIT_PER_MINUTE: '100',
    }
    const config = parseAll([amlService], env).get('aml')!
    running = await amlService.start(config, { logger: createLogger({ level: 'silent' }) })
  })

  afterAll(async () => {
    await running?.app.close()
    await running?.close?.()
    await replay?.close()
  })

  /** Polls /health until ready; returns how many 503 answers came first. */
  async function ready(): Promise<number> {
    for (let i = 0; i < 300; i++) {
      const res = await running.app.inject({ method: 'GET', url: '/health' })
      if (res.statusCode === 200) return i
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBeDefined()
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('lists did not load within 30 s')
  }

  it('answers 503 while it fills the empty store from AML_LISTS_DIR, then screens with the registers', async () => {
    const early = await running.app.inject({
      method: 'POST',
      url: '/api/aml/screen/complete',
      payload: { ico: '27082440' },
    })
    expect(early.statusCode).toBe(503)
    expect(early.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
    expect(await ready()).toBeGreaterThan(0)
    const lists = (await running.app.inject({ method: 'GET', url: '/api/aml/lists' })).json().data
    expect(lists.versions.map((v: { list: string }) => v.list).sort()).toEqual(['cz_210_2008', 'un'])
    expect(Object.keys(lists.versions[0]).sort()).toEqual(
      [
        'entities',
        'format',
        'id',
        'in_use',
        'list',
        'list_date',
        'names',
        'names_only',
        'sha256',
        'source',
        'status',
        'title',
      ].sort(),
    )
    const res = await running.app.inject({
      method: 'POST',
      url: '/api/aml/screen/complete',
      payload: { ico: '27082440' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.modules.registry).toMatchObject({
      status: 'COMPLETED',
      data: { company: { name: 'Alza.cz a.s.' } },
    })
    expect(body.modules.high_risk_country.data.checked[0]).toMatchObject({
      code: 'CZ',
      role: 'registered_seat',
      high_risk: false,
    })
    expect(body.overall_risk.level).toBe('LOW')
    expect(body.completeness).toBe(1)
  })

  it('answers a second lookup of the same company from the cache', async () => {
    const before = replay.calls.ares
    const body = (
      await running.app.inject({
        method: 'POST',
        url: '/api/aml/screen/complete',
        payload: { ico: '27082440' },
      })
    ).json()
    expect(body.modules.registry.source).toBe('CACHE')
    expect(replay.calls.ares).toBe(before)
  })

  it('finds a person of the Czech national list', async () => {
    const body = (
      await running.app.inject({
        method: 'POST',
        url: '/api/aml/screen/complete',
        payload: {
          first_name: 'Itziar',
          last_name: 'Alberdi Uranga',
          birth_date: '1963-10-07',
          nationality: 'ES',
        },
      })
    ).json()
    expect(body.modules.sanctions.data.matches[0]).toMatchObject({
      list: 'cz_210_2008',
      list_id: 'NV210-01',
      score: 1,
    })
    expect(body.overall_risk.level).toBe('CRITICAL')
  })
})

describe.skipIf(!haveLists)('aml service with a PEP source and the network modules off', () => {
  let running: RunningService
  const dir = mkdtempSync(join(tmpdir(), 'aml-pep-'))

  beforeAll(async () => {
    cpSync(join(SHARED_LISTS, 'cz'), join(dir, 'lists', 'cz'), { recursive: true })
    // Any list file can serve as a PEP source; the Czech list stands in for one here.
    cpSync(join(SHARED_LISTS, 'cz'), join(dir, 'pep'), { recursive: true })
    const env = {
      DATA_DIR: join(dir, 'data'),
      AML_LISTS_DIR: join(dir, 'lists'),
      AML_PEP_LISTS: join(dir, 'pep'),
      AML_NETWORK_MODULES: 'false',
    }
    running = await amlService.start(parseAll([amlService], env).get('aml')!, {
      logger: createLogger({ level: 'silent' }),
    })
    for (let i = 0; i < 300; i++) {
      if ((await running.app.inject({ method: 'GET', url: '/health' })).statusCode === 200) return
      await new Promise((r) => setTimeout(r, 100))
    }
  })

  afterAll(async () => {
    await running?.app.close()
    await running?.close?.()
  })

  it('screens persons against the PEP source and counts the module as complete', async () => {
    const body = (
      await running.app.inject({
        method: 'POST',
        url: '/api/aml/screen/complete',
        payload: { first_name: 'Miguel', last_name: 'Albisu Iriarte', nationality: 'ES' },
      })
    ).json()
    expect(body.modules.pep).toMatchObject({ status: 'COMPLETED', source: 'PRIMARY' })
    expect(body.modules.pep.data.matches[0]).toMatchObject({ list: 'pep', list_id: 'NV210-02' })
    expect(body.completeness).toBe(1)
  })

  it('marks ARES and ISIR as not configured for a company', async () => {
    const body = (
      await running.app.inject({
        method: 'POST',
        url: '/api/aml/screen/complete',
        payload: { ico: '27082440' },
      })
    ).json()
    expect(body.modules.registry).toMatchObject({ status: 'NOT_CONFIGURED', source: 'NONE' })
    expect(body.modules.insolvency).toMatchObject({ status: 'NOT_CONFIGURED', source: 'NONE' })
    expect(body.completeness).toBe(0.25)
  })
})

describe.skipIf(!haveLists)('aml service picking up versions another process stores', () => {
  let running: RunningService
  const dir = mkdtempSync(join(tmpdir(), 'aml-service-reload-'))
  const env = {
    DATA_DIR: dir,
    AML_LISTS_DIR: 'none',
    AML_NETWORK_MODULES: 'false',
    AML_LISTS_RELOAD_SECONDS: '1',
    AML_RATE_LIMIT_PER_MINUTE: '100',
  }

  beforeAll(async () => {
    const config = parseAll([amlService], env).get('aml')!
    running = await amlService.start(config, { logger: createLogger({ level: 'silent' }) })
  })

  afterAll(async () => {
    await running?.app.close()
    await running?.close?.()
  })

  /** Waits (at most 30 s) until `check` holds. */
  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 300; i++) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('not within 30 s')
  }

  it('starts with an empty store, becomes ready once lists are imported, and screens a later list without a restart', async () => {
    await until(async () => (await running.app.inject('/health')).json().error?.message?.includes('no lists'))
    // `gatehouse aml import` in another process: another connection to the same store.
    const db = openDatabase({ dataDir: dir })
    await db.migrate()
    const store = new AmlStore(db)
    try {
      await importIntoStore(store, [join(SHARED_LISTS, 'cz')])
      await until(async () => (await running.app.inject('/health')).statusCode === 200)
      const screen = async () =>
        (
          await running.app.inject({
            method: 'POST',
            url: '/api/aml/screen/complete',
            payload: { name: 'Usama bin Ladin' },
          })
        ).json()
      expect((await screen()).modules.sanctions.data.lists.map((l: { list: string }) => l.list)).toEqual([
        'cz_210_2008',
      ])
      await importIntoStore(store, [join(SHARED_LISTS, 'un')])
      await until(async () =>
        (await running.app.inject('/api/aml/lists'))
          .json()
          .data.versions.every((v: { in_use: boolean }) => v.in_use),
      )
      const after = await screen()
      expect(after.modules.sanctions.data.lists.map((l: { list: string }) => l.list)).toEqual([
        'cz_210_2008',
        'un',
      ])
      expect(after.modules.sanctions.data.matches.some((m: { list: string }) => m.list === 'un')).toBe(true)
    } finally {
      await db.close()
    }
  }, 60_000)
})
