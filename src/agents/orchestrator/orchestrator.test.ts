import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failure, run, testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import { type LlmTestServer, startLlmServer } from '../../../test/agents/llm-server.ts'
import { startReplay } from '../../../test/sources/replay.ts'
import { replayDeps, SOURCE_ROUTES } from '../../../test/sources/routes.ts'
import { UpstreamError } from '../../kit/http.ts'
import { type AgentName, agents, type ResultNamed } from '../index.ts'
import { cadastreCheck } from '../real-estate/cadastre_check.ts'
import { orchestratorAgents } from './index.ts'

const d = testDispatcher(agents)
const ex = (name: string, i: number) => orchestratorAgents.find((a) => a.name === name)!.examples[i]!.input
/** A step of a flow's result (every flow answers in the same shape). */
type Step = ResultNamed<'loan_application_flow'>['steps'][number]

const step = (out: { steps: Step[] }, id: string) => out.steps.find((s) => s.id === id)!

/** The output of a flow's step `id`, typed as the result of the agent it calls. */
function outputOf<N extends AgentName>(out: { steps: Step[] }, id: string, agent: N): ResultNamed<N> {
  const s = step(out, id)
  expect(s.agent).toBe(agent)
  return s.output as ResultNamed<N>
}

/**
 * A step whose agent another part of the catalogue provides: it ran when that agent exists, and it
 * failed with not_found (the flow going on) when it does not yet.
 */
function expectComposed(s: Step) {
  if (d.find(s.service, s.agent)) expect(s.status).not.toBe('skipped')
  else expect(s).toMatchObject({ status: 'failed', error: { code: 'not_found' } })
}

describe('orchestrator agents: catalogue entries', () => {
  it('has 15 agents, each with a description and at least two examples', () => {
    expect(orchestratorAgents).toHaveLength(15)
    for (const a of orchestratorAgents) {
      expect(a.description.length).toBeGreaterThan(40)
      expect(a.examples.length).toBeGreaterThanOrEqual(2)
      expect((a.input as { additionalProperties?: boolean }).additionalProperties).toBe(false)
    }
  })
})

