import countries from 'i18n-iso-countries'
import { Type } from 'typebox'
import { median } from '../../engines/finance/stats.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Rules extends ReferenceVersion {
  velocity: { count: number; window_minutes: number; points: number }
  duplicate: { window_minutes: number; points: number }
  spike: { multiple_of_median: number; min_history: number; points: number }
  impossible_travel: { window_minutes: number; points: number }
  night: { from_hour: number; to_hour: number; points: number }
  review_from: number
  block_from: number
}

const PRAGUE_HOUR = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  hour: '2-digit',
  hourCycle: 'h23',
})

interface Payment {
  id: string
  ms: number
  account: string
  amount: number
  merchant?: string | undefined
  country?: string | undefined
}

/**
 * One monitoring rule: its text (both languages, from the table's thresholds), what it finds in a
 * payment given the account's earlier payments (a reason, or nothing), and its points.
 */
interface Check {
  key: string
  rule(r: Rules): Texts
  find(t: Payment, prior: Payment[], r: Rules): Texts | undefined
  points(r: Rules): number
}

const within = (t: Payment, prior: Payment[], minutes: number) =>
  prior.filter((p) => t.ms - p.ms <= minutes * 60_000)

const CHECKS: Check[] = [
  {
    key: 'velocity',
    rule: (r) => ({
      cs: `Četnost: ${r.velocity.count} plateb za ${r.velocity.window_minutes} min`,
      en: `Velocity: ${r.velocity.count} payments in ${r.velocity.window_minutes} min`,
    }),
    find: (t, prior, r) =>
      within(t, prior, r.velocity.window_minutes).length + 1 >= r.velocity.count
        ? {
            cs: `${r.velocity.count} a více plateb během ${r.velocity.window_minutes} minut`,
            en: `${r.velocity.count}+ payments within ${r.velocity.window_minutes} minutes`,
          }
        : undefined,
    points: (r) => r.velocity.points,
  },
  {
    key: 'duplicate',
    rule: (r) => ({
      cs: `Duplicita: stejná částka a obchodník během ${r.duplicate.window_minutes} min`,
      en: `Duplicate: same amount and merchant within ${r.duplicate.window_minutes} min`,
    }),
    find: (t, prior, r) => {
      const dup = within(t, prior, r.duplicate.window_minutes).find(
        (p) => p.amount === t.amount && p.merchant === t.merchant,
      )
      return dup ? { cs: `duplicita platby ${dup.id}`, en: `duplicate of ${dup.id}` } : undefined
    },
    points: (r) => r.duplicate.points,
  },
  {
    key: 'spike',
    rule: (r) => ({
      cs: `Skok: nad ${r.spike.multiple_of_median} × medián účtu (historie ≥ ${r.spike.min_history})`,
      en: `Spike: above ${r.spike.multiple_of_median} × the account median (history ≥ ${r.spike.min_history})`,
    }),
    find: (t, prior, r) => {
      if (prior.length < r.spike.min_history) return undefined
      const m = median(prior.map((p) => p.amount))
      return t.amount > r.spike.multiple_of_median * m
        ? {
            cs: `částka ${t.amount} je více než ${r.spike.multiple_of_median} × medián účtu ${m}`,
            en: `amount ${t.amount} is more than ${r.spike.multiple_of_median} × the account median ${m}`,
          }
        : undefined
    },
    points: (r) => r.spike.points,
  },
  {
    key: 'travel',
    rule: (r) => ({
      cs: `Nemožné cestování: dvě země během ${r.impossible_travel.window_minutes} min`,
      en: `Impossible travel: two countries within ${r.impossible_travel.window_minutes} min`,
    }),
    find: (t, prior, r) => {
      const away = t.country
        ? within(t, prior, r.impossible_travel.window_minutes).find(
            (p) => p.country && p.country !== t.country,
          )
        : undefined
      if (!away) return undefined
      const minutes = Math.round((t.ms - away.ms) / 60_000)
      return {
        cs: `${away.country} → ${t.country} během ${minutes} minut`,
        en: `${away.country} → ${t.country} within ${minutes} minutes`,
      }
    },
    points: (r) => r.impossible_travel.points,
  },
  {
    key: 'night',
    rule: (r) => ({
      cs: `Noc: ${r.night.from_hour}:00–${r.night.to_hour}:00 Europe/Prague`,
      en: `Night: ${r.night.from_hour}:00–${r.night.to_hour}:00 Europe/Prague`,
    }),
    find: (t, _prior, r) => {
      const hour = Number(PRAGUE_HOUR.format(new Date(t.ms)))
      return hour >= r.night.from_hour && hour < r.night.to_hour
        ? { cs: `v ${hour}:00 místního času`, en: `at ${hour}:00 local time` }
        : undefined
    },
    points: (r) => r.night.points,
  },
]

