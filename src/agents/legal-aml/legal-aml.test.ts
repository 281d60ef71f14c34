import { describe, expect, it } from 'vitest'
import {
  agentCalls,
  aresAnswer,
  describeWorkedExamples,
  fakeAres,
  replayedSources,
} from '../../../test/agents/service-tests.ts'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import { legalAmlAgents } from './index.ts'

/** A two-company register: ČEZ, active, and a company dissolved in 2019. */
const REGISTER: Record<string, Record<string, unknown>> = {
  '45274649': {
    ico: '45274649',
    name: 'ČEZ, a. s.',
    established: '1992-05-06',
    dissolved: null,
    status: 'active',
    insolvency_flag: false,
  },
  '25596641': {
    ico: '25596641',
    name: 'Zaniklá s.r.o.',
    established: '2001-03-01',
    dissolved: '2019-12-31',
    status: 'dissolved',
    insolvency_flag: false,
  },
}
const ares = fakeAres((ico) => aresAnswer(ico, REGISTER[ico] ?? null))
const sources = replayedSources([...legalAmlAgents, ares])
const { run, rejection } = agentCalls('legal-aml', NOW, () => sources.online)

const expected: Record<string, Record<string, Record<string, unknown>>> = {
  aml_compliance: {
    'A 50 000 CZK payment by a Czech client: identification only': {
      decision: 'proceed',
      // 50 000 CZK at the replayed ČNB rate of 24.300 CZK/EUR
      amount_eur: 2057.61,
      identification_required: true,
      due_diligence: 'none',
      cash_limit_exceeded: false,
      partial: false,
    },
    'New client paying 400 000 CZK in cash: CDD and the cash limit breached': {
      decision: 'enhanced_review',
      amount_eur: 16460.91,
      due_diligence: 'standard',
      cash_limit_exceeded: true,
      report_to_fau: false,
    },
    'Client from a high-risk country named on a sanctions list: stop and report': {
      decision: 'stop_and_report',
      amount_czk: 486_000,
      due_diligence: 'enhanced',
      report_to_fau: true,
      report_deadline: '2026-11-25',
      sanctions: { status: 'match' },
    },
  },
  pep_screening: {
    'A sitting member of parliament': {
      is_pep: true,
      basis: 'own_function',
      functions: [
        { category: 'member of parliament or a similar legislative body', pep_until: null, counts: true },
      ],
    },
    'Spouse of an ambassador who left office 8 months ago: still covered': {
      is_pep: true,
      basis: 'family_member',
      functions: [{ pep_until: '2025-10-01', counts: true }],
    },
    'A former deputy minister more than 12 months out of office, and a software developer: not a PEP': {
      is_pep: false,
      basis: 'none',
      functions: [
        { pep_until: '2023-12-31', counts: false },
        { category: null, counts: false, status: 'not_public' },
      ],
    },
    'A mayor (starosta obce): a leading representative of territorial self-government': {
      is_pep: true,
      functions: [
        {
          category: 'leading representative of territorial self-government (starosta, primátor, hejtman)',
          status: 'pep',
        },
      ],
    },
    'A clerk of a municipal building office: in the public sphere, not named by the statute: reviewed': {
      is_pep: false,
      review_required: true,
      verdict: 'review',
      functions: [{ category: null, status: 'review' }],
    },
  },
  sanctions_screening: {
    'A person on the Czech 210/2008 list, with her birth date': {
      screening: 'match',
      verdict: 'adverse',
      sanctions: {
        level: 'CRITICAL',
        binding: true,
        hits: [
          { list: 'ofac_sdn', list_id: '7179', score: 1 },
          { list: 'cz_210_2008', list_id: 'NV210-01', matched_name: 'Itziar Alberdi Uranga', score: 1 },
        ],
      },
    },
    'An ordinary Czech name: clear': {
      screening: 'clear',
      verdict: 'clear',
      obligations: [],
      partial: false,
    },
    'A Czech company on the OFAC list only, by IČO: a possible match, no freezing duty': {
      screening: 'possible_match',
      verdict: 'review',
      sanctions: {
        level: 'CRITICAL',
        foreign_only: true,
        binding: false,
        hits: [{ list: 'ofac_sdn', list_id: '40863', matched_name: 'UMATEX GROUP EUROPE S.R.O.' }],
      },
    },
    'Nicolas Maduro by name only: an OFAC-only, name-only hit is reviewed, not frozen': {
      screening: 'possible_match',
      verdict: 'review',
      sanctions: {
        level: 'MEDIUM',
        score: 40,
        foreign_only: true,
        hits: [
          { list: 'ofac_sdn', matched_name: 'Nicolas MADURO MOROS', score: 0.951 },
          { list: 'ofac_sdn', matched_name: 'Nicolas Ernesto MADURO GUERRA' },
        ],
      },
    },
  },
  ubo_verification: {
    'Two owners 60/40 matching the register extract': {
      verified: true,
      company: { name: 'ČEZ, a. s.', active: true },
      discrepancies: [],
      owners: [
        { name: 'Jan Novák', qualifies: true, in_esm: true, sanctions: 'clear' },
        { name: 'Eva Malá', qualifies: true, in_esm: true, sanctions: 'clear' },
      ],
    },
    'A 30 % owner missing from the register extract: discrepancy to report': {
      verified: false,
      discrepancies: ['Petr Svoboda (30 % of capital) is not in the register extract'],
    },
  },
  suspicious_activity_rules: {
    'Salary account with ordinary payments: nothing to report': {
      score: 0,
      report_required: false,
      str_draft: null,
    },
    'Pass-through of 1.2 M CZK to a high-risk country and cash split below 10 000 EUR: report': {
      score: 140,
      report_required: true,
      report_deadline: '2026-11-25',
      indicators: [
        { transactions: ['w1', 'w2'], points: 40 },
        { transactions: ['c1', 'c2', 'c3'], points: 40 },
        { detail: 'IR', transactions: ['w2'] },
        { detail: '2026-11: 1 905 500 CZK in against 80 000 CZK declared' },
      ],
    },
  },
}

