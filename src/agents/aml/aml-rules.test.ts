import { describe, expect, it } from 'vitest'
import { agentCalls, exampleInput, replayedSources } from '../../../test/agents/service-tests.ts'
import { NOW } from '../../../test/sources/routes.ts'
import { cashThresholdCheck } from './cash_threshold_check.ts'
import { countryRisk } from './country_risk.ts'
import { structuringDetection } from './structuring_detection.ts'
import { transactionMonitoring } from './transaction_monitoring.ts'

const agents = [countryRisk, cashThresholdCheck, structuringDetection, transactionMonitoring]
const sources = replayedSources(agents)
const { run: call } = agentCalls('aml', NOW, () => sources.online)

describe('aml/country_risk', () => {
  it('example: Russia is an EU high-risk third country since 29 January 2026', async () => {
    const out = await call('country_risk', exampleInput(countryRisk, 0))
    expect(out).toMatchObject({
      country_code: 'RU',
      eu_high_risk: true,
      enhanced_due_diligence: true,
      list_version: { effective_from: '2026-01-29', countries: 26 },
    })
    expect(out.history).toEqual([expect.objectContaining({ date: '2026-01-29', change: 'listed' })])
  })

  it('example: the UAE by name, delisted on 5 August 2025', async () => {
    const out = await call('country_risk', exampleInput(countryRisk, 1))
    expect(out).toMatchObject({ country_code: 'AE', eu_high_risk: false })
    expect(out.history.map((h: { date: string; change: string }) => [h.date, h.change])).toEqual([
      ['2025-01-01', 'listed'],
      ['2025-08-05', 'delisted'],
    ])
  })

  it('example: evaluated on a past day, Russia was not yet listed (29 countries then)', async () => {
    const out = await call('country_risk', exampleInput(countryRisk, 2))
    expect(out).toMatchObject({
      country_code: 'RU',
      eu_high_risk: false,
      list_version: { effective_from: '2025-08-05', countries: 29 },
    })
  })

  it('answers 400 for an unknown country and for a date before the shipped list', async () => {
    await expect(call('country_risk', { country: 'Atlantis' })).rejects.toMatchObject({
      details: { field: 'country' },
    })
    await expect(call('country_risk', { country: 'RU', date: '2020-01-01' })).rejects.toMatchObject({
      details: { field: 'date', rule: 'the list is shipped from 2025-01-01' },
    })
  })
})

