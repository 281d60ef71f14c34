import { Type } from 'typebox'
import { addMonths } from '../../engines/reference/calendar.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import { defineAgent } from '../types.ts'

interface Rec {
  years: number
  start: 'event' | 'end_of_period' | 'end_of_year'
  law: string
  /** The day the cited provision took effect; without it, the schedule version's effective_from. */
  since?: string
  label: string
}
interface Schedule extends ReferenceVersion {
  records: Record<string, Rec>
}

const RecordType = Type.Union([
  Type.Literal('aml_identification'),
  Type.Literal('aml_transaction'),
  Type.Literal('financial_statements'),
  Type.Literal('accounting_documents'),
  Type.Literal('vat_documents'),
  Type.Literal('payroll_pension'),
])

/** The record types of retention-schedule.json in both languages. */
const RECORDS: Record<string, Texts> = {
  aml_identification: {
    cs: 'identifikační údaje a údaje z kontroly klienta podle AML, kopie dokladů',
    en: 'AML identification and due-diligence data, copies of documents',
  },
  aml_transaction: {
    cs: 'záznamy o obchodech, na které se vztahují povinnosti podle AML',
    en: 'records of transactions subject to AML obligations',
  },
  financial_statements: {
    cs: 'účetní závěrky a výroční zprávy',
    en: 'financial statements and annual reports',
  },
  accounting_documents: {
    cs: 'účetní doklady, účetní knihy, inventurní soupisy',
    en: 'accounting documents, books, inventories',
  },
  vat_documents: { cs: 'daňové doklady (faktury) pro DPH', en: 'tax documents (invoices) for VAT' },
  payroll_pension: {
    cs: 'mzdové listy a záznamy pro důchodové pojištění',
    en: 'payroll sheets and records for pension insurance',
  },
}
/** The register entries of each record type's period (the schedule's `law` says it in words). */
const RECORD_LAW: Record<string, [string, ...string[]]> = {
  aml_identification: ['cz-253-2008-s16'],
  aml_transaction: ['cz-253-2008-s16'],
  financial_statements: ['cz-563-1991-s31'],
  accounting_documents: ['cz-563-1991-s31', 'cz-563-1991-s3'],
  vat_documents: ['cz-235-2004-s35', 'cz-235-2004-s99'],
  payroll_pension: ['cz-582-1991-s35a'],
}

/** The day Regulation (EU) 2016/679 applies (its Art. 99(2)). */
const GDPR_FROM = '2018-05-25'

/** When the period starts (the schedule's codes), in Czech. */
const START: Record<string, string> = {
  event: 'události',
  end_of_period: 'konce účetního období',
  end_of_year: 'konce roku',
}

