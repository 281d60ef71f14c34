import { describe, expect, it } from 'vitest'
import { d, ex, expectComposed, outputOf, step } from '../../../test/agents/flows.ts'
import { failure, run, testDispatcher } from '../../../test/agents/harness.ts'
import { fakeAgent } from '../../../test/agents/service-tests.ts'
import { startReplay } from '../../../test/sources/replay.ts'
import { replayDeps, SOURCE_ROUTES } from '../../../test/sources/routes.ts'
import { UpstreamError } from '../../kit/http.ts'
import { agents, type ResultNamed } from '../index.ts'

describe('loan_application_flow', () => {
  it('approves a young buyer at 80 % LTV on the ČNB limits, checks the address, and declines on the unknown applicant history (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'loan_application_flow', ex('loan_application_flow', 0))
    expect(out.plan).toEqual([
      ['loan', 'affordability', 'schedule', 'credit', 'stress', 'investment', 'aml', 'address'],
    ])
    expect(outputOf(out, 'loan', 'loan_assessment').decision).toBe('approve')
    expect(step(out, 'affordability').status).toBe('ok')
    expect(outputOf(out, 'schedule', 'mortgage_calculator').monthly_payment).toBe(25445.72)
    // Employment, its length and missed payments are not given: each scores as its worst answer.
    expect(outputOf(out, 'credit', 'credit_risk')).toMatchObject({
      score: 260,
      grade: 'E',
      recommendation: 'decline',
      not_scored: ['employment', 'employment_years', 'delinquencies_12m'],
    })
    expect(step(out, 'investment')).toMatchObject({
      status: 'skipped',
      reason: 'needs residential_properties_owned, to_let',
      not_applicable: true,
    })
    // The request says neither the applicant's country nor whether they are a PEP: § 9a is undecided.
    expect(outputOf(out, 'aml', 'aml_compliance')).toMatchObject({
      decision: 'enhanced_review',
      identification_required: true,
      due_diligence: 'standard',
    })
    expect(outputOf(out, 'aml', 'aml_compliance').obligations.join(' ')).toMatch(/\(country\).*\(pep\)/)
    expect(outputOf(out, 'address', 'address_normalizer')).toMatchObject({
      psc: '100 00',
      municipality: 'Praha',
    })
    // Offline, the AML step cannot convert to EUR at the ČNB rate: partial.
    expect(outputOf(out, 'aml', 'aml_compliance').sources).toContainEqual(
      expect.objectContaining({ name: 'cnb', status: 'failed' }),
    )
    expect(out.verdict).toBe('adverse')
  })

  it('declines the same application on the unknown applicant history once the ČNB rates answer (recorded responses)', async () => {
    const replay = await startReplay(SOURCE_ROUTES)
    try {
      const withRates = testDispatcher(agents, replayDeps(replay.url))
      const out = await run(
        withRates,
        'orchestrator',
        'loan_application_flow',
        ex('loan_application_flow', 0),
      )
      expect(outputOf(out, 'aml', 'aml_compliance')).toMatchObject({
        partial: false,
        identification_required: true,
      })
      expect(outputOf(out, 'aml', 'aml_compliance').amount_eur).toBeGreaterThan(15_000)
      // The scorecard declines an applicant whose history is unknown; the step that did not apply does not count.
      expect(out.verdict).toBe('adverse')
      expect(out.verdict_basis).toContainEqual({ source: 'risk/credit_risk', verdict: 'adverse' })
      expect(outputOf(out, 'credit', 'credit_risk')).toMatchObject({
        recommendation: 'decline',
        verdict: 'adverse',
      })
    } finally {
      await replay.close()
    }
  })

  it('declines an investment loan over the 70 % LTV limit, income given per year (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'loan_application_flow', ex('loan_application_flow', 1))
    const loan = outputOf(out, 'loan', 'loan_assessment')
    expect(loan).toMatchObject({ decision: 'decline', category: 'investment', ltv: 0.85 })
    expect(loan.limits.ltv).toBe(0.7)
    expect(outputOf(out, 'investment', 'investment_mortgage_check')).toMatchObject({
      investment: true,
      compliant: false,
      max_loan: 2_800_000,
    })
    expect(out.verdict).toBe('adverse')
  })

  it('needs monthly_income or income', async () => {
    const e = await failure(d, 'orchestrator', 'loan_application_flow', {
      amount: 1,
      property_value: 2,
      annual_rate_pct: 5,
      term_months: 120,
    })
    expect(e.details).toMatchObject({
      field: 'monthly_income',
      rule: 'required (or income, the net annual income)',
    })
  })
})