describe('aml/cash_threshold_check', () => {
  it('example: 300,000 CZK in cash breaks the cash limit and needs identification, not due diligence', async () => {
    const out = await call('cash_threshold_check', exampleInput(cashThresholdCheck, 0))
    expect(out).toMatchObject({
      amount_czk: 300000,
      amount_eur: 12345.68,
      rates_date: '2026-11-20',
      identification_required: true,
      due_diligence_required: false,
      cash_limit_exceeded: true,
      partial: false,
    })
    expect(
      out.obligations.find((o) => o.obligation === 'trader accepting cash identifies the payer')!.triggered,
    ).toBe(true)
  })

  it('example: a 20,000 EUR occasional transfer needs due diligence', async () => {
    const out = await call('cash_threshold_check', exampleInput(cashThresholdCheck, 1))
    expect(out).toMatchObject({
      amount_czk: 486000,
      due_diligence_required: true,
      cash_limit_exceeded: false,
    })
  })

  it('example: 15,000 CZK by card is under every threshold', async () => {
    const out = await call('cash_threshold_check', exampleInput(cashThresholdCheck, 2))
    expect(out).toMatchObject({
      amount_eur: 617.28,
      identification_required: false,
      due_diligence_required: false,
    })
  })

  it('without ČNB, the EUR thresholds are taken as reached and marked assumed; the CZK cash limit is still evaluated', async () => {
    const out = await call('cash_threshold_check', exampleInput(cashThresholdCheck, 0), sources.offline)
    expect(out).toMatchObject({
      amount_eur: null,
      identification_required: true,
      cash_limit_exceeded: true,
      partial: true,
    })
    expect(out.obligations[0]).toMatchObject({
      obligation: 'identify the client',
      triggered: true,
      assumed: true,
    })
    expect(out.obligations[3]).toMatchObject({
      obligation: 'pay through a bank account instead of cash',
      assumed: false,
    })
    expect(out.rules_applied[0]!.outcome).toBe(
      'applies: assumed, the amount could not be converted (no ČNB rate)',
    )
    expect(out.sources[0]).toMatchObject({ name: 'cnb', status: 'failed' })
  })

  it('without ČNB, transaction monitoring reviews what it could not convert instead of answering none', async () => {
    const out = await call('transaction_monitoring', exampleInput(transactionMonitoring, 1), sources.offline)
    expect(out.risk).toBe('medium')
    expect(out.alerts).toContainEqual(
      expect.objectContaining({ rule_id: 'amount_not_converted', severity: 'medium' }),
    )
    expect(out.partial).toBe(true)
  })

  it('without ČNB, structuring detection reviews what it could not convert instead of answering none', async () => {
    const out = await call('structuring_detection', exampleInput(structuringDetection, 2), sources.offline)
    expect(out.risk).toBe('medium')
    expect(out.alerts).toContainEqual(expect.objectContaining({ rule_id: 'amount_not_converted' }))
  })

  it('answers 400 for a payment method outside the list', async () => {
    await expect(call('cash_threshold_check', { amount: 1, method: 'cheque' })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('aml/structuring_detection', () => {
  it('example: three cash parts of 360,000 CZK on one day with one dealer are a high alert', async () => {
    const out = await call('structuring_detection', exampleInput(structuringDetection, 0))
    expect(out.risk).toBe('high')
    expect(out.alerts[0]).toMatchObject({
      rule_id: 'split_cash_over_daily_limit',
      transaction_ids: ['t1', 't2', 't3'],
      total_czk: 360000,
      source: 'zákon 254/2004 Sb., § 4',
    })
  })

  it('example: two transfers of 14,500 and 14,200 EUR in three days reach the due-diligence threshold', async () => {
    const out = await call('structuring_detection', exampleInput(structuringDetection, 1))
    expect(out.risk).toBe('medium')
    expect(out.alerts.map((a: { rule_id: string }) => a.rule_id)).toEqual([
      'split_under_due_diligence',
      'repeated_just_under_threshold',
    ])
    expect(out.alerts[0]).toMatchObject({ total_eur: 28700, total_czk: 697410 })
  })

  it('example: rent paid monthly raises nothing', async () => {
    expect(await call('structuring_detection', exampleInput(structuringDetection, 2))).toMatchObject({
      alerts: [],
      risk: 'none',
    })
  })

  it('does not link transfers further apart than the window', async () => {
    const input = structuredClone(exampleInput(structuringDetection, 1)) as { window_days: number }
    input.window_days = 2
    expect((await call('structuring_detection', input)).alerts).toEqual([])
  })

  it('answers 400 naming the item for a duplicate id', async () => {
    await expect(
      call('structuring_detection', {
        transactions: [
          { id: 'a', date: '2026-11-20', amount: 1 },
          { id: 'a', date: '2026-11-20', amount: 2 },
        ],
      }),
    ).rejects.toMatchObject({ details: { field: 'transactions/1/id', rule: 'ids must be unique' } })
  })
})

describe('aml/transaction_monitoring', () => {
  it('example: a payment to Vietnam and 300,000 CZK cash in are high risk, calling for EDD and an STR assessment', async () => {
    const out = await call('transaction_monitoring', exampleInput(transactionMonitoring, 0))
    expect(out.risk).toBe('high')
    expect(out.action).toContain('§ 18')
    expect(out.transactions).toEqual([
      { id: 'p1', amount_czk: 437400, amount_eur: 18000, rules_hit: ['high_risk_third_country'] },
      { id: 'p2', amount_czk: 300000, amount_eur: 12345.68, rules_hit: ['cash_over_daily_limit'] },
    ])
    expect(out.totals).toEqual({ in_czk: 300000, out_czk: 437400, cash_czk: 300000 })
  })

  it('example: ordinary domestic payments raise no alert', async () => {
    expect(await call('transaction_monitoring', exampleInput(transactionMonitoring, 1))).toMatchObject({
      risk: 'none',
      action: 'no action',
      alerts: [],
    })
  })

  it('flags occasional transactions by the identification and due-diligence thresholds', async () => {
    const out = await call('transaction_monitoring', {
      relationship: 'occasional',
      transactions: [
        { id: 'o1', date: '2026-11-20', amount: 2000, currency: 'EUR', country: 'CZ' },
        { id: 'o2', date: '2026-11-20', amount: 16000, currency: 'EUR', counterparty: 'jiný', country: 'CZ' },
      ],
    })
    expect(out.transactions.map((t: { rules_hit: string[] }) => t.rules_hit)).toEqual([
      ['identification_threshold'],
      ['due_diligence_threshold'],
    ])
  })

  it('screens counterparties: a payment to a company on the OFAC SDN list is a high alert', async () => {
    const out = await call('transaction_monitoring', {
      transactions: [
        {
          id: 's1',
          date: '2026-11-20',
          amount: 50000,
          direction: 'out',
          counterparty: 'UMATEX GROUP EUROPE S.R.O.',
          country: 'CZ',
        },
      ],
    })
    expect(out.risk).toBe('high')
    expect(out.alerts).toEqual([
      expect.objectContaining({
        rule_id: 'sanctioned_counterparty',
        transaction_ids: ['s1'],
        severity: 'high',
      }),
    ])
    expect(out.alerts[0]!.description).toContain('ofac_sdn 40863')
  })

  it('reviews a transfer whose counterparty country is not given: it was not checked against the EU high-risk list', async () => {
    const out = await call('transaction_monitoring', {
      transactions: [
        { id: 'n1', date: '2026-11-19', amount: 40_000, direction: 'out', counterparty: 'Kish Trading' },
        {
          id: 'n2',
          date: '2026-11-20',
          amount: 12_000,
          direction: 'in',
          counterparty: 'Nájemce',
          country: 'CZ',
        },
        { id: 'n3', date: '2026-11-20', amount: 5_000, method: 'cash', counterparty: 'Pokladna' },
      ],
    })
    expect(out).toMatchObject({ risk: 'medium', verdict: 'review' })
    expect(out.alerts).toEqual([
      expect.objectContaining({
        rule_id: 'country_not_given',
        severity: 'medium',
        transaction_ids: ['n1'],
        basis: ['eu-2016-1675', 'cz-253-2008-s9a'],
        description:
          'the counterparty’s country is not given for n1: not checked against the EU high-risk third-country list (§ 9a); give the country of each non-cash transaction’s counterparty',
      }),
    ])
  })

  it('marks velocity above max_per_day', async () => {
    const transactions = Array.from({ length: 4 }, (_, i) => ({
      id: `v${i}`,
      date: '2026-11-20',
      amount: 100,
      country: 'CZ',
    }))
    const out = await call('transaction_monitoring', { transactions, max_per_day: 3 })
    expect(out.alerts).toEqual([
      expect.objectContaining({ rule_id: 'velocity', transaction_ids: ['v0', 'v1', 'v2', 'v3'] }),
    ])
  })
})

describe('aml texts in Czech', () => {
  it('counts the parts of a split payment with the Czech plural: 2 platby, 5 plateb', async () => {
    const part = (id: string, amount: number) => ({
      id,
      date: '2026-11-20',
      amount,
      method: 'cash',
      direction: 'out',
      counterparty: 'Auto Dvořák s.r.o.',
    })
    const two = [part('a', 150_000), part('b', 150_000)]
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => part(id, 60_000))
    const describe = async (transactions: unknown[]) =>
      (
        (
          await sources.online.call(
            'aml',
            'structuring_detection',
            { transactions },
            { now: NOW, lang: 'cs' },
          )
        ).output as { alerts: { rule_id: string; description: string }[] }
      ).alerts.find((a) => a.rule_id === 'split_cash_over_daily_limit')!.description
    expect(await describe(two)).toMatch(/^2 platby v hotovosti s Auto Dvořák/)
    expect(await describe(five)).toMatch(/^5 plateb v hotovosti/)
  })
})

describe('aml/transaction_monitoring: screening skipped at the caller’s request', () => {
  it('is a medium alert naming the counterparties not screened (screen_counterparties: false), never none', async () => {
    const txs = [
      {
        id: 'k1',
        date: '2026-11-20',
        amount: 40_000,
        direction: 'out',
        counterparty: 'Jana Nováková',
        country: 'CZ',
      },
    ]
    const skipped = await call('transaction_monitoring', { transactions: txs, screen_counterparties: false })
    expect(skipped).toMatchObject({ risk: 'medium', verdict: 'review' })
    expect(skipped.alerts).toContainEqual(
      expect.objectContaining({
        rule_id: 'counterparties_not_screened',
        severity: 'medium',
        transaction_ids: ['k1'],
        description:
          'counterparties not screened against the sanctions lists: screening skipped at the caller’s request (screen_counterparties: false): Jana Nováková',
      }),
    )
    const screened = await call('transaction_monitoring', { transactions: txs })
    expect(screened.alerts).toEqual([])
  })
})

describe('aml/transaction_monitoring: counterparties given by one word', () => {
  it('finds a listed organisation given by one word (“Hamas”): a high alert, not a warning', async () => {
    const out = await call('transaction_monitoring', {
      transactions: [
        {
          id: 'w1',
          date: '2026-11-20',
          amount: 20_000,
          direction: 'out',
          counterparty: 'Hamas',
          country: 'CZ',
        },
        {
          id: 'w2',
          date: '2026-11-20',
          amount: 10_000,
          direction: 'in',
          counterparty: 'Jana Nováková',
          country: 'CZ',
        },
      ],
    })
    expect(out.alerts).toContainEqual(
      expect.objectContaining({
        rule_id: 'sanctioned_counterparty',
        severity: 'high',
        transaction_ids: ['w1'],
      }),
    )
    expect(out.alerts.find((a) => a.rule_id === 'sanctioned_counterparty')?.description).toMatch(
      /^counterparty "Hamas" matches \S+ \S+ "HAMAS" \(score 1\)$/,
    )
    expect(out.verdict).toBe('adverse')
    expect(out.warnings).toEqual([])
  })

  it('screens a one-word counterparty only as an organisation’s exact name, and says so, naming it', async () => {
    const out = await call('transaction_monitoring', {
      transactions: [
        {
          id: 'w1',
          date: '2026-11-20',
          amount: 20_000,
          direction: 'out',
          counterparty: 'Nájem',
          country: 'CZ',
        },
        {
          id: 'w2',
          date: '2026-11-20',
          amount: 10_000,
          direction: 'out',
          counterparty: 'Billa',
          country: 'CZ',
        },
      ],
    })
    expect(out.alerts).toEqual([])
    expect(out.warnings).toEqual([
      'counterparty “Nájem” screened against the sanctions lists only as an organisation’s exact name: a single word is not screened as a person’s name (w1); give the full name if it is a party',
      'counterparty “Billa” screened against the sanctions lists only as an organisation’s exact name: a single word is not screened as a person’s name (w2); give the full name if it is a party',
    ])
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        basis: expect.arrayContaining(['cz-69-2006']),
        outcome: '0 match(es); one word, as an organisation’s exact name only: Nájem, Billa',
      }),
    )
  })
})
