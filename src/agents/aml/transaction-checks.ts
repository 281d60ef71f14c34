/**
 * The checks of transaction_monitoring (AML Act § 9, § 12, § 18; the freezing measures), each a
 * named function over the converted transactions that returns its alerts and the rules it applied
 * (with their register sources). The agent joins them in order and scores the alerts.
 */
import { toCountryCode } from '../../engines/aml/index.ts'
import type { Say } from '../lang.ts'
import { type Citation, cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { HIGH_RISK_LAW, highRiskOn, type Thresholds, thresholdRule, thresholdsOn } from './common.ts'
import { hitView, screeningEngine } from './screening.ts'
import { type Alert, type Tx, thresholdCitation } from './transactions.ts'

/** What one check raised and applied. */
export interface Checked {
  alerts: Alert[]
  rules: AppliedRule[]
}

/** The freezing measures that bind a Czech person: EU regulations, UN measures through them, Czech lists. */
export const FREEZE_LAW = ['eu-269-2014', 'eu-2580-2001', 'cz-69-2006', 'cz-1-2023'] as const

/** Score a counterparty name needs to alert (the engine's default is lower, for curated queries). */
const COUNTERPARTY_THRESHOLD = 0.95

export const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100)

const count = (alerts: Alert[], ruleId: string) => alerts.filter((a) => a.rule_id === ruleId).length

/**
 * Each transaction on its own day's thresholds: identification and due diligence of an occasional
 * transaction, the cash payment limit, and a counterparty country unrecognised, not given (a
 * non-cash transaction) or on the EU high-risk list. The rules are stated on the last day's
 * thresholds `t`.
 */
export function eachTransaction(
  txs: Tx[],
  occasional: boolean,
  t: Thresholds,
  lastDay: string,
  say: Say,
): Checked {
  const alerts: Alert[] = []
  for (const x of txs) {
    const th = thresholdsOn(x.date)
    const one = (rule_id: string, severity: Alert['severity'], description: string, rule: Citation) =>
      alerts.push({
        rule_id,
        severity,
        description,
        transaction_ids: [x.id],
        total_czk: round2(x.czk),
        total_eur: round2(x.eur),
        ...rule,
      })
    if (occasional && x.eur !== null && x.eur >= th.due_diligence_eur) {
      one(
        'due_diligence_threshold',
        'medium',
        say({
          cs: `příležitostný obchod ${Math.round(x.eur)} EUR: kontrola klienta`,
          en: `${Math.round(x.eur)} EUR occasional transaction: client due diligence`,
        }),
        thresholdCitation('due_diligence_eur', x.date),
      )
    } else if (occasional && x.eur !== null && x.eur >= th.identification_eur) {
      one(
        'identification_threshold',
        'low',
        say({
          cs: `příležitostný obchod ${Math.round(x.eur)} EUR: identifikovat klienta`,
          en: `${Math.round(x.eur)} EUR occasional transaction: identify the client`,
        }),
        thresholdCitation('identification_eur', x.date),
      )
    }
    if (x.method === 'cash' && x.czk !== null && x.czk > th.cash_payment_limit_czk) {
      one(
        'cash_over_daily_limit',
        'high',
        say({
          cs: `${Math.round(x.czk)} Kč v hotovosti, nad limitem ${th.cash_payment_limit_czk} Kč`,
          en: `${Math.round(x.czk)} CZK in cash, above the ${th.cash_payment_limit_czk} CZK limit`,
        }),
        thresholdCitation('cash_payment_limit_czk', x.date),
      )
    }
    const code = toCountryCode(x.country)
    // Fail closed: a country that cannot be read was not checked against the high-risk list.
    if (x.country !== undefined && !code)
      one(
        'country_not_recognised',
        'medium',
        say({
          cs: `zemi protistrany „${x.country}“ nelze rozpoznat: seznam vysoce rizikových zemí u ní nebyl ověřen`,
          en: `the counterparty’s country "${x.country}" is not recognised: it was not checked against the high-risk list`,
        }),
        cite(x.date, ...HIGH_RISK_LAW),
      )
    if (code) {
      const { version } = highRiskOn(x.date)
      if (version.countries.includes(code)) {
        one(
          'high_risk_third_country',
          'high',
          say({
            cs: `protistrana v ${code}, ke dni ${x.date} vysoce rizikové třetí zemi podle EU`,
            en: `counterparty in ${code}, an EU high-risk third country on ${x.date}`,
          }),
          cite(x.date, ...HIGH_RISK_LAW),
        )
      }
    }
  }
  // Fail closed: a non-cash transaction goes to or comes from an account held somewhere; without
  // its country the counterparty was not checked against the high-risk list (cash is paid in person).
  const unplaced = txs.filter((x) => x.country === undefined && x.method !== 'cash')
  if (unplaced.length > 0) {
    const ids = unplaced.map((x) => x.id).join(', ')
    alerts.push({
      rule_id: 'country_not_given',
      severity: 'medium',
      description: say({
        cs: `země protistrany neuvedena u ${ids}: neověřeno proti seznamu vysoce rizikových třetích zemí EU (§ 9a); uveďte zemi protistrany každého bezhotovostního obchodu`,
        en: `the counterparty’s country is not given for ${ids}: not checked against the EU high-risk third-country list (§ 9a); give the country of each non-cash transaction’s counterparty`,
      }),
      transaction_ids: unplaced.map((x) => x.id),
      total_czk: null,
      total_eur: null,
      ...cite(unplaced.at(-1)!.date, ...HIGH_RISK_LAW),
    })
  }
  const rules: AppliedRule[] = [
    {
      ...thresholdRule(t, 'identification_eur', lastDay, say),
      outcome: occasional
        ? say({ cs: 'vyhodnoceno', en: 'evaluated' })
        : say({
            cs: 'v rámci obchodního vztahu: identifikace již proběhla',
            en: 'inside a business relationship: identification already done',
          }),
    },
    {
      ...thresholdRule(t, 'due_diligence_eur', lastDay, say),
      outcome: occasional
        ? say({ cs: 'vyhodnoceno', en: 'evaluated' })
        : say({
            cs: 'v rámci obchodního vztahu: průběžná kontrola klienta',
            en: 'inside a business relationship: ongoing due diligence',
          }),
    },
    {
      ...thresholdRule(t, 'cash_payment_limit_czk', lastDay, say),
      outcome: say({
        cs: `nad limitem: ${count(alerts, 'cash_over_daily_limit')}`,
        en: `${count(alerts, 'cash_over_daily_limit')} over the limit`,
      }),
    },
    {
      rule: say({
        cs: 'zesílená kontrola u protistran ve vysoce rizikových třetích zemích podle EU',
        en: 'enhanced due diligence for counterparties in EU high-risk third countries',
      }),
      ...cite(lastDay, ...HIGH_RISK_LAW),
      outcome: say({
        cs: `obchodů: ${count(alerts, 'high_risk_third_country')}; země neuvedena: ${unplaced.length}`,
        en: `transactions: ${count(alerts, 'high_risk_third_country')}; country not given: ${unplaced.length}`,
      }),
    },
  ]
  return { alerts, rules }
}

