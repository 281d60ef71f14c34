/**
 * compliance/kyc against the registers and lists themselves: ARES and its public-register record
 * (through data/ares_lookup), ISIR (through data/insolvency_check) and the sanctions lists, all
 * replayed locally in their documented formats.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { agentCalls, replayedSources } from '../../../test/agents/service-tests.ts'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import { UpstreamError } from '../../kit/http.ts'
import { aresLookup } from '../data/ares_lookup.ts'
import { insolvencyCheck } from '../data/insolvency_check.ts'
import { kyc } from './kyc.ts'

const agents = [kyc, aresLookup, insolvencyCheck]
const sources = replayedSources(agents)
const { run } = agentCalls('compliance', NOW, () => sources.online)

const company = {
  subject_type: 'company',
  name: 'Vltavská obchodní s.r.o.',
  address: 'Na Poříčí 1041/12, 110 00 Praha 1',
  ico: '24681351',
}

/** A natural person with every identification field the AML Act § 5 asks for. */
const person = (overrides: Record<string, unknown>) => ({
  subject_type: 'person',
  address: 'Korunní 810/104, 101 00 Praha 10',
  birth_place: 'Praha',
  nationality: 'CZ',
  document: { type: 'id_card', number: '123456789', issuing_country: 'CZ', expiry_date: '2031-04-30' },
  ...overrides,
})

describe('kyc of a company: the statutory body from the public register', () => {
  it('confirms the director given against the register, titles aside, and lists the shareholders', async () => {
    const out = await run('kyc', { ...company, statutory_body: ['Ing. Jan Dvořák'] })
    expect(out).toMatchObject({ status: 'complete', recommendation: 'proceed', partial: false })
    expect(out.verified).toContain('Ing. Jan Dvořák is on the statutory body in the public register')
    expect(out.public_register!.statutory_bodies).toEqual([
      expect.objectContaining({ name: 'Jan Dvořák', role: 'jednatel', birth_date: '1970-05-12' }),
    ])
    expect(out.public_register!.shareholders.map((s: { name: string }) => s.name)).toEqual([
      'Jan Dvořák',
      'Labská investiční a.s.',
    ])
  })

  it('takes the statutory body from the register when the client gives none', async () => {
    const out = await run('kyc', company)
    expect(out.missing).toEqual([])
    expect(out.verified).toContain('statutory body taken from the public register')
  })

  it('refers a representative who is not on the statutory body', async () => {
    const out = await run('kyc', { ...company, statutory_body: ['Petr Cizí'] })
    expect(out).toMatchObject({ status: 'incomplete', recommendation: 'review' })
    expect(out.findings).toContain(
      'Petr Cizí is not a current member of the statutory body in the public register: verify the authority to act (a power of attorney)',
    )
  })

  it('is partial and never proceeds when the public register cannot be asked', async () => {
    const deps = replayDeps(sources.replay.url)
    deps.registries.ares.publicRegister = () =>
      Promise.reject(new UpstreamError('ares', 'network', 'connection refused'))
    const out = await run('kyc', company, testDispatcher(agents, deps))
    expect(out).toMatchObject({
      partial: true,
      status: 'incomplete',
      recommendation: 'review',
      public_register: null,
      missing: ['statutory_body'],
    })
    expect(out.sources[0]).toMatchObject({ name: 'data/ares_lookup', status: 'failed' })
    expect(out.sources[0]!.error).toMatch(/^ares_vr failed/)
  })
})

