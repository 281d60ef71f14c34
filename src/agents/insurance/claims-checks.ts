/**
 * The checks of claims_triage (Civil Code §§ 2758 and 2796; the insurer's triage table of fraud
 * indicators), each a named function over the claim that returns what it found and the rules it
 * applied (with their register sources). The agent joins them in order.
 */
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

interface Indicator {
  points: number
  label: string
  days?: number
  share?: number
  count?: number
  multiple?: number
}
export interface Triage extends ReferenceVersion {
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

/** A claim as given: amounts in CZK, dates YYYY-MM-DD. */
interface Claim {
  claim_type: 'property' | 'theft' | 'motor' | 'liability' | 'travel'
  amount: number
  sum_insured: number
  policy_start: string
  policy_end?: string | undefined
  loss_date: string
  report_date: string
  prior_claims_12m?: number | undefined
  police_report?: boolean | undefined
  documents_complete?: boolean | undefined
}

/** An indicator that was hit: its label and points. */
interface Hit {
  indicator: string
  points: number
}

/**
 * Scores the indicators of the triage table one by one: each adds its rule (hit or not, with the
 * detail that decided it) and, when hit, its points.
 */
function indicators(t: Triage, at: string, say: Say) {
  const src = cite(at, 'policy-claims-triage')
  const rules: AppliedRule[] = []
  const hits: Hit[] = []
  const flag = (key: string, hit: boolean, detail: Texts) => {
    const ind = t.indicators[key]!
    const label = say(indicatorLabel(key, ind))
    const d = say(detail)
    rules.push({
      rule: label,
      ...src,
      outcome: hit ? `+${ind.points} (${d})` : say({ cs: `ne (${d})`, en: `no (${d})` }),
    })
    if (hit) hits.push({ indicator: label, points: ind.points })
  }
  return { flag, rules, hits }
}

/** The loss must fall within the policy period (Civil Code § 2758). */
export function periodCheck(claim: Claim, at: string, say: Say): { inPeriod: boolean; rule: AppliedRule } {
  const inPeriod =
    claim.loss_date >= claim.policy_start && (!claim.policy_end || claim.loss_date <= claim.policy_end)
  const rule: AppliedRule = {
    rule: say({
      cs: 'Pojistná událost musí nastat v době trvání pojištění',
      en: 'Loss must occur within the policy period',
    }),
    ...cite(at, 'cz-89-2012-s2758'),
    outcome: inPeriod
      ? say({ cs: 'v pojistné době', en: 'within' })
      : say({ cs: 'mimo pojistnou dobu', en: 'outside' }),
  }
  return { inPeriod, rule }
}

/**
 * The timing indicators — a loss soon after the policy start, a late report — and the duty to
 * report the loss without undue delay (Civil Code § 2796), with the delay in days.
 */
export function timingChecks(
  claim: Claim,
  inPeriod: boolean,
  t: Triage,
  at: string,
  say: Say,
): { hits: Hit[]; rules: AppliedRule[] } {
  const i = t.indicators
  const { flag, rules, hits } = indicators(t, at, say)
  const sinceStart = days(claim.policy_start, claim.loss_date)
  const reportDelay = days(claim.loss_date, claim.report_date)
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
  return { hits, rules }
}

/**
 * The indicators of the claim itself: its share of the sum insured, prior claims, a theft not
 * reported to the police, a round sum and missing documents.
 */
export function claimChecks(
  claim: Claim,
  t: Triage,
  at: string,
  say: Say,
): { hits: Hit[]; rules: AppliedRule[] } {
  const i = t.indicators
  const { flag, rules, hits } = indicators(t, at, say)
  const share = claim.amount / claim.sum_insured
  flag('high_share_of_sum_insured', share > i.high_share_of_sum_insured!.share!, {
    cs: `${Math.round(share * 100)} %`,
    en: `${Math.round(share * 100)} %`,
  })
  const prior = claim.prior_claims_12m
  flag(
    'prior_claims_12m',
    prior !== undefined && prior >= i.prior_claims_12m!.count!,
    prior === undefined
      ? { cs: 'neuvedeno (prior_claims_12m)', en: 'not given (prior_claims_12m)' }
      : { cs: `předchozích škod: ${prior}`, en: `${prior} prior claims` },
  )
  if (claim.claim_type === 'theft') {
    flag(
      'theft_without_police_report',
      claim.police_report !== true,
      claim.police_report
        ? { cs: 'oznámeno policii', en: 'reported' }
        : { cs: 'neoznámeno policii', en: 'not reported' },
    )
  }
  flag('round_amount', claim.amount % i.round_amount!.multiple! === 0, {
    cs: `${claim.amount} Kč`,
    en: `${claim.amount} CZK`,
  })
  flag(
    'missing_documents',
    claim.documents_complete === false,
    claim.documents_complete === false
      ? { cs: 'chybí', en: 'missing' }
      : claim.documents_complete === undefined
        ? { cs: 'neuvedeno (documents_complete)', en: 'not given (documents_complete)' }
        : { cs: 'úplné', en: 'complete' },
  )
  return { hits, rules }
}

/**
 * The facts two indicators turn on that the claim does not give: prior claims in the last 12
 * months and whether the documents are complete. Neither is assumed favourable (0, complete):
 * each is a reason naming the field, and the claim is referred rather than fast-tracked.
 */
export function notGiven(claim: Claim, say: Say): string[] {
  const out: string[] = []
  if (claim.prior_claims_12m === undefined)
    out.push(
      say({
        cs: 'počet předchozích škod za posledních 12 měsíců neuveden (prior_claims_12m): uveďte jej (0, nebyly-li žádné)',
        en: 'the number of prior claims in the last 12 months is not given (prior_claims_12m): give it (0 if none)',
      }),
    )
  if (claim.documents_complete === undefined)
    out.push(
      say({
        cs: 'neuvedeno, zda jsou podklady úplné (documents_complete): uveďte to',
        en: 'whether the supporting documents are complete is not given (documents_complete): give it',
      }),
    )
  return out
}

type Route = 'not_covered' | 'fast_track' | 'standard' | 'investigate' | 'refer'

/**
 * The route by the table's thresholds: outside the policy period it is not covered; from
 * `investigate_from` points it is investigated; with a fact an indicator turns on not given it is
 * referred to a handler (an unknown is not scored as favourable); below `fast_track_below` points
 * and up to `fast_track_max_amount` CZK it is fast-tracked; anything else is handled as standard.
 */
export function routeCheck(
  inPeriod: boolean,
  hits: Hit[],
  amount: number,
  unknown: string[],
  t: Triage,
  at: string,
  say: Say,
): { route: Route; score: number; rule: AppliedRule } {
  const score = hits.reduce((s, h) => s + h.points, 0)
  let route: Route
  if (!inPeriod) route = 'not_covered'
  else if (score >= t.investigate_from) route = 'investigate'
  else if (unknown.length > 0) route = 'refer'
  else if (score < t.fast_track_below && amount <= t.fast_track_max_amount) route = 'fast_track'
  else route = 'standard'
  const rule: AppliedRule = {
    rule: say({
      cs: `Směrování: šetření od ${t.investigate_from} bodů; zrychlené vyřízení pod ${t.fast_track_below} bodů a do ${t.fast_track_max_amount} Kč`,
      en: `Routing: investigate from ${t.investigate_from} points; fast track below ${t.fast_track_below} points and up to ${t.fast_track_max_amount} CZK`,
    }),
    ...cite(at, 'policy-claims-triage'),
    outcome: route,
  }
  return { route, score, rule }
}
