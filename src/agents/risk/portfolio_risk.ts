import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { NullableNumber, NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'
import {
  concentrationCheck,
  isSector,
  type Limits,
  largeExposureCheck,
  ltvCheck,
  type Nace,
} from './portfolio-checks.ts'

const Concentration = Type.Object({
  hhi: Type.Integer({ description: 'Herfindahl–Hirschman index on % shares, 0–10 000' }),
  level: Type.Union([Type.Literal('unconcentrated'), Type.Literal('moderate'), Type.Literal('high')]),
  top: Type.Array(Type.Object({ key: Type.String(), amount: Type.Number(), share: Type.Number() })),
})

export const portfolioRisk = defineAgent({
  service: 'risk',
  name: 'portfolio_risk',
  description:
    'Concentration and collateral profile of a loan portfolio: Herfindahl–Hirschman index by borrower, sector and region (the bands of the US merger guidelines in force on the day: 1,500 / 2,500 until 2023-12-17, 1,000 / 1,800 from 2023-12-18), large exposures (CRR Art. 392/395) against the capital the day requires — Tier 1 from 2021-06-28 (CRR2), eligible capital before —, LTV buckets and the exposure-weighted LTV.',
  input: Type.Object(
    {
      loans: Type.Array(
        Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 100 }),
            borrower: Type.String({
              minLength: 1,
              maxLength: 200,
              description: 'borrower or group of connected clients',
            }),
            amount: Type.Number({ exclusiveMinimum: 0, description: 'outstanding exposure, CZK' }),
            property_value: Type.Optional(
              Type.Number({ exclusiveMinimum: 0, description: 'collateral, CZK' }),
            ),
            sector: Type.Optional(
              Type.String({
                maxLength: 20,
                description: 'CZ-NACE section (A–U) or division (41, 41.2), or household; any other is a 400',
              }),
            ),
            region: Type.Optional(Type.String({ maxLength: 100, description: 'kraj' })),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100_000 },
      ),
      tier1_capital: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          description: 'CZK, the base of the large-exposure checks from 2021-06-28 (CRR2)',
        }),
      ),
      eligible_capital: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          description:
            'CZK, Tier 1 plus Tier 2 up to a third of Tier 1: the base of the large-exposure checks before 2021-06-28',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    total_exposure: Type.Number(),
    loans: Type.Integer(),
    borrower: Concentration,
    sector: Concentration,
    region: Concentration,
    capital_base: Type.Union([Type.Literal('tier1_capital'), Type.Literal('eligible_capital'), Type.Null()], {
      description:
        'the capital the large exposures were measured against, as CRR requires it on the day; null when the call did not give it',
    }),
    large_exposures_unchecked: NullableString({
      description:
        'why the large exposures were not checked although capital was given (not the base the day requires)',
    }),
    large_exposures: Type.Array(
      Type.Object({
        borrower: Type.String(),
        amount: Type.Number(),
        share_of_capital: Type.Number(),
        breaches_limit: Type.Boolean(),
      }),
    ),
    weighted_ltv_pct: NullableNumber(),
    ltv_buckets: Type.Array(
      Type.Object({ bucket: Type.String(), loans: Type.Integer(), amount: Type.Number() }),
    ),
  }),
  verdict: {
    explain:
      '`review` when a large exposure breaches the limit, or when capital was given but not the base the day requires (large exposures then unchecked), else `informational`',
    of: (r) =>
      r.large_exposures.some((e) => e.breaches_limit) || r.large_exposures_unchecked !== null
        ? 'review'
        : 'informational',
  },
  law: [
    'doj-ftc-hhi-2010',
    'doj-ftc-hhi',
    'eu-575-2013-art392',
    'eu-575-2013-art395',
    'cnb-recommendation-2022',
    'csu-cz-nace',
  ],
  examples: [
    {
      title: 'Five mortgages and a developer loan against 50 M CZK of Tier 1 capital',
      input: {
        tier1_capital: 50_000_000,
        loans: [
          {
            id: 'm1',
            borrower: 'Novák',
            amount: 3_200_000,
            property_value: 4_500_000,
            sector: 'household',
            region: 'Praha',
          },
          {
            id: 'm2',
            borrower: 'Svobodová',
            amount: 2_800_000,
            property_value: 3_200_000,
            sector: 'household',
            region: 'Jihomoravský',
          },
          {
            id: 'm3',
            borrower: 'Dvořák',
            amount: 4_100_000,
            property_value: 5_000_000,
            sector: 'household',
            region: 'Praha',
          },
          {
            id: 'm4',
            borrower: 'Černá',
            amount: 1_900_000,
            property_value: 4_000_000,
            sector: 'household',
            region: 'Středočeský',
          },
          {
            id: 'm5',
            borrower: 'Procházka',
            amount: 3_000_000,
            property_value: 3_100_000,
            sector: 'household',
            region: 'Praha',
          },
          {
            id: 'd1',
            borrower: 'Rezidence Vltava s.r.o.',
            amount: 14_000_000,
            property_value: 20_000_000,
            sector: '41',
            region: 'Praha',
          },
        ],
      },
    },
    {
      title: 'Unsecured loans spread over three sectors',
      input: {
        loans: [
          { id: 'a', borrower: 'A', amount: 1_000_000, sector: '47' },
          { id: 'b', borrower: 'B', amount: 1_000_000, sector: '47' },
          { id: 'c', borrower: 'C', amount: 1_000_000, sector: '62' },
          { id: 'd', borrower: 'D', amount: 1_000_000, sector: '10' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const at = asOfDate(undefined, ctx.now)
    const say = ctx.say
    const lim = covered(() => referenceAt<Limits>('prudential-limits', at))
    const nace = covered(() => referenceAt<Nace>('cz-nace', at))
    const ids = new Set<string>()
    input.loans.forEach((l, i) => {
      if (ids.has(l.id)) throw errors.invalid('loans', `id ${l.id} appears twice`)
      ids.add(l.id)
      if (l.sector !== undefined && !isSector(l.sector, nace))
        throw errors.invalid(
          `loans/${i}/sector`,
          'must be a CZ-NACE section (A–U) or division (01–99), or household',
        )
    })
    const total = input.loans.reduce((s, l) => s + l.amount, 0)
    const { borrower, sector, region, rule: hhiRule } = concentrationCheck(input.loans, total, lim, at, say)
    const large = largeExposureCheck(input.loans, input, lim, at, say)
    const ltv = ltvCheck(input.loans, lim, at, say)
    return {
      total_exposure: round2(total),
      loans: input.loans.length,
      borrower,
      sector,
      region,
      capital_base: large.base !== null ? lim.capital_base : null,
      large_exposures_unchecked: large.unchecked,
      large_exposures: large.largeExposures,
      weighted_ltv_pct: ltv.weightedLtv,
      ltv_buckets: ltv.buckets,
      rules_applied: [hhiRule, large.rule, ltv.rule],
    }
  },
})