describeWorkedExamples('legal-aml agents: worked examples', {
  agents: legalAmlAgents,
  names: [
    'aml_compliance',
    'pep_screening',
    'sanctions_screening',
    'suspicious_activity_rules',
    'ubo_verification',
  ],
  catalogueTest: 'has the five agents, each with at least two examples',
  expected,
  run,
})

describe('legal-aml agents: sources, rules and bad input', () => {
  it('fails closed when the ČNB rate is unavailable: identification and due diligence apply, and it says why', async () => {
    const down = testDispatcher(legalAmlAgents, replayDeps('http://127.0.0.1:9'))
    const out = await run(
      'aml_compliance',
      { amount: 50_000, country: 'CZ', pep: false, name: 'Jana Nováková', transaction_date: '2026-11-20' },
      down,
    )
    expect(out).toMatchObject({
      decision: 'proceed_with_cdd',
      amount_eur: null,
      identification_required: true,
      due_diligence: 'standard',
      partial: true,
      sources: [
        { name: 'cnb', status: 'failed' },
        { name: 'sanctions_lists', status: 'ok' },
      ],
    })
    expect(out.obligations).toContain(
      'the ČNB rate was unavailable: the identification and due-diligence duties are applied until the amount is shown in EUR to be below their thresholds',
    )
  })

  it('reviews instead of proceeding when the client’s country or PEP status is not given: § 9a cannot be decided', async () => {
    const out = await run('aml_compliance', { amount: 50_000, transaction_date: '2026-11-20' })
    expect(out).toMatchObject({ decision: 'enhanced_review', verdict: 'review', due_diligence: 'none' })
    expect(out.obligations).toEqual(
      expect.arrayContaining([
        'the client’s country of residence or seat is not given (country): whether it is an EU high-risk third country, and so whether enhanced due diligence applies (§ 9a), cannot be told; give it',
        'whether the client or its beneficial owner is a politically exposed person is not given (pep): whether enhanced due diligence applies (§ 9a) cannot be told; give pep (true or false)',
      ]),
    )
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['cz-253-2008-s9a', 'eu-2016-1675'],
        outcome: 'not given: country, pep; to be reviewed',
      }),
    )
    const onlyPep = await run('aml_compliance', {
      amount: 50_000,
      country: 'CZ',
      transaction_date: '2026-11-20',
    })
    expect(onlyPep.decision).toBe('enhanced_review')
    expect(onlyPep.obligations.join(' ')).not.toContain('(country)')
    const both = await run('aml_compliance', {
      amount: 50_000,
      country: 'CZ',
      pep: false,
      name: 'Jana Nováková',
      transaction_date: '2026-11-20',
    })
    expect(both).toMatchObject({ decision: 'proceed', verdict: 'clear' })
  })

  it('says sanctions were not screened, and reviews, when the client’s name is not given', async () => {
    const out = await run('aml_compliance', {
      amount: 50_000,
      country: 'CZ',
      pep: false,
      transaction_date: '2026-11-20',
    })
    expect(out).toMatchObject({ decision: 'enhanced_review', verdict: 'review' })
    expect(out.sanctions.status).toBe('not_checked')
    expect(out.obligations).toContain(
      'the client’s name is not given (name): the client was not screened against the sanctions lists; give the name (and for a person the birth date) so they can be',
    )
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['cz-69-2006', 'cz-1-2023', 'eu-269-2014', 'eu-2580-2001', 'method-sanctions-match'],
        outcome: 'not screened: name not given; to be reviewed',
      }),
    )
    const named = await run('aml_compliance', {
      amount: 50_000,
      country: 'CZ',
      pep: false,
      name: 'Jana Nováková',
      transaction_date: '2026-11-20',
    })
    expect(named).toMatchObject({ decision: 'proceed', verdict: 'clear', sanctions: { status: 'clear' } })
  })

  it('does not proceed on a name it could not screen when the sanctions lists cannot be loaded', async () => {
    const noLists = testDispatcher(
      legalAmlAgents,
      replayDeps(sources.replay.url, { SANCTIONS_PATHS: '/nonexistent/lists' }),
    )
    const out = await run(
      'aml_compliance',
      { amount: 1_000, name: 'Jan Novák', transaction_date: '2026-11-20' },
      noLists,
    )
    expect(out.decision).toBe('enhanced_review')
    expect(out.sanctions.status).toBe('not_checked')
    expect(out.obligations).toContain(
      'screen the client against the sanctions lists before proceeding (the lists could not be searched)',
    )
  })

  it("sends a lawyer's or notary's suspicious-transaction report through their chamber (§ 26–27)", async () => {
    const out = await run('aml_compliance', {
      amount: 1_000,
      suspicious: true,
      obliged_person: 'lawyer_notary',
      transaction_date: '2026-11-20',
    })
    expect(out).toMatchObject({
      decision: 'stop_and_report',
      report_to_fau: true,
      report_recipient: 'Česká advokátní komora (advokát) or Notářská komora ČR (notář)',
    })
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({ basis: ['cz-253-2008-s26'], source: 'zákon 253/2008 Sb., § 26–27' }),
    )
  })

  it('dates each AML Act threshold from the day it took effect, not from the data on file', async () => {
    const out = await run('aml_compliance', { amount: 50_000, transaction_date: '2026-11-20' })
    const since = (source: string) =>
      out.rules_applied.find((r: { source?: string }) => r.source === source)?.since
    expect(since('zákon 253/2008 Sb., § 7')).toBe('2008-09-01')
    expect(since('zákon 253/2008 Sb., § 9')).toBe('2008-09-01')
  })

  it("sends any other obliged person's report to FAÚ", async () => {
    const out = await run('aml_compliance', {
      amount: 1_000,
      suspicious: true,
      transaction_date: '2026-11-20',
    })
    expect(out.report_recipient).toBe('Finanční analytický úřad (FAÚ)')
  })

  it('still requires identification for a new relationship when the rate is unavailable', async () => {
    const down = testDispatcher(legalAmlAgents, replayDeps('http://127.0.0.1:9'))
    const out = await run(
      'aml_compliance',
      { amount: 50_000, new_relationship: true, transaction_date: '2026-11-20' },
      down,
    )
    expect(out).toMatchObject({ identification_required: true, due_diligence: 'standard', partial: true })
  })

  it('says the sanctions check was not made when the lists cannot be loaded', async () => {
    const noLists = testDispatcher(
      legalAmlAgents,
      replayDeps(sources.replay.url, { SANCTIONS_PATHS: '/nonexistent/lists' }),
    )
    const out = await run('sanctions_screening', { name: 'Jan Novák', type: 'person' }, noLists)
    expect(out).toMatchObject({
      screening: 'not_checked',
      verdict: 'incomplete',
      partial: true,
      sources: [{ name: 'sanctions_lists', status: 'failed' }],
    })
  })

  it('rejects an unknown country name', async () => {
    const error = await rejection('aml_compliance', { amount: 10, country: 'Atlantis' })
    expect(error.details).toEqual({
      field: 'country',
      rule: 'must be an ISO 3166 country code or an English country name',
    })
  })

  it('refuses a name with no letters, which no list can be matched against, instead of screening it clear', async () => {
    for (const [name, type] of [
      ['--', 'person'],
      ['12345', 'company'],
    ] as const) {
      const error = await rejection('sanctions_screening', { name, type })
      expect(error.details).toEqual({
        field: 'name',
        rule: 'must contain letters: a name with none cannot be matched against the sanctions lists',
      })
    }
  })

  it('reviews a person from an EU high-risk third country whom no list names: the verdict follows the MEDIUM level, not clear', async () => {
    const out = await run('sanctions_screening', {
      name: 'Jana Nováková',
      type: 'person',
      birth_date: '1995-03-21',
      nationality: 'IR',
    })
    expect(out).toMatchObject({
      screening: 'clear',
      verdict: 'review',
      sanctions: {
        level: 'MEDIUM',
        score: 40,
        level_reason:
          'MEDIUM (score 40): high_risk_country: IR on the EU list of high-risk third countries (enhanced due diligence).',
      },
    })
    expect(out.obligations).toEqual([
      'no list names the subject, but the AML service rates it MEDIUM (sanctions.level_reason): MEDIUM (score 40): high_risk_country: IR on the EU list of high-risk third countries (enhanced due diligence). — a person reviews it before any transaction; a client from an EU high-risk third country needs enhanced due diligence (zákon 253/2008 Sb., § 9a)',
    ])
  })

  it('leaves a company screening incomplete when the AML service could not complete its level, not clear', async () => {
    const down = testDispatcher(legalAmlAgents, replayDeps('http://127.0.0.1:9'))
    const out = await run(
      'sanctions_screening',
      { name: 'Vltavská obchodní s.r.o.', type: 'company', ico: '24681351' },
      down,
    )
    expect(out).toMatchObject({
      screening: 'clear',
      verdict: 'incomplete',
      sanctions: { level: 'INCOMPLETE' },
    })
    expect(out.sanctions.level_reason).toMatch(/^INCOMPLETE: not screened: registry .*insolvency/)
  })

  it('refuses a placeholder for a name (N/A, unknown, neznámý, xxx, test), which names nobody, instead of screening it clear', async () => {
    for (const [name, type] of [
      ['N/A', 'person'],
      ['n/a', 'company'],
      ['unknown', 'person'],
      ['Neznámý', 'person'],
      ['XXX', 'company'],
      ['test', 'person'],
      [' Test ', 'company'],
    ] as const) {
      const error = await rejection('sanctions_screening', { name, type })
      expect(error.details).toEqual({
        field: 'name',
        rule: 'is a placeholder (N/A, unknown, neznámý, xxx, test …), not a name: give the full name of the person or the company as on the identity document or in the register',
      })
    }
  })

  it('still screens a real name that contains a placeholder word, or a short surname', async () => {
    for (const name of ['Jan Test', 'Na Li']) {
      const out = await run('sanctions_screening', { name, type: 'person' })
      expect(out.screening).toBe('clear')
    }
  })

  it('rejects an IČO with a bad checksum for sanctions screening', async () => {
    const error = await rejection('sanctions_screening', {
      name: 'X s.r.o.',
      type: 'company',
      ico: '05556122',
    })
    expect(error.details).toMatchObject({ field: 'ico' })
  })

  it('rejects ownership shares above 100 %', async () => {
    const error = await rejection('ubo_verification', {
      ico: '45274649',
      declared_owners: [
        { name: 'A B', ownership_pct: 70 },
        { name: 'C D', ownership_pct: 40 },
      ],
      screen_sanctions: false,
    })
    expect(error.details).toEqual({
      field: 'declared_owners',
      rule: 'ownership shares add up to 110 %, more than 100 %',
    })
  })

  it('flags a dissolved company and a sanctioned owner in UBO verification', async () => {
    const out = await run('ubo_verification', {
      ico: '25596641',
      declared_owners: [{ name: 'Itziar Alberdi Uranga', birth_date: '1963-10-07', ownership_pct: 100 }],
      esm_owners: ['Itziar Alberdi Uranga'],
    })
    expect(out.verified).toBe(false)
    expect(out.discrepancies).toEqual([
      'the company is dissolved in ARES',
      'Itziar Alberdi Uranga: sanctions match (ofac_sdn 7179)',
    ])
  })

  it('before 2022-10-01 leaves a 30 % owner missing from the extract to a person, not a discrepancy', async () => {
    const out = await run('ubo_verification', {
      ico: '45274649',
      declared_owners: [
        { name: 'Jan Novák', ownership_pct: 70 },
        { name: 'Petr Svoboda', ownership_pct: 30 },
      ],
      esm_owners: ['Jan Novák'],
      as_of: '2021-05-31',
    })
    expect(out).toMatchObject({ verified: false, discrepancies: [] })
    expect(out.owners.map((o) => o.qualifies)).toEqual([null, null])
    expect(out.review_reasons).toEqual([
      expect.stringContaining('zákon 253/2008 Sb., § 4 odst. 4'),
      'Petr Svoboda (30 % of capital) is not in the register extract',
    ])
  })

  it('leaves an owner declared without any share, vote or control to a person, and names no statutory body', async () => {
    const out = await run('ubo_verification', {
      ico: '45274649',
      declared_owners: [{ name: 'Jan Novák' }],
      esm_owners: ['Jan Novák'],
      as_of: '2026-11-20',
    })
    expect(out).toMatchObject({ verified: false, verdict: 'review', discrepancies: [] })
    expect(out.owners).toMatchObject([
      { name: 'Jan Novák', qualifies: null, basis: 'no share, vote or control given' },
    ])
    expect(out.review_reasons).toEqual([
      'Jan Novák: no share, vote or control given — to be assessed by a person',
    ])
    expect(out.rules_applied.map((r) => r.outcome)).not.toContain('declare the statutory body members')
    expect(out.rules_applied.map((r) => r.outcome)).toContain('0 of 1 qualify, to be assessed by a person: 1')
  })

  it('reviews a function written in letters neither Czech nor English uses, naming it, instead of reading it as not public', async () => {
    const out = await run('pep_screening', {
      name: 'Hans Müller',
      positions: [{ function: 'Bundestagsabgeordneter für Düsseldorf' }],
    })
    expect(out).toMatchObject({ is_pep: false, review_required: true, verdict: 'review' })
    expect(out.functions).toMatchObject([{ status: 'review', category: null, counts: false }])
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: ['policy-pep-review', 'cz-253-2008-s4-5', 'eu-2015-849-pep'],
        outcome:
          '"Bundestagsabgeordneter für Düsseldorf": written in letters Czech and English do not use (ü), so it cannot be read against § 4 odst. 5; give the function in Czech or English',
      }),
    )
    const cyrillic = await run('pep_screening', {
      name: 'Ivan Petrov',
      positions: [{ function: 'депутат Госдумы' }],
    })
    expect(cyrillic).toMatchObject({ review_required: true, verdict: 'review' })
    const none = await run('pep_screening', {
      name: 'Eva Malá',
      positions: [{ function: 'vývojářka software' }],
    })
    expect(none).toMatchObject({ review_required: false, verdict: 'clear' })
  })

  it('asks who the office holder is when the client is a relative', async () => {
    const error = await rejection('pep_screening', { name: 'A B', relation: 'child', positions: [] })
    expect(error.details).toEqual({ field: 'related_pep_name', rule: 'required when relation is child' })
  })

  it('does not read a missing ČNB rate as nothing to report: inconclusive, with what to review', async () => {
    const down = testDispatcher(legalAmlAgents, replayDeps('http://127.0.0.1:9'))
    const out = await run(
      'suspicious_activity_rules',
      {
        customer: { name: 'X Y', type: 'person', declared_monthly_income: 40_000 },
        transactions: [
          { id: 'a', date: '2026-11-20', amount: 1000, direction: 'in', counterparty_country: 'CZ' },
        ],
      },
      down,
    )
    expect(out).toMatchObject({
      report_required: false,
      conclusive: false,
      unevaluated: ['amount indicators for a: not converted at the ČNB rate (rate unavailable)'],
      partial: true,
    })
  })

  it('answers a transaction older than the AML thresholds it is judged by with 422 naming the first date covered', async () => {
    const error = await rejection('suspicious_activity_rules', {
      customer: { name: 'X Y', type: 'person' },
      transactions: [{ id: 'a', date: '1980-05-01', amount: 1000, direction: 'in' }],
      screen_parties: false,
    })
    expect(error.code).toBe('unprocessable')
    expect(error.details).toMatchObject({
      reference: 'aml-act-thresholds',
      date: '1980-05-01',
      rule: 'on or after 2013-01-01',
    })
  })

  it('names an indicator that did not run — no counterparty country, no declared income — and is not clear on it', async () => {
    const out = await run('suspicious_activity_rules', {
      customer: { name: 'X Y', type: 'person' },
      transactions: [
        { id: 'a', date: '2026-11-20', amount: 1000, direction: 'in', counterparty: 'ACME s.r.o.' },
        { id: 'b', date: '2026-11-20', amount: 500, direction: 'in', cash: true },
      ],
    })
    expect(out).toMatchObject({ report_required: false, conclusive: false, verdict: 'incomplete' })
    expect(out.unevaluated).toEqual([
      'high-risk country indicator for a: the counterparty country is not given (counterparty_country); give it',
      'turnover-against-income indicator: the declared monthly income is not given (customer.declared_monthly_income); give it',
    ])
    const given = await run('suspicious_activity_rules', {
      customer: { name: 'X Y', type: 'person', declared_monthly_income: 40_000 },
      transactions: [
        {
          id: 'a',
          date: '2026-11-20',
          amount: 1000,
          direction: 'in',
          counterparty: 'ACME s.r.o.',
          counterparty_country: 'CZ',
        },
        { id: 'b', date: '2026-11-20', amount: 500, direction: 'in', cash: true },
      ],
    })
    expect(given).toMatchObject({ conclusive: true, unevaluated: [] })
  })

  it('says screening was skipped at the caller’s request and is not clear on it', async () => {
    const facts = {
      customer: { name: 'Jana Nováková', type: 'person', declared_monthly_income: 52_000 },
      transactions: [
        {
          id: 't1',
          date: '2026-11-02',
          amount: 52_000,
          direction: 'in',
          counterparty: 'ACME s.r.o.',
          counterparty_country: 'CZ',
        },
      ],
    }
    const skipped = await run('suspicious_activity_rules', { ...facts, screen_parties: false })
    expect(skipped).toMatchObject({ conclusive: false, verdict: 'incomplete', report_required: false })
    expect(skipped.unevaluated).toEqual([
      'sanctions screening of the client and counterparties: skipped at the caller’s request (screen_parties: false)',
    ])
    expect(skipped.sources).toContainEqual({
      name: 'sanctions_lists',
      status: 'skipped',
      error: 'screen_parties is false',
    })
    const screened = await run('suspicious_activity_rules', facts)
    expect(screened).toMatchObject({ conclusive: true, verdict: 'clear' })

    const ubo = {
      ico: '45274649',
      declared_owners: [{ name: 'Jan Novák', birth_date: '1975-01-01', ownership_pct: 100 }],
      esm_owners: ['Novák Jan'],
    }
    const uboSkipped = await run('ubo_verification', { ...ubo, screen_sanctions: false })
    expect(uboSkipped).toMatchObject({ verified: false, verdict: 'review' })
    expect(uboSkipped.review_reasons).toContain(
      'the owners were not screened against the sanctions lists: screening skipped at the caller’s request (screen_sanctions: false)',
    )
    expect(await run('ubo_verification', ubo)).toMatchObject({ verified: true, verdict: 'clear' })
  })

  it('reports a refused identification on its own (a strong indicator), the draft in Czech by default', async () => {
    const out = await run('suspicious_activity_rules', {
      customer: { name: 'X Y', type: 'person' },
      transactions: [{ id: 'a', date: '2026-11-20', amount: 1000, direction: 'in' }],
      refuses_identification: true,
      screen_parties: false,
      lang: 'cs',
    })
    expect(out).toMatchObject({ score: 60, report_required: true })
    expect(out.str_draft).toContain('Klient nesmí být o oznámení informován (§ 38).')
  })
})
