/**
 * The checks of cash_threshold_check (AML Act §§ 7 and 9, the Cash Payments Act, Regulation (EU)
 * 2018/1672), each a named function that returns the duties it found and the rules it applied
 * (with their register sources). The agent joins them in order.
 */
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { type ThresholdKey, type Thresholds, thresholdRule } from './common.ts'

/** The payment in CZK and in EUR at the ČNB rate of its day; null when there was no rate. */
export interface Amounts {
  czk: number | null
  eur: number | null
}

/** What the payment is: its method, inside a business relationship or not, across the EU border. */
export interface Payment {
  /** Banknotes and coins (zákon 254/2004 Sb., the border declaration). */
  cash: boolean
  /** Cash for the AML Act's trader threshold: banknotes and coins, or a virtual asset from 2024-05-01. */
  cashForAmlAct: boolean
  occasional: boolean
  crossesEuBorder: boolean
}

/**
 * The five thresholds of the day, each a duty the payment triggers or not. Fail closed: an amount
 * that cannot be converted (no ČNB rate) is taken to reach the threshold, and the duty says it was
 * assumed, so no duty is dropped for want of a rate.
 */
export function thresholdDuties(p: Payment, a: Amounts, t: Thresholds, date: string, say: Say) {
  const reaches = (value: number | null, limit: number, strict = false) =>
    value === null ? true : strict ? value > limit : value >= limit
  const assumed = (cur: string) => (cur === 'EUR' ? a.eur === null : a.czk === null)
  const duty = (key: ThresholdKey, obligation: string, triggered: boolean, cur: 'EUR' | 'CZK') => ({
    obligation,
    triggered,
    threshold: t[key],
    threshold_currency: cur,
    ...thresholdRule(t, key, date, say),
    assumed: triggered && assumed(cur),
  })
  return {
    identification: duty(
      'identification_eur',
      say({ cs: 'identifikovat klienta', en: 'identify the client' }),
      reaches(a.eur, t.identification_eur),
      'EUR',
    ),
    // Inside a business relationship due diligence applies whatever the amount (§ 9).
    dueDiligence: duty(
      'due_diligence_eur',
      say({ cs: 'kontrola klienta', en: 'client due diligence' }),
      p.occasional ? reaches(a.eur, t.due_diligence_eur) : true,
      'EUR',
    ),
    cashTrader: duty(
      'cash_trader_eur',
      say({
        cs: 'obchodník přijímající hotovost identifikuje plátce',
        en: 'trader accepting cash identifies the payer',
      }),
      p.cashForAmlAct ? reaches(a.eur, t.cash_trader_eur) : false,
      'EUR',
    ),
    cashLimit: duty(
      'cash_payment_limit_czk',
      say({
        cs: 'platit přes bankovní účet místo hotovosti',
        en: 'pay through a bank account instead of cash',
      }),
      p.cash ? reaches(a.czk, t.cash_payment_limit_czk, true) : false,
      'CZK',
    ),
    border: duty(
      'eu_border_cash_declaration_eur',
      say({ cs: 'ohlásit hotovost celnímu úřadu', en: 'declare the cash to customs' }),
      p.cash && p.crossesEuBorder ? reaches(a.eur, t.eu_border_cash_declaration_eur) : false,
      'EUR',
    ),
  }
}

type Duty = ReturnType<typeof thresholdDuties>['identification']

/** Each duty as a rule applied (applies, assumed, or not), then due diligence in a relationship. */
export function dutyRules(duties: Duty[], occasional: boolean, date: string, say: Say): AppliedRule[] {
  return [
    ...duties.map((o) => ({
      rule: o.rule,
      basis: o.basis,
      source: o.source,
      since: o.since,
      outcome: o.assumed
        ? say({
            cs: 'platí: předpokládá se, částku nešlo převést (chybí kurz ČNB)',
            en: 'applies: assumed, the amount could not be converted (no ČNB rate)',
          })
        : o.triggered
          ? say({ cs: 'platí', en: 'applies' })
          : say({ cs: 'neplatí', en: 'does not apply' }),
    })),
    ...(occasional
      ? []
      : [
          {
            rule: say({
              cs: 'v rámci obchodního vztahu platí kontrola klienta bez ohledu na částku',
              en: 'inside a business relationship due diligence applies whatever the amount',
            }),
            ...cite(date, 'cz-253-2008-s9'),
            outcome: say({ cs: 'platí', en: 'applies' }),
          },
        ]),
  ]
}

/**
 * The EUR thresholds converted at the ČNB rate declared for the day; without a rate each EUR
 * threshold was taken as reached, an assumption the answer states.
 */
export function rateCheck(
  payment: { amount: number; currency: string; eur: number | null },
  ratesDate: string | null,
  date: string,
  say: Say,
): { rule: AppliedRule; assumptions: Assumption[] } {
  const { amount, currency } = payment
  const assumptions: Assumption[] =
    currency !== 'EUR' && payment.eur === null
      ? [
          {
            field: 'eur_rate',
            value: say({
              cs: 'částka brána jako dosahující každého limitu v EUR',
              en: 'the amount taken as reaching every EUR threshold',
            }),
            basis: say({
              cs: `kurz ČNB pro ${date} nebyl k dispozici, částku ${amount} ${currency} nešlo převést na EUR; povinnosti podle limitů v EUR se proto uplatní, dokud se neprokáže, že částka je pod nimi`,
              en: `the ČNB rate for ${date} was unavailable, so ${amount} ${currency} could not be converted to EUR; the duties of the EUR thresholds apply until the amount is shown to be below them`,
            }),
          },
        ]
      : []
  const rule = {
    rule: say({
      cs: 'limity v EUR se přepočítávají kurzem ČNB vyhlášeným pro daný den',
      en: 'EUR thresholds are converted at the ČNB rate declared for the day',
    }),
    ...cite(date, 'cnb-fx-rates'),
    outcome: ratesDate
      ? say({ cs: `kurzy ze dne ${ratesDate}`, en: `rates of ${ratesDate}` })
      : currency === 'EUR'
        ? say({ cs: 'částka v EUR', en: 'amount in EUR' })
        : say({ cs: 'bez kurzu', en: 'no rate' }),
  }
  return { rule, assumptions }
}
