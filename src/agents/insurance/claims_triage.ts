import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Indicator {
  points: number
  label: string
  days?: number
  share?: number
  count?: number
  multiple?: number
}
interface Triage extends ReferenceVersion {
  indicators: Record<string, Indicator>
  investigate_from: number
  fast_track_below: number
  fast_track_max_amount: number
}

/**
 * Each indicator of the triage table in both languages, with the table's own threshold; an
 * indicator the table adds later is shown by its label in the table.
 */
function indicatorLabel(key: string, ind: Indicator): Texts {
  switch (key) {
    case 'early_loss_days':
      return {
        cs: `škoda do ${ind.days} dnů od počátku pojištění`,
        en: `loss within ${ind.days} days of the policy start`,
      }
    case 'late_report_days':
      return {
        cs: `oznámeno déle než ${ind.days} dnů po škodě`,
        en: `reported more than ${ind.days} days after the loss`,
      }
    case 'high_share_of_sum_insured':
      return {
        cs: `nárok nad ${Math.round(ind.share! * 100)} % pojistné částky`,
        en: `claim above ${Math.round(ind.share! * 100)} % of the sum insured`,
      }
    case 'prior_claims_12m':
      return {
        cs: `${ind.count} a více škod za posledních 12 měsíců`,
        en: `${ind.count} or more claims in the last 12 months`,
      }
    case 'theft_without_police_report':
      return {
        cs: 'krádež nebo vloupání neoznámené policii',
        en: 'theft or burglary not reported to the police',
      }
    case 'round_amount':
      return { cs: 'nárokovaná částka je zaokrouhlená', en: 'claimed amount is a round sum' }
    case 'missing_documents':
      return { cs: 'chybí podklady', en: 'supporting documents missing' }
    default:
      return { cs: ind.label, en: ind.label }
  }
}

const DAY = 86_400_000
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY)

