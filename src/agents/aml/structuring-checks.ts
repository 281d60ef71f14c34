/**
 * The checks of structuring_detection (AML Act § 9, the Cash Payments Act, FATF red flags), each a
 * named function over the converted transactions that returns its alerts and the rules it applied
 * (with their register sources). The agent joins them in order and scores the alerts.
 */
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { type Thresholds, thresholdRule } from './common.ts'
import { type Alert, structuring, type Tx, unconvertedAlert } from './transactions.ts'

/** What one check raised and applied. */
interface Checked {
  alerts: Alert[]
  rules: AppliedRule[]
}

const alertCount = (alerts: Alert[], id: string, say: Say) => {
  const n = alerts.filter((a) => a.rule_id === id).length
  return say({ cs: `upozornění: ${n}`, en: `alerts: ${n}` })
}

/**
 * Payments split to stay under a threshold: cash parts over the daily cash limit with one party,
 * parts under the due-diligence or cash-trader threshold that reach it within `window` days, and
 * repeated amounts just under a threshold. The rules are stated on the last day's thresholds `t`.
 */
export function splitPayments(txs: Tx[], t: Thresholds, window: number, lastDay: string, say: Say): Checked {
  const alerts = structuring(txs, t, window, say)
  const rules: AppliedRule[] = [
    {
      ...thresholdRule(t, 'cash_payment_limit_czk', lastDay, say),
      outcome: alertCount(alerts, 'split_cash_over_daily_limit', say),
    },
    {
      ...thresholdRule(t, 'due_diligence_eur', lastDay, say),
      outcome: alertCount(alerts, 'split_under_due_diligence', say),
    },
    {
      ...thresholdRule(t, 'cash_trader_eur', lastDay, say),
      outcome: alertCount(alerts, 'split_cash_under_trader_threshold', say),
    },
    {
      rule: say({
        cs: 'opakované částky těsně pod oznamovacím limitem (90–100 %) jsou znakem rozdělování plateb',
        en: 'repeated amounts just under a reporting threshold (90–100 %) are a sign of structuring',
      }),
      ...cite(lastDay, 'fatf-red-flags'),
      outcome: alertCount(alerts, 'repeated_just_under_threshold', say),
    },
    {
      rule: say({
        cs: `obchody se stejnou protistranou a směrem během ${window} dnů se posuzují jako propojené`,
        en: `transactions with the same counterparty and direction within ${window} days are treated as linked`,
      }),
      ...cite(lastDay, 'policy-aml-monitoring'),
    },
  ]
  return { alerts, rules }
}

/** Amounts converted at the ČNB rate of each transaction's day; one without a rate alerts. */
export function conversion(txs: Tx[], lastDay: string, say: Say): Checked {
  const unconverted = unconvertedAlert(txs, say)
  const alerts = unconverted ? [unconverted] : []
  const rule: AppliedRule = {
    rule: say({
      cs: 'limity v EUR se přepočítávají kurzem ČNB vyhlášeným pro den každého obchodu',
      en: 'EUR thresholds are converted at the ČNB rate declared for the day of each transaction',
    }),
    ...cite(lastDay, 'cnb-fx-rates'),
    outcome: alertCount(alerts, 'amount_not_converted', say),
  }
  return { alerts, rules: [rule] }
}
