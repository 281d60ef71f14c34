import { describe, expect, it } from 'vitest'
import { testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import {
  agentCalls,
  aresAnswer,
  aresOutage,
  describeWorkedExamples,
  fakeAgent,
  fakeAres,
} from '../../../test/agents/service-tests.ts'
import { complianceAgents as agents } from './index.ts'

const NOW = new Date('2025-06-01T10:00:00Z')
const deps = testDeps()
/** ISIR as data/insolvency_check reports a person without proceedings. */
const noInsolvency = fakeAgent('data', 'insolvency_check', () => ({
  subject: 'person',
  in_insolvency: false,
  proceedings: [],
  sources: [{ name: 'isir', status: 'ok' }],
}))
const complianceAgents = [...agents, noInsolvency]

const CEZ = {
  ico: '45274649',
  name: 'ČEZ, a. s.',
  legal_form_code: '121',
  legal_form: 'Akciová společnost',
  address: 'Duhová 1444/2, Michle, 14000 Praha 4',
  country: 'CZ',
  vat_id: 'CZ45274649',
  established: '1992-05-06',
  dissolved: null,
  status: 'active',
  registrations: { vr: 'AKTIVNI', dph: 'AKTIVNI', ir: 'NEEXISTUJICI' },
  insolvency_flag: false,
  updated: '2025-05-30',
}
const dispatcher = testDispatcher(
  [...complianceAgents, fakeAres((ico) => aresAnswer(ico, ico === CEZ.ico ? CEZ : null))],
  deps,
)
const down = testDispatcher(
  [...complianceAgents, aresOutage('upstream_timeout', 'ares: timed out after 8000 ms')],
  deps,
)
const { run, rejection } = agentCalls('compliance', NOW, dispatcher)

const expected: Record<string, Record<string, Record<string, unknown>>> = {
  kyc: {
    'Czech citizen with all identification data and a valid ID card': {
      status: 'complete',
      missing: [],
      verified: ['birth_number checksum', 'document valid'],
      recommendation: 'proceed',
      screening: { sanctions: 'clear', pep: 'not_configured', hits: [] },
      insolvency: { active: false, proceedings: 0 },
      partial: false,
    },
    'Company without statutory body data, checked offline': {
      status: 'incomplete',
      missing: ['statutory_body'],
      verified: ['ico checksum', 'dic checksum'],
      recommendation: 'review',
      sources: [
        { name: 'data/ares_lookup', status: 'skipped', error: 'check_registry is false' },
        { name: 'sanctions_lists', status: 'skipped', error: 'check_registry is false' },
      ],
    },
  },
  cdd_risk_scoring: {
    'Czech resident opening a current account in a branch: low risk': {
      score: 5,
      level: 'low',
      cdd_measure: 'simplified',
      review_years: 3,
    },
    'Company with a Kenyan owner after 5 August 2025: enhanced due diligence': {
      score: 110,
      cdd_measure: 'enhanced',
      mandatory_edd: ['high-risk third country (KE)'],
    },
    'Foreign PEP investing through a remote channel': {
      score: 85,
      level: 'high',
      mandatory_edd: ['politically exposed person'],
    },
  },
  document_validator: {
    'Passport in the ICAO 9303 specimen layout (TD3), valid until 2032': {
      status: 'valid',
      mrz_format: 'TD3',
      acceptable_for_kyc: true,
      mrz: {
        document_number: 'L898902C3',
        issuer: 'UTO',
        nationality: 'UTO',
        sex: 'F',
        birth_date: '1974-08-12',
        expiry_date: '2032-04-15',
      },
    },
    'Czech ID card expired last month: not acceptable': {
      status: 'expired',
      acceptable_for_kyc: false,
      days_to_expiry: -31,
      validity_years: 10,
    },
    'ID card in the ICAO 9303 specimen layout (TD1), read by its MRZ': { status: 'valid', mrz_format: 'TD1' },
  },
  record_retention: {
    'AML file of a relationship ended on 30 June 2015: may be destroyed after 30 June 2025': {
      keep_until: '2025-06-30',
      may_destroy: true,
    },
    'Invoice from March 2024 in the Q1 VAT period: keep until 31 March 2034': {
      keep_until: '2034-03-31',
      may_destroy: false,
    },
    'Financial statements for 2025 signed on 15 March 2026: kept 10 years from 31 December 2025': {
      counted_from: '2025-12-31',
      keep_until: '2035-12-31',
      may_destroy: false,
    },
    'Payroll sheet for 2020: kept 30 calendar years after the year': {
      keep_until: '2050-12-31',
      retention_years: 30,
    },
  },
  audit_report: {
    'A quiet working day: no findings': { total: 3, findings: [] },
    'Five denied logins in four minutes and a key created on a public holiday': {
      total: 6,
      findings: [
        {
          severity: 'high',
          finding: 'privileged action key.create on a public holiday (Den vítězství)',
          actor: 'admin',
        },
        { severity: 'high', finding: '5 failed or denied attempts within 10 minutes', actor: 'x-bot' },
      ],
    },
  },
}

describeWorkedExamples('compliance agents: worked examples', {
  agents,
  names: ['audit_report', 'cdd_risk_scoring', 'document_validator', 'kyc', 'record_retention'],
  catalogueTest: 'has the five agents, each with at least two examples',
  expected,
  run,
})

describe('kyc against the public register', () => {
  const company = {
    subject_type: 'company',
    name: 'ČEZ, a.s.',
    address: 'Duhová 1444/2, Praha 4',
    ico: '45274649',
    statutory_body: ['Daniel Beneš'],
  }

  it('verifies the name with ARES (legal-form spelling and diacritics aside)', async () => {
    const out = await run('kyc', company)
    expect(out).toMatchObject({
      status: 'complete',
      partial: false,
      sources: [
        { name: 'data/ares_lookup', status: 'ok' },
        { name: 'sanctions_lists', status: 'ok' },
      ],
    })
    expect(out.verified).toContain('name matches ARES')
    expect(out.verified).toContain('not on the sanctions lists')
  })

  it('reports a mismatch when ARES knows no such IČO', async () => {
    const out = await run('kyc', { ...company, ico: '27074358' })
    expect(out.status).toBe('mismatch')
    expect(out.findings).toEqual(['ARES has no subject with IČO 27074358'])
  })

  it('answers partially and incomplete, naming the failed source, when ARES is down', async () => {
    const out = await run('kyc', company, down)
    expect(out.partial).toBe(true)
    expect(out.status).toBe('incomplete')
    expect(out.findings).toContain(
      'not verified against ARES (ares: timed out after 8000 ms): verify before relying on the data',
    )
    expect(out.sources).toEqual([
      { name: 'data/ares_lookup', status: 'failed', error: 'ares: timed out after 8000 ms' },
      { name: 'sanctions_lists', status: 'ok' },
    ])
    expect(out.verified).not.toContain('name matches ARES')
  })

  it('reports the failure ares_lookup names when it could not ask ARES (found: null)', async () => {
    const unanswered = testDispatcher(
      [
        ...complianceAgents,
        fakeAres((ico) => ({
          ...aresAnswer(ico, null),
          found: null,
          partial: true,
          sources: [{ name: 'ares', status: 'failed', error: 'ares: answered 503' }],
        })),
      ],
      deps,
    )
    const out = await run('kyc', company, unanswered)
    expect(out.sources).toEqual([
      { name: 'data/ares_lookup', status: 'failed', error: 'ares: answered 503' },
      { name: 'sanctions_lists', status: 'ok' },
    ])
    expect(out.partial).toBe(true)
  })

  it('rejects an IČO with a bad checksum, naming the expected digit', async () => {
    const error = await rejection('kyc', { ...company, ico: '45274648' })
    expect(error.status).toBe(400)
    expect(error.details).toEqual({ field: 'ico', rule: 'checksum digit should be 9, not 8' })
  })

  it('rejects a birth date that contradicts the birth number', async () => {
    const error = await rejection('kyc', {
      subject_type: 'person',
      name: 'Jana Nováková',
      birth_number: '955321/0007',
      birth_date: '1995-03-22',
    })
    expect(error.details).toEqual({
      field: 'birth_date',
      rule: 'does not match the birth number (1995-03-21)',
    })
  })
})

describe('compliance agents: rules and bad input', () => {
  it('rejects an MRZ whose composite check digit is wrong', async () => {
    const error = await rejection('document_validator', {
      document_type: 'passport',
      number: 'L898902C3',
      issuing_country: 'DE',
      expiry_date: '2032-04-15',
      mrz: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F3204153ZE184226B<<<<<15'],
    })
    expect(error.details).toEqual({ field: 'mrz', rule: 'composite check digit should be 6, not 5' })
  })

  it('reviews a Czech ID card valid for longer than the law allows an adult’s, instead of passing it', async () => {
    const out = await run('document_validator', {
      document_type: 'id_card',
      number: '123456789',
      issuing_country: 'CZ',
      issue_date: '2020-01-10',
      expiry_date: '2040-01-10',
    })
    expect(out).toMatchObject({
      status: 'valid',
      validity_years: 20,
      validity_within_law: false,
      verdict: 'review',
    })
    expect(out.warnings).toContain('validity longer than the 10 years the law sets for adults')
    const normal = await run('document_validator', {
      document_type: 'id_card',
      number: '123456789',
      issuing_country: 'CZ',
      issue_date: '2020-01-10',
      expiry_date: '2030-01-10',
    })
    expect(normal).toMatchObject({ validity_within_law: true, verdict: 'clear' })
  })

  it('rejects a Czech ID card number that is not 9 digits', async () => {
    const error = await rejection('document_validator', {
      document_type: 'id_card',
      number: '12345',
      issuing_country: 'CZ',
      expiry_date: '2030-01-01',
    })
    expect(error.details).toMatchObject({ field: 'number' })
  })

  it('uses the EU high-risk list in force on the day: Kenya before 5 August 2025 is a plain third country', async () => {
    const out = await run('cdd_risk_scoring', {
      customer_type: 'person',
      countries: ['KE'],
      product: 'current_account',
      channel: 'face_to_face',
      as_of: '2025-08-04',
    })
    expect(out.mandatory_edd).toEqual([])
    expect(out.factors[0]).toEqual({ factor: 'third country outside the EU/EEA: KE', points: 15 })
  })

  it('reviews a low score when pep is not given: whether § 9a forces enhanced due diligence is unknown', async () => {
    const input = {
      customer_type: 'person',
      countries: ['CZ'],
      product: 'current_account',
      channel: 'face_to_face',
    }
    const out = await run('cdd_risk_scoring', input)
    expect(out).toMatchObject({ score: 5, level: 'low', verdict: 'review' })
    expect(out.undecided).toEqual([
      'whether the client or its beneficial owner is a politically exposed person is not given (pep): a PEP needs enhanced due diligence whatever the score (§ 9a); give pep (true or false)',
    ])
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({ basis: ['cz-253-2008-s9a'], outcome: 'not given' }),
    )
    const declared = await run('cdd_risk_scoring', { ...input, pep: false })
    expect(declared).toMatchObject({ level: 'low', verdict: 'clear', undecided: [] })
  })

  it('refuses a NACE code whose division CZ-NACE does not have, instead of scoring it as a low-risk sector', async () => {
    const error = await rejection('cdd_risk_scoring', {
      customer_type: 'company',
      countries: ['CZ'],
      pep: false,
      product: 'current_account',
      channel: 'face_to_face',
      nace: '04.10',
    })
    expect(error.details).toEqual({
      field: 'nace',
      rule: 'division 04 is not a CZ-NACE division (ČSÚ, CZ-NACE Rev. 2): the sector cannot be judged',
    })
  })

  it('counts a NACE class under its high-risk division', async () => {
    const out = await run('cdd_risk_scoring', {
      customer_type: 'company',
      countries: ['CZ'],
      product: 'current_account',
      channel: 'face_to_face',
      nace: '92.00',
    })
    expect(out.factors.map((f) => f.factor)).toContain('sector 92.00 (gambling and betting)')
  })

  it('keeps accounting documents 5 years from the end of the period', async () => {
    const out = await run('record_retention', {
      record_type: 'accounting_documents',
      event_date: '2019-04-02',
    })
    expect(out).toMatchObject({ counted_from: '2019-12-31', keep_until: '2024-12-31', may_destroy: true })
  })

  it('keeps financial statements 10 years from the end of the period they describe, signed after it', async () => {
    const out = await run('record_retention', {
      record_type: 'financial_statements',
      event_date: '2026-03-15',
      period_end: '2025-12-31',
    })
    expect(out).toMatchObject({ counted_from: '2025-12-31', keep_until: '2035-12-31' })
    const error = await rejection('record_retention', {
      record_type: 'financial_statements',
      event_date: '2025-03-15',
      period_end: '2025-12-31',
    })
    expect(error.details).toMatchObject({ field: 'period_end' })
  })

  it('keeps a VAT document 10 years from the end of its tax period (a month unless a quarter is chosen), not the year', async () => {
    const monthly = await run('record_retention', { record_type: 'vat_documents', event_date: '2024-02-12' })
    expect(monthly).toMatchObject({ counted_from: '2024-02-29', keep_until: '2034-02-28' })
    expect(monthly.assumptions).toContainEqual(
      expect.objectContaining({ field: 'tax_period', value: 'month' }),
    )
    const quarterly = await run('record_retention', {
      record_type: 'vat_documents',
      event_date: '2024-02-12',
      tax_period: 'quarter',
    })
    expect(quarterly).toMatchObject({ counted_from: '2024-03-31', keep_until: '2034-03-31' })
  })

  it('reviews a VAT document it would let be destroyed by the monthly tax period assumed, naming tax_period, while a quarterly one must still be kept', async () => {
    const invoice = { record_type: 'vat_documents', event_date: '2014-01-15', as_of: '2024-02-15' } as const
    // A month: kept until 2024-01-31; a quarter: until 2024-03-31.
    const out = await run('record_retention', invoice)
    expect(out).toMatchObject({ keep_until: '2024-01-31', may_destroy: true, verdict: 'review' })
    expect(out.not_given).toEqual([
      'tax_period: as a monthly payer’s the invoice may be destroyed, as a quarterly payer’s it is kept until 2024-03-31 — say whether the payer’s VAT tax period is month or quarter',
    ])
    const monthly = await run('record_retention', { ...invoice, tax_period: 'month' })
    expect(monthly).toMatchObject({ may_destroy: true, verdict: 'informational', not_given: [] })
    // Past the quarter's end too: the answer does not turn on it.
    const later = await run('record_retention', { ...invoice, as_of: '2024-04-01' })
    expect(later).toMatchObject({ may_destroy: true, verdict: 'informational', not_given: [] })
  })

  it('reviews an accounting document it would let be destroyed by the calendar year assumed, naming period_end, while a business year may still keep it', async () => {
    const doc = {
      record_type: 'accounting_documents',
      event_date: '2019-04-02',
      as_of: '2025-02-01',
    } as const
    // The calendar year: kept until 2024-12-31; a business year from April: until 2025-03-31.
    const out = await run('record_retention', doc)
    expect(out).toMatchObject({ keep_until: '2024-12-31', may_destroy: true, verdict: 'review' })
    expect(out.not_given).toEqual([
      'period_end: by the calendar year the document may be destroyed, but the accounting period it falls in may end as late as 2020-03-31 (a business year), keeping it until 2025-03-31 — give period_end, the last day of that accounting period',
    ])
    const given = await run('record_retention', { ...doc, period_end: '2019-12-31' })
    expect(given).toMatchObject({ may_destroy: true, verdict: 'informational', not_given: [] })
    const later = await run('record_retention', { ...doc, as_of: '2025-04-01' })
    expect(later).toMatchObject({ may_destroy: true, verdict: 'informational', not_given: [] })
  })

  it('dates each retention rule from the day its law took effect', async () => {
    const since = async (record_type: string) =>
      (await run('record_retention', { record_type, event_date: '2024-03-12', as_of: '2025-01-01' }))
        .rules_applied[0]?.since
    // zákon 563/1991 Sb. o účetnictví: 1992-01-01; zákon 235/2004 Sb. o DPH: 2004-05-01;
    // zákon 253/2008 Sb. § 16 as worded by zákon 368/2016 Sb.: 2017-01-01.
    expect(await since('financial_statements')).toBe('1992-01-01')
    expect(await since('accounting_documents')).toBe('1992-01-01')
    expect(await since('vat_documents')).toBe('2004-05-01')
    expect(await since('aml_identification')).toBe('2017-01-01')
  })

  it('counts Good Friday as a day off from 2016 in the audit review', async () => {
    const out = await run('audit_report', {
      events: [
        { timestamp: '2025-04-18T09:00:00Z', actor: 'jana', action: 'report.view', outcome: 'success' },
      ],
    })
    expect(out.findings).toEqual([
      {
        severity: 'medium',
        finding: 'report.view on a public holiday (Velký pátek)',
        actor: 'jana',
        at: '2025-04-18T09:00:00Z',
      },
    ])
  })
})
