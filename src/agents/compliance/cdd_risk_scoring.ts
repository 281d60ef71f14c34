import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { defineAgent } from '../types.ts'
import {
  banding,
  countryRisk,
  factorRules,
  type HighRisk,
  pepRisk,
  profileRisk,
  type Weights,
} from './cdd-checks.ts'

const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' })

export const cddRiskScoring = defineAgent({
  service: 'compliance',
  name: 'cdd_risk_scoring',
  description:
    'Scores a client for customer due diligence by weighted risk factors (country incl. the EU high-risk third-country list in force on the day, PEP, customer type, ownership layers, product, channel, NACE sector, source of funds, cash) and maps it to simplified, standard or enhanced due diligence with the measures required. A PEP status not given leaves § 9a open: a low score is then reviewed.',
  input: Type.Object(
    {
      customer_type: Type.Union([Type.Literal('person'), Type.Literal('company'), Type.Literal('trust')]),
      countries: Type.Array(Country, {
        minItems: 1,
        maxItems: 20,
        description: 'residence, nationality, registration and counterparty countries',
      }),
      pep: Type.Optional(
        Type.Boolean({
          description:
            'the client or its beneficial owner is a politically exposed person; not given: a low score is reviewed (§ 9a cannot be ruled out)',
        }),
      ),
      ownership_layers: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
      product: Type.Union([
        Type.Literal('current_account'),
        Type.Literal('mortgage'),
        Type.Literal('consumer_loan'),
        Type.Literal('investment'),
        Type.Literal('private_banking'),
        Type.Literal('money_transfer'),
        Type.Literal('crypto'),
        Type.Literal('safe_deposit_box'),
      ]),
      channel: Type.Union([
        Type.Literal('face_to_face'),
        Type.Literal('remote_verified'),
        Type.Literal('remote_unverified'),
      ]),
      nace: Type.Optional(
        Type.String({
          pattern: '^\\d{2}(\\.\\d{1,2})?$',
          description: 'CZ-NACE code, e.g. 68.10; a division CZ-NACE does not have is a 400',
        }),
      ),
      source_of_funds_documented: Type.Optional(Type.Boolean()),
      cash_share_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    score: Type.Integer(),
    level: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    cdd_measure: Type.Union([Type.Literal('simplified'), Type.Literal('standard'), Type.Literal('enhanced')]),
    mandatory_edd: Type.Array(Type.String()),
    factors: Type.Array(Type.Object({ factor: Type.String(), points: Type.Integer() })),
    measures: Type.Array(Type.String()),
    review_years: Type.Integer(),
    undecided: Type.Array(Type.String(), {
      description:
        'a mandatory trigger of enhanced due diligence the input leaves open (pep not given), each naming the field to give',
    }),
  }),
  verdict: {
    explain:
      'from `level`: low → `clear`, medium → `review`, high → `adverse`; a low score with a mandatory trigger left open (`undecided`: pep not given) → `review`, never clear',
    of: (r) =>
      r.level === 'high' ? 'adverse' : r.level === 'medium' || r.undecided.length > 0 ? 'review' : 'clear',
  },
  law: [
    'eu-2016-1675',
    'cz-253-2008-s9a',
    'cz-253-2008-annex2',
    'eba-gl-2021-02',
    'policy-cdd-risk-factors',
    'cz-253-2008-s9',
    'cz-253-2008-s13',
    'cz-cnb-67-2018-s9',
  ],
  examples: [
    {
      title: 'Czech resident opening a current account in a branch: low risk',
      input: {
        customer_type: 'person',
        countries: ['CZ'],
        pep: false,
        product: 'current_account',
        channel: 'face_to_face',
      },
    },
    {
      title: 'Company with a Kenyan owner after 5 August 2025: enhanced due diligence',
      input: {
        customer_type: 'company',
        countries: ['CZ', 'KE'],
        product: 'money_transfer',
        channel: 'remote_verified',
        nace: '68.10',
        ownership_layers: 3,
        as_of: '2025-09-01',
      },
    },
    {
      title: 'Foreign PEP investing through a remote channel',
      input: {
        customer_type: 'person',
        countries: ['US'],
        pep: true,
        product: 'investment',
        channel: 'remote_verified',
        source_of_funds_documented: false,
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const w = covered(() => referenceAt<Weights>('cdd-risk-factors', today))
    const highRisk = covered(() => referenceAt<HighRisk>('eu-high-risk-third-countries', today))
    const nace = covered(() =>
      referenceAt<{ divisions: Record<string, string> } & ReferenceVersion>('cz-nace', today),
    )
    const pep = pepRisk(input.pep, w, today, say)
    const parts = [
      countryRisk(input.countries, w, highRisk, today, say),
      pep,
      profileRisk(input, w, new Set(Object.keys(nace.divisions)), say),
    ]
    const factors = parts.flatMap((p) => p.factors)
    const mandatory = parts.flatMap((p) => p.mandatory)
    const { score, band, measure, measures, rules } = banding(factors, mandatory, w, today, say)
    return {
      score,
      level: band.level,
      cdd_measure: measure,
      mandatory_edd: mandatory,
      factors,
      measures,
      review_years: band.review_years,
      undecided: pep.undecided,
      rules_applied: [...parts.flatMap((p) => p.rules), ...factorRules(factors, today, say), ...rules],
    }
  },
})
