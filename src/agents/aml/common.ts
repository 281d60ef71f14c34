/**
 * What the AML agents share: the dated thresholds of the AML Act and the cash-payment act, the EU
 * list of high-risk third countries, and conversion of amounts to EUR and CZK at the ČNB rate of
 * the transaction's day (as zákon 253/2008 Sb. requires for its EUR thresholds).
 */

import { toCountryCode } from '../../engines/aml/index.ts'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { type CnbRates, czkPerUnit } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { attempt } from '../data/shared.ts'
import type { Say, Texts } from '../lang.ts'
import { type Citation, cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'

interface ThresholdRule {
  rule: string
  source: string
  since: string
}

export type Thresholds = ReferenceVersion & {
  identification_eur: number
  due_diligence_eur: number
  cash_trader_eur: number
  cash_payment_limit_czk: number
  eu_border_cash_declaration_eur: number
  /** Whether a payment in a virtual asset counts as cash for the AML Act (zákon 107/2024 Sb., from 2024-05-01). */
  virtual_assets_count_as_cash: boolean
  rules: Record<string, ThresholdRule>
}

export function thresholdsOn(date: string): Thresholds {
  return versionAt(loadReference<Thresholds>('aml-act-thresholds'), date)
}

/**
 * Whether a payment by `method` on `date` is cash for the AML Act's trader threshold: banknotes and
 * coins always, a virtual asset from 2024-05-01. The cash-payment limit of zákon 254/2004 Sb. is
 * about banknotes and coins only, so it asks `method === 'cash'` instead.
 */
export function cashForAmlAct(method: string, date: string): boolean {
  return method === 'cash' || (method === 'crypto' && thresholdsOn(date).virtual_assets_count_as_cash)
}

export type HighRiskVersion = ReferenceVersion & { countries: string[] }

export function highRiskOn(date: string): { version: HighRiskVersion; title: string } {
  const ref = loadReference<HighRiskVersion>('eu-high-risk-third-countries')
  return { version: versionAt(ref, date), title: ref.title }
}

/** The register entries of the EU high-risk list and the enhanced due diligence it calls for. */
export const HIGH_RISK_LAW = ['eu-2016-1675', 'cz-253-2008-s9a'] as const

export function highRiskRule(
  version: HighRiskVersion,
  code: string | undefined,
  say: Say,
  at: string = version.effective_from,
): AppliedRule {
  const listed = code !== undefined && version.countries.includes(code)
  return {
    rule: say({
      cs: 'zesílená kontrola klienta usazeného ve vysoce rizikové třetí zemi podle EU',
      en: 'enhanced due diligence for a person established in an EU high-risk third country',
    }),
    ...cite(at, ...HIGH_RISK_LAW),
    outcome: say(
      code === undefined
        ? { cs: 'země neuvedena', en: 'no country given' }
        : listed
          ? { cs: `${code} je na seznamu`, en: `${code} is listed` }
          : { cs: `${code} není na seznamu`, en: `${code} is not listed` },
    ),
  }
}

/**
 * The AML Act thresholds' rules (data/reference/aml-act-thresholds.json, `rules`) in both
 * languages, by key, one text per wording the table has had; a wording the table adds later is
 * shown in the table's words.
 */
const AML_RULES: Record<string, Texts[]> = {
  identification_eur: [
    {
      cs: 'identifikace klienta u příležitostného obchodu v hodnotě 1 000 EUR a více',
      en: 'identify the client for an occasional transaction of 1,000 EUR or more',
    },
  ],
  due_diligence_eur: [
    {
      cs: 'kontrola klienta u příležitostného obchodu v hodnotě 15 000 EUR a více',
      en: 'client due diligence for an occasional transaction of 15,000 EUR or more',
    },
  ],
  cash_trader_eur: [
    {
      cs: 'obchodník přijímající platbu v hotovosti 10 000 EUR a více, za niž se považuje i platba virtuálním aktivem, je povinnou osobou a musí plátce identifikovat',
      en: 'a trader accepting a cash payment of 10,000 EUR or more, a payment in a virtual asset counting as cash, is an obliged person and must identify the payer',
    },
    {
      cs: 'obchodník přijímající platbu v hotovosti 10 000 EUR a více je povinnou osobou a musí plátce identifikovat',
      en: 'a trader accepting a cash payment of 10,000 EUR or more is an obliged person and must identify the payer',
    },
    {
      cs: 'obchodník přijímající platbu v hotovosti 15 000 EUR a více je povinnou osobou a musí plátce identifikovat',
      en: 'a trader accepting a cash payment of 15,000 EUR or more is an obliged person and must identify the payer',
    },
  ],
  cash_payment_limit_czk: [
    {
      cs: 'platby v hotovosti nad 270 000 Kč za den mezi týmiž stranami musí jít přes bankovní účet',
      en: 'cash payments above 270,000 CZK a day between the same parties must go through a bank account',
    },
    {
      cs: 'platby v hotovosti nad 350 000 Kč za den mezi týmiž stranami musí jít přes bankovní účet',
      en: 'cash payments above 350,000 CZK a day between the same parties must go through a bank account',
    },
  ],
  eu_border_cash_declaration_eur: [
    {
      cs: 'hotovost 10 000 EUR a více přenášenou do EU nebo z EU je třeba ohlásit celnímu úřadu',
      en: 'cash of 10,000 EUR or more carried into or out of the EU must be declared to customs',
    },
  ],
}

/**
 * The register entry (data/reference/legal-basis.json) of each threshold of the table: the rule's
 * `basis`, `source` and `since` come from the register, the figures from the table.
 */
export const THRESHOLD_LAW = {
  identification_eur: 'cz-253-2008-s7',
  due_diligence_eur: 'cz-253-2008-s9',
  cash_trader_eur: 'cz-253-2008-s2',
  cash_payment_limit_czk: 'cz-254-2004-s4',
  eu_border_cash_declaration_eur: 'eu-2018-1672-art3',
} as const
export type ThresholdKey = keyof typeof THRESHOLD_LAW

/** The border declaration before Regulation (EU) 2018/1672 applied (2021-06-03): Regulation (EC) No 1889/2005. */
const BORDER_LAW_BEFORE = { until: '2021-06-03', id: 'eu-1889-2005-art3' } as const

/** Every register entry a threshold rule may cite, whatever the day: an agent's `law`. */
export const THRESHOLD_LAW_IDS = [...Object.values(THRESHOLD_LAW), BORDER_LAW_BEFORE.id]

/** The register entry of one threshold on `at`. */
export function thresholdLaw(key: ThresholdKey, at: string): string {
  return key === 'eu_border_cash_declaration_eur' && at < BORDER_LAW_BEFORE.until
    ? BORDER_LAW_BEFORE.id
    : THRESHOLD_LAW[key]
}

/** One threshold's rule as evaluated on `at`: its text in the call's language and its citation. */
export function thresholdRule(
  t: Thresholds,
  key: ThresholdKey,
  at: string,
  say: Say,
): { rule: string } & Citation {
  return { rule: amlRuleText(key, t.rules[key]!.rule, say), ...cite(at, thresholdLaw(key, at)) }
}

/** The text of one AML Act threshold rule in the call's language. */
function amlRuleText(key: string, tableText: string, say: Say): string {
  const texts = AML_RULES[key]?.find((t) => t.en === tableText)
  // The table's own wording wins when it changed (a new threshold): never a stale translation.
  return texts ? say(texts) : tableText
}

/** ISO alpha-2 of a country given as code or name, or a 400 naming the field. */
export function requireCountry(value: string, field: string): string {
  const code = toCountryCode(value)
  if (!code) throw errors.invalid(field, 'must be an ISO 3166 country code or an English country name')
  return code
}

/** ČNB rates per day, fetched once per call of an agent. */
export class RateBook {
  private readonly days = new Map<string, Promise<(CnbRates & { cached: boolean }) | undefined>>()
  readonly sources: SourceStatus[] = []
  private readonly ctx: AgentContext

  constructor(ctx: AgentContext) {
    this.ctx = ctx
  }

  private rates(date: string) {
    let p = this.days.get(date)
    if (!p) {
      p = attempt('cnb', this.sources, () => this.ctx.deps.sources.cnb.daily(date))
      this.days.set(date, p)
    }
    return p
  }

  /** CZK for `amount` of `currency` on `date`; null when ČNB failed. A 400 when ČNB does not quote it. */
  async toCzk(amount: number, currency: string, date: string, field = 'currency'): Promise<number | null> {
    if (currency === 'CZK') return amount
    const rates = await this.rates(date)
    if (!rates) return null
    const per = czkPerUnit(rates, currency)
    if (per === undefined)
      throw errors.invalid(field, `ČNB does not quote ${currency} (rates of ${rates.date})`)
    return amount * per
  }

  /** EUR for `amount` of `currency` on `date`; null when ČNB failed. */
  async toEur(amount: number, currency: string, date: string, field = 'currency'): Promise<number | null> {
    if (currency === 'EUR') return amount
    const czk = await this.toCzk(amount, currency, date, field)
    if (czk === null) return null
    const rates = await this.rates(date)
    const eur = rates ? czkPerUnit(rates, 'EUR') : undefined
    return eur === undefined ? null : czk / eur
  }

  /** The declaration date ČNB used for a day, when fetched. */
  async ratesDate(date: string): Promise<string | null> {
    return (await this.days.get(date))?.date ?? null
  }

  /** One entry per source: failed if any call failed, else ok if any call asked it, else cached. */
  summary(): SourceStatus[] {
    const byName = new Map<string, SourceStatus>()
    const rank = { failed: 3, ok: 2, cached: 1, skipped: 0 }
    for (const s of this.sources) {
      const seen = byName.get(s.name)
      if (!seen || rank[s.status] > rank[seen.status]) byName.set(s.name, s)
    }
    return [...byName.values()]
  }
}

export const CurrencyPattern = '^[A-Za-z]{3}$'