describe('master_orchestrator', () => {
  it('routes a mortgage request in words and runs the loan flow with timed steps (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'master_orchestrator', ex('master_orchestrator', 0))
    expect(out.flow).toBe('loan_application')
    expect(out.routing).toMatchObject({ method: 'rules', confidence: 'high' })
    expect(out.routing.candidates[0]).toEqual({ flow: 'loan_application_flow', score: 11 })
    expect(out.fields_used).toEqual([
      'amount',
      'monthly_income',
      'property_value',
      'annual_rate_pct',
      'term_months',
      'age',
    ])
    const loan = step(out, 'loan')
    expect(loan).toMatchObject({ service: 'banking', agent: 'loan_assessment', status: 'ok', wave: 0 })
    expect(loan.output).toMatchObject({ decision: 'approve', ltv: 0.8, category: 'young' })
    expect(outputOf(out, 'schedule', 'mortgage_calculator').monthly_payment).toBe(
      outputOf(out, 'loan', 'loan_assessment').monthly_payment,
    )
    expect(step(out, 'address')).toMatchObject({ status: 'skipped', reason: 'needs address' })
    for (const s of out.steps) expect(s.ms).toBeGreaterThanOrEqual(0)
    expect(out.total_ms).toBeGreaterThanOrEqual(Math.max(...out.steps.map((s) => s.ms)))
    expectComposed(step(out, 'credit'))
    expectComposed(step(out, 'stress'))
  })

  it("routes a person's name and address to the person's due diligence (KYC and sanctions), not a refusal", async () => {
    const out = await run(d, 'orchestrator', 'master_orchestrator', {
      name: 'Jana Nováková',
      address: 'Korunní 810/104, 101 00 Praha 10',
    })
    expect(out.flow).toBe('due_diligence')
    expect(out.routing.candidates[0]).toEqual({ flow: 'due_diligence_flow', score: 6 })
    expect(out.fields_used).toEqual(['name', 'address'])
    expect(step(out, 'kyc')).toMatchObject({ service: 'compliance', agent: 'kyc', status: 'ok' })
    // A name and an address are not the identification data § 5 asks of a person: listed as missing.
    expect(outputOf(out, 'kyc', 'kyc').missing.length).toBeGreaterThan(0)
    expect(step(out, 'person_sanctions')).toMatchObject({ agent: 'sanctions_screening', status: 'ok' })
    expect(step(out, 'ares')).toMatchObject({ status: 'skipped', not_applicable: true })
    // A name and an address identify no one to the AML Act's standard: never clear.
    expect(['review', 'incomplete']).toContain(out.verdict)
  })

  it('runs an explicitly named flow and produces the QR payment (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'master_orchestrator', ex('master_orchestrator', 1))
    expect(out.routing).toEqual({ method: 'explicit', confidence: 'high', candidates: [] })
    expect(out.flow).toBe('invoice_payment')
    expect(out.plan).toEqual([['account', 'ico', 'vat'], ['qr']])
    expect(outputOf(out, 'qr', 'qr_payment').spayd).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:12100.00*CC:CZK*X-VS:2026110001',
    )
    expectComposed(step(out, 'vat'))
  })

  it('writes a Markdown report of the run when asked', async () => {
    const out = await run(d, 'orchestrator', 'master_orchestrator', {
      ...(ex('master_orchestrator', 1) as object),
      report: 'en',
    })
    expect(out.report!.startsWith('# Run: invoice_payment_flow\n')).toBe(true)
    expect(out.report).toContain('| banking/qr_payment | ok |')
    expect(out.orchestration_rules.at(-1)).toMatchObject({
      rule: 'report written by orchestrator/report_builder',
    })
  })

  it('says which fields the chosen flow did not use', async () => {
    const out = await run(d, 'orchestrator', 'master_orchestrator', {
      flow: 'invoice_payment_flow',
      account: '19-2000145399/0800',
      amount: 100,
      area_m2: 50,
    })
    expect(out.fields_ignored).toEqual(['area_m2'])
  })

  it('answers 400 naming flow when the request cannot be routed', async () => {
    const e = await failure(d, 'orchestrator', 'master_orchestrator', { request: 'dobrý den' })
    expect(e.status).toBe(400)
    expect(e.details).toMatchObject({ field: 'flow' })
  })

  it('answers 400 naming the missing field of the chosen flow', async () => {
    const e = await failure(d, 'orchestrator', 'master_orchestrator', {
      flow: 'invoice_payment_flow',
      account: '19-2000145399/0800',
    })
    expect(e.status).toBe(400)
    expect(e.details).toMatchObject({ field: 'amount', rule: 'required', flow: 'invoice_payment_flow' })
    expect(e.message).toContain('invoice_payment_flow')
  })

  it('rejects an unknown field with 400', async () => {
    const e = await failure(d, 'orchestrator', 'master_orchestrator', {
      flow: 'due_diligence_flow',
      ico: '27074358',
      colour: 'red',
    })
    expect(e.status).toBe(400)
  })
})

