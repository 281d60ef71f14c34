/**
 * The checks of affordability_check (ČNB LTV, DTI and DSTI limits; the lender's policy), each a
 * named function that returns what it allows and the rules it applied (with their register
 * sources). The agent takes the lowest cap.
 */
import { principalForPayment, round2 } from '../../engines/finance/annuity.ts'
import { type LendingLimits, pct } from '../../engines/finance/lending.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import { CATEGORY_LABEL } from '../spec-fields.ts'
import type { AppliedRule } from '../types.ts'

/** The term asked for, capped by the policy's maximum and by the age at maturity, in months. */
export function termCheck(
  termMonths: number,
  age: number | undefined,
  limits: LendingLimits,
  asOf: string,
  say: Say,
): { term: number; rules: AppliedRule[] } {
  const rules: AppliedRule[] = []
  let term = Math.min(termMonths, limits.policy.maxTermMonths)
  if (age !== undefined) {
    const maxByAge = Math.max(0, (limits.policy.maxAgeAtMaturity - age) * 12)
    if (maxByAge < term) term = maxByAge
    rules.push({
      rule: say({
        cs: `Úvěr musí být splacen do věku ${limits.policy.maxAgeAtMaturity} let`,
        en: `Loan must be repaid by age ${limits.policy.maxAgeAtMaturity}`,
      }),
      ...cite(asOf, 'policy-bank-lending'),
      outcome: say({ cs: `doba ${term} měsíců`, en: `term ${term} months` }),
    })
  }
  return { term, rules }
}

interface Applicant {
  monthly_income: number
  annual_rate_pct: number
  property_value?: number | undefined
  existing_monthly_payments?: number | undefined
  existing_debt?: number | undefined
}

/**
 * The loan each limit allows, in CZK: the DSTI cap (the stricter of ČNB and policy) at the rate
 * and at the stressed rate, the DTI cap on the yearly income, and the ČNB LTV on the collateral.
 */
export function capChecks(input: Applicant, term: number, limits: LendingLimits, asOf: string, say: Say) {
  const rules: AppliedRule[] = []
  const czk = (x: number) => say({ cs: `${x} Kč`, en: `${x} CZK` })
  const cnb = (limit: 'ltv' | 'dti' | 'dsti') => cite(asOf, limits.regulatoryBasis[limit])
  const policy = cite(asOf, 'policy-bank-lending')
  const existingPayments = input.existing_monthly_payments ?? 0
  const existingDebt = input.existing_debt ?? 0
  const annualIncome = input.monthly_income * 12

  const dstiLimit = Math.min(limits.regulatory.dsti ?? Number.POSITIVE_INFINITY, limits.policy.dsti)
  const dtiLimit = Math.min(limits.regulatory.dti ?? Number.POSITIVE_INFINITY, limits.policy.dti)
  const room = Math.max(0, dstiLimit * input.monthly_income - existingPayments)
  const byDsti = term > 0 ? principalForPayment(room, input.annual_rate_pct, term) : 0
  const byStress =
    term > 0 ? principalForPayment(room, input.annual_rate_pct + limits.policy.stressRateAddPct, term) : 0
  const byDti = Math.max(0, dtiLimit * annualIncome - existingDebt)
  const ltvLimit = limits.regulatory.ltv
  const byLtv =
    input.property_value !== undefined && ltvLimit !== null ? ltvLimit * input.property_value : null

  const src = (limit: 'dti' | 'dsti') => (limits.regulatory[limit] !== null ? cnb(limit) : policy)
  rules.push({
    rule: say({
      cs: `Strop DSTI ${pct(dstiLimit)} čistého příjmu`,
      en: `DSTI cap ${pct(dstiLimit)} of net income`,
    }),
    ...src('dsti'),
    outcome: say({
      cs: `prostor ${round2(room)} Kč/měsíc → ${Math.floor(byDsti)} Kč`,
      en: `room ${round2(room)} CZK/month → ${Math.floor(byDsti)} CZK`,
    }),
  })
  rules.push({
    rule: say({
      cs: `Strop DSTI při sazbě +${limits.policy.stressRateAddPct} p. b.`,
      en: `DSTI cap with rate +${limits.policy.stressRateAddPct} pp`,
    }),
    ...policy,
    outcome: czk(Math.floor(byStress)),
  })
  rules.push({
    rule: say({
      cs: `Strop DTI ${dtiLimit} × čistý roční příjem`,
      en: `DTI cap ${dtiLimit} × net annual income`,
    }),
    ...src('dti'),
    outcome: czk(Math.floor(byDti)),
  })
  if (byLtv !== null) {
    rules.push({
      rule: say({
        cs: `Limit ČNB LTV ${pct(ltvLimit!)} (${CATEGORY_LABEL[limits.category].cs})`,
        en: `ČNB LTV limit ${pct(ltvLimit!)} (${CATEGORY_LABEL[limits.category].en})`,
      }),
      ...cnb('ltv'),
      outcome: czk(byLtv),
    })
  }
  return { byDsti, byStress, byDti, byLtv, rules }
}

/** The lowest cap binds; the loan is that cap rounded down to whole thousands of CZK. */
export function bindingCap(caps: { byDsti: number; byStress: number; byDti: number; byLtv: number | null }) {
  const candidates: [number, 'ltv' | 'dti' | 'dsti' | 'stressed_dsti'][] = [
    [caps.byDsti, 'dsti'],
    [caps.byStress, 'stressed_dsti'],
    [caps.byDti, 'dti'],
  ]
  if (caps.byLtv !== null) candidates.push([caps.byLtv, 'ltv'])
  candidates.sort((a, b) => a[0] - b[0])
  const [lowest, binding] = candidates[0]!
  return { maxLoan: Math.max(0, Math.floor(lowest / 1000) * 1000), binding }
}
