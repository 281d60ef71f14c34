/**
 * Batch screening over HTTP: a client book as JSON or as a CSV upload becomes a job with progress
 * and paged results, every subject its own audit record; operator keys only, limited per key; and
 * a batch whose process died is finished by another where it stopped.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../../../test/aml/lists.ts'
import { createScreener, loadHighRiskTable, type Screener } from '../../../../engines/aml/index.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { MemoryRateLimiter } from '../../../../kit/ratelimit.ts'
import { LocalSemaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import { type AmlDeps, buildApp } from '../../app.ts'
import { AmlStore } from '../../store.ts'
import { ListsHolder } from '../lists/holder.ts'
import { importIntoStore, type LoadedLists, loadLists } from '../lists/load.ts'
import { BatchRunner } from './runner.ts'
import { BatchStore } from './store.ts'

const logger = createLogger({ level: 'silent' })
const ADMIN = 'batch-test-admin-key'
const INTERNAL = 'batch-test-internal-key'
const admin = { 'x-admin-key': ADMIN }

function form(file: { name: string; content: Buffer | string }, field = 'file') {
  const boundary = `----amlbatch${Math.random().toString(16).slice(2)}`
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content) : file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...admin },
  }
}

describe.skipIf(!haveLists)('batch screening', () => {
  let db: Database
  let store: AmlStore
  let loaded: LoadedLists
  let screener: Screener
  const apps: App[] = []
  const databases: Database[] = []

  beforeAll(async () => {
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    store = new AmlStore(db)
    await importIntoStore(store, [join(SHARED_LISTS, 'cz'), join(SHARED_LISTS, 'un')])
    loaded = await loadLists(store, {})
    screener = createScreener({
      engine: loaded.engine,
      versions: loaded.versions,
      highRisk: loadHighRiskTable(),
    })
  }, 60_000)

  afterAll(async () => {
    for (const a of apps) await a.close()
    for (const d of databases) await d.close()
    await db.close()
  })

  /** A store of its own (no lists needed: the engine is built once above), for tests that count. */
  async function freshStore(): Promise<AmlStore> {
    const own = openDatabase({ dataDir: '', file: ':memory:' })
    await own.migrate()
    databases.push(own)
    return new AmlStore(own)
  }

  async function app(extra: Partial<AmlDeps> = {}): Promise<App> {
    const lists = new ListsHolder()
    lists.ready(loaded.engine, screener, loaded.versions, 1)
    const a = await buildApp({
      logger,
      store,
      lists,
      rateLimiter: new MemoryRateLimiter(),
      rateLimitPerMinute: 1,
      slots: new LocalSemaphore(10, 1000),
      auditKeys: { adminKey: ADMIN, internalKey: INTERNAL },
      logRequests: false,
      batchMaxActive: 100,
      ...extra,
    })
    apps.push(a)
    return a
  }

  async function finished(a: App, id: string, query = ''): Promise<Record<string, any>> {
    for (let i = 0; i < 600; i++) {
      const res = await a.inject({
        method: 'GET',
        url: `/api/aml/screen/batch/${id}${query}`,
        headers: admin,
      })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      if (data.status === 'completed' || data.status === 'failed') return data
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`batch ${id} did not finish`)
  }

  it('runs a JSON batch as a job: 202 with its id, then progress, counts per level and results with the references', async () => {
    const a = await app()
    const res = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      headers: admin,
      payload: {
        subjects: [
          { first_name: 'Jan', last_name: 'Novák', reference: 'K-1' },
          { first_name: 'Itziar', last_name: 'Alberdi Uranga', birth_date: '1963-10-07', reference: 'K-2' },
          { company_name: 'Euskadi Ta Askatasuna' },
        ],
      },
    })
    expect(res.statusCode).toBe(202)
    const accepted = res.json().data
    expect(accepted).toMatchObject({ status: 'queued', source: 'json', total: 3 })
    expect(accepted.batch_id).toMatch(/^AMLB-\d{8}-\d{6}$/)
    expect(res.headers.location).toBe(`/api/aml/screen/batch/${accepted.batch_id}`)

    const data = await finished(a, accepted.batch_id)
    expect(data).toMatchObject({
      status: 'completed',
      created_by: 'admin',
      progress: { done: 3, total: 3, percent: 100 },
      summary: { levels: { LOW: 1, CRITICAL: 2 }, with_sanctions_hits: 2 },
      results: { offset: 0, limit: 100, total: 3 },
    })
    const items = data.results.items
    expect(items.map((r: { reference: string | null }) => r.reference)).toEqual(['K-1', 'K-2', null])
    expect(items[1].hits[0]).toMatchObject({ list: 'cz_210_2008', list_id: 'NV210-01' })
    expect(items[0].hits).toEqual([])
    // Every subject is its own screening in the audit trail, the reference kept with the input.
    const ids = new Set(items.map((r: { screening_id: string }) => r.screening_id))
    expect(ids.size).toBe(3)
    const record = await a.inject({
      method: 'GET',
      url: `/api/aml/screenings/${items[1].screening_id}`,
      headers: { 'x-api-key': INTERNAL },
    })
    expect(record.statusCode).toBe(200)
    expect(record.json().data).toMatchObject({
      subject_type: 'person',
      risk_level: 'CRITICAL',
      input: { first_name: 'Itziar', reference: 'K-2' },
      result: { screening_id: items[1].screening_id, overall_risk: { level: 'CRITICAL' } },
    })
    expect(
      record
        .json()
        .data.list_versions.map((v: { list: string }) => v.list)
        .sort(),
    ).toEqual(['cz_210_2008', 'un'])

    const critical = (await finished(a, accepted.batch_id, '?level=CRITICAL&limit=1&offset=1')).results
    expect(critical).toMatchObject({ total: 2, offset: 1, limit: 1 })
    expect(critical.items.map((r: { index: number }) => r.index)).toEqual([2])
    const withHits = (await finished(a, accepted.batch_id, '?hits=true')).results
    expect(withHits.items.map((r: { index: number }) => r.index)).toEqual([1, 2])
  })

  it('reads a CSV client book from Czech Excel: Windows-1250, semicolons, Czech headers and dates, extra columns ignored', async () => {
    const a = await app()
    const text =
      'Číslo klienta;Jméno;Příjmení;Datum narození;IČO;Název;Poznámka\r\n' +
      'C-001;Jiří;Dvořák;1.2.1980;;;stálý klient\r\n' +
      'C-002;Itziar;Alberdi Uranga;7.10.1963;;;\r\n' +
      'C-003;;;;;Euskadi Ta Askatasuna;\r\n'
    const cp1250 = encodeWindows1250(text)
    const res = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      ...form({ name: 'klienti.csv', content: cp1250 }),
    })
    expect(res.statusCode).toBe(202)
    expect(res.json().data).toMatchObject({
      source: 'csv',
      file_name: 'klienti.csv',
      total: 3,
      ignored_columns: ['Poznámka'],
    })
    const data = await finished(a, res.json().data.batch_id)
    expect(data.summary.levels).toEqual({ LOW: 1, CRITICAL: 2 })
    const items = data.results.items
    expect(items.map((r: { reference: string; line: number }) => [r.reference, r.line])).toEqual([
      ['C-001', 2],
      ['C-002', 3],
      ['C-003', 4],
    ])
    const record = await a.inject({
      method: 'GET',
      url: `/api/aml/screenings/${items[0].screening_id}`,
      headers: admin,
    })
    expect(record.json().data.input).toEqual({
      first_name: 'Jiří',
      last_name: 'Dvořák',
      birth_date: '1980-02-01',
      reference: 'C-001',
    })
  })

  it('refuses a bad subject before storing anything, naming it: subjects.N.field in JSON, line and column in CSV', async () => {
    const a = await app()
    const stored = async () =>
      (
        await db
          .as<{ aml_batches: { batch_id: string } }>()
          .selectFrom('aml_batches')
          .select('batch_id')
          .execute()
      ).length
    const before = await stored()
    const json = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      headers: admin,
      payload: { subjects: [{ first_name: 'Jan', last_name: 'Novák' }, { ico: '12345678' }] },
    })
    expect(json.statusCode).toBe(400)
    expect(json.json().error.details).toMatchObject({ field: 'subjects.1.ico' })
    const unknown = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      headers: admin,
      payload: { subjects: [{ last_name: 'Novák', email: 'x@y.cz' }] },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.details.field).toBe('subjects.0.email')

    const csv = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      ...form({ name: 'b.csv', content: 'ref,ico,company_name\nA,27082440,\nB,12345678,\n' }),
    })
    expect(csv.statusCode).toBe(400)
    expect(csv.json().error.details).toMatchObject({ field: 'file', line: 3, column: 'ico' })
    expect(csv.json().error.message).toMatch(/line 3, column "ico".*checksum/)

    const date = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      ...form({ name: 'b.csv', content: 'first_name,last_name,birth_date\nJan,Novák,31.2.\n' }),
    })
    expect(date.statusCode).toBe(400)
    expect(date.json().error.details).toMatchObject({
      field: 'file',
      line: 2,
      column: 'birth_date',
      rule: 'format date',
    })

    for (const [content, rule] of [
      ['', 'csv'],
      ['poznamka\nx\n', 'header'],
      ['first_name,last_name\n', 'minRecords 1'],
      ['first_name,last_name\n"Jan,Novák\n', 'csv'],
      ['first_name,last_name\nJan,Novák,navíc\n', 'csv'],
    ] as const) {
      const res = await a.inject({
        method: 'POST',
        url: '/api/aml/screen/batch',
        ...form({ name: 'b.csv', content }),
      })
      expect(res.statusCode, content).toBe(400)
      expect(res.json().error.details, content).toMatchObject({ field: 'file', rule })
    }
    const wrongPart = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      ...form({ name: 'b.csv', content: 'last_name\nNovák\n' }, 'upload'),
    })
    expect(wrongPart.statusCode).toBe(400)
    expect(wrongPart.json().error.details.field).toBe('upload')
    expect(await stored()).toBe(before)
  })

  it('takes up to 100,000 subjects and refuses more, naming the limit', async () => {
    const a = await app({ batchRunner: { kick() {} }, store: await freshStore() })
    const rows = Array.from({ length: 100_001 }, (_, i) => `K${i},Jan,Novák`).join('\n')
    const over = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      ...form({ name: 'big.csv', content: `reference,first_name,last_name\n${rows}\n` }),
    })
    expect(over.statusCode).toBe(413)
    expect(over.json().error.details).toMatchObject({ field: 'subjects', rule: 'maxItems 100000' })
    const max = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      ...form({
        name: 'big.csv',
        content: `reference,first_name,last_name\n${Array.from({ length: 100_000 }, (_, i) => `K${i},Jan,Novák`).join('\n')}\n`,
      }),
    })
    expect(max.statusCode).toBe(202)
    expect(max.json().data.total).toBe(100_000)
  }, 60_000)

  it('takes the operator keys only, limits batches per key, and is not held to the per-IP minute', async () => {
    // A store of its own: the runners of the apps above share the common one and would finish
    // these batches, so fewer than two would be active when the third arrives.
    const a = await app({ batchRunner: { kick() {} }, batchMaxActive: 2, store: await freshStore() })
    const body = { subjects: [{ first_name: 'Jan', last_name: 'Novák' }] }
    const url = '/api/aml/screen/batch'
    expect((await a.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401)
    expect(
      (await a.inject({ method: 'POST', url, payload: body, headers: { 'x-admin-key': 'guess' } }))
        .statusCode,
    ).toBe(403)
    // The per-IP limit of this app is 1 screening request a minute: batches do not count against it.
    const first = await a.inject({ method: 'POST', url, payload: body, headers: { 'x-api-key': INTERNAL } })
    const second = await a.inject({ method: 'POST', url, payload: body, headers: { 'x-api-key': INTERNAL } })
    expect([first.statusCode, second.statusCode]).toEqual([202, 202])
    const third = await a.inject({ method: 'POST', url, payload: body, headers: { 'x-api-key': INTERNAL } })
    expect(third.statusCode).toBe(429)
    expect(third.headers['retry-after']).toBe('30')
    expect(third.json().error.details).toMatchObject({ limit: 2, active: 2 })
    // The other key has its own allowance.
    expect((await a.inject({ method: 'POST', url, payload: body, headers: admin })).statusCode).toBe(202)
    const status = await a.inject({ method: 'GET', url: `${url}/${first.json().data.batch_id}` })
    expect(status.statusCode).toBe(401)
    const missing = await a.inject({ method: 'GET', url: `${url}/AMLB-20260101-999999`, headers: admin })
    expect(missing.statusCode).toBe(404)
  })

  it('finishes a batch whose process died, from the first row it had not written, screening each row once', async () => {
    const own = await freshStore()
    const batches = new BatchStore(own.database)
    const a = await app({ batchRunner: { kick() {} }, store: own, batches })
    const subjects = Array.from({ length: 7 }, (_, i) => ({
      first_name: 'Jan',
      last_name: `Novák${i}`,
      reference: `R${i}`,
    }))
    const res = await a.inject({
      method: 'POST',
      url: '/api/aml/screen/batch',
      headers: admin,
      payload: { subjects },
    })
    const id = res.json().data.batch_id
    const count = async () =>
      Number(
        (
          await own.database
            .as<{ aml_screenings: { screening_id: string } }>()
            .selectFrom('aml_screenings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()

    // A process that dies in its second chunk: it never gives the batch back, and its lease runs out.
    let screened = 0
    const dying: Screener = {
      async screen(s) {
        if (++screened > 3) throw new Error('killed')
        return screener.screen(s)
      },
    }
    const crashing = Object.create(batches) as BatchStore
    crashing.release = async () => undefined
    const dead = new BatchRunner({
      batches: crashing,
      store: own,
      owner: 'dead-instance',
      chunkSize: 3,
      leaseMs: 50,
      logger,
      screening: () => ({ screener: dying, versions: loaded.versions }),
    })
    const batch = (await batches.claim(dead.owner, new Date(), 50, id))!
    await expect(dead.process(batch)).rejects.toThrow('killed')
    expect((await batches.get(id))!.done).toBe(3)

    // While its lease holds, nobody else takes the batch; once it ran out, another process does.
    const other = new BatchRunner({
      batches,
      store: own,
      owner: 'other-instance',
      chunkSize: 3,
      logger,
      screening: () => ({ screener, versions: loaded.versions }),
    })
    await new Promise((r) => setTimeout(r, 80))
    other.kick()
    const data = await finished(a, id)
    await other.close()
    expect(data.progress).toEqual({ done: 7, total: 7, percent: 100 })
    expect(data.results.items.map((r: { reference: string }) => r.reference)).toEqual(
      subjects.map((s) => s.reference),
    )
    expect(await count()).toBe(before + 7)
  })
})

describe('a batch runner started after its close', () => {
  it('arms no poll and never looks for batches', async () => {
    const claim = vi.fn(async () => undefined)
    const runner = new BatchRunner({
      batches: { claim } as unknown as BatchStore,
      store: {} as AmlStore,
      logger,
      screening: () => ({ screener: {} as Screener, versions: [] }),
      pollMs: 10,
    })
    // A caller may start it late, from a callback of the lists (start.ts: once they are ready).
    await runner.close()
    vi.useFakeTimers()
    try {
      runner.start()
      expect(vi.getTimerCount()).toBe(0)
      await vi.advanceTimersByTimeAsync(100)
    } finally {
      vi.useRealTimers()
    }
    await runner.close()
    expect(claim).not.toHaveBeenCalled()
  })
})

/** Windows-1250 bytes of Czech text (what Czech Excel saves as "CSV"). */
function encodeWindows1250(text: string): Buffer {
  const decoder = new TextDecoder('windows-1250')
  const table = new Map<string, number>()
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b)
  return Buffer.from([...text].map((c) => table.get(c) ?? 0x3f))
}