describe('intent_router', () => {
  it('routes a Czech mortgage request by keyword and fields (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'intent_router', ex('intent_router', 0))
    expect(out).toMatchObject({ flow: 'loan_application_flow', method: 'rules', confidence: 'medium' })
    expect(out.scores[0]).toEqual({
      flow: 'loan_application_flow',
      score: 9,
      keywords: ['hypotek'],
      fields: ['amount', 'property_value', 'monthly_income'],
    })
  })

  it('routes by fields alone (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'intent_router', ex('intent_router', 1))
    expect(out.flow).toBe('company_onboarding_flow')
    expect(out.scores[1]).toMatchObject({ flow: 'due_diligence_flow', score: 3 })
  })

  it('breaks a tie on a bare IČO towards due diligence (read-only) with low confidence', async () => {
    const out = await run(d, 'orchestrator', 'intent_router', { fields: ['ico'] })
    expect(out).toMatchObject({ flow: 'due_diligence_flow', confidence: 'low' })
    expect(out.rules_applied[0]!.outcome).toContain('tie broken by tie_break')
  })

  it('routes nowhere below the minimum score', async () => {
    const out = await run(d, 'orchestrator', 'intent_router', { fields: ['name'] })
    expect(out).toMatchObject({ flow: null, confidence: 'none' })
  })

  it('does not send a KYC request with a name and an address to the property purchase', async () => {
    const out = await run(d, 'orchestrator', 'intent_router', {
      request: 'KYC nového klienta',
      fields: ['name', 'address'],
    })
    expect(out.flow).not.toBe('property_purchase_flow')
  })

  describe('with a language model', () => {
    let llm: LlmTestServer
    let broken: LlmTestServer
    beforeAll(async () => {
      llm = await startLlmServer('{"flow": "due_diligence_flow"}')
      broken = await startLlmServer({ status: 500 })
    })
    afterAll(async () => {
      await llm.close()
      await broken.close()
    })

    it('lets the model decide when asked and says so', async () => {
      const withLlm = testDispatcher(agents, testDeps({ LLM_BASE_URL: llm.baseUrl }))
      const out = await run(withLlm, 'orchestrator', 'intent_router', {
        request: 'Podívej se na tuhle firmu',
        fields: ['ico'],
        use_llm: true,
      })
      expect(out).toMatchObject({ flow: 'due_diligence_flow', method: 'llm' })
      expect(out.sources).toEqual([{ name: 'llm', status: 'ok' }])
      expect(JSON.stringify(llm.requests[0])).toContain('Podívej se na tuhle firmu')
    })

    it('falls back to the rules and names the failed model', async () => {
      const withLlm = testDispatcher(agents, testDeps({ LLM_BASE_URL: broken.baseUrl }))
      const out = await run(withLlm, 'orchestrator', 'intent_router', {
        request: 'hypotéka',
        fields: ['amount', 'property_value'],
        use_llm: true,
      })
      expect(out).toMatchObject({ flow: 'loan_application_flow', method: 'rules', partial: true })
      expect(out.sources[0]).toMatchObject({ name: 'llm', status: 'failed' })
    })
  })
})