/**
 * Counterparties against the sanctions lists. Counterparty fields are free text ("Nájem",
 * "vklad na pobočce"): names of two or more words are screened as any name, and near-exact matches
 * (score ≥ 0.95) alert. One word is screened only as an organisation's whole name, exactly: listed
 * organisations go by one word ("Rosneft", "Hamas", "Sberbank"), while a near match of one word
 * would turn ordinary words into hits ("Billa" is 0.97 from "BELLA"). A one-word counterparty that
 * matches nothing is named in a warning, since it was not screened as a person. The lists' source
 * status goes to `sources`.
 */
export async function counterpartySanctions(
  ctx: AgentContext,
  txs: Tx[],
  screen: boolean,
  today: string,
  sources: SourceStatus[],
): Promise<Checked & { warnings: string[] }> {
  const say = ctx.say
  const alerts: Alert[] = []
  const given = [...new Set(txs.map((x) => x.counterparty))].filter((n): n is string => !!n?.trim())
  const isName = (n: string) => n.split(/\s+/).filter((w) => w.length >= 3).length >= 2
  const screened = !screen || given.length === 0 ? undefined : await screeningEngine(ctx, sources)
  // Skipped at the caller's request: a medium alert naming whom, never a clean result.
  if (!screen && given.length > 0) {
    sources.push({ name: 'sanctions_lists', status: 'skipped', error: 'screen_counterparties is false' })
    alerts.push({
      rule_id: 'counterparties_not_screened',
      severity: 'medium',
      description: say({
        cs: `protistrany neprověřeny proti sankčním seznamům: prověrka vynechána na žádost volajícího (screen_counterparties: false): ${given.join(', ')}`,
        en: `counterparties not screened against the sanctions lists: screening skipped at the caller’s request (screen_counterparties: false): ${given.join(', ')}`,
      }),
      transaction_ids: txs.filter((x) => x.counterparty && given.includes(x.counterparty)).map((x) => x.id),
      total_czk: null,
      total_eur: null,
      ...cite(today, ...FREEZE_LAW),
    })
  }
  const unmatchedWords: string[] = []
  for (const name of given) {
    const oneWordName = !isName(name)
    const hits = screened
      ? screened.engine
          .screenName(
            name,
            oneWordName
              ? { type: 'company', limit: 1, threshold: 1 }
              : { type: 'any', limit: 1, threshold: COUNTERPARTY_THRESHOLD },
          )
          .map((h) => hitView(h, say))
      : []
    if (hits.length === 0) {
      if (oneWordName) unmatchedWords.push(name)
      continue
    }
    const h = hits[0]!
    alerts.push({
      rule_id: 'sanctioned_counterparty',
      severity: 'high',
      description: say({
        cs: `protistrana „${name}“ odpovídá ${h.list} ${h.list_id} „${h.matched_name}“ (skóre ${h.score})`,
        en: `counterparty "${name}" matches ${h.list} ${h.list_id} "${h.matched_name}" (score ${h.score})`,
      }),
      transaction_ids: txs.filter((x) => x.counterparty === name).map((x) => x.id),
      total_czk: null,
      total_eur: null,
      ...cite(today, ...FREEZE_LAW),
    })
  }
  // Screened, a one-word counterparty that matched no organisation is named: it was not screened as
  // a person. Not screened at all, the rule's outcome and the sources say so for every counterparty.
  const warnings = (screened ? unmatchedWords : []).map((n) => {
    const ids = txs
      .filter((x) => x.counterparty === n)
      .map((x) => x.id)
      .join(', ')
    return say({
      cs: `protistrana „${n}“ prověřena proti sankčním seznamům jen jako přesný název organizace: jedno slovo se jako jméno osoby neprověřuje (${ids}); je-li to strana obchodu, uveďte celé jméno`,
      en: `counterparty “${n}” screened against the sanctions lists only as an organisation’s exact name: a single word is not screened as a person’s name (${ids}); give the full name if it is a party`,
    })
  })
  const rule: AppliedRule = {
    rule: say({
      cs: 'žádné prostředky sankcionované osobě ani od ní: protistrany se prověřují proti sankčním seznamům',
      en: 'no funds to or from a sanctioned person: counterparties are screened against the sanctions lists',
    }),
    ...cite(today, ...FREEZE_LAW),
    outcome:
      (screened
        ? say({
            cs: `shod: ${count(alerts, 'sanctioned_counterparty')}`,
            en: `${count(alerts, 'sanctioned_counterparty')} match(es)`,
          })
        : say({ cs: 'neprověřeno', en: 'not screened' })) +
      (warnings.length
        ? say({
            cs: `; jedno slovo, jen přesný název organizace: ${unmatchedWords.join(', ')}`,
            en: `; one word, as an organisation’s exact name only: ${unmatchedWords.join(', ')}`,
          })
        : ''),
  }
  return { alerts, rules: [rule], warnings }
}