describe('onboarding a natural person (kyc with a person subject)', () => {
  it('proceeds with a clean person: identity checked, no list hit, no insolvency', async () => {
    const out = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M', pep: false }),
    )
    expect(out).toMatchObject({
      status: 'complete',
      recommendation: 'proceed',
      screening: { sanctions: 'clear', pep: 'not_configured', hits: [] },
      insolvency: { active: false, proceedings: 0 },
      partial: false,
    })
    expect(out.sources.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'sanctions_lists:ok',
      'data/insolvency_check:ok',
    ])
    expect(sources.replay.requests.at(-1)?.body).toContain('<rc>700512/0001</rc>')
  })

  it('does not proceed with a person on a sanctions list', async () => {
    const out = await run(
      'kyc',
      person({ name: 'Oleg Děripaska', birth_date: '1968-01-02', sex: 'M', nationality: 'RU' }),
    )
    expect(out.recommendation).toBe('do_not_proceed')
    expect(out.screening).toMatchObject({ sanctions: 'hit' })
    expect(out.screening!.hits[0]).toMatchObject({ list: 'ofac_sdn', list_id: '24283' })
    // Asked by surname, given name and date of birth, as ISIR takes a person without a birth number.
    expect(sources.replay.requests.at(-1)?.body).toContain(
      '<nazevOsoby>Děripaska</nazevOsoby><jmeno>Oleg</jmeno><datumNarozeni>1968-01-02</datumNarozeni>',
    )
  })

  it('refers a person in a running debt relief, found by birth number', async () => {
    const out = await run('kyc', person({ name: 'Jana Nováková', birth_number: '765204/1232', sex: 'F' }))
    expect(out).toMatchObject({
      status: 'complete',
      recommendation: 'review',
      insolvency: { active: true, proceedings: 1, references: ['34 INS 18844/2024'] },
    })
    expect(out.findings).toContain('insolvency proceeding running: 34 INS 18844/2024')
  })

  it('refers a person whose proceeding has no end date and a state it does not recognise, naming it, never as ISIR not answering', async () => {
    const deps = replayDeps(sources.replay.url)
    deps.registries.isir.byPerson = async () => ({
      source: 'PRIMARY',
      fetched_at: NOW.toISOString(),
      data: {
        ico: null,
        proceedings: [
          {
            reference: '91 INS 4711/2025',
            court: 'Městský soud v Praze',
            debtor: 'Jan Dvořák',
            state: 'ZRUŠENO VS',
            active: false,
            started: '2025-03-03',
            ended: null,
            url: 'https://isir.justice.cz/x',
          },
        ],
        active: false,
        synchronized_at: null,
      },
    })
    const out = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M', pep: false }),
      testDispatcher(agents, deps),
    )
    expect(out).toMatchObject({
      partial: false,
      recommendation: 'review',
      insolvency: { active: null, proceedings: 1 },
    })
    expect(out.findings).toEqual([
      'insolvency proceeding not recognised: 91 INS 4711/2025: state “ZRUŠENO VS” is neither a running nor a finished state this check knows, and the proceeding has no end date — read its state in ISIR (https://isir.justice.cz/x)',
    ])
  })

  it('is partial and never proceeds when ISIR cannot be asked', async () => {
    const deps = replayDeps(sources.replay.url)
    deps.registries.isir.byPerson = () => Promise.reject(new UpstreamError('isir', 'timeout', 'timed out'))
    const out = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M', pep: false }),
      testDispatcher(agents, deps),
    )
    expect(out).toMatchObject({
      partial: true,
      status: 'incomplete',
      recommendation: 'review',
      insolvency: { active: null },
    })
    expect(out.findings).toEqual([
      expect.stringMatching(/^not checked in the insolvency register \(.*timed out/),
    ])
  })

  it('refers a person on the operator’s PEP list for enhanced due diligence', async () => {
    // A PEP list in a format the AML engine reads (the EU list's JSON), written for the test.
    const dir = mkdtempSync(join(tmpdir(), 'pep-'))
    writeFileSync(
      join(dir, 'pep_2026-11-01.json'),
      JSON.stringify({
        meta: { timestamp: '2026-11-01T00:00:00Z' },
        data: [
          {
            id: 'PEP-1',
            type: 'INDIVIDUAL',
            name: 'Jan Dvořák',
            country: 'CZ',
            details: { birthDate: '1970-05-12', nationalities: ['CZ'] },
            programs: ['poslanec Poslanecké sněmovny'],
          },
        ],
      }),
    )
    const deps = replayDeps(sources.replay.url, { PEP_PATHS: dir })
    const out = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M' }),
      testDispatcher(agents, deps),
    )
    expect(out).toMatchObject({
      status: 'complete',
      recommendation: 'review',
      screening: { sanctions: 'clear', pep: 'hit' },
      partial: false,
    })
    expect(out.findings[0]).toMatch(/^PEP list pep PEP-1: "Jan Dvořák"/)
    expect(out.rules_applied).toContainEqual(
      // § 9a (zesílená identifikace a kontrola klienta) is in the act's consolidated text from
      // 1 January 2021 on, not in the one in force until 31 December 2020.
      expect.objectContaining({
        basis: ['cz-253-2008-s4-5', 'cz-253-2008-s9a'],
        source: 'zákon 253/2008 Sb., § 4 odst. 5; zákon 253/2008 Sb., § 9a',
        since: '2021-01-01',
        outcome: 'hit',
      }),
    )
  })

  it('is partial and never proceeds when the sanctions lists cannot be read', async () => {
    const deps = replayDeps(sources.replay.url, { SANCTIONS_PATHS: '/nonexistent/lists' })
    const out = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M' }),
      testDispatcher(agents, deps),
    )
    expect(out).toMatchObject({
      partial: true,
      recommendation: 'review',
      screening: { sanctions: 'not_checked', pep: 'not_checked' },
    })
  })
})

describe('kyc: what the lists could not say is asked of the client or the officer', () => {
  it('reviews a person whose PEP status neither a PEP list nor a declaration gives, naming pep', async () => {
    const out = await run('kyc', person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M' }))
    expect(out).toMatchObject({
      recommendation: 'review',
      screening: { sanctions: 'clear', pep: 'not_configured' },
    })
    expect(out.findings).toContain(
      'whether the client is a politically exposed person is not known (pep): no PEP list is configured and the client’s declaration was not given; give pep (true or false) from the client’s declaration',
    )
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['cz-253-2008-s4-5', 'cz-253-2008-s9a'],
        outcome: 'no PEP list is configured (PEP_PATHS) and no declaration given (pep): to be reviewed',
      }),
    )
    const declaredNot = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M', pep: false }),
    )
    expect(declaredNot).toMatchObject({ recommendation: 'proceed', verdict: 'clear' })
    const declaredPep = await run(
      'kyc',
      person({ name: 'Jan Dvořák', birth_number: '700512/0001', sex: 'M', pep: true }),
    )
    expect(declaredPep.recommendation).toBe('review')
    expect(declaredPep.findings).toContain(
      'the client declares being a politically exposed person: enhanced due diligence (§ 9a)',
    )
  })

  it('screens a company by IČO and name against the sanctions lists', async () => {
    const clean = await run('kyc', { ...company, statutory_body: ['Ing. Jan Dvořák'] })
    expect(clean.sources.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'data/ares_lookup:ok',
      'sanctions_lists:ok',
    ])
    expect(clean.verified).toContain('not on the sanctions lists')
    expect(clean.screening).toMatchObject({ sanctions: 'clear', hits: [] })
    const listed = await run('kyc', {
      subject_type: 'company',
      name: 'Banco Nacional de Cuba',
      address: 'Aguiar 456, La Habana',
      statutory_body: ['Joaquín Alonso'],
      check_registry: true,
    })
    expect(listed.recommendation).not.toBe('proceed')
    expect(listed.screening).toMatchObject({ sanctions: 'hit' })
    expect(listed.findings.join(' ')).toMatch(/sanctions list ofac_sdn/)
  })
})