describe('property_purchase_flow', () => {
  it('runs the mortgage and insurance steps when their inputs are there (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'property_purchase_flow', ex('property_purchase_flow', 0))
    expect(outputOf(out, 'loan', 'loan_assessment')).toMatchObject({ decision: 'approve', ltv: 0.8 })
    expect(step(out, 'insurance').status).toBe('ok')
    expect(outputOf(out, 'insurance', 'premium_calculator').annual_premium).toBeGreaterThan(0)
    expectComposed(step(out, 'valuation'))
    expectComposed(step(out, 'due_diligence'))
  })

  it('skips the mortgage steps of a cash purchase and says why (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'property_purchase_flow', ex('property_purchase_flow', 1))
    expect(step(out, 'loan')).toMatchObject({
      status: 'skipped',
      reason: 'needs amount, monthly_income, annual_rate_pct, term_months',
      ms: 0,
    })
    expect(step(out, 'stress')).toMatchObject({ status: 'skipped', reason: 'needs amount' })
    expect(step(out, 'insurance')).toMatchObject({ status: 'skipped', reason: 'needs flood_zone' })
  })
})

describe('company_onboarding_flow', () => {
  it('checks the IČO and DIČ, then the company in a second wave (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'company_onboarding_flow', ex('company_onboarding_flow', 0))
    expect(out.plan).toEqual([
      ['ico', 'dic', 'address', 'contact'],
      ['ares', 'screening', 'risk', 'ubo', 'kyc', 'cdd'],
    ])
    expect(step(out, 'cdd')).toMatchObject({ status: 'ok', service: 'compliance', agent: 'cdd_risk_scoring' })
    expect(outputOf(out, 'ico', 'ico_validator')).toMatchObject({ ico: '27074358', valid: true })
    expect(outputOf(out, 'dic', 'dic_validator')).toMatchObject({ valid: true, ico: '27074358' })
    expect(outputOf(out, 'contact', 'contact_enrichment').person).toMatchObject({
      surname: 'Novák',
      titles_before: ['Ing.'],
    })
    expect(outputOf(out, 'contact', 'contact_enrichment').phone).toMatchObject({ type: 'mobile' })
    for (const id of ['ares', 'screening', 'risk', 'ubo', 'kyc']) expectComposed(step(out, id))
  })

  it('skips the company lookups when the IČO checksum fails (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'company_onboarding_flow', ex('company_onboarding_flow', 1))
    for (const id of ['ares', 'screening', 'risk', 'ubo', 'kyc', 'cdd'])
      expect(step(out, id)).toMatchObject({
        status: 'skipped',
        reason: 'IČO fails its checksum (checksum digit should be 8, not 7)',
      })
    expect(out.verdict).toBe('adverse')
    expect(out.verdict_basis).toEqual([{ source: 'data/ico_validator', verdict: 'adverse' }])
  })
})