describe('loan_application_flow', () => {
  it('approves a young buyer at 80 % LTV on the ČNB limits, checks the address, and declines on the unknown applicant history (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'loan_application_flow', ex('loan_application_flow', 0))
    expect(out.plan).toEqual([
      ['loan', 'affordability', 'schedule', 'credit', 'stress', 'investment', 'aml', 'address'],
    ])
    expect(outputOf(out, 'loan', 'loan_assessment').decision).toBe('approve')
    expect(step(out, 'affordability').status).toBe('ok')
    expect(outputOf(out, 'schedule', 'mortgage_calculator').monthly_payment).toBe(25445.72)
    // Employment, its length and missed payments are not given: each scores as a bad answer.
    expect(outputOf(out, 'credit', 'credit_risk')).toMatchObject({
      score: 400,
      grade: 'E',
      recommendation: 'decline',
      not_scored: ['employment', 'employment_years', 'delinquencies_12m'],
    })
    expect(step(out, 'investment')).toMatchObject({
      status: 'skipped',
      reason: 'needs residential_properties_owned, to_let',
      not_applicable: true,
    })
    expect(outputOf(out, 'aml', 'aml_compliance')).toMatchObject({
      decision: 'proceed_with_cdd',
      identification_required: true,
    })
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
      ['ares', 'screening', 'risk', 'kyc', 'cdd'],
    ])
    expect(step(out, 'cdd')).toMatchObject({ status: 'ok', service: 'compliance', agent: 'cdd_risk_scoring' })
    expect(outputOf(out, 'ico', 'ico_validator')).toMatchObject({ ico: '27074358', valid: true })
    expect(outputOf(out, 'dic', 'dic_validator')).toMatchObject({ valid: true, ico: '27074358' })
    expect(outputOf(out, 'contact', 'contact_enrichment').person).toMatchObject({
      surname: 'Novák',
      titles_before: ['Ing.'],
    })
    expect(outputOf(out, 'contact', 'contact_enrichment').phone).toMatchObject({ type: 'mobile' })
    for (const id of ['ares', 'screening', 'risk', 'kyc']) expectComposed(step(out, id))
  })

  it('skips the company lookups when the IČO checksum fails (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'company_onboarding_flow', ex('company_onboarding_flow', 1))
    for (const id of ['ares', 'screening', 'risk', 'kyc', 'cdd'])
      expect(step(out, id)).toMatchObject({
        status: 'skipped',
        reason: 'IČO fails its checksum (checksum digit should be 8, not 7)',
      })
    expect(out.verdict).toBe('adverse')
    expect(out.verdict_basis).toEqual([{ source: 'data/ico_validator', verdict: 'adverse' }])
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
    expect(outputOf(out, 'aml', 'aml_compliance')).toMatchObject({
      decision: 'proceed_with_cdd',
      amount_czk: 2_000_000,
    })
    // ARES, ISIR and the VAT register are unreachable here: their answers are partial.
    expect(outputOf(out, 'ares', 'ares_lookup')).toMatchObject({ found: null, partial: true })
    expect(out.verdict).toBe('incomplete')
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

describe('scout', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/kontakt' })
        res.end()
      } else if (req.url === '/kontakt') {
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end(
          '<title>Kontakty</title><p>IČO: 00064581</p><a href="tel:+420236001111">ústředna</a> <a href="mailto:posta@praha.eu">posta@praha.eu</a>',
        )
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' })
        res.end()
      } else if (req.url === '/huge') {
        // 3 MiB of markup without Content-Length: the cap must stop it while it streams.
        res.setHeader('content-type', 'text/html')
        for (let i = 0; i < 48; i++) res.write('<p>'.padEnd(64 * 1024, 'x'))
        res.end()
      } else {
        res.statusCode = 503
        res.end('busy')
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const local = () =>
    testDispatcher(
      agents,
      testDeps({ WEB_ALLOWED_HOSTS: new URL(base).host, WEB_FETCH_TIMEOUT_SECONDS: '2' }),
    )

  it('extracts checked identifiers, a phone and an e-mail from given HTML (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'scout', ex('scout', 0))
    expect(out).toMatchObject({
      title: 'Kontakt | Firma s.r.o.',
      emails: ['info@firma.cz'],
      icos: [{ ico: '27074358', valid: true }],
      dics: [{ dic: 'CZ27074358', valid: true }],
      contact_pages: ['https://www.firma.cz/o-nas'],
    })
    expect(out.phones).toEqual([{ e164: '+420602123456', as_written: '+420 602 123 456', type: 'mobile' }])
  })

  it('flags a mistyped IČO and decodes an obfuscated address (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'scout', ex('scout', 1))
    expect(out.icos).toEqual([{ ico: '27074357', valid: false, reason: 'checksum digit should be 8, not 7' }])
    expect(out.emails).toEqual(['obchod@stavby-brno.cz'])
    // A company identifier that fails its checksum names no company: a person looks, never a pass.
    expect(out.verdict).toBe('review')
  })

  it('finds nothing it can recognise on a page: incomplete, and says so', async () => {
    const out = await run(d, 'orchestrator', 'scout', {
      lookup_ares: false,
      html: '<html><body><p>Vítejte na našich stránkách.</p></body></html>',
    })
    expect(out).toMatchObject({ verdict: 'incomplete', emails: [], phones: [], icos: [], dics: [] })
  })

  it('fetches a page through a redirect and looks up its IČO (ARES unreachable: partial)', async () => {
    const out = await run(local(), 'orchestrator', 'scout', { url: `${base}/moved` })
    expect(out).toMatchObject({ fetched: true, title: 'Kontakty', emails: ['posta@praha.eu'] })
    expect(out.phones[0]!.e164).toBe('+420236001111')
    expect(out.icos).toEqual([{ ico: '00064581', valid: true }])
    expect(out.sources[0]).toEqual({ name: 'web', status: 'ok' })
    expect(out.sources[1]).toMatchObject({ name: 'data/ares_lookup', status: 'failed' })
    expect(out.partial).toBe(true)
  })

  it('refuses a loopback address unless WEB_ALLOWED_HOSTS opens it (SSRF guard)', async () => {
    const e = await failure(d, 'orchestrator', 'scout', { url: `${base}/kontakt` })
    expect(e.status).toBe(400)
    expect(e.code).toBe('egress_private_address')
    expect(e.details).toMatchObject({ field: 'url', rule: 'egress_private_address' })
  })

  it('refuses the short and decimal spellings of loopback too', async () => {
    const port = new URL(base).port
    for (const url of [`http://2130706433:${port}/kontakt`, `http://127.1:${port}/kontakt`]) {
      const e = await failure(d, 'orchestrator', 'scout', { url })
      expect(e.code).toBe('egress_private_address')
    }
  })

  it('stops reading a page over 2 MiB and names the limit', async () => {
    const out = await run(local(), 'orchestrator', 'scout', { url: `${base}/huge`, lookup_ares: false })
    expect(out).toMatchObject({ fetched: false, partial: true })
    expect(out.sources[0]).toMatchObject({ name: 'web', status: 'failed' })
    expect(out.sources[0]!.error).toContain('EGRESS_TOO_LARGE')
    expect(out.sources[0]!.error).toContain(String(2 * 1024 * 1024))
  })

  it('does not follow a redirect to a private address from an allowed host', async () => {
    const guarded = testDispatcher(
      agents,
      testDeps({ WEB_ALLOWED_HOSTS: '127.0.0.1', WEB_FETCH_TIMEOUT_SECONDS: '2' }),
    )
    const out = await run(guarded, 'orchestrator', 'scout', {
      url: `${base}/to-metadata`,
      lookup_ares: false,
    })
    expect(out).toMatchObject({ fetched: false, partial: true, emails: [] })
    expect(out.sources[0]).toEqual({
      name: 'web',
      status: 'failed',
      error:
        'web: EGRESS_PRIVATE_ADDRESS: redirect 1: 169.254.169.254 is not a public address (link-local, cloud metadata)',
    })
    const allowed = await run(guarded, 'orchestrator', 'scout', { url: `${base}/moved`, lookup_ares: false })
    expect(allowed.fetched).toBe(true)
  })

  it('names the web source when the page cannot be fetched and returns nothing invented', async () => {
    const out = await run(local(), 'orchestrator', 'scout', { url: `${base}/busy`, lookup_ares: false })
    expect(out).toMatchObject({ fetched: false, partial: true, emails: [], phones: [], icos: [] })
    expect(out.sources[0]).toMatchObject({ name: 'web', status: 'failed' })
    expect(out.sources[0]!.error).toContain('503')
  })
})

