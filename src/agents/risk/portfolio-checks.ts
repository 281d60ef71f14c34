/**
 * The checks of portfolio_risk (the HHI bands of the US merger guidelines in force on the day; CRR
 * Art. 392/395 large exposures; the ČNB recommendation on LTV), each a named function over the
 * loans that returns what it measured and the rule it applied (with its register sources). The
 * agent joins them in order.
 */
import { round2 } from '../../engines/finance/annuity.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import type { Say } from '../lang.ts'
import { cite, lawEntry } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export interface Nace extends ReferenceVersion {
  sections: { code: string; divisions: [string, string] }[]
}

/**
 * A sector is a CZ-NACE section (A–U) or a division (two digits, with a group or class after a dot),
 * or `household`: anything else would split one sector into keys the concentration cannot join.
 */
export function isSector(code: string, nace: Nace): boolean {
  if (code === 'household') return true
  if (/^[A-Z]$/.test(code)) return nace.sections.some((s) => s.code === code)
  const division = /^(\d{2})(?:\.\d{1,2})?$/.exec(code)?.[1]
  return (
    division !== undefined &&
    nace.sections.some((s) => division >= s.divisions[0] && division <= s.divisions[1])
  )
}

export interface Limits extends ReferenceVersion {
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

/** A loan as given: its exposure and collateral in CZK. */
interface Loan {
  borrower: string
  amount: number
  property_value?: number | undefined
  sector?: string | undefined
  region?: string | undefined
}

/**
 * The Herfindahl–Hirschman index on % shares of the exposure by borrower, sector and region (a
 * loan without the key counts as `unknown`), banded by the day's limits, with the five largest.
 */
export function concentrationCheck(loans: Loan[], total: number, lim: Limits, at: string, say: Say) {
  const concentration = (key: (l: Loan) => string | undefined) => {
    const m = new Map<string, number>()
    for (const l of loans) {
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
  const rule: AppliedRule = {
    rule: say({
      cs: `HHI z podílů v %: střední koncentrace od ${lim.hhi_moderate}, vysoká nad ${lim.hhi_high}`,
      en: `HHI on % shares: moderate from ${lim.hhi_moderate}, high above ${lim.hhi_high}`,
    }),
    ...cite(at, hhiLaw(at), 'csu-cz-nace'),
    outcome: say({
      cs: `dlužníci ${borrower.hhi}, odvětví ${sector.hhi}, regiony ${region.hhi}`,
      en: `borrower ${borrower.hhi}, sector ${sector.hhi}, region ${region.hhi}`,
    }),
  }
  return { borrower, sector, region, rule }
}

/**
 * Large exposures (CRR Art. 392/395), measured against the base in force on the day: eligible
 * capital, Tier 1 from CRR2. Capital given but not that base leaves them unchecked, and says why.
 */
export function largeExposureCheck(
  loans: Loan[],
  capital: { tier1_capital?: number | undefined; eligible_capital?: number | undefined },
  lim: Limits,
  at: string,
  say: Say,
) {
  const largeExposures: {
    borrower: string
    amount: number
    share_of_capital: number
    breaches_limit: boolean
  }[] = []
  const base = capital[lim.capital_base] ?? null
  const tier1 = lim.capital_base === 'tier1_capital'
  const unchecked =
    base === null && (capital.tier1_capital !== undefined || capital.eligible_capital !== undefined)
      ? say({
          cs: `ke dni ${at} se velké expozice měří k ${tier1 ? 'kapitálu Tier 1' : 'způsobilému kapitálu'}: zadejte ${lim.capital_base}`,
          en: `on ${at} large exposures are measured against ${tier1 ? 'Tier 1 capital' : 'eligible capital'}: give ${lim.capital_base}`,
        })
      : null
  if (base !== null) {
    const byBorrower = new Map<string, number>()
    for (const l of loans) byBorrower.set(l.borrower, (byBorrower.get(l.borrower) ?? 0) + l.amount)
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
  const breaches = largeExposures.filter((e) => e.breaches_limit).length
  const rule: AppliedRule = {
    rule: say(
      tier1
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
        ? say({
            cs: `k ${tier1 ? 'kapitálu Tier 1' : 'způsobilému kapitálu'} ${round2(base)} Kč: velkých expozic ${largeExposures.length}, nad limitem ${breaches}`,
            en: `against ${tier1 ? 'Tier 1 capital' : 'eligible capital'} of ${round2(base)} CZK: ${largeExposures.length} large exposure(s), ${breaches} above the limit`,
          })
        : say({ cs: `neověřeno: chybí ${lim.capital_base}`, en: `not checked: no ${lim.capital_base}` })),
  }
  return { base, unchecked, largeExposures, rule }
}

/** The secured loans by LTV bucket (the day's edges, in %), and their exposure-weighted LTV. */
export function ltvCheck(loans: Loan[], lim: Limits, at: string, say: Say) {
  const secured = loans.filter((l) => l.property_value !== undefined)
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
  const weightedLtv = secured.length ? round2(weighted / securedTotal) : null
  const rule: AppliedRule = {
    rule: say({
      cs: 'LTV = expozice / hodnota zajištění, váženo expozicí',
      en: 'LTV = exposure / collateral value, exposure-weighted',
    }),
    ...cite(at, 'cnb-recommendation-2022'),
    outcome:
      weightedLtv !== null
        ? `${weightedLtv} %`
        : say({ cs: 'žádné zajištěné úvěry', en: 'no secured loans' }),
  }
  return { buckets: buckets.map((b) => ({ ...b, amount: round2(b.amount) })), weightedLtv, rule }
}