describe('company_onboarding_flow with the company checks answering clear', () => {
  const clear = (service: Parameters<typeof fakeAgent>[0], name: string, fields: Record<string, unknown>) =>
    fakeAgent(service, name, () => ({ ...fields, verdict: 'clear', partial: false }))
  const stubbed = testDispatcher([
    ...agents.filter(
      (a) =>
        ![
          'ares_lookup',
          'company_screening',
          'company_risk',
          'kyc',
          'cdd_risk_scoring',
          'ubo_verification',
        ].includes(a.name),
    ),
    fakeAgent('legal-aml', 'ubo_verification', (input) => ({
      received: input,
      status: 'verified',
      verdict: 'clear',
      partial: false,
    })),
    clear('data', 'ares_lookup', { found: true }),
    clear('aml', 'company_screening', { risk: 'low' }),
    clear('risk', 'company_risk', { risk_level: 'low' }),
    clear('compliance', 'kyc', { recommendation: 'proceed' }),
    clear('compliance', 'cdd_risk_scoring', { risk_level: 'low' }),
  ])

  it('reviews a company given by its IČO alone, naming name, product and channel: the client was neither identified nor scored', async () => {
    const out = await run(stubbed, 'orchestrator', 'company_onboarding_flow', { ico: '27074358' })
    expect(step(out, 'kyc')).toMatchObject({ status: 'skipped', reason: 'needs name' })
    expect(step(out, 'cdd')).toMatchObject({ status: 'skipped', reason: 'needs product, channel' })
    expect(out.verdict).toBe('review')
    const outcomes = out.rules_applied.map((r) => r.outcome ?? '')
    expect(outcomes).toContainEqual(expect.stringMatching(/^review: name not given: .*give name/))
    expect(outcomes).toContainEqual(
      expect.stringMatching(/^review: product or channel not given: .*give product .* and channel/),
    )
    const given = await run(stubbed, 'orchestrator', 'company_onboarding_flow', {
      ico: '27074358',
      name: 'Firma s.r.o.',
      product: 'current_account',
      channel: 'remote_verified',
      beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }],
    })
    expect(given.verdict).toBe('clear')
  })

  it('reviews a company whose beneficial owners are not given, naming beneficial_owners, and checks those given', async () => {
    const company = {
      ico: '27074358',
      name: 'Firma s.r.o.',
      product: 'current_account',
      channel: 'remote_verified',
    }
    const out = await run(stubbed, 'orchestrator', 'company_onboarding_flow', company)
    expect(step(out, 'ubo')).toMatchObject({ status: 'skipped', reason: 'needs beneficial_owners' })
    expect(out.verdict).toBe('review')
    expect(out.rules_applied.map((r) => r.outcome ?? '')).toContainEqual(
      expect.stringMatching(/^review: beneficial_owners not given: .*give beneficial_owners/),
    )
    const declared = await run(stubbed, 'orchestrator', 'company_onboarding_flow', {
      ...company,
      beneficial_owners: ['Eva Malá', { name: 'Jan Novák', ownership_pct: 80 }],
    })
    expect((step(declared, 'ubo').output as { received: unknown }).received).toEqual({
      ico: '27074358',
      declared_owners: [{ name: 'Eva Malá' }, { name: 'Jan Novák', ownership_pct: 80 }],
    })
    expect(declared.verdict).toBe('clear')
  })
})

describe('company_onboarding_flow against the registers', () => {
  const request = {
    name: 'Severní trading s.r.o.',
    address: 'Mostecká 2580/7, 434 01 Most',
    representative: 'Jan Dvořák',
    product: 'current_account',
    channel: 'face_to_face',
  }

  it('screens every statutory-body member and shareholder, and refers a director and partner on the OFAC list only to a person', async () => {
    const replay = await startReplay(SOURCE_ROUTES)
    try {
      const withSources = testDispatcher(agents, replayDeps(replay.url, { SOURCES_TIMEOUT_SECONDS: '30' }))
      const out = await run(withSources, 'orchestrator', 'company_onboarding_flow', {
        ...request,
        ico: '31415920',
      })
      const screening = outputOf(out, 'screening', 'company_screening')
      expect(screening.public_register!.statutory_bodies.map((m) => [m.name, m.screening.sanctions])).toEqual(
        [
          ['Oleg Děripaska', 'hit'],
          ['Jan Dvořák', 'clear'],
        ],
      )
      expect(screening.public_register!.shareholders.map((m) => [m.name, m.screening.sanctions])).toEqual([
        ['Aleksandr Udodov', 'hit'],
      ])
      expect(outputOf(out, 'kyc', 'kyc').verified).toContain(
        'Jan Dvořák is on the statutory body in the public register',
      )
      // OFAC binds a Czech person only through correspondent banking: a possible match, reviewed.
      expect(screening).toMatchObject({ risk: 'medium', verdict: 'review' })
      expect(out.verdict).toBe('review')
      expect(out.verdict_basis).toContainEqual({ source: 'aml/company_screening', verdict: 'review' })
    } finally {
      await replay.close()
    }
  })

  it('never passes a company whose public register could not be read', async () => {
    const replay = await startReplay(SOURCE_ROUTES)
    try {
      const deps = replayDeps(replay.url, { SOURCES_TIMEOUT_SECONDS: '30' })
      deps.registries.ares.publicRegister = () =>
        Promise.reject(new UpstreamError('ares', 'network', 'connection refused'))
      const out = await run(testDispatcher(agents, deps), 'orchestrator', 'company_onboarding_flow', {
        ...request,
        name: 'Vltavská obchodní s.r.o.',
        ico: '24681351',
      })
      expect(outputOf(out, 'screening', 'company_screening')).toMatchObject({
        partial: true,
        risk: 'medium',
        public_register: null,
      })
      expect(outputOf(out, 'kyc', 'kyc')).toMatchObject({ partial: true, recommendation: 'review' })
      expect(out.partial).toBe(true)
      // Partial steps leave the roll-up undecided, never clear.
      expect(out.verdict).toBe('incomplete')
    } finally {
      await replay.close()
    }
  })
})