describe('report_builder', () => {
  it('writes the Czech report with the verdict from result_aggregator (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'report_builder', {
      ...(ex('report_builder', 0) as object),
      lang: 'cs',
    })
    expect(out.verdict).toBe('review')
    expect(out.markdown).toContain('**k posouzení** (review)')
    expect(out.markdown).toContain(
      '| banking/loan_assessment | ČNB LTV limit 80 % |  | 2022-04-01 | exceeded |',
    )
    expect(out.rules_count).toBe(2)
  })

  it('reports a failed step with its error (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'report_builder', ex('report_builder', 1))
    expect(out.markdown).toContain('| data/ares_lookup | failed | 812.5 |')
    expect(out.markdown).toContain('Error: upstream_timeout — ARES did not answer within 8000 ms')
    expect(out.sections).toEqual(['Verdict', 'Steps', 'data/ico_validator', 'data/ares_lookup'])
  })

  it('reports a real flow run', async () => {
    const flow = await run(d, 'orchestrator', 'invoice_payment_flow', ex('invoice_payment_flow', 0))
    const out = await run(d, 'orchestrator', 'report_builder', {
      title: 'Platba',
      flow_result: flow,
      language: 'en',
    })
    expect(out.markdown).toContain('| banking/qr_payment | ok |')
    expect(out.markdown).toContain('## data/vat_payer_check')
  })

  it('needs results or a flow result', async () => {
    expect((await failure(d, 'orchestrator', 'report_builder', { title: 'x' })).details).toMatchObject({
      field: 'results',
    })
  })
})

