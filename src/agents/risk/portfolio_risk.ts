import { Type } from 'typebox'
import { round2 } from '../../engines/finance/annuity.ts'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { NullableNumber, NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { cite, lawEntry } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Nace extends ReferenceVersion {
  sections: { code: string; divisions: [string, string] }[]
}

/**
 * A sector is a CZ-NACE section (A–U) or a division (two digits, with a group or class after a dot),
 * or `household`: anything else would split one sector into keys the concentration cannot join.
 */
function isSector(code: string, nace: Nace): boolean {
  if (code === 'household') return true
  if (/^[A-Z]$/.test(code)) return nace.sections.some((s) => s.code === code)
  const division = /^(\d{2})(?:\.\d{1,2})?$/.exec(code)?.[1]
  return (
    division !== undefined &&
    nace.sections.some((s) => division >= s.divisions[0] && division <= s.divisions[1])
  )
}

interface Limits extends ReferenceVersion {
  /** The capital large exposures are measured against on the day (CRR2 moved it to Tier 1). */
  capital_base: 'eligible_capital' | 'tier1_capital'
  large_exposure_share: number
  large_exposure_limit: number
  hhi_moderate: number
  hhi_high: number
  ltv_buckets: number[]
}

/**
 * The merger guidelines whose HHI bands the day's limits carry (data/reference/prudential-limits.json):
 * the Horizontal Merger Guidelines of 2010 until the Merger Guidelines of 18 December 2023 replaced them.
 */
function hhiLaw(at: string): 'doj-ftc-hhi-2010' | 'doj-ftc-hhi' {
  return at < lawEntry('doj-ftc-hhi').in_force_from ? 'doj-ftc-hhi-2010' : 'doj-ftc-hhi'
}

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
    const concentration = (key: (l: (typeof input.loans)[number]) => string | undefined) => {
      const m = new Map<string, number>()
      for (const l of input.loans) {
        const k = key(l) ?? 'unknown'
        m.set(k, (m.get(k) ?? 0) + l.amount)
      }
      const shares = [...m.entries()].map(([k, amount]) => ({ key: k, amount, share: amount / total }))
      const hhi = Math.round(shares.reduce((s, x) => s + (x.share * 100) ** 2, 0))
      const level: 'unconcentrated' | 'moderate' | 'high' =
        hhi > lim.hhi_high ? 'high' : hhi >= lim.hhi_moderate ? 'moderate' : 'unconcentrated'
      const top = shares
        .sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key))
        .slice(0, 5)
        .map((x) => ({ key: x.key, amount: round2(x.amount), share: Math.round(x.share * 10_000) / 10_000 }))
      return { hhi, level, top }
    }
    const borrower = concentration((l) => l.borrower)
    const sector = concentration((l) => l.sector)
    const region = concentration((l) => l.region)

    const largeExposures: {
      borrower: string
      amount: number
      share_of_capital: number
      breaches_limit: boolean
    }[] = []
    // CRR Art. 392/395 measure against the base in force on the day: eligible capital, Tier 1 from CRR2.
    const base = input[lim.capital_base] ?? null
    const unchecked =
      base === null && (input.tier1_capital !== undefined || input.eligible_capital !== undefined)
        ? ctx.say({
            cs: `ke dni ${at} se velké expozice měří k ${lim.capital_base === 'tier1_capital' ? 'kapitálu Tier 1' : 'způsobilému kapitálu'}: zadejte ${lim.capital_base}`,
            en: `on ${at} large exposures are measured against ${lim.capital_base === 'tier1_capital' ? 'Tier 1 capital' : 'eligible capital'}: give ${lim.capital_base}`,
          })
        : null
    if (base !== null) {
      const byBorrower = new Map<string, number>()
      for (const l of input.loans) byBorrower.set(l.borrower, (byBorrower.get(l.borrower) ?? 0) + l.amount)
      for (const [b, amount] of [...byBorrower.entries()].sort((x, y) => y[1] - x[1])) {
        const share = amount / base
        if (share >= lim.large_exposure_share) {
          largeExposures.push({
            borrower: b,
            amount: round2(amount),
            share_of_capital: Math.round(share * 10_000) / 10_000,
            breaches_limit: share > lim.large_exposure_limit,
          })
        }
      }
    }
    const secured = input.loans.filter((l) => l.property_value !== undefined)
    const edges = lim.ltv_buckets
    const labels = [
      `≤${edges[0]} %`,
      ...edges.slice(1).map((e, i) => `${edges[i]}–${e} %`),
      `>${edges.at(-1)} %`,
    ]
    const buckets = labels.map((bucket) => ({ bucket, loans: 0, amount: 0 }))
    let weighted = 0
    for (const l of secured) {
      const ltv = (l.amount / l.property_value!) * 100
      weighted += ltv * l.amount
      let i = edges.findIndex((e) => ltv <= e)
      if (i < 0) i = edges.length
      buckets[i]!.loans++
      buckets[i]!.amount += l.amount
    }
    const securedTotal = secured.reduce((s, l) => s + l.amount, 0)
    const rules: AppliedRule[] = [
      {
        rule: ctx.say({
          cs: `HHI z podílů v %: střední koncentrace od ${lim.hhi_moderate}, vysoká nad ${lim.hhi_high}`,
          en: `HHI on % shares: moderate from ${lim.hhi_moderate}, high above ${lim.hhi_high}`,
        }),
        ...cite(at, hhiLaw(at), 'csu-cz-nace'),
        outcome: ctx.say({
          cs: `dlužníci ${borrower.hhi}, odvětví ${sector.hhi}, regiony ${region.hhi}`,
          en: `borrower ${borrower.hhi}, sector ${sector.hhi}, region ${region.hhi}`,
        }),
      },
      {
        rule: ctx.say(
          lim.capital_base === 'tier1_capital'
            ? {
                cs: `Velká expozice ≥ ${lim.large_exposure_share * 100} % kapitálu Tier 1; limit ${lim.large_exposure_limit * 100} %`,
                en: `Large exposure ≥ ${lim.large_exposure_share * 100} % of Tier 1 capital; limit ${lim.large_exposure_limit * 100} %`,
              }
            : {
                cs: `Velká expozice ≥ ${lim.large_exposure_share * 100} % způsobilého kapitálu; limit ${lim.large_exposure_limit * 100} % (před CRR2)`,
                en: `Large exposure ≥ ${lim.large_exposure_share * 100} % of eligible capital; limit ${lim.large_exposure_limit * 100} % (before CRR2)`,
              },
        ),
        ...cite(at, 'eu-575-2013-art392', 'eu-575-2013-art395'),
        outcome:
          unchecked ??
          (base !== null
            ? ctx.say({
                cs: `k ${lim.capital_base === 'tier1_capital' ? 'kapitálu Tier 1' : 'způsobilému kapitálu'} ${round2(base)} Kč: velkých expozic ${largeExposures.length}, nad limitem ${largeExposures.filter((e) => e.breaches_limit).length}`,
                en: `against ${lim.capital_base === 'tier1_capital' ? 'Tier 1 capital' : 'eligible capital'} of ${round2(base)} CZK: ${largeExposures.length} large exposure(s), ${largeExposures.filter((e) => e.breaches_limit).length} above the limit`,
              })
            : ctx.say({
                cs: `neověřeno: chybí ${lim.capital_base}`,
                en: `not checked: no ${lim.capital_base}`,
              })),
      },
      {
        rule: ctx.say({
          cs: 'LTV = expozice / hodnota zajištění, váženo expozicí',
          en: 'LTV = exposure / collateral value, exposure-weighted',
        }),
        ...cite(at, 'cnb-recommendation-2022'),
        outcome: secured.length
          ? `${round2(weighted / securedTotal)} %`
          : ctx.say({ cs: 'žádné zajištěné úvěry', en: 'no secured loans' }),
      },
    ]
    return {
      total_exposure: round2(total),
      loans: input.loans.length,
      borrower,
      sector,
      region,
      capital_base: base !== null ? lim.capital_base : null,
      large_exposures_unchecked: unchecked,
      large_exposures: largeExposures,
      weighted_ltv_pct: secured.length ? round2(weighted / securedTotal) : null,
      ltv_buckets: buckets.map((b) => ({ ...b, amount: round2(b.amount) })),
      rules_applied: rules,
    }
  },
})
