import { Type } from 'typebox'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { isoDate, NotCoveredError } from '../../engines/reference/load.ts'
import {
  DateString,
  NullableBoolean,
  NullableNumber,
  NullableString,
} from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import {
  CurrencyPattern,
  HIGH_RISK_LAW,
  highRiskOn,
  RateBook,
  requireCountry,
  THRESHOLD_LAW,
  thresholdsOn,
} from '../aml/common.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import {
  cashCheck,
  dueDiligenceCheck,
  eddUnknowns,
  identificationCheck,
  obligationsOf,
  reportCheck,
  round2,
  sanctionsRule,
  type Thresholds,
  unnamedRule,
} from './aml-compliance-checks.ts'
import { notScreened, SanctionsSchema, screenParty } from './sanctions.ts'

export const amlCompliance = defineAgent({
  service: 'legal-aml',
  name: 'aml_compliance',
  description:
    'What the AML Act requires of an obliged person for a transaction or a new business relationship: identification (§ 7, from 1,000 EUR), client due diligence (§ 9, from 15,000 EUR or a new relationship), enhanced due diligence (§ 9a, PEPs and EU high-risk countries), the 270,000 CZK cash-payment limit, a suspicious-transaction report (§ 18) and a sanctions check of the client through the AML engine; EUR thresholds at the ČNB rate of the day. The client’s country and whether the client is a PEP decide § 9a: either left out is reviewed, never proceed. With no name the client is not screened against the sanctions lists: the answer says so and is reviewed, never proceed.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, description: 'transaction amount in `currency`' }),
      currency: Type.Optional(
        Type.String({ pattern: CurrencyPattern, description: 'ISO 4217, default CZK' }),
      ),
      transaction_date: Type.Optional(DateString('default: today')),
      cash: Type.Optional(Type.Boolean()),
      new_relationship: Type.Optional(
        Type.Boolean({ description: 'the transaction opens a business relationship' }),
      ),
      suspicious: Type.Optional(
        Type.Boolean({ description: 'the obliged person already finds it suspicious (§ 6)' }),
      ),
      pep: Type.Optional(
        Type.Boolean({
          description:
            'the client or its beneficial owner is a politically exposed person; not given: reviewed, since § 9a cannot be decided',
        }),
      ),
      country: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 60,
          description:
            'client residence or seat: ISO code or name; not given: reviewed, since the EU high-risk list (§ 9a) cannot be checked',
        }),
      ),
      obliged_person: Type.Optional(
        Type.Union([
          Type.Literal('credit_institution'),
          Type.Literal('real_estate'),
          Type.Literal('lawyer_notary'),
          Type.Literal('trader'),
          Type.Literal('other'),
        ]),
      ),
      name: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 300,
          description: 'client name, screened against sanctions lists; not given: not screened, and reviewed',
        }),
      ),
      client_type: Type.Optional(Type.Union([Type.Literal('person'), Type.Literal('company')])),
      birth_date: Type.Optional(
        DateString(
          'a person’s birth date: corroborates a sanctions hit, without which a hit is only possible',
        ),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    decision: Type.Union([
      Type.Literal('proceed'),
      Type.Literal('proceed_with_cdd'),
      Type.Literal('enhanced_review'),
      Type.Literal('stop_and_report'),
    ]),
    amount_eur: NullableNumber(),
    amount_czk: NullableNumber(),
    identification_required: NullableBoolean({
      description: 'true also when the amount could not be converted to EUR (the duty is then assumed)',
    }),
    due_diligence: Type.Unsafe<'none' | 'standard' | 'enhanced' | null>({
      type: ['string', 'null'],
      enum: ['none', 'standard', 'enhanced', null],
    }),
    cash_limit_exceeded: NullableBoolean(),
    report_to_fau: Type.Boolean({
      description: 'a suspicious-transaction report is due (for lawyers and notaries, through their chamber)',
    }),
    report_recipient: NullableString({
      description: 'where the report goes: FAÚ, or for an advokát/notář their chamber (§ 26–27)',
    }),
    report_deadline: NullableString({ description: 'last day for the § 18 report when one is due' }),
    sanctions: SanctionsSchema,
    obligations: Type.Array(Type.String()),
  }),
  law: [
    ...Object.values(THRESHOLD_LAW),
    ...HIGH_RISK_LAW,
    'cz-253-2008-s9a',
    'cz-69-2006',
    'cz-1-2023',
    'eu-269-2014',
    'eu-2580-2001',
    'method-sanctions-match',
    'method-foreign-sanctions',
    'cz-253-2008-s18',
    'cz-253-2008-s38',
    'cz-253-2008-s26',
  ],
  verdict: {
    field: 'decision',
    map: {
      proceed: 'clear',
      proceed_with_cdd: 'clear',
      enhanced_review: 'review',
      stop_and_report: 'adverse',
    },
  },
  examples: [
    {
      title: 'A 50 000 CZK payment by a Czech client: identification only',
      input: {
        amount: 50_000,
        currency: 'CZK',
        country: 'CZ',
        pep: false,
        name: 'Jana Nováková',
        client_type: 'person',
        transaction_date: '2026-11-20',
      },
    },
    {
      title: 'New client paying 400 000 CZK in cash: CDD and the cash limit breached',
      input: {
        amount: 400_000,
        cash: true,
        new_relationship: true,
        country: 'CZ',
        pep: false,
        name: 'Jana Nováková',
        client_type: 'person',
        transaction_date: '2026-11-20',
      },
    },
    {
      title: 'Client from a high-risk country named on a sanctions list: stop and report',
      input: {
        amount: 20_000,
        currency: 'EUR',
        country: 'Iran',
        name: 'Itziar Alberdi Uranga',
        client_type: 'person',
        birth_date: '1963-10-07',
        transaction_date: '2026-11-20',
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const date = asOfDate(input.transaction_date, ctx.now)
    let t: Thresholds
    let hr: ReturnType<typeof highRiskOn>
    try {
      t = thresholdsOn(date)
      hr = highRiskOn(date)
    } catch (error) {
      if (error instanceof NotCoveredError)
        throw errors.invalid('transaction_date', `must be on or after ${error.first}`)
      throw error
    }
    const currency = (input.currency ?? 'CZK').toUpperCase()
    const country = input.country ? requireCountry(input.country, 'country') : undefined
    const book = new RateBook(ctx)
    const eur = await book.toEur(input.amount, currency, date)
    const czk = await book.toCzk(input.amount, currency, date)
    const sources = book.summary()
    const at = { t, date, say }

    const id = identificationCheck(input, eur, at)
    const dd = dueDiligenceCheck(input, eur, country, hr.version, at)
    const cash = cashCheck(input, czk, eur, at)
    // Sanctions (zákon 69/2006 Sb.), through the AML engine.
    const sanctions = input.name
      ? await screenParty(
          ctx,
          {
            name: input.name,
            type: input.client_type ?? 'person',
            ...(input.birth_date ? { birth_date: input.birth_date } : {}),
          },
          sources,
        )
      : notScreened()
    const report = reportCheck(input, sanctions.status === 'match', isoDate(ctx.now), at)
    const identification = id.required || cash.traderIdentifies
    // Screening that could not run is not a clear result: the client is screened before proceeding.
    const unscreened = input.name !== undefined && sanctions.status === 'not_checked'
    // No name: nobody was screened, and the answer says so rather than passing over the lists.
    const unnamed = input.name === undefined
    // What decides enhanced due diligence (§ 9a) and was not given: never read as "no trigger".
    const notGiven = eddUnknowns(input, country, date, say)
    const rules: AppliedRule[] = [
      id.rule,
      ...dd.rules,
      ...notGiven.rules,
      ...cash.rules,
      input.name ? sanctionsRule(sanctions.status, date, say) : unnamedRule(date, say),
      ...report.rules,
    ]
    const obligations = obligationsOf(
      {
        identification,
        dd: dd.level,
        cashExceeded: cash.exceeded === true,
        sanctions: sanctions.status,
        unconverted: eur === null,
        unscreened,
        unnamed,
        notGiven: notGiven.reasons,
        report: report.due,
        deadline: report.deadline,
        lawyer: input.obliged_person === 'lawyer_notary',
      },
      t,
      say,
    )
    const decision =
      sanctions.status === 'match' || report.due
        ? 'stop_and_report'
        : dd.level === 'enhanced' ||
            sanctions.status === 'possible_match' ||
            unscreened ||
            unnamed ||
            notGiven.reasons.length > 0 ||
            cash.exceeded !== false
          ? 'enhanced_review'
          : dd.level === 'standard'
            ? 'proceed_with_cdd'
            : 'proceed'
    return {
      decision: decision as 'proceed' | 'proceed_with_cdd' | 'enhanced_review' | 'stop_and_report',
      amount_eur: eur === null ? null : round2(eur),
      amount_czk: czk === null ? null : round2(czk),
      identification_required: identification,
      due_diligence: dd.level,
      cash_limit_exceeded: cash.exceeded,
      report_to_fau: report.due,
      report_recipient: report.recipient,
      report_deadline: report.deadline,
      sanctions,
      obligations,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
