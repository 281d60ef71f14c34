import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDispatcher } from '../../../test/agents/harness.ts'
import { agentCalls, describeWorkedExamples } from '../../../test/agents/service-tests.ts'
import { parseEnv } from '../../kit/config.ts'
import { agentSpec, createAgentDeps } from '../deps.ts'
import { contractGenerator } from './contract_generator.ts'
import { legalAgents } from './index.ts'

/** The loan example's input, as the tests take it apart. */
type LoanContract = { parties: Record<string, unknown>[] } & Record<string, unknown>

const NOW = new Date('2025-06-01T10:00:00Z')
const dispatcher = testDispatcher(legalAgents, createAgentDeps(parseEnv(agentSpec, {})))
const { run, rejection } = agentCalls('legal', NOW, dispatcher)

const expected: Record<string, Record<string, Record<string, unknown>>> = {
  contract_review: {
    'Czech service contract with a 1 % daily penalty and automatic renewal': {
      method: 'rules',
      language: 'cs',
      risk_level: 'high',
      missing: [],
    },
    'English NDA with a liability cap and arbitration': {
      method: 'rules',
      language: 'en',
      risk_level: 'medium',
      // The arbitration clause settles where disputes go: jurisdiction is not missing.
      missing: ['payment_terms'],
    },
    'Czech flat purchase contract paid straight to the seller, with no escrow and no deposit clause': {
      contract_type: 'flat_purchase',
      risk_level: 'high',
      flat_purchase: {
        findings: [
          expect.objectContaining({ check: 'escrow', status: 'missing', risk: 'high' }),
          expect.objectContaining({ check: 'deposit', status: 'missing', risk: 'high' }),
          expect.objectContaining({ check: 'association_debts', status: 'missing', risk: 'medium' }),
        ],
      },
    },
  },
  contract_generator: {
    'Loan of 200 000 CZK between a company and a person at 6 %': {
      title: 'Smlouva o zápůjčce',
      warnings: [],
    },
    "Indefinite flat lease with a deposit of two months' rent": {
      title: 'Smlouva o nájmu bytu',
      warnings: [
        'party 1 has no IČO or birth number: identify it unambiguously',
        'party 2 has no IČO or birth number: identify it unambiguously',
      ],
    },
  },
  deadline_calculator: {
    '15-day appeal period from delivery on 3 April 2025 ends on Good Friday: moved over Easter to 22 April': {
      deadline: '2025-04-22',
      unshifted: '2025-04-18',
      shifted: true,
      weekday: 'Tuesday',
    },
    'One month from 31 January 2025 ends on 28 February': { deadline: '2025-02-28', shifted: false },
    '8 days from 16 December 2025 would end on Christmas Eve: moved to 29 December': {
      deadline: '2025-12-29',
      non_working_days_skipped: [
        { date: '2025-12-24', reason: 'Štědrý den' },
        { date: '2025-12-25', reason: '1. svátek vánoční' },
        { date: '2025-12-26', reason: '2. svátek vánoční' },
        { date: '2025-12-27', reason: 'Saturday' },
        { date: '2025-12-28', reason: 'Sunday' },
      ],
    },
    '10 working days from 28 April 2025 skip 1 and 8 May': { deadline: '2025-05-14' },
  },
}

describeWorkedExamples('legal agents: worked examples', {
  agents: legalAgents,
  names: ['contract_generator', 'contract_review', 'deadline_calculator'],
  catalogueTest: 'has the three agents, each with at least two examples',
  expected,
  run,
})

describe('deadline_calculator', () => {
  it('refuses an event before the counting rules on file naming event_date, the field the caller gave', async () => {
    const error = await rejection('deadline_calculator', {
      event_date: '2012-05-02',
      amount: 15,
      unit: 'days',
      regime: 'administrative',
    })
    expect(error.details).toMatchObject({ field: 'event_date', rule: 'must be on or after 2014-01-01' })
  })

  it('dates each regime’s rule from the day its law took effect, not from the start of the data on file', async () => {
    const input = { event_date: '2025-04-03', amount: 15, unit: 'days' }
    const since = async (regime: string) =>
      (await run('deadline_calculator', { ...input, regime })).rules_applied.find((r) =>
        r.source?.includes('§'),
      )!.since
    expect(await since('administrative')).toBe('2006-01-01')
    expect(await since('tax')).toBe('2011-01-01')
    expect(await since('civil_procedure')).toBe('1964-04-01')
    expect(await since('civil')).toBe('2014-01-01')
  })
})