describe('result_aggregator', () => {
  it('lets the least favourable verdict decide; a computation does not vote (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', ex('result_aggregator', 0))
    expect(out).toMatchObject({
      verdict: 'review',
      counts: { clear: 1, review: 1, adverse: 0, informational: 1, silent: 0 },
    })
  })

  it('is incomplete when a source failed and nothing fails (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', ex('result_aggregator', 1))
    expect(out).toMatchObject({ verdict: 'incomplete', missing: ['data/ares_lookup'] })
  })

  it('reads an encumbered ownership sheet (a mortgage to be paid off) as review, a blocked one as adverse', async () => {
    // cadastre_check's own worked examples: a flat with a bank mortgage, a house with a plomba.
    const sheet = (i: number) => run(d, 'real-estate', 'cadastre_check', cadastreCheck.examples[i]!.input)
    const encumbered = await sheet(0)
    expect(encumbered).toMatchObject({ title: 'encumbered', verdict: 'review' })
    const rolled = await run(d, 'orchestrator', 'result_aggregator', {
      results: [{ source: 'real-estate/cadastre_check', output: encumbered }],
    })
    expect(rolled.verdict).toBe('review')
    const blocked = await sheet(1)
    expect(blocked).toMatchObject({ title: 'blocked', verdict: 'adverse' })
    const rolledBlocked = await run(d, 'orchestrator', 'result_aggregator', {
      results: [{ source: 'real-estate/cadastre_check', output: blocked }],
    })
    expect(rolledBlocked.verdict).toBe('adverse')
  })

  it('reads only the shared verdict, never an agent’s own fields', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', {
      results: [
        // A domain field that once read as a failure: the result's verdict decides.
        {
          source: 'real-estate/cadastre_check',
          output: { verdict: 'review', title: 'encumbered', status: 'failed' },
        },
        { source: 'x/legacy', output: { decision: 'decline' } },
      ],
    })
    expect(out).toMatchObject({ verdict: 'incomplete', counts: { review: 1, silent: 1 } })
  })

  it('cannot read a result without a verdict: beside a clear one the roll-up is incomplete, never clear', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', {
      results: [
        { source: 'data/ico_validator', output: { verdict: 'clear', valid: true } },
        { source: 'x/legacy', output: { decision: 'approve' } },
      ],
    })
    expect(out).toMatchObject({ verdict: 'incomplete', counts: { clear: 1, silent: 1 } })
  })

  it('is adverse despite a missing source when a step is adverse', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', {
      results: [
        { source: 'a', output: { verdict: 'adverse', decision: 'decline' } },
        { source: 'b', status: 'failed' },
      ],
    })
    expect(out.verdict).toBe('adverse')
  })
})

