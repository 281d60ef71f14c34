import { describe, expect, it } from 'vitest'
import { agentCalls, exampleInput, replayedSources } from '../../../test/agents/service-tests.ts'
import { startReplay } from '../../../test/sources/replay.ts'
import { NOW, replayDeps, SOURCE_ROUTES, testDispatcher } from '../../../test/sources/routes.ts'
import { aresLookup } from './ares_lookup.ts'
import { aresSearch } from './ares_search.ts'
import { insolvencyCheck } from './insolvency_check.ts'

const agents = [aresLookup, aresSearch, insolvencyCheck]
const sources = replayedSources(agents)
const { run: call } = agentCalls('data', NOW, () => sources.online)

describe('data/ares_lookup', () => {
  it('example: Alza.cz a.s. with its legal form, seat, DIČ, activities and age', async () => {
    const out = await call('ares_lookup', exampleInput(aresLookup, 0))
    expect(out).toMatchObject({
      ico: '27082440',
      found: true,
      company: {
        name: 'Alza.cz a.s.',
        legal_form_code: '121',
        vat_id: 'CZ27082440',
        // CZ-NACE as ARES lists them (czNace): what company_risk checks the sectors against.
        nace: ['47910', '46900', '47410'],
        status: 'active',
        insolvency_flag: false,
      },
      vat_registered: true,
      partial: false,
    })
    expect(out.age_years).toBeGreaterThan(20)
    expect(out.sources).toEqual([{ name: 'ares', status: 'ok' }])
  })

  it('example: OKD carries the insolvency flag of its source registers', async () => {
    const out = await call('ares_lookup', exampleInput(aresLookup, 1))
    expect(out.company).toMatchObject({
      name: 'OKD, a.s.',
      insolvency_flag: true,
      registrations: { ir: 'AKTIVNI' },
    })
  })

  it('example: an IČO ARES does not know is found: false, not an error', async () => {
    expect(await call('ares_lookup', exampleInput(aresLookup, 2))).toMatchObject({
      found: false,
      company: null,
      partial: false,
    })
  })

  it('example: an s.r.o. with its current director and partners from the public register', async () => {
    const out = await call('ares_lookup', exampleInput(aresLookup, 3))
    expect(out).toMatchObject({ found: true, public_register_found: true, partial: false })
    expect(out.public_register!.statutory_bodies).toEqual([
      expect.objectContaining({ name: 'Jan Dvořák', role: 'jednatel', birth_date: '1970-05-12' }),
    ])
    expect(out.public_register!.shareholders.map((s) => [s.name, s.share_pct])).toEqual([
      ['Jan Dvořák', 60],
      ['Labská investiční a.s.', 40],
    ])
    expect(out.sources).toEqual([
      { name: 'ares', status: 'ok' },
      { name: 'ares_vr', status: 'ok' },
    ])
  })

  it('says so when the public register cannot be asked: partial, no members given', async () => {
    const out = await call('ares_lookup', { ico: '24681351', public_register: true }, sources.offline)
    expect(out).toMatchObject({ public_register: null, public_register_found: null, partial: true })
    expect(out.sources[1]).toMatchObject({ name: 'ares_vr', status: 'failed' })
    expect(out.rules_applied[2]!.outcome).toBe('the public register did not answer')
  })

  it('answers a repeated lookup from the cache', async () => {
    const before = sources.replay.requests.length
    const out = await call('ares_lookup', { ico: '45274649' })
    await call('ares_lookup', { ico: '45274649' })
    expect(sources.replay.requests.length - before).toBe(1)
    expect(out.company!.name).toBeTruthy()
  })

  it('answers 400 for a bad IČO checksum, and says ARES failed when it cannot be reached', async () => {
    await expect(call('ares_lookup', { ico: '27082441' })).rejects.toMatchObject({
      details: { field: 'ico', rule: 'checksum digit should be 0, not 1' },
    })
    const out = await call('ares_lookup', { ico: '27082440' }, sources.offline)
    expect(out).toMatchObject({ found: null, company: null, partial: true })
    expect(out.sources[0]).toMatchObject({ name: 'ares', status: 'failed' })
  })
})

describe('stale registry answers', () => {
  it('gives the last ARES answer, marked cached with the error and partial, when ARES fails', async () => {
    const own = await startReplay(SOURCE_ROUTES)
    // Nothing is fresh (cache 0 s), but answers stay usable as a fallback for 30 days.
    const deps = replayDeps(own.url, { SOURCES_CACHE_SECONDS: '0' })
    const dispatcher = testDispatcher(agents, deps)
    const first = await call('ares_lookup', { ico: '27082440' }, dispatcher)
    expect(first.sources).toEqual([{ name: 'ares', status: 'ok' }])
    await own.close()
    const second = await call('ares_lookup', { ico: '27082440' }, dispatcher)
    expect(second).toMatchObject({ found: true, company: { name: 'Alza.cz a.s.' }, partial: true })
    expect(second.sources[0]).toMatchObject({ name: 'ares', status: 'cached' })
    expect(second.sources[0]!.error).toMatch(/^ares: .*; answer from \d{4}-\d{2}-\d{2}T/)
  })
})

