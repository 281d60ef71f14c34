import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { replayedSources } from '../../../test/agents/service-tests.ts'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import { UpstreamError } from '../../kit/http.ts'
import type { ResultOf } from '../types.ts'
import { companyScreening } from './company_screening.ts'

const sources = replayedSources([companyScreening])
const call = async (input: unknown, dispatcher = sources.online) =>
  (await dispatcher.call('aml', 'company_screening', input, { now: NOW, lang: 'en' })).output as ResultOf<
    typeof companyScreening
  >
const example = (i: number) => companyScreening.examples[i]!.input

describe('aml/company_screening', () => {
  it('example: Alza.cz a.s. is low risk with every source answering', async () => {
    const out = await call(example(0))
    expect(out).toMatchObject({
      subject: { ico: '27082440', name: 'Alza.cz a.s.', country: 'CZ' },
      risk: 'low',
      recommendation: 'standard due diligence',
      flags: [],
      sanctions: { status: 'clear', hits: [] },
      insolvency: { active: false, proceedings: 0 },
      vat: { registered: true, unreliable: false },
      eu_high_risk_country: false,
      partial: false,
    })
    expect(out.sanctions.lists.map((l: { list: string }) => l.list)).toEqual([
      'cz_210_2008',
      'ofac_sdn',
      'un',
    ])
    expect(out.sources.map((s: { name: string }) => s.name)).toEqual([
      'ares',
      'ares_vr',
      'sanctions_lists',
      'isir',
      'vat_register',
    ])
    // The board from the public register, each member screened; the deleted member is not there.
    expect(out.public_register!.statutory_bodies).toEqual([
      expect.objectContaining({
        name: 'Jan Novák',
        role: 'předseda představenstva',
        screening: { sanctions: 'clear', pep: 'not_configured', hits: [] },
      }),
      expect.objectContaining({
        name: 'Petra Svobodová',
        screening: expect.objectContaining({ sanctions: 'clear' }),
      }),
    ])
    expect(out.public_register!.shareholders).toEqual([
      expect.objectContaining({ name: 'Labská investiční a.s.', kind: 'company', share_pct: 100 }),
    ])
  })

  it('reviews a company whose only proceeding has no end date and a state it does not recognise, naming it, not low', async () => {
    const out = await call({ ico: '27182819' })
    expect(out).toMatchObject({
      risk: 'medium',
      verdict: 'review',
      insolvency: { active: false, proceedings: 1, not_recognised: ['91 INS 4711/2025'] },
    })
    expect(out.flags).toEqual([
      {
        flag: 'insolvency_state_not_recognised',
        severity: 'medium',
        reason:
          'insolvency proceeding 91 INS 4711/2025: state “ZRUŠENO VS” is neither a running nor a finished state this check knows, and the proceeding has no end date — read its state in ISIR (https://isir.justice.cz/isir/ueu/evidence_upadcu_detail.do?id=test-27182819)',
        source: 'ISIR',
      },
    ])
  })

  it('example: a director and the sole partner on the OFAC SDN list only are possible matches: reviewed, not frozen', async () => {
    const out = await call(example(3))
    expect(out.risk).toBe('medium')
    expect(out.verdict).toBe('review')
    expect(out.sanctions.status).toBe('clear')
    const flagged = out.flags.map(
      (f: { flag: string; severity: string; reason: string }) =>
        `${f.flag} ${f.severity}: ${f.reason.split(':')[0]}`,
    )
    expect(flagged).toEqual([
      'statutory_member_possible_match medium: Oleg Děripaska (statutory body, jednatel)',
      'shareholder_possible_match medium: Aleksandr Udodov (shareholder, Společníci)',
    ])
    expect(out.flags[0]!.reason).toContain('correspondent banking')
    const [deripaska, dvorak] = out.public_register!.statutory_bodies
    expect(deripaska!.screening.hits[0]).toMatchObject({ list: 'ofac_sdn', list_id: '24283' })
    expect(dvorak!.screening).toEqual({ sanctions: 'clear', pep: 'not_configured', hits: [] })
    expect(out.public_register!.shareholders[0]).toMatchObject({ name: 'Aleksandr Udodov', share_pct: 100 })
  })

  it('makes a company high risk when a director is on the Czech list with his birth date agreeing: a match that freezes', async () => {
    const deps = replayDeps(sources.replay.url)
    deps.registries.ares.publicRegister = async () => ({
      source: 'PRIMARY',
      fetched_at: NOW.toISOString(),
      data: {
        statutory_bodies: [
          {
            name: 'Itziar Alberdi Uranga',
            kind: 'person',
            role: 'jednatelka',
            body: 'Statutární orgán',
            birth_date: '1963-10-07',
            citizenship: 'ES',
            ico: null,
            since: '2022-02-01',
          },
        ],
        shareholders: [],
      },
    })
    const out = await call({ ico: '24681351' }, testDispatcher([companyScreening], deps))
    expect(out).toMatchObject({ risk: 'high', verdict: 'adverse' })
    expect(out.flags).toEqual([
      expect.objectContaining({
        flag: 'statutory_member_sanctioned',
        severity: 'high',
        source: 'cz_210_2008',
        reason: expect.stringMatching(
          /^Itziar Alberdi Uranga \(statutory body, jednatelka\): cz_210_2008 NV210-01/,
        ),
      }),
    ])
  })

  it('refers a company whose board member is on the operator’s PEP list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pep-'))
    writeFileSync(
      join(dir, 'pep_2026-11-01.json'),
      JSON.stringify({
        meta: { timestamp: '2026-11-01T00:00:00Z' },
        data: [
          {
            id: 'PEP-7',
            type: 'INDIVIDUAL',
            name: 'Petra Svobodová',
            details: { birthDate: '1981-11-02' },
            programs: ['náměstkyně ministra'],
          },
        ],
      }),
    )
    const withPep = testDispatcher([companyScreening], replayDeps(sources.replay.url, { PEP_PATHS: dir }))
    const out = await call(example(0), withPep)
    expect(out.risk).toBe('medium')
    expect(out.flags).toEqual([
      expect.objectContaining({
        flag: 'politically_exposed_person',
        severity: 'medium',
        reason:
          'Petra Svobodová (statutory body, člen představenstva) is on a PEP list: enhanced due diligence applies',
      }),
    ])
    expect(out.public_register!.statutory_bodies[0]!.screening.pep).toBe('clear')
  })

  it('reports an unreachable public register: partial, a medium flag, never low', async () => {
    // ARES answers, its public-register (VR) source does not.
    const deps = replayDeps(sources.replay.url)
    deps.registries.ares.publicRegister = () =>
      Promise.reject(new UpstreamError('ares', 'network', 'connection refused'))
    const vrDown = testDispatcher([companyScreening], deps)
    const out = await call({ ico: '24681351' }, vrDown)
    expect(out).toMatchObject({ partial: true, risk: 'medium', public_register: null })
    expect(out.sources).toContainEqual(expect.objectContaining({ name: 'ares_vr', status: 'failed' }))
    expect(out.flags).toEqual([expect.objectContaining({ flag: 'source_unavailable', source: 'ares_vr' })])
  })

  it('example: UMATEX GROUP EUROPE on the OFAC SDN list only, by its IČO: a possible match reviewed, as sanctions_screening and the AML service read it', async () => {
    const out = await call(example(1))
    expect(out).toMatchObject({ risk: 'medium', verdict: 'review' })
    expect(out.sanctions.status).toBe('possible_match')
    expect(out.sanctions.hits[0]).toMatchObject({ list: 'ofac_sdn', list_id: '40863', score: 1 })
    expect(out.sanctions.hits[0]!.why).toContain('identifier')
    // The company by its IČO, and its shareholder UMATEX Group JSC by name: both OFAC only.
    expect(out.flags).toEqual([
      expect.objectContaining({
        flag: 'sanctions_possible_match',
        severity: 'medium',
        source: 'ofac_sdn',
        reason: expect.stringContaining('do not bind a Czech person by themselves'),
      }),
      expect.objectContaining({
        flag: 'shareholder_possible_match',
        severity: 'medium',
        reason: expect.stringMatching(/^UMATEX Group JSC \(shareholder, Společníci\): ofac_sdn 40861/),
      }),
    ])
    expect(out.flags[0]!.reason).toContain('correspondent banking')
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({ basis: expect.arrayContaining(['method-foreign-sanctions']) }),
    )
  })

  it('explains the sanctions hit in Czech when asked for Czech', async () => {
    const out = (await sources.online.call('aml', 'company_screening', example(1), { now: NOW, lang: 'cs' }))
      .output as ResultOf<typeof companyScreening>
    const hit = out.sanctions.hits[0]!
    expect(hit).toMatchObject({ list: 'ofac_sdn', list_id: '40863', score: 1 })
    expect(hit.why).toMatch(/^jméno \d\.\d\d; identifikátor /)
    const flag = out.flags.find((f: { flag: string }) => f.flag === 'sanctions_possible_match')
    expect(flag?.reason).toContain('(skóre 1; jméno ')
    expect(flag?.reason).toContain('korespondenční bankovnictví')
  })

  it('example: OKD’s running reorganisation is a high insolvency flag', async () => {
    const out = await call(example(2))
    expect(out).toMatchObject({ risk: 'high', insolvency: { active: true, proceedings: 1 } })
    expect(out.flags).toEqual([
      expect.objectContaining({
        flag: 'insolvency',
        reason: 'insolvency proceeding 25 INS 10525/2016 (REORGANIZ)',
      }),
    ])
  })

  it('screens a foreign company by name with its seat country', async () => {
    const out = await call({ name: 'Banco Nacional de Cuba', country: 'CU' })
    expect(out.subject).toMatchObject({ ico: null, country: 'CU' })
    expect(out.sanctions.hits.length).toBeGreaterThan(0)
    expect(out.sources.map((s: { name: string }) => s.name)).toEqual(['sanctions_lists'])
  })

  it('reviews a company given by name alone, without a seat country: it was not checked against the EU high-risk list', async () => {
    const out = await call({ name: 'Nordwind Handels GmbH' })
    expect(out).toMatchObject({
      subject: { ico: null, country: null },
      risk: 'medium',
      verdict: 'review',
      eu_high_risk_country: null,
      flags: [
        {
          flag: 'country_not_given',
          severity: 'medium',
          reason:
            'seat country not given and no IČO: not checked against the EU high-risk third-country list (§ 9a); give the IČO of a Czech company or the country of the seat',
        },
      ],
    })
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({ basis: ['eu-2016-1675', 'cz-253-2008-s9a'], outcome: 'no country given' }),
    )
    const placed = await call({ name: 'Nordwind Handels GmbH', country: 'DE' })
    expect(placed).toMatchObject({ risk: 'low', verdict: 'clear', eu_high_risk_country: false })
  })

  it('names every failed source and still answers what it has', async () => {
    const down = testDispatcher(
      [companyScreening],
      replayDeps('http://127.0.0.1:9', { SANCTIONS_PATHS: '/nonexistent/lists' }),
    )
    const out = await call(example(0), down)
    expect(out).toMatchObject({
      partial: true,
      company: null,
      sanctions: { status: 'not_checked' },
      eu_high_risk_country: false,
    })
    expect(out.sources.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'ares:failed',
      'ares_vr:failed',
      'sanctions_lists:failed',
      'isir:failed',
      'vat_register:failed',
    ])
  })

  it('never rates a company low on registers it could not ask: each failed one is a medium flag', async () => {
    const down = testDispatcher(
      [companyScreening],
      replayDeps('http://127.0.0.1:9', { SANCTIONS_PATHS: '/nonexistent/lists' }),
    )
    const out = await call(example(2), down)
    expect(out.risk).toBe('medium')
    expect(out.recommendation).toBe('enhanced review before onboarding')
    expect(
      out.flags
        .filter((f: { flag: string }) => f.flag === 'source_unavailable')
        .map((f: { source: string }) => f.source),
    ).toEqual(['ares', 'ares_vr', 'sanctions_lists', 'isir', 'vat_register'])
  })

  it('answers 400 without ico and name, and for a bad IČO checksum', async () => {
    await expect(call({})).rejects.toMatchObject({ details: { field: 'ico', rule: 'give ico or name' } })
    await expect(call({ ico: '05556122' })).rejects.toMatchObject({ details: { field: 'ico' } })
  })
})
