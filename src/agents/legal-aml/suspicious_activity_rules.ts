import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { DateString, NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { CurrencyPattern, RateBook, requireCountry } from '../aml/common.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { screenParty } from './sanctions.ts'
import {
  type Converted,
  cashBelowLimits,
  czkFmt,
  type Found,
  highRiskCountries,
  type Indicators,
  indicatorRules,
  passThrough,
  refusedIdentification,
  reportCheck,
  scored,
  turnoverAboveIncome,
} from './suspicious-checks.ts'

export const suspiciousActivityRules = defineAgent({
  service: 'legal-aml',
  name: 'suspicious_activity_rules',
  description:
    "Runs the AML Act § 6 red-flag rules over a client's transactions — pass-through accounts, cash split below the limits, EU high-risk countries, turnover far above declared income, refused identification, sanctions matches of the parties (AML engine) — scores them and, when a report is due, drafts the suspicious-transaction report for the Financial Analytical Office with its 5-day deadline. An indicator that cannot run on what was given (a transfer with no counterparty_country, incoming money with no declared_monthly_income) is listed as unevaluated, naming the field, and the answer is never clear on it.",
  input: Type.Object(
    {
      customer: Type.Object(
        {
          name: Type.String({ minLength: 2, maxLength: 300 }),
          type: Type.Union([Type.Literal('person'), Type.Literal('company')]),
          ico: Type.Optional(Type.String({ maxLength: 12 })),
          declared_monthly_income: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'CZK' })),
        },
        { additionalProperties: false },
      ),
      transactions: Type.Array(
        Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 100 }),
            date: DateString(),
            amount: Type.Number({ exclusiveMinimum: 0 }),
            currency: Type.Optional(Type.String({ pattern: CurrencyPattern })),
            direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
            cash: Type.Optional(Type.Boolean()),
            counterparty: Type.Optional(Type.String({ maxLength: 300 })),
            counterparty_country: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 5000 },
      ),
      refuses_identification: Type.Optional(Type.Boolean()),
      screen_parties: Type.Optional(
        Type.Boolean({
          description:
            'screen the client and counterparties against sanctions lists (default true); false: skipped, listed in unevaluated, and the answer is incomplete',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    score: Type.Integer(),
    report_required: Type.Boolean(),
    report_deadline: NullableString(),
    indicators: Type.Array(
      Type.Object({
        indicator: Type.String(),
        points: Type.Integer(),
        law: Type.String(),
        detail: Type.String(),
        transactions: Type.Array(Type.String()),
      }),
    ),
    conclusive: Type.Boolean({
      description:
        'false when a source failed: "no report" then means only that nothing was found in what could be checked',
    }),
    unevaluated: Type.Array(Type.String(), {
      description: 'what could not be checked, to be reviewed by hand before concluding',
    }),
    to_review: Type.Array(Type.String(), {
      description:
        'what was checked and needs a person to decide: a possible sanctions match (a name only, or OFAC/UK only) whose identifiers are to be compared',
    }),
    str_draft: NullableString({
      description: 'draft of the report to the Financial Analytical Office (Czech)',
    }),
  }),
  verdict: {
    explain:
      '`adverse` when a report to the authority is required, `incomplete` when a source failed (not conclusive), `review` when indicators were found below the reporting score or a party is a possible sanctions match, else `clear`',
    of: (r) =>
      r.report_required
        ? 'adverse'
        : !r.conclusive
          ? 'incomplete'
          : r.indicators.length > 0 || r.to_review.length > 0
            ? 'review'
            : 'clear',
  },
  law: [
    'cz-253-2008-s6',
    'cz-253-2008-s15',
    'eu-2016-1675',
    'cz-69-2006',
    'cz-1-2023',
    'method-sanctions-match',
    'method-foreign-sanctions',
    'method-suspicious-indicators',
    'cz-253-2008-s18',
    'cz-253-2008-s38',
  ],
  examples: [
    {
      title: 'Salary account with ordinary payments: nothing to report',
      input: {
        customer: { name: 'Jana Nováková', type: 'person', declared_monthly_income: 52_000 },
        transactions: [
          {
            id: 't1',
            date: '2026-11-02',
            amount: 52_000,
            direction: 'in',
            counterparty: 'ACME s.r.o.',
            counterparty_country: 'CZ',
          },
          {
            id: 't2',
            date: '2026-11-16',
            amount: 12_000,
            direction: 'out',
            counterparty: 'SVJ Korunní',
            counterparty_country: 'CZ',
          },
        ],
      },
    },
    {
      title: 'Pass-through of 1.2 M CZK to a high-risk country and cash split below 10 000 EUR: report',
      input: {
        customer: { name: 'Vltava Trading s.r.o.', type: 'company', declared_monthly_income: 80_000 },
        screen_parties: false,
        transactions: [
          { id: 'c1', date: '2026-11-16', amount: 235_000, direction: 'in', cash: true },
          { id: 'c2', date: '2026-11-18', amount: 236_000, direction: 'in', cash: true },
          { id: 'c3', date: '2026-11-19', amount: 234_500, direction: 'in', cash: true },
          {
            id: 'w1',
            date: '2026-11-19',
            amount: 1_200_000,
            direction: 'in',
            counterparty: 'Orion Ltd',
            counterparty_country: 'AE',
          },
          {
            id: 'w2',
            date: '2026-11-20',
            amount: 1_150_000,
            direction: 'out',
            counterparty: 'Kish Trading',
            counterparty_country: 'IR',
          },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(undefined, ctx.now)
    const ind = covered(() => referenceAt<Indicators>('suspicious-indicators', today))
    const I = ind.indicators
    const ids = new Set<string>()
    for (const t of input.transactions) {
      if (ids.has(t.id)) throw errors.invalid('transactions', `id ${t.id} appears twice`)
      ids.add(t.id)
    }
    const txs = [...input.transactions].sort(
      (a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id),
    )
    const { withCzk, sources, unevaluated } = await convertAll(txs, ctx)
    const declared = input.customer.declared_monthly_income
    const unrun = notRun(withCzk, declared, today, say)
    unevaluated.push(...unrun.reasons)
    const screened =
      (input.screen_parties ?? true)
        ? await screeningCheck(ctx, input.customer, withCzk, sources, today)
        : undefined
    const found = scored(
      I,
      [
        passThrough(withCzk, I.rapid_in_out!),
        cashBelowLimits(withCzk, I.cash_below_threshold!),
        highRiskCountries(withCzk),
        declared ? turnoverAboveIncome(withCzk, declared, I.turnover_vs_income!) : undefined,
        refusedIdentification(input.refuses_identification),
        ...(screened?.found ?? []),
      ],
      say,
    )
    unevaluated.push(...(screened?.unevaluated ?? []))
    // Skipped at the caller's request: said, and the answer is not conclusive on it.
    if (!screened) {
      sources.push({ name: 'sanctions_lists', status: 'skipped', error: 'screen_parties is false' })
      unevaluated.push(
        say({
          cs: 'prověrka klienta a protistran proti sankčním seznamům: vynechána na žádost volajícího (screen_parties: false)',
          en: 'sanctions screening of the client and counterparties: skipped at the caller’s request (screen_parties: false)',
        }),
      )
    }
    const toReview = screened?.toReview ?? []
    const { score, report, deadline, rules } = reportCheck({ found, unevaluated, toReview }, ind, today, say)
    return {
      score,
      report_required: report,
      report_deadline: deadline,
      indicators: found.map(({ key: _, ...f }) => f),
      conclusive: unevaluated.length === 0,
      unevaluated,
      to_review: toReview,
      str_draft: report ? strDraft(input.customer, txs, withCzk, found, deadline!, say) : null,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [
        ...(screened ? [screened.rule] : []),
        ...indicatorRules(found, today),
        ...unrun.rules,
        ...rules,
      ],
    }
  },
})

/**
 * The indicators that cannot run on what was given, each naming the field to give: a transfer
 * (not cash) with no counterparty country is never checked against the EU high-risk list
 * (Regulation (EU) 2016/1675), and incoming money with no declared monthly income is never
 * weighed against it. Listed as unevaluated, so the answer is never clear on them.
 */
function notRun(
  txs: Converted[],
  declared: number | undefined,
  today: string,
  say: Say,
): { reasons: string[]; rules: AppliedRule[] } {
  const out: string[] = []
  const rules: AppliedRule[] = []
  const noCountry = txs.filter((t) => !t.cash && t.country === undefined).map((t) => t.id)
  if (noCountry.length > 0) {
    rules.push({
      rule: say({
        cs: 'platby do vysoce rizikové třetí země podle EU nebo z ní: země protistrany každého převodu',
        en: 'payments to or from an EU high-risk third country: the counterparty country of each transfer',
      }),
      ...cite(today, 'cz-253-2008-s6', 'eu-2016-1675'),
      outcome: say({
        cs: `neověřeno pro ${noCountry.join(', ')}: counterparty_country neuvedena`,
        en: `not checked for ${noCountry.join(', ')}: counterparty_country not given`,
      }),
    })
    out.push(
      say({
        cs: `indikátor vysoce rizikové země pro ${noCountry.join(', ')}: země protistrany neuvedena (counterparty_country); uveďte ji`,
        en: `high-risk country indicator for ${noCountry.join(', ')}: the counterparty country is not given (counterparty_country); give it`,
      }),
    )
  }
  if (declared === undefined && txs.some((t) => t.direction === 'in')) {
    rules.push({
      rule: say({
        cs: 'obrat výrazně převyšující deklarovaný příjem klienta',
        en: "turnover far above the client's declared income",
      }),
      ...cite(today, 'cz-253-2008-s6'),
      outcome: say({
        cs: 'neověřeno: declared_monthly_income neuveden',
        en: 'not checked: declared_monthly_income not given',
      }),
    })
    out.push(
      say({
        cs: 'indikátor obratu proti příjmu: deklarovaný měsíční příjem neuveden (customer.declared_monthly_income); uveďte jej',
        en: 'turnover-against-income indicator: the declared monthly income is not given (customer.declared_monthly_income); give it',
      }),
    )
  }
  return { reasons: out, rules }
}

/** The draft of the suspicious-transaction report to FAÚ (§ 18), in the call's language. */
function strDraft(
  customer: { name: string; type: 'person' | 'company'; ico?: string | undefined },
  txs: { date: string }[],
  converted: { czk: number | null }[],
  found: { indicator: string; detail: string; transactions: string[]; law: string }[],
  deadline: string,
  say: Say,
): string {
  const total = converted.reduce((s, t) => s + (t.czk ?? 0), 0)
  const ico = customer.ico ? `, IČO ${customer.ico}` : ''
  const company = customer.type === 'company'
  return [
    say({
      cs: 'Oznámení podezřelého obchodu podle § 18 zákona č. 253/2008 Sb.',
      en: 'Suspicious transaction report under § 18 of zákon č. 253/2008 Sb.',
    }),
    say({
      cs: `Klient: ${customer.name}${ico} (${company ? 'právnická osoba' : 'fyzická osoba'})`,
      en: `Client: ${customer.name}${ico} (${company ? 'legal person' : 'natural person'})`,
    }),
    say({
      cs: `Období: ${txs[0]!.date} – ${txs.at(-1)!.date}; ${txs.length} obchodů, objem ${czkFmt(total)} Kč.`,
      en: `Period: ${txs[0]!.date} – ${txs.at(-1)!.date}; ${txs.length} transactions, ${czkFmt(total)} CZK in total.`,
    }),
    say({ cs: 'Zjištěné indikátory:', en: 'Indicators found:' }),
    ...found.map(
      (f) =>
        `- ${f.indicator}: ${f.detail}${f.transactions.length ? ` [${f.transactions.join(', ')}]` : ''} (${f.law})`,
    ),
    say({
      cs: `Lhůta pro podání: ${deadline}. Klient nesmí být o oznámení informován (§ 38).`,
      en: `File by: ${deadline}. The client must not be told of the report (§ 38).`,
    }),
  ].join('\n')
}

/**
 * The client and every counterparty against the sanctions lists (the reading of aml/screening.ts):
 * a corroborated match on a binding list is the strong indicator, a possible match is for a person
 * to review, lists that could not be searched leave the answer inconclusive.
 */
async function screeningCheck(
  ctx: AgentContext,
  customer: { name: string; type: 'person' | 'company' },
  txs: { id: string; counterparty?: string | undefined }[],
  sources: SourceStatus[],
  today: string,
): Promise<{ found: Found[]; unevaluated: string[]; toReview: string[]; rule: AppliedRule }> {
  const say = ctx.say
  const parties = [
    { name: customer.name, type: customer.type },
    ...[...new Set(txs.map((t) => t.counterparty).filter((c): c is string => !!c))].map((name) => ({
      name,
      type: 'company' as const,
    })),
  ]
  const found: Found[] = []
  const unevaluated: string[] = []
  const toReview: string[] = []
  let foreign = false
  for (const p of parties) {
    const s = await screenParty(ctx, p, sources)
    if (s.status === 'not_checked')
      unevaluated.push(
        say({
          cs: `prověrka ${p.name} proti sankčním seznamům: seznamy nebylo možné prohledat`,
          en: `sanctions screening of ${p.name}: the lists could not be searched`,
        }),
      )
    // A possible match was checked: it needs a person to compare the identifiers, not a retry.
    if (s.status === 'possible_match') {
      foreign ||= s.foreign_only
      toReview.push(
        say({
          cs: `${p.name}: možná shoda se sankčním seznamem (${s.hits[0]!.list} ${s.hits[0]!.list_id}) bez ověřené totožnosti: posoudit${s.foreign_only ? '; seznamy USA a Spojeného království českou osobu samy nezavazují, jsou ale podstatné pro korespondenční bankovnictví' : ''}`,
          en: `${p.name}: a possible sanctions match (${s.hits[0]!.list} ${s.hits[0]!.list_id}) without a corroborated identity: to be reviewed${s.foreign_only ? '; US and UK lists do not bind a Czech person by themselves but matter for correspondent banking' : ''}`,
        }),
      )
    }
    if (s.status === 'match') {
      const text = `${p.name} ~ ${s.hits[0]!.matched_name} (${s.hits[0]!.list} ${s.hits[0]!.list_id})`
      found.push({
        key: 'sanctions_match',
        detail: { cs: text, en: text },
        transactions: txs.filter((t) => t.counterparty === p.name).map((t) => t.id),
      })
    }
  }
  return {
    found,
    unevaluated,
    toReview,
    rule: {
      rule: say({
        cs: 'Strany prověřeny proti sankčním seznamům: shoda ověřená na seznamu EU, OSN nebo ČR je silný indikátor; shoda jen podle jména nebo jen na seznamech USA či Spojeného království je možná shoda k posouzení',
        en: 'The parties screened against the sanctions lists: a match corroborated on an EU, UN or Czech list is a strong indicator; a name-only hit, or one only on US or UK lists, is a possible match to be reviewed',
      }),
      ...cite(today, 'method-sanctions-match', ...(foreign ? (['method-foreign-sanctions'] as const) : [])),
      outcome: say({
        cs: `prověřeno ${parties.length}; možných shod ${toReview.length}`,
        en: `${parties.length} screened; possible matches: ${toReview.length}`,
      }),
    },
  }
}

/**
 * Every transaction in CZK and EUR at the ČNB rate of its day, its counterparty country as ISO
 * alpha-2. Fail closed: what could not be converted is listed as unevaluated, so a missing ČNB rate
 * never reads as "nothing to report".
 */
async function convertAll(
  txs: {
    id: string
    date: string
    amount: number
    currency?: string | undefined
    direction: 'in' | 'out'
    cash?: boolean | undefined
    counterparty?: string | undefined
    counterparty_country?: string | undefined
  }[],
  ctx: AgentContext,
): Promise<{ withCzk: Converted[]; sources: SourceStatus[]; unevaluated: string[] }> {
  const book = new RateBook(ctx)
  const withCzk: Converted[] = []
  for (const [i, t] of txs.entries()) {
    const currency = (t.currency ?? 'CZK').toUpperCase()
    const czk = await book.toCzk(t.amount, currency, t.date, `transactions/${i}/currency`)
    const eur = await book.toEur(t.amount, currency, t.date, `transactions/${i}/currency`)
    withCzk.push({
      ...t,
      czk,
      eur,
      country: t.counterparty_country
        ? requireCountry(t.counterparty_country, `transactions/${i}/counterparty_country`)
        : undefined,
    })
  }
  const unevaluated: string[] = []
  const unconverted = withCzk.filter((t) => t.czk === null || t.eur === null).map((t) => t.id)
  if (unconverted.length > 0)
    unevaluated.push(
      ctx.say({
        cs: `indikátory částky pro ${unconverted.join(', ')}: nepřevedeno kurzem ČNB (kurz nedostupný)`,
        en: `amount indicators for ${unconverted.join(', ')}: not converted at the ČNB rate (rate unavailable)`,
      }),
    )
  return { withCzk, sources: book.summary(), unevaluated }
}