describe('audit_logger', () => {
  it('chains two events with SHA-256 and dates their retention (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'audit_logger', ex('audit_logger', 0))
    expect(out.entries[0]!.prev_hash).toBe('0'.repeat(64))
    expect(out.entries[0]!.hash).toBe('d678982209afb38c88cb5f4d6c1d7a1ca1bfea8fe1ad6e7828f6f76cd6bbd212')
    expect(out.entries[1]!.prev_hash).toBe(out.entries[0]!.hash)
    expect(out.head_hash).toBe(out.entries[1]!.hash)
    expect(out.entries[0]!.retain_until).toBe('2036-11-20')
  })

  it('finds the altered entry (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'audit_logger', ex('audit_logger', 1))
    expect(out.verification).toEqual({ intact: false, first_mismatch: 1 })
  })

  it('changes every later hash when an earlier event changes', async () => {
    const events = (ex('audit_logger', 0) as { events: Record<string, unknown>[] }).events
    const a = await run(d, 'orchestrator', 'audit_logger', { events })
    const b = await run(d, 'orchestrator', 'audit_logger', {
      events: [{ ...events[0], actor: 'someone@else.cz' }, events[1]],
    })
    expect(b.entries[1]!.hash).not.toBe(a.entries[1]!.hash)
    const again = await run(d, 'orchestrator', 'audit_logger', {
      events,
      expected_hashes: a.entries.map((e) => e.hash),
    })
    expect(again.verification).toEqual({ intact: true, first_mismatch: null })
  })

  it('needs one expected hash per event', async () => {
    const e = await failure(d, 'orchestrator', 'audit_logger', {
      events: [{ timestamp: '2026-11-20T09:00:00Z', actor: 'a', action: 'b' }],
      expected_hashes: [],
    })
    expect(e.details).toMatchObject({ field: 'expected_hashes' })
  })
})

describe('rate_limiter', () => {
  it('removes a repeated IČO and runs at once in the daytime window (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'rate_limiter', ex('rate_limiter', 0))
    expect(out).toMatchObject({
      requested: 3,
      unique: 2,
      duplicates_removed: 1,
      finish_at: '2026-11-20T08:00:00.000Z',
    })
  })

  it('spends the daytime quota and waits for 18:00 Prague time (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'rate_limiter', ex('rate_limiter', 1))
    expect(out.schedule).toEqual([
      {
        window: '2026-11-20 08:00–18:00',
        from: '2026-11-20T16:50:00.000Z',
        to: '2026-11-20T16:51:00.000Z',
        count: 1000,
      },
      {
        window: '2026-11-20 18:00–08:00',
        from: '2026-11-20T17:00:00.000Z',
        to: '2026-11-20T17:00:00.000Z',
        count: 200,
      },
    ])
  })

  it('carries a large overnight batch into the next morning', async () => {
    const requests = Array.from({ length: 6000 }, (_, i) => String(20_000_000 + i))
    const out = await run(d, 'orchestrator', 'rate_limiter', {
      source: 'ares',
      requests,
      start: '2026-11-20T18:00:00+01:00',
    })
    expect(out.schedule.map((s) => [s.window, s.count])).toEqual([
      ['2026-11-20 18:00–08:00', 5000],
      ['2026-11-21 08:00–18:00', 1000],
    ])
    expect(out.finish_at).toBe('2026-11-21T07:01:00.000Z')
  })
})

describe('cache_manager', () => {
  it('keys an ARES lookup canonically for a day (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'cache_manager', ex('cache_manager', 0))
    expect(out).toMatchObject({
      key: 'ares:{"ico":"27074358"}',
      ttl_seconds: 86_400,
      expires_at: '2026-11-21T10:00:00.000Z',
    })
  })

  it('holds Friday afternoon ČNB rates until Monday 14:30 Prague time (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'cache_manager', ex('cache_manager', 1))
    expect(out.expires_at).toBe('2026-11-23T13:30:00.000Z')
  })

  it('holds morning rates until the same day 14:30, in summer time too', async () => {
    const out = await run(d, 'orchestrator', 'cache_manager', {
      source: 'cnb_rates',
      params: {},
      at: '2026-07-15T08:00:00+02:00',
    })
    expect(out.expires_at).toBe('2026-07-15T12:30:00.000Z')
  })

  it('gives the same key whatever the parameter order', async () => {
    const a = await run(d, 'orchestrator', 'cache_manager', { source: 'isir', params: { ico: '1', rc: '2' } })
    const b = await run(d, 'orchestrator', 'cache_manager', { source: 'isir', params: { rc: '2', ico: '1' } })
    expect(a.key_hash).toBe(b.key_hash)
    expect(a.ttl_seconds).toBe(900)
  })
})

