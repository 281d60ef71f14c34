/**
 * The scout routes end to end: a router whose registers, AML service and company web page are
 * local fakes (test/router/scout-fakes.ts), with its built-in workers running the dossier jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, eventually, type Harness, routerHarness } from '../../../../../test/router/harness.ts'
import { type ScoutFakes, startScoutFakes } from '../../../../../test/router/scout-fakes.ts'
import { KeyStore, type KeyTables } from '../../../../engines/keys/store.ts'

let fakes: ScoutFakes
let h: Harness

const fakeEnv = () => ({
  ARES_BASE_URL: `${fakes.url}/ares`,
  ISIR_URL: `${fakes.url}/isir/IsirWsCuzkService`,
  VAT_REGISTER_URL: `${fakes.url}/vat`,
  AML_URL: fakes.url,
  WEB_ALLOWED_HOSTS: `127.0.0.1:${fakes.port}`,
  SOURCES_RETRIES: '0',
  SOURCES_TIMEOUT_SECONDS: '3',
  ROUTER_WORKERS: '2',
})

beforeAll(async () => {
  fakes = await startScoutFakes()
  h = await routerHarness({ env: fakeEnv() })
}, 60_000)

afterAll(async () => {
  await h?.close()
  await fakes?.close()
})

async function post(url: string, payload: unknown, headers: Record<string, string> = {}, on = h) {
  const res = await on.app.inject({ method: 'POST', url, payload: payload as object, headers })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

async function get(url: string, headers: Record<string, string> = {}, on = h) {
  const res = await on.app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, body: res.json() }
}

type Outcome = { source: string; status: string; reason: string | null; data: any; checked_at: string }

async function finished(id: string, seen: unknown[] = [], headers: Record<string, string> = {}, on = h) {
  return eventually(async () => {
    const res = await get(`/scout/${id}`, headers, on)
    seen.push(res.body.data.progress)
    return res.body.data.status === 'SUCCEEDED' ? res.body.data : undefined
  }, 20_000)
}

const statuses = (sources: Outcome[]) => Object.fromEntries(sources.map((s) => [s.source, s.status]))

describe('POST /scout (a dossier as a job)', () => {
  it('queues a dossier and answers 202 with the run id and the URL to poll; every source comes back ok', async () => {
    fakes.isirDelayMs = 600
    const res = await post('/scout', { ico: '27082440', website: `${fakes.url}/web/alza` })
    expect(res.status).toBe(202)
    const { id, task_id, status_url } = res.body.data
    expect(status_url).toBe(`/scout/${id}`)
    expect(res.headers.location).toBe(status_url)
    expect(task_id).toMatch(/^[0-9a-f-]{36}$/)

    const progress: any[] = []
    const run = await finished(id, progress)
    fakes.isirDelayMs = 0
    // While ISIR was slow the job said which sources were done and which were still pending.
    const midway = progress.find((p) => p && p.done > 0 && p.done < p.total)
    expect(midway.sources.find((s: Outcome) => s.source === 'insolvency').status).toBe('pending')
    expect(midway.sources.find((s: Outcome) => s.source === 'ares').status).toBe('ok')
    expect(run.progress).toMatchObject({ done: 7, total: 7 })

    const d = run.dossier
    expect(statuses(d.sources)).toEqual({
      ares: 'ok',
      statutory_bodies: 'ok',
      sanctions: 'ok',
      pep: 'ok',
      insolvency: 'ok',
      vat: 'ok',
      website: 'ok',
    })
    expect(d).toMatchObject({
      mode: 'full',
      subject: { ico: '27082440', name: 'Alza.cz a.s.' },
      complete: true,
      counts: { ok: 7, failed: 0, not_applicable: 0 },
      flags: [],
    })
    const by = (name: string) => d.sources.find((s: Outcome) => s.source === name)
    expect(by('ares').data.company).toMatchObject({ name: 'Alza.cz a.s.', legal_form: 'akciová společnost' })
    // The member deleted from the register in 2020 is not a current one.
    expect(
      by('statutory_bodies').data.members.map((m: { name: string; role: string }) => [m.name, m.role]),
    ).toEqual([
      ['Jan Novák', 'předseda představenstva'],
      ['Petra Svobodová', 'člen představenstva'],
    ])
    expect(by('pep').data).toMatchObject({ screened: 2, of: 2 })
    expect(fakes.amlRequests).toEqual(
      expect.arrayContaining([
        { ico: '27082440', company_name: 'Alza.cz a.s.' },
        { name: 'Jan Novák', birth_date: '1975-03-14' },
        { name: 'Petra Svobodová', birth_date: '1981-11-02' },
      ]),
    )
    expect(by('insolvency').data).toMatchObject({ in_insolvency: false, proceedings: [] })
    expect(by('vat').data).toMatchObject({ dic: 'CZ27082440', registered: true, unreliable: false })
    expect(by('vat').data.published_accounts).toContain('19-2000145399/0800')
    expect(by('website').data).toMatchObject({
      title: 'Alza.cz | Kontakt',
      emails: ['obchod@alza.cz'],
      publishes_ico: true,
    })

    const portal = await get('/scout/portal-failed')
    expect(portal.body.data.items.map((r: { id: string }) => r.id)).not.toContain(id)
  })

  it('flags a proceeding with no end date in a state it does not recognise, naming it, not "no insolvency"', async () => {
    const res = await post('/scout', { ico: '27182819' })
    expect(res.status).toBe(202)
    const d = (await finished(res.body.data.id)).dossier
    const by = (name: string) => d.sources.find((s: Outcome) => s.source === name)
    expect(by('insolvency').data).toMatchObject({ in_insolvency: null, not_recognised: ['91 INS 4711/2025'] })
    expect(d.flags).toContainEqual({
      source: 'insolvency',
      code: 'insolvency_state_not_recognised',
      detail:
        '91 INS 4711/2025: state "ZRUŠENO VS" is neither a running nor a finished state, and the proceeding has no end date — read its state in ISIR (https://isir.justice.cz/isir/ueu/evidence_upadcu_detail.do?id=test-27182819)',
    })
  })

  it('shows a register that is down as a failed source with its reason, lists the run in portal-failed, and a retry fixes it once the register is back', async () => {
    fakes.aresDown = true
    const res = await post('/scout', { ico: '45274649' })
    expect(res.status).toBe(202)
    const first = await finished(res.body.data.id)
    const d = first.dossier
    expect(statuses(d.sources)).toEqual({
      ares: 'failed',
      statutory_bodies: 'failed',
      sanctions: 'ok',
      pep: 'failed',
      insolvency: 'ok',
      vat: 'ok',
      website: 'not_applicable',
    })
    const ares = d.sources.find((s: Outcome) => s.source === 'ares')
    expect(ares.reason).toMatch(/ares: answered HTTP 503/)
    expect(d.sources.find((s: Outcome) => s.source === 'pep').reason).toMatch(
      /^not run: statutory_bodies failed/,
    )
    expect(d.sources.find((s: Outcome) => s.source === 'website').reason).toBe('no website given')
    expect(d).toMatchObject({ complete: false, counts: { ok: 3, failed: 3, not_applicable: 1 } })

    const portal = await get('/scout/portal-failed')
    const listed = portal.body.data.items.find((r: { id: string }) => r.id === first.id)
    expect(listed).toMatchObject({
      ico: '45274649',
      status_url: `/scout/${first.id}`,
      retry_url: `/scout/portal-failed/${first.id}/retry`,
    })
    expect(listed.failed.map((f: { source: string }) => f.source)).toEqual([
      'ares',
      'statutory_bodies',
      'pep',
    ])
    expect(listed.failed[0].reason).toMatch(/HTTP 503/)
    const bySource = await get('/scout/portal-failed?source=pep')
    expect(bySource.body.data.items.map((r: { id: string }) => r.id)).toContain(first.id)
    const other = await get('/scout/portal-failed?source=vat')
    expect(other.body.data.items.map((r: { id: string }) => r.id)).not.toContain(first.id)

    // A retry acts on a run others rely on: the operator's key, as POST /jobs/{id}/retry.
    const anonymous = await post(`/scout/portal-failed/${first.id}/retry`, undefined)
    expect(anonymous.status).toBe(401)

    fakes.aresDown = false
    const retry = await post(`/scout/portal-failed/${first.id}/retry`, undefined, { 'x-admin-key': ADMIN })
    expect(retry.status).toBe(202)
    expect(retry.body.data).toMatchObject({ retry_of: first.id, created: true })
    expect(retry.body.data.retrying.map((f: { source: string }) => f.source)).toEqual([
      'ares',
      'statutory_bodies',
      'pep',
    ])
    // Asking again answers with the same new run.
    const again = await post(`/scout/portal-failed/${first.id}/retry`, undefined, { 'x-admin-key': ADMIN })
    expect(again.body.data).toMatchObject({ id: retry.body.data.id, created: false })

    const second = await finished(retry.body.data.id)
    expect(second.retry_of).toBe(first.id)
    const fixed = second.dossier
    expect(statuses(fixed.sources)).toMatchObject({
      ares: 'ok',
      insolvency: 'ok',
      vat: 'ok',
      sanctions: 'ok',
    })
    expect(fixed).toMatchObject({ complete: true, subject: { ico: '45274649', name: 'ČEZ, a. s.' } })
    // ČEZ has no public-register record in the fake: statutory bodies (and so PEP) do not apply.
    expect(statuses(fixed.sources)).toMatchObject({
      statutory_bodies: 'not_applicable',
      pep: 'not_applicable',
    })
    // Only the failed sources ran again; the others are the first run's answers.
    const when = (dossier: { sources: Outcome[] }, s: string) =>
      dossier.sources.find((o) => o.source === s)!.checked_at
    expect(when(fixed, 'insolvency')).toBe(when(d, 'insolvency'))
    expect(when(fixed, 'ares')).not.toBe(when(d, 'ares'))

    const after = await get('/scout/portal-failed')
    const ids = after.body.data.items.map((r: { id: string }) => r.id)
    expect(ids).not.toContain(first.id)
    expect(ids).not.toContain(second.id)
  })

  it('finds the company by name in ARES when no ico is given', async () => {
    const res = await post('/scout', { name: 'Alza.cz a.s.' })
    const run = await finished(res.body.data.id)
    expect(run.dossier.subject).toMatchObject({ ico: '27082440', name: 'Alza.cz a.s.' })
    expect(run.dossier.complete).toBe(true)
  })

  it('answers 404 for an id that is no scout run', async () => {
    expect((await get('/scout/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const echo = await post('/tasks', { kind: 'echo', input: {} })
    expect((await get(`/scout/${echo.body.data.job.id}`)).status).toBe(404)
  })
})

describe('POST /scout/quick', () => {
  it('answers at once from the registers and lists, without a job and without the website', async () => {
    const before = (await get('/jobs?kind=scout.dossier')).body.data.total
    const res = await post('/scout/quick', { name: 'alza.cz a.s.' })
    expect(res.status).toBe(200)
    const d = res.body.data
    expect(d).toMatchObject({ mode: 'quick', subject: { ico: '27082440' }, complete: true })
    expect(statuses(d.sources)).toMatchObject({ ares: 'ok', sanctions: 'ok', insolvency: 'ok', vat: 'ok' })
    const website = d.sources.find((s: Outcome) => s.source === 'website')
    expect(website).toMatchObject({
      status: 'not_applicable',
      reason: 'a quick dossier reads the registers and lists only',
    })
    expect((await get('/jobs?kind=scout.dossier')).body.data.total).toBe(before)
  })

  it('says an unknown name is not applicable to the IČO-bound sources, and why', async () => {
    const d = (await post('/scout/quick', { name: 'Neexistující firma s.r.o.' })).body.data
    expect(statuses(d.sources)).toMatchObject({
      ares: 'ok',
      insolvency: 'not_applicable',
      vat: 'not_applicable',
    })
    expect(d.sources.find((s: Outcome) => s.source === 'vat').reason).toMatch(/ARES knows no subject named/)
    // The name alone is still screened.
    expect(statuses(d.sources).sanctions).toBe('ok')
  })

  it('reports ARES down as failed in the quick answer too', async () => {
    fakes.aresDown = true
    try {
      const d = (await post('/scout/quick', { ico: '05556121' })).body.data
      expect(d.sources.find((s: Outcome) => s.source === 'ares')).toMatchObject({
        status: 'failed',
        reason: expect.stringMatching(/HTTP 503/),
      })
      expect(d.complete).toBe(false)
    } finally {
      fakes.aresDown = false
    }
  })
})

describe('bad input', () => {
  it.each([
    ['/scout', { ico: '27082441' }, 'ico', /checksum digit should be 0, not 1/],
    ['/scout/quick', { ico: '27082441' }, 'ico', /checksum/],
    ['/scout', {}, 'ico', /ico or name required/],
    ['/scout/quick', {}, 'ico', /ico or name required/],
    ['/scout', { ico: 'abc' }, 'ico', /8 digits/],
    ['/scout', { name: '   ' }, 'name', /2 characters/],
    ['/scout', { ico: '27082440', website: 'http://10.0.0.1/' }, 'website', /EGRESS_PRIVATE_ADDRESS/],
    ['/scout/quick', { ico: '27082440', website: `https://www.alza.cz/` }, 'website', /./],
  ])('POST %s %j is a 400 naming %s', async (url, body, field, rule) => {
    const res = await post(url, body)
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.error.details.field).toBe(field)
    expect(`${res.body.error.details.rule} ${res.body.error.code}`).toMatch(rule)
  })
})

describe('under API keys', () => {
  let keyed: Harness
  let alice: Record<string, string>
  let bob: Record<string, string>
  beforeAll(async () => {
    keyed = await routerHarness({ env: { ...fakeEnv(), ROUTER_REQUIRE_API_KEY: 'true' } })
    const store = new KeyStore(keyed.db.as<KeyTables>(), { tiers: [], keyPrefix: 'gk' })
    const limits = { requests_per_minute: 1000, rate_limit: 100_000 }
    alice = { 'x-api-key': (await store.create({ name: 'alice', ...limits })).key }
    bob = { 'x-api-key': (await store.create({ name: 'bob', ...limits })).key }
  }, 60_000)
  afterAll(async () => keyed?.close())

  it('keeps a key’s runs and failed runs its own, and a retried run stays with the key that asked for it', async () => {
    expect((await post('/scout', { ico: '27082440' }, {}, keyed)).status).toBe(401)
    fakes.aresDown = true
    const queued = await post('/scout', { ico: '26863154' }, alice, keyed)
    expect(queued.status).toBe(202)
    const id = queued.body.data.id
    const run = await finished(id, [], alice, keyed)
    fakes.aresDown = false
    expect(run.dossier.complete).toBe(false)
    // ISIR answered: OKD's reorganisation is a flag even while ARES is down.
    expect(run.dossier.flags).toContainEqual(
      expect.objectContaining({ source: 'insolvency', code: 'insolvency' }),
    )

    expect((await get(`/scout/${id}`, bob, keyed)).status).toBe(404)
    const ids = async (who: Record<string, string>) =>
      (await get('/scout/portal-failed', who, keyed)).body.data.items.map((r: { id: string }) => r.id)
    expect(await ids(alice)).toContain(id)
    expect(await ids(bob)).not.toContain(id)

    // A customer key is not the operator's: refused as a wrong credential.
    expect((await post(`/scout/portal-failed/${id}/retry`, undefined, alice, keyed)).status).toBe(403)
    const retry = await post(`/scout/portal-failed/${id}/retry`, undefined, { 'x-admin-key': ADMIN }, keyed)
    expect(retry.status).toBe(202)
    const second = await finished(retry.body.data.id, [], alice, keyed)
    expect(second.dossier.complete).toBe(true)
    expect((await get(`/scout/${second.id}`, bob, keyed)).status).toBe(404)
  })
})