describe('invoice_payment_flow', () => {
  it('validates the account and produces the SPAYD (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'invoice_payment_flow', ex('invoice_payment_flow', 0))
    expect(outputOf(out, 'account', 'account_validator')).toMatchObject({
      valid: true,
      iban: 'CZ6508000000192000145399',
    })
    expect(outputOf(out, 'qr', 'qr_payment').spayd).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:12100.00*CC:CZK*DT:20261204*MSG:Faktura 2026110001*X-VS:2026110001',
    )
    expect(step(out, 'qr').wave).toBe(1)
  })

  it('reviews a payment whose supplier is given by neither dic nor ico: its VAT status was not checked', async () => {
    const out = await run(d, 'orchestrator', 'invoice_payment_flow', {
      account: '19-2000145399/0800',
      amount: 12_100,
    })
    expect(step(out, 'vat')).toMatchObject({ status: 'skipped', reason: 'needs dic or ico' })
    expect(outputOf(out, 'qr', 'qr_payment').spayd).toMatch(/^SPD\*1\.0\*ACC:CZ6508000000192000145399/)
    expect(out.verdict).toBe('review')
    expect(out.rules_applied.map((r) => r.outcome ?? '')).toContainEqual(
      expect.stringMatching(/^review: the supplier is given by neither dic nor ico/),
    )
  })

  it('records a failing account check and holds back the QR code (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'invoice_payment_flow', ex('invoice_payment_flow', 1))
    expect(step(out, 'account')).toMatchObject({
      status: 'failed',
      error: { code: 'invalid_request', details: { field: 'account' } },
    })
    expect(step(out, 'qr')).toMatchObject({ status: 'skipped', reason: 'depends on account (failed)' })
    expect(out).toMatchObject({ status: 'failed', partial: true, counts: { ok: 0, failed: 1, skipped: 3 } })
  })

  it('says why the account check failed in Czech when asked for Czech, the rule still named for machines', async () => {
    const call = await d.call('orchestrator', 'invoice_payment_flow', ex('invoice_payment_flow', 1), {
      now: new Date('2026-11-20T10:00:00Z'),
      lang: 'cs',
    })
    const out = call.output as ResultNamed<'invoice_payment_flow'>
    expect(step(out, 'account')).toMatchObject({
      status: 'failed',
      error: {
        code: 'invalid_request',
        message: 'account: číslo účtu nesplňuje kontrolu mod 11',
        details: { field: 'account', rule: 'account number fails the mod-11 check' },
      },
    })
    expect(step(out, 'qr')).toMatchObject({ status: 'skipped', reason: 'závisí na account (selhal)' })
  })
})

