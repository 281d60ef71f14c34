import { Type } from 'typebox'
import { addMonths } from '../../engines/reference/calendar.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
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
    'Statutory retention period of a record (AML files 10 years, accounting 5/10 years, VAT documents 10 years, payroll records 30 years): the date until which it must be kept and whether it may be destroyed on the day asked.',
  input: Type.Object(
    {
      record_type: RecordType,
      event_date: DateString(
        'transaction date or end of the business relationship (AML), or the document date',
      ),
      period_end: Type.Optional(DateString('end of the accounting or tax period the record belongs to')),
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
  }),
  verdict: 'informational',
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
      title: 'Payroll sheet for 2020: kept 30 calendar years after the year',
      input: { record_type: 'payroll_pension', event_date: '2020-12-31' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const schedule = covered(() => referenceAt<Schedule>('retention-schedule', today))
    const rec = schedule.records[input.record_type]!
    let start: string
    if (rec.start === 'event') start = input.event_date
    else if (rec.start === 'end_of_year') start = `${input.event_date.slice(0, 4)}-12-31`
    else {
      // Without a stated period, the accounting/tax period is taken as the calendar year.
      start = input.period_end ?? `${input.event_date.slice(0, 4)}-12-31`
      if (start < input.event_date) throw errors.invalid('period_end', 'must not be before event_date')
    }
    const keepUntil = addMonths(start, rec.years * 12)
    return {
      record_type: input.record_type,
      label: say(RECORDS[input.record_type] ?? { cs: rec.label, en: rec.label }),
      retention_years: rec.years,
      counted_from: start,
      keep_until: keepUntil,
      may_destroy: today > keepUntil,
      rules_applied: [
        {
          rule: say({
            cs: `${(RECORDS[input.record_type] ?? { cs: rec.label }).cs}: uchovávat ${rec.years} let od ${START[rec.start] ?? rec.start}`,
            en: `${rec.label}: keep ${rec.years} years from ${rec.start.replace(/_/g, ' ')}`,
          }),
          source: rec.law,
          since: rec.since ?? schedule.effective_from,
          outcome: say({ cs: `do ${keepUntil}`, en: `until ${keepUntil}` }),
        },
        {
          rule: say({
            cs: 'Osobní údaje se neuchovávají déle, než vyžaduje účel (omezení uložení)',
            en: 'Personal data are not kept longer than the purpose requires (storage limitation)',
          }),
          source: 'nařízení (EU) 2016/679 (GDPR) čl. 5 odst. 1 písm. e)',
          since: '2018-05-25',
          outcome:
            today > keepUntil
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