export const recordRetention = defineAgent({
  service: 'compliance',
  name: 'record_retention',
  description:
    'Statutory retention period of a record (AML files 10 years, accounting 5/10 years, VAT documents 10 years, payroll records 30 years): the date until which it must be kept and whether it may be destroyed on the day asked. A VAT document that only the monthly tax period assumed lets be destroyed is reviewed, naming tax_period, and an accounting document that only the calendar year assumed does, naming period_end.',
  input: Type.Object(
    {
      record_type: RecordType,
      event_date: DateString(
        'transaction date or end of the business relationship (AML), or the document date',
      ),
      period_end: Type.Optional(
        DateString(
          'end of the period the record belongs to: the accounting period (for financial statements, the period they describe, which ends before they are signed), or for VAT documents the tax period (zdaňovací období) of the supply',
        ),
      ),
      tax_period: Type.Optional(
        Type.Union([Type.Literal('month'), Type.Literal('quarter')], {
          description:
            'VAT documents: the payer’s tax period (ZDPH § 99–99a), when period_end is not given; default month',
        }),
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    record_type: Type.String(),
    label: Type.String(),
    retention_years: Type.Integer(),
    counted_from: Type.String(),
    keep_until: Type.String(),
    may_destroy: Type.Boolean(),
    not_given: Type.Array(Type.String(), {
      description:
        'answers the period turns on that were not given, each naming the field and what to give: tax_period when the monthly period assumed lets a VAT document be destroyed that a quarterly payer must still keep; period_end when the calendar year assumed lets an accounting document be destroyed that a business year may still keep',
    }),
  }),
  verdict: {
    explain:
      '`informational`; `review` when the record may be destroyed only by a period assumed for an answer not given (`not_given`: tax_period of a VAT document, period_end of an accounting document)',
    of: (r) => (r.not_given.length > 0 ? 'review' : 'informational'),
  },
  law: [...new Set(Object.values(RECORD_LAW).flat()), 'eu-2016-679-art5', 'cz-101-2000-s5'],
  examples: [
    {
      title: 'AML file of a relationship ended on 30 June 2015: may be destroyed after 30 June 2025',
      input: { record_type: 'aml_identification', event_date: '2015-06-30', as_of: '2025-07-01' },
    },
    {
      title: 'Invoice from March 2024 in the Q1 VAT period: keep until 31 March 2034',
      input: { record_type: 'vat_documents', event_date: '2024-03-12', period_end: '2024-03-31' },
    },
    {
      title: 'Financial statements for 2025 signed on 15 March 2026: kept 10 years from 31 December 2025',
      input: { record_type: 'financial_statements', event_date: '2026-03-15', period_end: '2025-12-31' },
    },
    {
      title: 'Payroll sheet for 2020: kept 30 calendar years after the year',
      input: { record_type: 'payroll_pension', event_date: '2020-12-31' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const schedule = covered(() => referenceAt<Schedule>('retention-schedule', today))
    const rec = schedule.records[input.record_type]!
    const { start, assumptions } = countedFrom(input, rec, say)
    const keepUntil = addMonths(start, rec.years * 12)
    // The monthly tax period is assumed when tax_period is not given; a quarterly payer keeps the
    // document up to two months longer, so a destruction the month alone allows is not decided.
    const notGiven: string[] = []
    if (input.record_type === 'vat_documents' && assumptions.some((a) => a.field === 'tax_period')) {
      const month = Number(input.event_date.slice(5, 7))
      const quarterUntil = addMonths(lastDayOfMonth(input.event_date, (3 - (month % 3)) % 3), rec.years * 12)
      if (today > keepUntil && today <= quarterUntil)
        notGiven.push(
          say({
            cs: `tax_period: u měsíčního plátce lze doklad zničit, u čtvrtletního se uchovává do ${quarterUntil} — uveďte, zda je zdaňovacím obdobím plátce měsíc (month), nebo čtvrtletí (quarter)`,
            en: `tax_period: as a monthly payer’s the invoice may be destroyed, as a quarterly payer’s it is kept until ${quarterUntil} — say whether the payer’s VAT tax period is month or quarter`,
          }),
        )
    }
    // The calendar year is assumed when period_end is not given; the period a document falls in may
    // be a business year of 12 months, ending up to the month eleven months after the document's.
    if (input.record_type === 'accounting_documents' && assumptions.some((a) => a.field === 'period_end')) {
      const latestEnd = lastDayOfMonth(input.event_date, 11)
      const latestUntil = addMonths(latestEnd, rec.years * 12)
      if (today > keepUntil && today <= latestUntil)
        notGiven.push(
          say({
            cs: `period_end: podle kalendářního roku lze doklad zničit, ale účetní období, do něhož patří, může skončit až ${latestEnd} (hospodářský rok) a doklad se pak uchovává do ${latestUntil} — uveďte period_end, poslední den toho účetního období`,
            en: `period_end: by the calendar year the document may be destroyed, but the accounting period it falls in may end as late as ${latestEnd} (a business year), keeping it until ${latestUntil} — give period_end, the last day of that accounting period`,
          }),
        )
    }
    return {
      record_type: input.record_type,
      label: say(RECORDS[input.record_type] ?? { cs: rec.label, en: rec.label }),
      retention_years: rec.years,
      counted_from: start,
      keep_until: keepUntil,
      may_destroy: today > keepUntil,
      not_given: notGiven,
      assumptions,
      rules_applied: [
        {
          rule: say({
            cs: `${(RECORDS[input.record_type] ?? { cs: rec.label }).cs}: uchovávat ${rec.years} let od ${START[rec.start] ?? rec.start}`,
            en: `${rec.label}: keep ${rec.years} years from ${rec.start.replace(/_/g, ' ')}`,
          }),
          ...cite(today, ...(RECORD_LAW[input.record_type] ?? ['cz-563-1991-s31'])),
          outcome: say({ cs: `od ${start} do ${keepUntil}`, en: `from ${start} until ${keepUntil}` }),
        },
        {
          rule: say({
            cs: 'Osobní údaje se neuchovávají déle, než vyžaduje účel (omezení uložení)',
            en: 'Personal data are not kept longer than the purpose requires (storage limitation)',
          }),
          // The GDPR applies from 2018-05-25; before it, the Czech act said the same.
          ...(today < GDPR_FROM ? cite(today, 'cz-101-2000-s5') : cite(today, 'eu-2016-679-art5')),
          outcome:
            notGiven.length > 0
              ? say({
                  cs: `nerozhodnuto: lhůta uplynula jen při předpokládaném období (${notGiven.map((n) => n.split(':')[0]).join(', ')})`,
                  en: `not decided: retention ended only under the period assumed (${notGiven.map((n) => n.split(':')[0]).join(', ')})`,
                })
              : today > keepUntil
                ? say({
                    cs: 'lhůta uplynula: zničit nebo anonymizovat',
                    en: 'retention ended: destroy or anonymise',
                  })
                : say({ cs: 'lhůta běží', en: 'retention running' }),
        },
      ],
    }
  },
})

const lastDayOfMonth = (date: string, monthsAhead = 0) => {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) + monthsAhead, 0))
  return d.toISOString().slice(0, 10)
}