describe('due_diligence_flow', () => {
  it('validates first, then runs the six company checks in one parallel wave (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'due_diligence_flow', ex('due_diligence_flow', 0))
    expect(out.plan).toEqual([
      ['ico', 'kyc', 'person_sanctions'],
      ['ares', 'insolvency', 'vat', 'screening', 'ubo', 'risk'],
      ['aml'],
    ])
    for (const id of ['kyc', 'person_sanctions'])
      expect(step(out, id)).toMatchObject({ status: 'skipped', not_applicable: true })
    for (const s of out.steps.filter((x) => !['ico', 'kyc', 'person_sanctions'].includes(x.id)))
      expect(s.status, s.id).toBe('ok')
    // A company with an IČO has its seat in Czechia; whether it or its owner is a PEP is not given.
    expect(outputOf(out, 'aml', 'aml_compliance')).toMatchObject({
      decision: 'enhanced_review',
      due_diligence: 'standard',
      amount_czk: 2_000_000,
    })
    expect(outputOf(out, 'aml', 'aml_compliance').obligations.join(' ')).toContain('(pep)')
    expect(outputOf(out, 'aml', 'aml_compliance').obligations.join(' ')).not.toContain('(country)')
    // ARES, ISIR and the VAT register are unreachable here: their answers are partial.
    expect(outputOf(out, 'ares', 'ares_lookup')).toMatchObject({ found: null, partial: true })
    // The declared share reaches ubo_verification: 100 % > 25 % qualifies.
    expect(outputOf(out, 'ubo', 'ubo_verification').owners).toMatchObject([
      { name: 'Jan Novák', qualifies: true, basis: '100 % of capital' },
    ])
    expect(out.verdict).toBe('incomplete')
  })

  it('reviews a deal given with no amount, naming amount: the AML duties for the deal were not decided', async () => {
    const stubs = [
      ['data', 'ares_lookup', { found: true, company: { name: 'Firma s.r.o.' } }],
      ['data', 'insolvency_check', { in_insolvency: false }],
      ['data', 'vat_payer_check', { unreliable: false }],
      ['aml', 'company_screening', { risk: 'low' }],
      ['legal-aml', 'ubo_verification', { status: 'verified' }],
      ['legal-aml', 'aml_compliance', { decision: 'proceed_with_cdd' }],
      ['risk', 'company_risk', { risk_level: 'low' }],
    ] as const
    const stubbed = testDispatcher([
      ...agents.filter((a) => !stubs.some(([, name]) => name === a.name)),
      ...stubs.map(([service, name, fields]) =>
        fakeAgent(service, name, () => ({ ...fields, verdict: 'clear', partial: false })),
      ),
    ])
    const company = { ico: '27074358', beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }] }
    const out = await run(stubbed, 'orchestrator', 'due_diligence_flow', company)
    expect(step(out, 'aml')).toMatchObject({ status: 'skipped', reason: 'needs amount' })
    expect(out.verdict).toBe('review')
    expect(out.rules_applied.map((r) => r.outcome ?? '')).toContainEqual(
      expect.stringMatching(/^review: amount not given: .*give amount/),
    )
    const given = await run(stubbed, 'orchestrator', 'due_diligence_flow', { ...company, amount: 2_000_000 })
    expect(given.verdict).toBe('clear')
  })

  it('leaves an owner declared by name alone to a person, with the reason, and names no statutory body', async () => {
    const out = await run(d, 'orchestrator', 'due_diligence_flow', {
      ico: '27074358',
      beneficial_owners: ['Jan Novák', { name: 'Eva Malá', ownership_pct: 20 }],
    })
    const ubo = outputOf(out, 'ubo', 'ubo_verification')
    expect(ubo).toMatchObject({ verified: false, verdict: 'review' })
    expect(ubo.owners).toMatchObject([
      { name: 'Jan Novák', qualifies: null, basis: 'no share, vote or control given' },
      { name: 'Eva Malá', qualifies: false },
    ])
    expect(ubo.review_reasons).toContain(
      'Jan Novák: no share, vote or control given — to be assessed by a person',
    )
    expect(ubo.rules_applied.map((r) => r.outcome)).not.toContain('declare the statutory body members')
    expect(out.verdict).not.toBe('clear')
  })

  it('fails a company in insolvency, with the registers answering from recorded responses', async () => {
    const replay = await startReplay(SOURCE_ROUTES)
    try {
      // Generous source timeout: the sanctions index is built on first use and holds the CPU.
      const withSources = testDispatcher(agents, replayDeps(replay.url, { SOURCES_TIMEOUT_SECONDS: '30' }))
      const out = await run(withSources, 'orchestrator', 'due_diligence_flow', { ico: '26863154' })
      expect(outputOf(out, 'ares', 'ares_lookup')).toMatchObject({ found: true, partial: false })
      expect(outputOf(out, 'insolvency', 'insolvency_check')).toMatchObject({ in_insolvency: true })
      expect(outputOf(out, 'insolvency', 'insolvency_check').proceedings[0]).toMatchObject({
        reference: '25 INS 10525/2016',
        state: 'REORGANIZ',
      })
      expect(out.verdict).toBe('adverse')
      expect(out.verdict_basis).toContainEqual({ source: 'data/insolvency_check', verdict: 'adverse' })
      expect(step(out, 'ubo')).toMatchObject({ status: 'skipped', reason: 'needs beneficial_owners' })
      expect(replay.requests.some((r) => r.path === '/ares/ekonomicke-subjekty/26863154')).toBe(true)
    } finally {
      await replay.close()
    }
  })

  it('pads a seven-digit IČO (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'due_diligence_flow', ex('due_diligence_flow', 1))
    expect(outputOf(out, 'ico', 'ico_validator')).toMatchObject({ ico: '00064581', valid: true })
  })
})