export const claimsTriage = defineAgent({
  service: 'insurance',
  name: 'claims_triage',
  description:
    'Triage of an insurance claim: checks that the loss falls within the policy period, scores documented fraud indicators (early loss, late report, theft without police report, claim near the sum insured …) and routes it to fast track, standard handling or investigation.',
  input: Type.Object(
    {
      claim_type: Type.Union([
        Type.Literal('property'),
        Type.Literal('theft'),
        Type.Literal('motor'),
        Type.Literal('liability'),
        Type.Literal('travel'),
      ]),
      amount: Type.Number({ exclusiveMinimum: 0, description: 'claimed, CZK' }),
      sum_insured: Type.Number({ exclusiveMinimum: 0 }),
      policy_start: DateString(),
      policy_end: Type.Optional(DateString()),
      loss_date: DateString(),
      report_date: DateString(),
      prior_claims_12m: Type.Optional(Type.Integer({ minimum: 0 })),
      police_report: Type.Optional(Type.Boolean()),
      documents_complete: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    route: Type.Union([
      Type.Literal('not_covered'),
      Type.Literal('fast_track'),
      Type.Literal('standard'),
      Type.Literal('investigate'),
    ]),
    fraud_score: Type.Integer(),
    indicators: Type.Array(Type.Object({ indicator: Type.String(), points: Type.Integer() })),
  }),
  verdict: {
    field: 'route',
    map: { fast_track: 'clear', standard: 'clear', investigate: 'review', not_covered: 'adverse' },
  },
  law: ['cz-89-2012-s2758', 'cz-89-2012-s2796', 'policy-claims-triage'],
  examples: [
    {
      title: 'Small water-damage claim, reported in 3 days: fast track',
      input: {
        claim_type: 'property',
        amount: 18_500,
        sum_insured: 3_000_000,
        policy_start: '2022-03-01',
        loss_date: '2025-05-10',
        report_date: '2025-05-13',
        documents_complete: true,
      },
    },
    {
      title: 'Theft 12 days after the policy start, no police report, round sum: investigate',
      input: {
        claim_type: 'theft',
        amount: 150_000,
        sum_insured: 500_000,
        policy_start: '2025-04-20',
        loss_date: '2025-05-02',
        report_date: '2025-05-30',
        police_report: false,
        documents_complete: true,
      },
    },
    {
      title: 'Loss before the policy started: not covered',
      input: {
        claim_type: 'motor',
        amount: 60_000,
        sum_insured: 400_000,
        policy_start: '2025-05-01',
        loss_date: '2025-04-28',
        report_date: '2025-05-02',
      },
    },
  ],
  async run(input, ctx) {
    if (input.report_date < input.loss_date)
      throw errors.invalid('report_date', 'must not be before loss_date')
    const at = asOfDate(undefined, ctx.now)
    const t = covered(() => referenceAt<Triage>('claims-triage', at))
    const src = cite(at, 'policy-claims-triage')
    const rules: AppliedRule[] = []
    const say = ctx.say
    const inPeriod =
      input.loss_date >= input.policy_start && (!input.policy_end || input.loss_date <= input.policy_end)
    rules.push({
      rule: say({
        cs: 'Pojistná událost musí nastat v době trvání pojištění',
        en: 'Loss must occur within the policy period',
      }),
      ...cite(at, 'cz-89-2012-s2758'),
      outcome: inPeriod
        ? say({ cs: 'v pojistné době', en: 'within' })
        : say({ cs: 'mimo pojistnou dobu', en: 'outside' }),
    })
    const hits: { indicator: string; points: number }[] = []
    const i = t.indicators
    const flag = (key: string, hit: boolean, detail: Texts) => {
      const ind = i[key]!
      const label = say(indicatorLabel(key, ind))
      const d = say(detail)
      rules.push({
        rule: label,
        ...src,
        outcome: hit ? `+${ind.points} (${d})` : say({ cs: `ne (${d})`, en: `no (${d})` }),
      })
      if (hit) hits.push({ indicator: label, points: ind.points })
    }
    const sinceStart = days(input.policy_start, input.loss_date)
    const reportDelay = days(input.loss_date, input.report_date)
    flag('early_loss_days', inPeriod && sinceStart <= i.early_loss_days!.days!, {
      cs: `${sinceStart} dnů od počátku pojištění`,
      en: `${sinceStart} days after the start`,
    })
    flag('late_report_days', reportDelay > i.late_report_days!.days!, {
      cs: `nahlášeno po ${reportDelay} dnech`,
      en: `reported after ${reportDelay} days`,
    })
    rules.push({
      rule: say({
        cs: 'Škodu je třeba oznámit bez zbytečného odkladu',
        en: 'Loss to be reported without undue delay',
      }),
      ...cite(at, 'cz-89-2012-s2796'),
      outcome: say({ cs: `${reportDelay} dnů`, en: `${reportDelay} days` }),
    })
    const share = input.amount / input.sum_insured
    flag('high_share_of_sum_insured', share > i.high_share_of_sum_insured!.share!, {
      cs: `${Math.round(share * 100)} %`,
      en: `${Math.round(share * 100)} %`,
    })
    const prior = input.prior_claims_12m ?? 0
    flag('prior_claims_12m', prior >= i.prior_claims_12m!.count!, {
      cs: `předchozích škod: ${prior}`,
      en: `${prior} prior claims`,
    })
    if (input.claim_type === 'theft') {
      flag(
        'theft_without_police_report',
        input.police_report !== true,
        input.police_report
          ? { cs: 'oznámeno policii', en: 'reported' }
          : { cs: 'neoznámeno policii', en: 'not reported' },
      )
    }
    flag('round_amount', input.amount % i.round_amount!.multiple! === 0, {
      cs: `${input.amount} Kč`,
      en: `${input.amount} CZK`,
    })
    flag(
      'missing_documents',
      input.documents_complete === false,
      input.documents_complete === false
        ? { cs: 'chybí', en: 'missing' }
        : { cs: 'úplné nebo neuvedeno', en: 'complete or not stated' },
    )
    const score = hits.reduce((s, h) => s + h.points, 0)
    let route: 'not_covered' | 'fast_track' | 'standard' | 'investigate'
    if (!inPeriod) route = 'not_covered'
    else if (score >= t.investigate_from) route = 'investigate'
    else if (score < t.fast_track_below && input.amount <= t.fast_track_max_amount) route = 'fast_track'
    else route = 'standard'
    rules.push({
      rule: say({
        cs: `Směrování: šetření od ${t.investigate_from} bodů; zrychlené vyřízení pod ${t.fast_track_below} bodů a do ${t.fast_track_max_amount} Kč`,
        en: `Routing: investigate from ${t.investigate_from} points; fast track below ${t.fast_track_below} points and up to ${t.fast_track_max_amount} CZK`,
      }),
      ...src,
      outcome: route,
    })
    return { route, fraud_score: score, indicators: hits, rules_applied: rules }
  },
})