/**
 * The day the period is counted from: the event; the end of its calendar year; or the end of the
 * period the record belongs to. Financial statements describe a period that ended before they were
 * signed (2025 statements signed on 2026-03-15 count from 2025-12-31). A VAT document counts from
 * the end of the tax period of the supply (ZDPH § 35): a calendar month, or a quarter — never the
 * accounting year.
 */
function countedFrom(
  input: {
    record_type: string
    event_date: string
    period_end?: string | undefined
    tax_period?: 'month' | 'quarter' | undefined
  },
  rec: Rec,
  say: Say,
): { start: string; assumptions: Assumption[] } {
  if (rec.start === 'event') return { start: input.event_date, assumptions: [] }
  if (rec.start === 'end_of_year') return { start: `${input.event_date.slice(0, 4)}-12-31`, assumptions: [] }
  if (input.record_type === 'vat_documents') {
    if (input.period_end) {
      if (input.period_end !== lastDayOfMonth(input.period_end))
        throw errors.invalid('period_end', 'a VAT tax period ends on the last day of a month or quarter')
      return { start: input.period_end, assumptions: [] }
    }
    const quarter = input.tax_period === 'quarter'
    const month = Number(input.event_date.slice(5, 7))
    const start = quarter
      ? lastDayOfMonth(input.event_date, (3 - (month % 3)) % 3)
      : lastDayOfMonth(input.event_date)
    return {
      start,
      assumptions: input.tax_period
        ? []
        : [
            {
              field: 'tax_period',
              value: 'month',
              basis: say({
                cs: 'zdaňovacím obdobím DPH je kalendářní měsíc, nezvolil-li plátce čtvrtletí (ZDPH § 99–99a)',
                en: 'the VAT tax period is the calendar month unless the payer chose the quarter (ZDPH § 99–99a)',
              }),
            },
          ],
    }
  }
  if (!input.period_end)
    return {
      start: `${input.event_date.slice(0, 4)}-12-31`,
      assumptions: [
        {
          field: 'period_end',
          value: `${input.event_date.slice(0, 4)}-12-31`,
          basis: say({
            cs: 'účetním obdobím se bere kalendářní rok dne dokladu',
            en: 'the accounting period taken as the calendar year of the document date',
          }),
        },
      ],
    }
  // Statements are drawn up after the period they describe; a document belongs to the period it falls in.
  if (input.record_type === 'financial_statements') {
    if (input.period_end > input.event_date)
      throw errors.invalid(
        'period_end',
        'financial statements are signed after the period they describe ends',
      )
  } else if (input.period_end < input.event_date)
    throw errors.invalid(
      'period_end',
      'must not be before event_date: a document belongs to the period it falls in',
    )
  return { start: input.period_end, assumptions: [] }
}