describe('task_scheduler', () => {
  it('finds the waves and the critical path (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'task_scheduler', ex('task_scheduler', 0))
    expect(out.waves).toEqual([['ico'], ['ares', 'sanctions', 'insolvency'], ['decision']])
    expect(out.critical_path).toEqual(['ico', 'insolvency', 'decision'])
    expect(out.makespan_ms).toBe(453)
  })

  it('splits waves by the worker cap (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'task_scheduler', ex('task_scheduler', 1))
    expect(out.batches).toEqual([['a', 'b'], ['c'], ['d']])
  })

  it('rejects a cycle and an unknown dependency naming the task', async () => {
    const cycle = await failure(d, 'orchestrator', 'task_scheduler', {
      tasks: [
        { id: 'a', after: ['b'] },
        { id: 'b', after: ['a'] },
      ],
    })
    expect(cycle.details).toMatchObject({
      field: 'tasks',
      rule: 'no dependency cycles (a, b wait on each other)',
    })
    const unknown = await failure(d, 'orchestrator', 'task_scheduler', { tasks: [{ id: 'a', after: ['x'] }] })
    expect(unknown.details).toMatchObject({ field: 'tasks/0/after' })
  })
})

describe('narrative_explainer', () => {
  it('explains a loan result in Czech with the rule, source and date (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', {
      ...(ex('narrative_explainer', 0) as object),
      lang: 'cs',
    })
    expect(out.method).toBe('template')
    expect(out.text).toBe(
      'Hypotéka 4,8 mil. Kč: výsledek vyžaduje posouzení (verdict = review). Pravidlo „ČNB LTV limit 80 %“ (ČNB doporučení, účinné od 2022-04-01): LTV 85 % exceeds 80 %.',
    )
  })

  it('cannot explain a result that carries no verdict as a judgement: incomplete, and says so', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', {
      subject: 'Legacy',
      language: 'en',
      result: { decision: 'approve' },
    })
    expect(out).toMatchObject({ verdict: 'incomplete', explained_verdict: null })
    expect(out.text).toContain('Legacy: the result carries no verdict.')
  })

  it('names the failed source of a partial result (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', ex('narrative_explainer', 1))
    expect(out.text).toContain('The answer is partial: dns could not be reached.')
  })

  it('uses the language model when asked and configured', async () => {
    const llm = await startLlmServer(
      'Hypotéka vyžaduje posouzení, protože LTV 85 % překračuje limit ČNB 80 % (od 1. 4. 2022).',
    )
    try {
      const withLlm = testDispatcher(agents, testDeps({ LLM_BASE_URL: llm.baseUrl }))
      const out = await run(withLlm, 'orchestrator', 'narrative_explainer', {
        ...(ex('narrative_explainer', 0) as object),
        use_llm: true,
      })
      expect(out.method).toBe('llm')
      expect(out.text).toContain('LTV 85 %')
    } finally {
      await llm.close()
    }
  })

  it('says the model is not configured and uses the template', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', {
      ...(ex('narrative_explainer', 0) as object),
      use_llm: true,
    })
    expect(out).toMatchObject({
      method: 'template',
      sources: [{ name: 'llm', status: 'skipped', error: 'LLM_BASE_URL is not set' }],
    })
  })
})