/** More than `maxPerDay` transactions on one day (the operator's monitoring policy). */
export function velocity(txs: Tx[], maxPerDay: number, lastDay: string, say: Say): Checked {
  const alerts: Alert[] = []
  const perDay = new Map<string, string[]>()
  for (const x of txs) perDay.set(x.date, [...(perDay.get(x.date) ?? []), x.id])
  for (const [day, ids] of perDay) {
    if (ids.length > maxPerDay) {
      alerts.push({
        rule_id: 'velocity',
        severity: 'medium',
        description: say({
          cs: `obchodů dne ${day}: ${ids.length} (více než ${maxPerDay})`,
          en: `${ids.length} transactions on ${day} (more than ${maxPerDay})`,
        }),
        transaction_ids: ids,
        total_czk: null,
        total_eur: null,
        ...cite(day, 'policy-aml-monitoring'),
      })
    }
  }
  const rule: AppliedRule = {
    rule: say({
      cs: `více než ${maxPerDay} obchodů za den je neobvyklá četnost`,
      en: `more than ${maxPerDay} transactions a day is unusual velocity`,
    }),
    ...cite(lastDay, 'policy-aml-monitoring'),
    outcome: say({
      cs: `dnů nad limitem: ${count(alerts, 'velocity')}`,
      en: `days over the limit: ${count(alerts, 'velocity')}`,
    }),
  }
  return { alerts, rules: [rule] }
}

/** The duty to report a suspicious transaction to the FAU (AML Act § 18), on the scored risk. */
export function reportDuty(risk: string, today: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'podezřelý obchod se bez odkladu oznamuje Finančnímu analytickému úřadu',
      en: 'a suspicious transaction is reported to the Financial Analytical Office without delay',
    }),
    ...cite(today, 'cz-253-2008-s18'),
    outcome:
      risk === 'high'
        ? say({ cs: 'posoudit oznámení', en: 'assess a report' })
        : say({ cs: 'není indikováno', en: 'not indicated' }),
  }
}