describe('data/ares_search', () => {
  it('example: two subjects named Alza, one of them dissolved', async () => {
    const out = await call('ares_search', exampleInput(aresSearch, 0))
    expect(out.total).toBe(2)
    expect(out.companies.map((c: { ico: string; active: boolean }) => [c.ico, c.active])).toEqual([
      ['27082440', true],
      ['24601357', false],
    ])
  })

  it('example: the legal-form filter reaches ARES', async () => {
    const out = await call('ares_search', exampleInput(aresSearch, 1))
    expect(out).toMatchObject({ total: 1, companies: [{ ico: '27082440' }] })
    expect(JSON.parse(sources.replay.requests.at(-1)!.body)).toMatchObject({
      obchodniJmeno: 'Alza',
      pravniForma: ['121'],
    })
  })

  it('turns ARES’s refusal of a too broad query into a 400 on name', async () => {
    await expect(call('ares_search', { name: 'a ' })).rejects.toMatchObject({ details: { field: 'name' } })
  })

  it('says ARES failed when it cannot be reached', async () => {
    expect(await call('ares_search', { name: 'Alza' }, sources.offline)).toMatchObject({
      total: null,
      companies: [],
      partial: true,
    })
  })
})

describe('data/insolvency_check', () => {
  it('example: OKD’s reorganisation is running', async () => {
    const out = await call('insolvency_check', exampleInput(insolvencyCheck, 0))
    expect(out).toMatchObject({
      in_insolvency: true,
      proceedings: [
        {
          reference: '25 INS 10525/2016',
          court: 'Krajský soud v Ostravě',
          state: 'REORGANIZ',
          active: true,
          started: '2016-05-09',
        },
      ],
      partial: false,
    })
  })

  it('example: no proceedings', async () => {
    expect(await call('insolvency_check', exampleInput(insolvencyCheck, 1))).toMatchObject({
      in_insolvency: false,
      proceedings: [],
    })
  })

  it('example: a person in debt relief found by birth number, without her co-debtor husband', async () => {
    const out = await call('insolvency_check', exampleInput(insolvencyCheck, 2))
    expect(out).toMatchObject({
      subject: 'person',
      ico: null,
      in_insolvency: true,
      proceedings: [
        {
          reference: '34 INS 18844/2024',
          court: 'Krajský soud v Brně',
          debtor: 'Jana Nováková',
          state: 'ODDLUZENI',
          active: true,
          started: '2024-09-16',
        },
      ],
      partial: false,
    })
    expect(out.proceedings).toHaveLength(1)
  })

  it('example: the same person by name and date of birth, diacritics as she writes them', async () => {
    const out = await call('insolvency_check', exampleInput(insolvencyCheck, 3))
    expect(out).toMatchObject({ subject: 'person', in_insolvency: true })
    expect(out.proceedings.map((p) => p.debtor)).toEqual(['Jana Nováková'])
  })

  it('reviews a proceeding not ended whose state it does not recognise, naming the state and what to read, not clear', async () => {
    const out = await call('insolvency_check', { ico: '27182819' })
    expect(out).toMatchObject({
      in_insolvency: null,
      proceedings: [{ reference: '91 INS 4711/2025', state: 'ZRUŠENO VS', active: false, ended: null }],
      verdict: 'review',
    })
    expect(out.not_recognised).toEqual([
      '91 INS 4711/2025: state “ZRUŠENO VS” is neither a running nor a finished state this check knows, and the proceeding has no end date — read its state in ISIR (https://isir.justice.cz/isir/ueu/evidence_upadcu_detail.do?id=test-27182819)',
    ])
  })

  it('finds no proceeding for a person the register does not list', async () => {
    const out = await call('insolvency_check', { birth_number: '7652041221' })
    expect(out).toMatchObject({ subject: 'person', in_insolvency: false, proceedings: [] })
  })

  it.each([
    [{}, 'ico', 'give exactly one of ico, birth_number, or last_name with birth_date'],
    [{ ico: '26863154', birth_number: '7652041232' }, 'ico', 'give exactly one'],
    [{ birth_number: '7652041233' }, 'birth_number', 'divisible by 11'],
    [{ last_name: 'Nováková' }, 'birth_date', 'required with last_name'],
    [{ birth_date: '1976-02-04' }, 'last_name', 'required with birth_date'],
  ])('refuses %j naming %s', async (input, field, rule) => {
    const error = await call('insolvency_check', input).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, details: { field } })
    expect((error as { details: { rule: string } }).details.rule).toContain(rule)
  })

  it('says ISIR failed when it cannot be reached', async () => {
    const out = await call('insolvency_check', { ico: '26863154' }, sources.offline)
    expect(out).toMatchObject({ in_insolvency: null, partial: true })
    expect(out.sources[0]).toMatchObject({ name: 'isir', status: 'failed' })
  })
})
