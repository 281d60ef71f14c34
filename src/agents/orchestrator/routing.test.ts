import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { d, ex, expectComposed, outputOf, step } from '../../../test/agents/flows.ts'
import { failure, run, testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import { type LlmTestServer, startLlmServer } from '../../../test/agents/llm-server.ts'
import { agents } from '../index.ts'
import { orchestratorAgents } from './index.ts'

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
      'purpose',
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