describe('the client’s PEP status and country reach the AML and due-diligence steps', () => {
  it('loan_application_flow passes pep, country and name to aml_compliance', async () => {
    const out = await run(d, 'orchestrator', 'loan_application_flow', {
      ...(ex('loan_application_flow', 0) as Record<string, unknown>),
      name: 'Jana Nováková',
      pep: false,
      country: 'CZ',
    })
    const aml = outputOf(out, 'aml', 'aml_compliance')
    expect(aml.obligations.join(' ')).not.toMatch(/\((pep|country|name)\)/)
    expect(aml.sanctions.status).toBe('clear')
  })

  it('property_purchase_flow passes pep and country to aml_compliance', async () => {
    const out = await run(d, 'orchestrator', 'property_purchase_flow', {
      ...(ex('property_purchase_flow', 0) as Record<string, unknown>),
      name: 'Jana Nováková',
      pep: true,
      country: 'CZ',
    })
    const aml = outputOf(out, 'aml', 'aml_compliance')
    expect(aml.obligations.join(' ')).not.toMatch(/\((pep|country)\)/)
    expect(aml.due_diligence).toBe('enhanced')
  })

  it('property_purchase_flow gives the seller to due_diligence and the buyer to aml_compliance; name goes to both as before', async () => {
    const echo = (service: 'real-estate' | 'legal-aml', name: string) =>
      fakeAgent(service, name, (input) => ({ verdict: 'clear', received: input }))
    const seen = testDispatcher([
      ...agents.filter((a) => a.name !== 'due_diligence' && a.name !== 'aml_compliance'),
      echo('real-estate', 'due_diligence'),
      echo('legal-aml', 'aml_compliance'),
    ])
    const base = ex('property_purchase_flow', 1) as Record<string, unknown>
    const received = (out: { steps: Parameters<typeof step>[0]['steps'] }, id: string) =>
      (step(out, id).output as { received: Record<string, unknown> }).received
    const both = await run(seen, 'orchestrator', 'property_purchase_flow', {
      ...base,
      buyer_name: 'Jana Nováková',
      seller_name: 'Petr Dvořák',
      pep: false,
      country: 'CZ',
    })
    expect(received(both, 'due_diligence').seller_name).toBe('Petr Dvořák')
    expect(received(both, 'aml')).toMatchObject({ name: 'Jana Nováková', pep: false, country: 'CZ' })
    const legacy = await run(seen, 'orchestrator', 'property_purchase_flow', {
      ...base,
      name: 'Jana Nováková',
    })
    expect(received(legacy, 'due_diligence').seller_name).toBe('Jana Nováková')
    expect(received(legacy, 'aml').name).toBe('Jana Nováková')
  })

  it('due_diligence_flow passes pep and country to aml_compliance, and pep to the person’s kyc', async () => {
    const company = await run(d, 'orchestrator', 'due_diligence_flow', {
      ...(ex('due_diligence_flow', 0) as Record<string, unknown>),
      pep: false,
    })
    expect(outputOf(company, 'aml', 'aml_compliance').obligations.join(' ')).not.toContain('(pep)')
    const person = await run(d, 'orchestrator', 'due_diligence_flow', {
      ...(ex('due_diligence_flow', 2) as Record<string, unknown>),
      amount: 50_000,
      pep: false,
      country: 'SK',
    })
    expect(outputOf(person, 'aml', 'aml_compliance').obligations.join(' ')).not.toMatch(/\((pep|country)\)/)
    expect(outputOf(person, 'kyc', 'kyc').findings.join(' ')).not.toContain('(pep)')
  })

  it('company_onboarding_flow passes pep to cdd_risk_scoring', async () => {
    const out = await run(d, 'orchestrator', 'company_onboarding_flow', {
      ...(ex('company_onboarding_flow', 0) as Record<string, unknown>),
      pep: false,
    })
    expect(JSON.stringify(outputOf(out, 'cdd', 'cdd_risk_scoring'))).not.toContain('(pep)')
  })
})