describe('contract_review by rules', () => {
  it('finds each clause of the Czech example with its risk and legal source', async () => {
    const out = await run('contract_review', legalAgents[0]!.examples[0]!.input)
    expect(out.clauses.map((c) => [c.type, c.risk])).toEqual([
      ['penalty', 'high'],
      ['jurisdiction', 'low'],
      ['termination', 'low'],
      ['auto_renewal', 'medium'],
      ['payment_terms', 'medium'],
    ])
    expect(out.clauses[0]).toMatchObject({
      excerpt: 'Za každý den prodlení zaplatí objednatel smluvní pokutu 1 % z dlužné částky denně.',
      source: 'zákon 89/2012 Sb. § 2048–2051',
    })
    expect(out.clauses[4]!.note).toMatch(/^90 days exceeds 60/)
  })

  it('reviews a payment term not given in days (months, weeks, a number in words), naming it, never low', async () => {
    const contract = (term: string) =>
      `Smlouva o dílo. 1. Zhotovitel provede pro objednatele dílo podle přílohy. 2. Cena je splatná ${term} od doručení faktury. 3. Smlouvu lze vypovědět s výpovědní dobou jeden měsíc. 4. Smlouva se řídí právním řádem České republiky.`
    for (const term of ['do tří měsíců', 'do 12 týdnů', 'do devadesáti dnů']) {
      const out = await run('contract_review', { method: 'rules', text: contract(term) })
      const payment = out.clauses.find((c) => c.type === 'payment_terms')!
      expect(payment.risk, term).toBe('medium')
      expect(payment.note, term).toMatch(
        /^the payment term is not given in a number of days: count it in days and compare it with 60/,
      )
      expect(out.verdict, term).toBe('review')
    }
    const days = await run('contract_review', { method: 'rules', text: contract('do 14 dnů') })
    expect(days.clauses.find((c) => c.type === 'payment_terms')!.risk).toBe('low')
    expect(days.verdict).toBe('clear')
  })

  it('keeps a penalty below 0.5 % a day at medium risk', async () => {
    const out = await run('contract_review', {
      text: 'Při prodlení zaplatí kupující smluvní pokutu ve výši 0,05 % z dlužné částky za každý den prodlení.',
    })
    expect(out.clauses).toEqual([expect.objectContaining({ type: 'penalty', risk: 'medium' })])
  })

  it('says why it used rules when the model was asked for but none is configured', async () => {
    const out = await run('contract_review', {
      text: 'This Agreement is governed by the laws of England.',
      method: 'llm',
    })
    expect(out).toMatchObject({
      method: 'rules',
      llm_error: 'no language model is configured (set LLM_BASE_URL)',
    })
  })
})

