import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../../../test/aml/lists.ts'
import { type ReplayServer, startReplayServer } from '../../../../../test/aml/replay-server.ts'
import {
  createScreener,
  importPaths,
  type ListVersionInfo,
  loadHighRiskTable,
  versionInfo,
} from '../../../../engines/aml/index.ts'
import { AresClient } from '../../../../engines/registries/ares.ts'
import { IsirClient } from '../../../../engines/registries/isir.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { MemoryRateLimiter } from '../../../../kit/ratelimit.ts'
import { LocalSemaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { AmlStore } from '../../store.ts'
import { ListsHolder } from '../lists/holder.ts'
import { buildEngine } from '../lists/load.ts'

const logger = createLogger({ level: 'silent' })
const NOW = new Date('2026-11-22T10:00:00Z')

const ADMIN = 'aml-test-admin-key'
const INTERNAL = 'aml-test-internal-key'

describe.skipIf(!haveLists)('aml service', () => {
  let replay: ReplayServer
  let db: Database
  let store: AmlStore
  let built: Awaited<ReturnType<typeof buildEngine>>
  let versions: ListVersionInfo[]
  // Every app a test builds runs a batch runner and a monitor over `db` until it is closed.
  const apps: App[] = []
  const limiters: MemoryRateLimiter[] = []

  beforeAll(async () => {
    replay = await startReplayServer()
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    store = new AmlStore(db)
    const imported = importPaths([SHARED_LISTS]).versions
    versions = imported.map((v, i) => versionInfo(v, i + 1))
    built = await buildEngine(imported, versions)
  }, 120_000)

  afterAll(async () => {
    for (const a of apps) await a.close()
    for (const l of limiters) await l.close()
    await replay.close()
    await db.close()
  })

  beforeEach(() => {
    replay.delay.ares = replay.delay.isir = 0
    replay.failWith.ares = replay.failWith.isir = 0
  })

  async function app(
    opts: {
      limit?: number
      slots?: LocalSemaphore
      budgets?: { registry?: number; insolvency?: number }
      loading?: boolean
    } = {},
  ): Promise<App> {
    const lists = new ListsHolder()
    if (!opts.loading) {
      const screener = createScreener({
        engine: built.engine,
        versions: built.versions,
        highRisk: loadHighRiskTable(),
        ares: new AresClient({ baseUrl: replay.aresUrl, retries: 0 }),
        isir: new IsirClient({ url: replay.isirUrl, retries: 0 }),
        // Budgets the local replay meets however busy the machine (it answers in milliseconds;
        // 2 s budgets were a second's pause of the worker away from a TIMEOUT); the tests of
        // budgets set their own.
        budgets: opts.budgets ?? { registry: 20_000, insolvency: 20_000 },
        now: () => NOW,
      })
      lists.ready(built.engine, screener, built.versions, 1)
    }
    const rateLimiter = new MemoryRateLimiter()
    limiters.push(rateLimiter)
    const a = await buildApp({
      logger,
      store,
      lists,
      rateLimiter,
      rateLimitPerMinute: opts.limit ?? 1000,
      slots: opts.slots ?? new LocalSemaphore(10, 100),
      now: () => NOW,
      logRequests: false,
      auditKeys: { adminKey: ADMIN, internalKey: INTERNAL },
    })
    apps.push(a)
    return a
  }

  const screen = (a: App, body: unknown) =>
    a.inject({ method: 'POST', url: '/api/aml/screen/complete', payload: body as object })

  it('answers 503 with Retry-After in the standard envelope while the lists load', async () => {
    const a = await app({ loading: true })
    const res = await screen(a, { first_name: 'Jan', last_name: 'Novák' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
    expect((await a.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503)
  })

  it('screens a clean person: bare response of the spec, honest completeness', async () => {
    const a = await app()
    const res = await screen(a, { first_name: 'Jan', last_name: 'Novák', birth_date: '1980-05-01' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.screening_id).toMatch(/^AML-20261122-\d{6}$/)
    expect(body.timestamp).toBe(NOW.toISOString())
    expect(body.overall_risk).toEqual({
      score: 0,
      level: 'LOW',
      level_reason: 'LOW (score 0): nothing found by sanctions.',
      weighted_total: 0,
      review_required: false,
      review_reasons: [],
      missing: [],
    })
    expect(body.modules.sanctions).toMatchObject({
      status: 'COMPLETED',
      source: 'PRIMARY',
      data: { matches: [] },
    })
    expect(body.modules.pep).toMatchObject({ status: 'NOT_CONFIGURED', source: 'NONE' })
    expect(body.modules.high_risk_country.status).toBe('SKIPPED')
    expect(body.completeness).toBeCloseTo(1 / 3, 3)
    expect(body.modules.registry).toBeUndefined()
  })

  it('flags a listed person with a high-risk nationality as CRITICAL, explaining the hit', async () => {
    const a = await app()
    const body = (await screen(a, { first_name: 'Vladimir', last_name: 'Putin', nationality: 'RU' })).json()
    expect(body.overall_risk.level).toBe('CRITICAL')
    const hit = body.modules.sanctions.data.matches[0]
    expect(hit).toMatchObject({
      list: expect.any(String),
      list_id: expect.any(String),
      matched_name: expect.stringMatching(/putin/i),
    })
    expect(hit.explanation.threshold).toBe(built.engine.threshold)
    expect(body.modules.high_risk_country.data.high_risk).toEqual(['RU'])
    expect(body.completeness).toBeCloseTo(2 / 3, 3)
  })

  it('shows the listed entity of a hit with its addresses, as the list gives them, in the case', async () => {
    const a = await app()
    // Frank Kakolele Bwambale (UN CDi.002): "Kinshasa, Democratic Republic of the Congo".
    const body = (await screen(a, { first_name: 'Frank', last_name: 'Kakolele Bwambale' })).json()
    expect(body.case_id).toMatch(/^AMLC-/)
    const c = (
      await a.inject({
        method: 'GET',
        url: `/api/aml/cases/${body.case_id}`,
        headers: { 'x-admin-key': ADMIN },
      })
    ).json().data
    const hit = c.hits.find((h: { listings: { list_id: string }[] }) =>
      h.listings.some((l) => l.list_id === 'CDi.002'),
    )
    expect(hit.entity.aliases).toContain('AIGLE BLANC')
    expect(hit.entity.addresses).toEqual(['Kinshasa, Democratic Republic of the Congo'])
    expect(hit.listings.find((l: { list: string }) => l.list === 'un').source_url).toMatch(/^https:\/\//)
  })

  it('screens a company by IČO: ARES name, identifier hit from OFAC remarks, ISIR clear', async () => {
    const a = await app()
    const body = (await screen(a, { ico: '05556121' })).json()
    expect(body.modules.registry).toMatchObject({
      status: 'COMPLETED',
      source: 'PRIMARY',
      data: { found: true },
    })
    expect(body.modules.insolvency).toMatchObject({ status: 'COMPLETED', data: { active: false } })
    expect(body.modules.sanctions.data.matches[0]).toMatchObject({
      list: 'ofac_sdn',
      list_id: '40863',
      score: 1,
    })
    expect(body.modules.sanctions.data.name_from_registry).toBe('UMATEX GROUP EUROPE s.r.o.')
    expect(body.overall_risk.level).toBe('CRITICAL')
    expect(body.completeness).toBe(1)
  })

  it('raises a company in running insolvency to HIGH', async () => {
    const a = await app()
    const body = (await screen(a, { ico: '26863154' })).json()
    expect(body.modules.insolvency.data.active).toBe(true)
    expect(body.overall_risk.level).toBe('HIGH')
  })

  it('marks a registry that misses its time budget as TIMEOUT and still answers the rest', async () => {
    // ARES answers after 20 s; the registry's budget is 200 ms. Ended by the budget, with seconds
    // of slack for a loaded machine (a 1 s cap against a 1.5 s answer left 0.8 s), long before
    // the answer; insolvency's budget is one the local replay always meets.
    replay.delay.ares = 20_000
    const a = await app({ budgets: { registry: 200, insolvency: 20_000 } })
    const body = (await screen(a, { ico: '27082440', company_name: 'Alza.cz a.s.' })).json()
    expect(body.modules.registry).toMatchObject({ status: 'TIMEOUT', source: 'NONE' })
    expect(body.modules.registry.execution_time_ms).toBeLessThan(10_000)
    expect(body.modules.sanctions.status).toBe('COMPLETED')
    expect(body.modules.insolvency.status).toBe('COMPLETED')
    // Without ARES there is no registered seat either: the country module has nothing to check.
    expect(body.modules.high_risk_country.status).toBe('SKIPPED')
    expect(body.completeness).toBe(0.5)
  })

  it('finds Nicolás Maduro without his second surname, and a matching birth date raises the hit', async () => {
    const a = await app()
    const plain = (await screen(a, { first_name: 'Nicolas', last_name: 'Maduro' })).json()
    const hit = plain.modules.sanctions.data.matches.find((h: { list_id: string }) => h.list_id === '22790')
    expect(hit).toMatchObject({ list: 'ofac_sdn', matched_name: expect.stringMatching(/MADURO MOROS/) })
    expect(hit.explanation.features.omitted).toEqual([{ token: 'moros', role: 'family', share: 0.1 }])
    expect(hit.explanation.features.partial).toEqual({ omitted: ['moros'], confirmed_by_birth_date: false })
    // A partial name alone is a reason to review: MEDIUM, saying what was left out.
    expect(plain.overall_risk.level).toBe('MEDIUM')
    expect(plain.modules.sanctions.data.review).toMatch(/leaves out moros/)
    const dated = (
      await screen(a, { first_name: 'Nicolás', last_name: 'Maduro', birth_date: '1962-11-23' })
    ).json()
    const confirmed = dated.modules.sanctions.data.matches.find(
      (h: { list_id: string }) => h.list_id === '22790',
    )
    expect(confirmed.score).toBeGreaterThan(hit.score)
    expect(confirmed.explanation.features.birth_date).toMatchObject({ result: 'exact' })
    expect(confirmed.explanation.features.partial.confirmed_by_birth_date).toBe(true)
    expect(dated.overall_risk.level).toBe('CRITICAL')
    const other = (
      await screen(a, { first_name: 'Nicolas', last_name: 'Maduro', birth_date: '1990-02-01' })
    ).json()
    const lowered = other.modules.sanctions.data.matches.find(
      (h: { list_id: string }) => h.list_id === '22790',
    )
    expect(lowered).toBeUndefined()
  })

  it('screens a mononym given as last_name alone, and a whole name in one string in any order', async () => {
    const a = await app()
    const mononym = await screen(a, { last_name: 'Ramimakhlouf' })
    expect(mononym.statusCode).toBe(200)
    const hit = mononym.json().modules.sanctions.data.matches[0]
    expect(hit.matched_name).toMatch(/makhlouf/i)
    expect(hit.explanation.features.reading).toBe('rami makhlouf')
    const whole = (await screen(a, { name: 'MADURO MOROS Nicolas' })).json()
    expect(whole.modules.sanctions.data.matches[0]).toMatchObject({ list: 'ofac_sdn', list_id: '22790' })
  })

  it('records a person given by one name string or a mononym as a person in the audit trail', async () => {
    const a = await app()
    for (const subject of [{ name: 'MADURO MOROS Nicolas' }, { last_name: 'Ramimakhlouf' }]) {
      const id = (await screen(a, subject)).json().screening_id
      const record = await a.inject({
        method: 'GET',
        url: `/api/aml/screenings/${id}`,
        headers: { 'x-api-key': INTERNAL },
      })
      expect(record.json().data).toMatchObject({ subject_type: 'person', input: subject })
    }
  })

  it('asks for a person on a partial-name match without a birth date (Maduro: MEDIUM 40), in the answer and the record', async () => {
    const a = await app()
    const body = (await screen(a, { first_name: 'Nicolas', last_name: 'Maduro' })).json()
    expect(body.overall_risk).toMatchObject({
      level: 'MEDIUM',
      score: 40,
      review_required: true,
      missing: [],
    })
    expect(body.overall_risk.review_reasons).toEqual([
      { module: 'sanctions', reason: expect.stringMatching(/MADURO MOROS.*leaves out moros/) },
    ])
    const record = await a.inject({
      method: 'GET',
      url: `/api/aml/screenings/${body.screening_id}`,
      headers: { 'x-api-key': INTERNAL },
    })
    expect(record.json().data.result.overall_risk).toEqual(body.overall_risk)
  })

  it('never answers LOW when registers failed: a company by IČO offline is INCOMPLETE and says what is missing', async () => {
    replay.failWith.ares = 503
    replay.failWith.isir = 503
    const a = await app()
    const body = (await screen(a, { ico: '27074358' })).json()
    expect(body.modules.registry.status).toBe('FAILED')
    expect(body.modules.insolvency.status).toBe('FAILED')
    expect(body.modules.sanctions.data).toMatchObject({
      name_checked: false,
      reason: expect.stringMatching(/no company name/),
    })
    expect(body.overall_risk.level).toBe('INCOMPLETE')
    expect(body.overall_risk.review_required).toBe(true)
    expect(body.overall_risk.missing.map((m: { module: string }) => m.module).sort()).toEqual([
      'insolvency',
      'registry',
      'sanctions',
    ])
  })

  it('marks a failing register as FAILED', async () => {
    replay.failWith.isir = 503
    const a = await app()
    const body = (await screen(a, { ico: '27082440' })).json()
    expect(body.modules.insolvency).toMatchObject({ status: 'FAILED', source: 'NONE' })
    expect(body.modules.insolvency.data.error).toMatch(/503/)
  })

  it.each([
    [{ first_name: 'Jan' }, 'last_name', 'required'],
    [{ first_name: 'Jan', name: 'Jan Novák' }, 'first_name', 'not allowed with name'],
    [{ name: '12 34' }, 'name', 'letters'],
    [{ ico: '12345678' }, 'ico', 'checksum: checksum digit should be 9, not 8'],
    [{ ico: '05556121', first_name: 'Jan', last_name: 'Novák' }, 'ico', 'not allowed with person fields'],
    [{}, 'last_name', 'required'],
    [{ first_name: 'Jan', last_name: 'Novák', birth_date: '1.5.1980' }, 'birth_date', 'format date'],
    [{ first_name: 'Jan', last_name: 'Novák', email: 'x@y.cz' }, 'email', 'not allowed (unknown property)'],
  ])('answers 400 naming the field for %j', async (payload, field, rule) => {
    const a = await app()
    const res = await screen(a, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'INVALID_REQUEST', details: { field, rule } },
    })
  })

  it('returns 429 with Retry-After when the minute is spent', async () => {
    const a = await app({ limit: 2 })
    for (let i = 0; i < 2; i++)
      expect((await screen(a, { first_name: 'Jan', last_name: 'Novák' })).statusCode).toBe(200)
    const res = await screen(a, { first_name: 'Jan', last_name: 'Novák' })
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'RATE_LIMITED', details: { limit: 2, window: '1 minute' } },
    })
  })

  it('makes a screening over the concurrency limit wait briefly, then answers 503', async () => {
    replay.delay.ares = 800
    const a = await app({ slots: new LocalSemaphore(1, 100), budgets: { registry: 2000, insolvency: 2000 } })
    const [first, second] = await Promise.all([
      screen(a, { ico: '27082440' }),
      screen(a, { first_name: 'Jan', last_name: 'Novák' }),
    ])
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(503)
    expect(second.headers['retry-after']).toBe('1')
  })

  it('stores every screening: input, list versions and result, under increasing ids', async () => {
    const a = await app()
    const one = (await screen(a, { first_name: 'Oleg', last_name: 'Děripaska' })).json()
    const two = (await screen(a, { company_name: 'Voice of Europe s.r.o.' })).json()
    const n = (id: string) => Number(id.split('-')[2])
    expect(n(two.screening_id)).toBe(n(one.screening_id) + 1)
    const res = await a.inject({
      method: 'GET',
      url: `/api/aml/screenings/${one.screening_id}`,
      headers: { 'x-admin-key': ADMIN },
    })
    expect(res.statusCode).toBe(200)
    const record = res.json().data
    expect(record.input).toEqual({ first_name: 'Oleg', last_name: 'Děripaska' })
    expect(record.result).toEqual(one)
    expect(record.list_versions.map((v: { list: string }) => v.list)).toContain('eu_fsf')
    expect(
      (
        await a.inject({
          method: 'GET',
          url: '/api/aml/screenings/AML-20261122-999999',
          headers: { 'x-api-key': INTERNAL },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('lists the audit trail newest first, searchable by name, IČO, level and day, for operators only', async () => {
    const a = await app()
    const maduro = (await screen(a, { name: 'Nicolas MADURO MOROS' })).json()
    const company = (await screen(a, { ico: '27082440' })).json()
    const list = async (query: string, headers: Record<string, string> = { 'x-admin-key': ADMIN }) =>
      a.inject({ method: 'GET', url: `/api/aml/screenings?${query}`, headers })
    const byName = (await list('q=maduro')).json().data
    expect(byName.screenings.map((s: { screening_id: string }) => s.screening_id)).toContain(
      maduro.screening_id,
    )
    const found = byName.screenings.find(
      (s: { screening_id: string }) => s.screening_id === maduro.screening_id,
    )
    expect(found).toMatchObject({ subject: 'Nicolas MADURO MOROS', subject_type: 'person' })
    expect(found.risk_level).toBe(maduro.overall_risk.level)
    const byIco = (await list('q=27082440')).json().data
    expect(byIco.screenings[0]).toMatchObject({ screening_id: company.screening_id, subject: 'IČO 27082440' })
    const critical = (await list(`level=${maduro.overall_risk.level}`)).json().data
    expect(
      critical.screenings.every((s: { risk_level: string }) => s.risk_level === maduro.overall_risk.level),
    ).toBe(true)
    const all = (await list('limit=200')).json().data
    expect(all.total).toBe(all.screenings.length)
    const times = all.screenings.map((s: { created_at: string }) => s.created_at)
    expect(times).toEqual([...times].sort().reverse())
    const day = maduro.timestamp.slice(0, 10)
    expect((await list(`q=maduro&from=${day}&to=${day}`)).json().data.total).toBeGreaterThan(0)
    expect((await list('q=maduro&from=2000-01-01&to=2000-01-02')).json().data.total).toBe(0)
    const backwards = await list('from=2026-02-02&to=2026-02-01')
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().error.details).toMatchObject({ field: 'from' })
    expect((await list('q=maduro', {})).statusCode).toBe(401)
  })

  it('searches the trail whatever the case and diacritics, and by who screened and their case’s status', async () => {
    const a = await app()
    const asUser = (name: string, body: object) =>
      a.inject({
        method: 'POST',
        url: '/api/aml/screen/complete',
        payload: body,
        headers: { 'x-api-key': INTERNAL, 'x-acting-user': name },
      })
    const novakova = (await asUser('eva', { first_name: 'Jana', last_name: 'Nováková' })).json()
    const maduro = (await asUser('adam', { first_name: 'Nicolas', last_name: 'Maduro' })).json()
    const list = async (query: string) =>
      (
        await a.inject({
          method: 'GET',
          url: `/api/aml/screenings?${query}`,
          headers: { 'x-admin-key': ADMIN },
        })
      ).json().data as { total: number; screenings: { screening_id: string; screened_by: string | null }[] }
    const ids = (data: { screenings: { screening_id: string }[] }) =>
      data.screenings.map((s) => s.screening_id)
    for (const q of ['novakova', 'NOVAKOVA', 'Nováková', 'jana novák'])
      expect(ids(await list(`q=${encodeURIComponent(q)}`)), q).toContain(novakova.screening_id)
    const eva = await list('screened_by=eva')
    expect(ids(eva)).toContain(novakova.screening_id)
    expect(ids(eva)).not.toContain(maduro.screening_id)
    expect(eva.screenings.every((s) => s.screened_by === 'eva')).toBe(true)
    // Maduro's hit opened a case; Nováková has none.
    expect(maduro.case_id).toMatch(/^AMLC-/)
    const open = await list('case_status=open')
    expect(ids(open)).toContain(maduro.screening_id)
    expect(ids(open)).not.toContain(novakova.screening_id)
    expect(ids(await list('case_status=closed'))).not.toContain(maduro.screening_id)
  })

  it('keeps the audit trail from anonymous readers: reading a screening needs the admin or internal key', async () => {
    const a = await app()
    const one = (await screen(a, { first_name: 'Oleg', last_name: 'Děripaska' })).json()
    const url = `/api/aml/screenings/${one.screening_id}`
    const anonymous = await a.inject({ method: 'GET', url })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).not.toContain('Děripaska')
    expect((await a.inject({ method: 'GET', url, headers: { 'x-admin-key': 'guess' } })).statusCode).toBe(403)
    expect((await a.inject({ method: 'GET', url, headers: { 'x-api-key': 'guess' } })).statusCode).toBe(403)
    expect((await a.inject({ method: 'GET', url, headers: { 'x-api-key': INTERNAL } })).statusCode).toBe(200)
  })

  it('reports readiness and the loaded list versions', async () => {
    const a = await app()
    const health = await a.inject({ method: 'GET', url: '/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json().data).toMatchObject({
      status: 'ready',
      lists: ['cz_210_2008', 'eu_fsf', 'ofac_cons', 'ofac_sdn', 'uk', 'un'],
    })
    const lists = await a.inject({ method: 'GET', url: '/api/aml/lists' })
    expect(lists.json().data).toMatchObject({
      status: 'ready',
      engine: { ...built.engine.stats, threshold: built.engine.threshold },
      module_weights: { sanctions: 0.4 },
    })
    expect(Object.keys(health.json().data).sort()).toEqual(
      ['entities', 'lists', 'load_ms', 'loaded_at', 'names', 'screenings_running', 'status'].sort(),
    )
  })
})