/**
 * A country code that names no country (ISO 3166-1) is no location the travel rule can judge: the
 * payment goes to a person, whatever its score.
 */
function unknownCountry(t: Payment): Texts | undefined {
  if (!t.country || countries.isValid(t.country)) return undefined
  return {
    cs: `země ${t.country} není kód ISO 3166-1: místo platby nelze posoudit`,
    en: `country ${t.country} is no ISO 3166-1 code: the location cannot be judged`,
  }
}

/**
 * A payment with no country that the account's other payments come within the travel window of:
 * the impossible-travel rule could not compare it, so it is said and the payment goes to a person.
 * With no other payment of the account in the window the rule had nothing to compare, and nothing
 * is said.
 */
function travelNotJudged(t: Payment, others: Payment[], r: Rules): Texts | undefined {
  if (t.country) return undefined
  const window = r.impossible_travel.window_minutes * 60_000
  if (!others.some((o) => o !== t && Math.abs(o.ms - t.ms) <= window)) return undefined
  return {
    cs: `země neuvedena (country): pravidlo nemožného cestování nemohlo platbu porovnat s ostatními platbami účtu do ${r.impossible_travel.window_minutes} min; uveďte kód ISO 3166-1`,
    en: `country not given (country): the impossible-travel rule could not compare this payment with the account’s others within ${r.impossible_travel.window_minutes} min; give the ISO 3166-1 code`,
  }
}