describe('contract_review with a language model (local OpenAI-compatible server)', () => {
  let server: Server
  let baseUrl: string
  let reply: () => { status: number; body: unknown }
  const requests: { url: string | undefined; body: { messages: unknown[] } }[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        requests.push({ url: req.url, body: JSON.parse(body) })
        const r = reply()
        res.writeHead(r.status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(r.body))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const withLlm = () =>
    testDispatcher(
      legalAgents,
      createAgentDeps(
        parseEnv(agentSpec, { LLM_BASE_URL: baseUrl, LLM_MODEL: 'review-model', LLM_TIMEOUT_SECONDS: '5' }),
      ),
    )
  const completion = (content: string) => ({
    status: 200,
    body: {
      id: 'c1',
      model: 'review-model',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    },
  })
  const text =
    'Smlouva o dílo. Zhotovitel neodpovídá za škodu způsobenou z hrubé nedbalosti. Spory rozhodne rozhodčí soud.'

  it('uses the model, keeps quoted findings and drops invented quotes', async () => {
    reply = () =>
      completion(
        JSON.stringify({
          clauses: [
            {
              type: 'liability_limitation',
              risk: 'high',
              excerpt: 'Zhotovitel neodpovídá za škodu způsobenou z hrubé nedbalosti.',
              note: 'Gross negligence cannot be excluded.',
            },
            {
              type: 'arbitration',
              risk: 'medium',
              excerpt: 'Spory rozhodne rozhodčí soud.',
              note: 'Void against consumers.',
            },
            { type: 'penalty', risk: 'high', excerpt: 'Smluvní pokuta 5 % denně.', note: 'not in the text' },
          ],
        }),
      )
    const out = await run('contract_review', { text }, withLlm())
    expect(out.method).toBe('llm')
    expect(out.clauses).toEqual([
      {
        type: 'liability_limitation',
        risk: 'high',
        excerpt: 'Zhotovitel neodpovídá za škodu způsobenou z hrubé nedbalosti.',
        note: 'Gross negligence cannot be excluded.',
        source: 'zákon 89/2012 Sb. § 2898',
      },
      expect.objectContaining({ type: 'arbitration', source: 'zákon 216/1994 Sb. § 3 odst. 6' }),
    ])
    expect(out.rules_applied[0]!.outcome).toBe(
      '2 finding(s), 1 dropped (not quoted from the text or outside the vocabulary)',
    )
    const sent = requests.at(-1)
    expect(sent!.url).toBe('/v1/chat/completions')
    expect(sent!.body).toMatchObject({
      model: 'review-model',
      temperature: 0,
      response_format: { type: 'json_object' },
    })
    expect(sent!.body.messages[1]).toEqual({ role: 'user', content: text })
  })

  it('falls back to the rules, saying why, when the model answers without JSON', async () => {
    reply = () => completion('I think this contract is fine.')
    const out = await run('contract_review', { text }, withLlm())
    expect(out).toMatchObject({ method: 'rules', llm_error: 'the model did not answer with JSON' })
    expect(out.clauses.map((c) => c.type)).toEqual(['liability_limitation', 'arbitration'])
  })

  it('falls back to the rules when the model upstream fails', async () => {
    reply = () => ({ status: 400, body: { error: { message: 'bad request' } } })
    const out = await run('contract_review', { text }, withLlm())
    expect(out.method).toBe('rules')
    expect(out.llm_error).toMatch(/^Language model upstream failed/)
  })

  it('uses rules when asked to even with a model configured', async () => {
    const before = requests.length
    const out = await run('contract_review', { text, method: 'rules' }, withLlm())
    expect(out.method).toBe('rules')
    expect(requests.length).toBe(before)
  })
})

describe('contract_generator and deadline_calculator: rules and bad input', () => {
  const lease = legalAgents[1]!.examples[1]!.input as Record<string, unknown>

  it('rejects a lease deposit above three months of rent (NOZ § 2254)', async () => {
    const error = await rejection('contract_generator', { ...lease, deposit: 45_000 })
    expect(error.status).toBe(400)
    expect(error.details).toEqual({
      field: 'deposit',
      rule: 'must not exceed 3 × the monthly rent (43 500 Kč), NOZ § 2254',
    })
  })

  it('rejects a party IČO with a bad checksum, naming the party', async () => {
    const loan = contractGenerator.examples[0]!.input as LoanContract
    const error = await rejection('contract_generator', {
      ...loan,
      parties: [{ ...loan.parties[0], ico: '45274648' }, loan.parties[1]],
    })
    expect(error.details).toEqual({ field: 'parties/0/ico', rule: 'checksum digit should be 9, not 8' })
  })

  it('asks for the loan amount the loan template needs', async () => {
    const loan = contractGenerator.examples[0]!.input as LoanContract
    const { amount: _a, ...rest } = loan
    const error = await rejection('contract_generator', rest)
    expect(error.details).toEqual({ field: 'amount', rule: 'required for the loan template' })
  })

  it('leaves the deposit clause out when none is agreed and renders the fixed term', async () => {
    const { deposit: _d, ...rest } = lease
    const out = await run('contract_generator', { ...rest, lease_end: '2026-05-31' })
    expect(out.clauses.map((c) => c.id)).not.toContain('deposit')
    expect(out.text).toContain('Nájem se sjednává na dobu určitou do 31. 5. 2026.')
  })

  it('ends a one-year period on the same date next year (29 Feb → 28 Feb)', async () => {
    const out = await run('deadline_calculator', { event_date: '2024-02-29', amount: 1, unit: 'years' })
    expect(out).toMatchObject({ unshifted: '2025-02-28', deadline: '2025-02-28' })
  })

  it('ends a two-week period on the same weekday', async () => {
    const out = await run('deadline_calculator', { event_date: '2025-06-04', amount: 2, unit: 'weeks' })
    expect(out).toMatchObject({ deadline: '2025-06-18', weekday: 'Wednesday' })
    const cs = await run('deadline_calculator', {
      event_date: '2025-06-04',
      amount: 2,
      unit: 'weeks',
      lang: 'cs',
    })
    expect(cs).toMatchObject({ deadline: '2025-06-18', weekday: 'středa' })
  })

  it('does not count Good Friday as a holiday before 2016', async () => {
    const out = await run('deadline_calculator', { event_date: '2015-03-23', amount: 11, unit: 'days' })
    expect(out).toMatchObject({ unshifted: '2015-04-03', deadline: '2015-04-03', shifted: false })
  })
})
