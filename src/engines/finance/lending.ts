/**
 * Which lending limits apply to a mortgage on a given day: the ČNB macroprudential limits in force
 * (data/reference/cnb-mortgage-limits.json) and the lender's own policy
 * (data/reference/bank-lending-policy.json), chosen by the applicant's age and the loan's purpose.
 */
import { loadReference, policySource, type ReferenceVersion, versionAt } from '../reference/load.ts'

export type Purpose = 'own_housing' | 'investment'
type Category = 'general' | 'young' | 'investment'

type ByCategory = Record<Category, number | null>

interface CnbVersion extends ReferenceVersion {
  young_age_below: number
  exemption_share: number
  ltv: ByCategory
  dti: ByCategory | null
  dsti: ByCategory | null
}

interface PolicyVersion extends ReferenceVersion {
  young_age_below: number
  dsti: { general: number; young: number }
  dti: { general: number; young: number }
  stress_rate_add_pct: number
  max_term_months: number
  max_age_at_maturity: number
}

export interface LendingLimits {
  category: Category
  /** ČNB limits in force (null = no limit). Ratios as fractions; DTI as a multiple of annual income. */
  regulatory: { ltv: number | null; dti: number | null; dsti: number | null }
  /** The day each ČNB limit took effect with its present value (or was switched off), YYYY-MM-DD. */
  regulatorySince: Record<'ltv' | 'dti' | 'dsti', string>
  /**
   * The register entry (data/reference/legal-basis.json) of each ČNB limit as it applies to the
   * category on the day: the binding LTV measure from 2022-04-01, DTI and DSTI from their own
   * decisions (deactivated 2024-01-01 and 2023-07-01), the investment limits from 2026-04-01.
   */
  regulatoryBasis: Record<'ltv' | 'dti' | 'dsti', string>
  policy: {
    dti: number
    dsti: number
    stressRateAddPct: number
    maxTermMonths: number
    maxAgeAtMaturity: number
  }
  policySince: string
  policySource: string
  youngAgeBelow: number
  exemptionShare: number
}

/** Category rule: under 36 and buying own housing = young; investment purpose = investment. */
function lendingCategory(age: number | undefined, purpose: Purpose, youngAgeBelow: number): Category {
  if (purpose === 'investment') return 'investment'
  return age !== undefined && age < youngAgeBelow ? 'young' : 'general'
}

/**
 * The day a limit took effect: the start of the unbroken run of versions, up to the one in force,
 * that give it the same value — a later version that changed another limit does not restart it.
 */
function limitSince(
  versions: readonly CnbVersion[],
  current: CnbVersion,
  value: (v: CnbVersion) => number | null,
): string {
  const at = versions.indexOf(current)
  let since = current.effective_from
  for (let i = at - 1; i >= 0 && value(versions[i]!) === value(current); i--)
    since = versions[i]!.effective_from
  return since
}

export function lendingLimits(date: string, age: number | undefined, purpose: Purpose): LendingLimits {
  const limitsFile = loadReference<CnbVersion>('cnb-mortgage-limits')
  const cnb = versionAt(limitsFile, date)
  const policy = versionAt(loadReference<PolicyVersion>('bank-lending-policy'), date)
  const category = lendingCategory(age, purpose, cnb.young_age_below)
  const policyCategory = category === 'young' ? 'young' : 'general'
  return {
    category,
    regulatory: {
      ltv: cnb.ltv[category],
      dti: cnb.dti ? cnb.dti[category] : null,
      dsti: cnb.dsti ? cnb.dsti[category] : null,
    },
    regulatorySince: {
      ltv: limitSince(limitsFile.versions, cnb, (v) => v.ltv[category]),
      dti: limitSince(limitsFile.versions, cnb, (v) => (v.dti ? v.dti[category] : null)),
      dsti: limitSince(limitsFile.versions, cnb, (v) => (v.dsti ? v.dsti[category] : null)),
    },
    regulatoryBasis: regulatoryBasis(cnb, category),
    policy: {
      dti: policy.dti[policyCategory],
      dsti: policy.dsti[policyCategory],
      stressRateAddPct: policy.stress_rate_add_pct,
      maxTermMonths: policy.max_term_months,
      maxAgeAtMaturity: policy.max_age_at_maturity,
    },
    policySince: policy.effective_from,
    policySource: policySource('bank-lending-policy', policy).source,
    youngAgeBelow: cnb.young_age_below,
    exemptionShare: cnb.exemption_share,
  }
}

/** The investment-housing limits (LTV 70 %, DTI 7) are their own ČNB decision, from 2026-04-01. */
const INVESTMENT_LIMITS_FROM = '2026-04-01'

function regulatoryBasis(cnb: CnbVersion, category: Category): Record<'ltv' | 'dti' | 'dsti', string> {
  const investment = category === 'investment' && cnb.effective_from >= INVESTMENT_LIMITS_FROM
  return {
    ltv: investment ? 'cnb-ltv-investment' : 'cnb-ltv',
    dti: investment ? 'cnb-dti-investment' : 'cnb-dti',
    dsti: 'cnb-dsti',
  }
}

export const pct = (ratio: number, digits = 1): string =>
  `${(ratio * 100).toFixed(digits).replace(/\.0+$/, '')} %`