export const fraudDetection = defineAgent({
  service: 'risk',
  name: 'fraud_detection',
  description:
    "Scores card or account payments with documented fraud rules — velocity per account, duplicates, amount spikes against the account's own median, impossible travel between countries, night-time activity — and decides allow, review or block per transaction. A payment with no country that the travel rule should have compared with the account's others is reviewed, saying so.",
  input: Type.Object(
    {
      transactions: Type.Array(
        Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 100 }),
            timestamp: Type.String({ format: 'date-time' }),
            account: Type.String({
              minLength: 1,
              maxLength: 100,
              description: 'card or account the payment is made from',
            }),
            amount: Type.Number({ exclusiveMinimum: 0, description: 'CZK' }),
            merchant: Type.Optional(Type.String({ maxLength: 200 })),
            country: Type.Optional(
              Type.String({
                pattern: '^[A-Z]{2}$',
                description:
                  'ISO 3166-1 alpha-2; a code naming no country sends the payment to review, and so does none given when the account made another payment within the travel window',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 20_000 },
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    summary: Type.Object({ allow: Type.Integer(), review: Type.Integer(), block: Type.Integer() }),
    results: Type.Array(
      Type.Object({
        id: Type.String(),
        score: Type.Integer(),
        decision: Type.Union([Type.Literal('allow'), Type.Literal('review'), Type.Literal('block')]),
        reasons: Type.Array(Type.String()),
      }),
    ),
  }),
  verdict: {
    explain:
      '`adverse` when a transaction is to be blocked, `review` when one is to be reviewed, else `clear`',
    of: (r) => (r.summary.block > 0 ? 'adverse' : r.summary.review > 0 ? 'review' : 'clear'),
  },
  law: ['policy-fraud-rules', 'eu-2018-389-art2', 'iso-3166-1'],
  examples: [
    {
      title: 'Ordinary shopping: all allowed',
      input: {
        transactions: [
          {
            id: 't1',
            timestamp: '2025-05-12T08:10:00Z',
            account: 'card-1',
            amount: 420,
            merchant: 'Albert',
            country: 'CZ',
          },
          {
            id: 't2',
            timestamp: '2025-05-12T12:30:00Z',
            account: 'card-1',
            amount: 189,
            merchant: 'Lidl',
            country: 'CZ',
          },
          {
            id: 't3',
            timestamp: '2025-05-13T17:45:00Z',
            account: 'card-1',
            amount: 650,
            merchant: 'Shell',
            country: 'CZ',
          },
        ],
      },
    },
    {
      title: 'A spike abroad 20 minutes after a payment at home, then a duplicate: blocked',
      input: {
        transactions: [
          {
            id: 'a1',
            timestamp: '2025-05-10T09:00:00Z',
            account: 'card-7',
            amount: 300,
            merchant: 'Billa',
            country: 'CZ',
          },
          {
            id: 'a2',
            timestamp: '2025-05-11T09:00:00Z',
            account: 'card-7',
            amount: 250,
            merchant: 'Billa',
            country: 'CZ',
          },
          {
            id: 'a3',
            timestamp: '2025-05-12T09:00:00Z',
            account: 'card-7',
            amount: 280,
            merchant: 'Billa',
            country: 'CZ',
          },
          {
            id: 'a4',
            timestamp: '2025-05-12T09:20:00Z',
            account: 'card-7',
            amount: 24_990,
            merchant: 'ElectroShop',
            country: 'NG',
          },
          {
            id: 'a5',
            timestamp: '2025-05-12T09:24:00Z',
            account: 'card-7',
            amount: 24_990,
            merchant: 'ElectroShop',
            country: 'NG',
          },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = asOfDate(undefined, ctx.now)
    const r = covered(() => referenceAt<Rules>('fraud-rules', at))
    const src = cite(at, 'policy-fraud-rules', 'eu-2018-389-art2')
    const txs = input.transactions.map((t, i) => {
      const ms = Date.parse(t.timestamp)
      if (Number.isNaN(ms))
        throw errors.invalid(`transactions/${i}/timestamp`, 'must be an ISO 8601 date-time')
      return { ...t, ms, index: i }
    })
    const seen = new Set<string>()
    for (const t of txs) {
      if (seen.has(t.id)) throw errors.invalid('transactions', `id ${t.id} appears twice`)
      seen.add(t.id)
    }
    txs.sort((a, b) => a.ms - b.ms || a.index - b.index)
    const history = new Map<string, typeof txs>()
    const hitCount = new Map<string, number>(CHECKS.map((c) => [c.key, 0]))
    let unrecognised = 0
    let notJudged = 0
    const byAccount = new Map<string, typeof txs>()
    for (const t of txs) byAccount.set(t.account, [...(byAccount.get(t.account) ?? []), t])
    const results = txs.map((t) => {
      const prior = history.get(t.account) ?? []
      const reasons: string[] = []
      let score = 0
      for (const check of CHECKS) {
        const found = check.find(t, prior, r)
        if (!found) continue
        score += check.points(r)
        hitCount.set(check.key, hitCount.get(check.key)! + 1)
        reasons.push(say(found))
      }
      const unknown = unknownCountry(t)
      if (unknown) {
        unrecognised++
        reasons.push(say(unknown))
      }
      const unjudged = travelNotJudged(t, byAccount.get(t.account)!, r)
      if (unjudged) {
        notJudged++
        reasons.push(say(unjudged))
      }
      prior.push(t)
      history.set(t.account, prior)
      const decision =
        score >= r.block_from ? 'block' : score >= r.review_from || unknown || unjudged ? 'review' : 'allow'
      return { index: t.index, id: t.id, score, decision: decision as 'allow' | 'review' | 'block', reasons }
    })
    const hits = (n: number) => say({ cs: `zásahů: ${n}`, en: `${n} hit(s)` })
    const rules: AppliedRule[] = [
      ...CHECKS.map((c) => ({
        rule: say(c.rule(r)),
        ...src,
        outcome:
          hits(hitCount.get(c.key)!) +
          (c.key === 'travel' && notJudged > 0
            ? say({
                cs: `; neposouzeno ${notJudged} (země neuvedena)`,
                en: `; ${notJudged} not judged (country not given)`,
              })
            : ''),
      })),
      {
        rule: say({
          cs: 'Země platby musí být kód ISO 3166-1; jiný se posoudí ručně',
          en: 'The country of a payment must be an ISO 3166-1 code; any other is reviewed by a person',
        }),
        ...cite(at, 'iso-3166-1', 'eu-2018-389-art2'),
        outcome: say({ cs: `nerozpoznáno: ${unrecognised}`, en: `${unrecognised} not recognised` }),
      },
      {
        rule: say({
          cs: 'Sledování transakcí s neobvyklou útratou, neobvyklým místem a známými scénáři podvodů',
          en: 'Transaction monitoring for abnormal spending, unusual location and known fraud scenarios',
        }),
        ...src,
        outcome: say({
          cs: `k posouzení od ${r.review_from}, blokovat od ${r.block_from} bodů`,
          en: `review ≥ ${r.review_from}, block ≥ ${r.block_from}`,
        }),
      },
    ]
    return {
      summary: {
        allow: results.filter((x) => x.decision === 'allow').length,
        review: results.filter((x) => x.decision === 'review').length,
        block: results.filter((x) => x.decision === 'block').length,
      },
      // Reported in the caller's order, not the chronological order they were scored in.
      results: results.sort((a, b) => a.index - b.index).map(({ index: _i, ...rest }) => rest),
      rules_applied: rules,
    }
  },
})
