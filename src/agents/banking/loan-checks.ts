/**
 * The checks of loan_assessment (ČNB LTV, DTI and DSTI limits; the lender's policy), each a named
 * function that returns the rules it applied (with their register sources) and the reasons it
 * found to decline or to refer. The agent joins them in order and decides.
 */
import { type LendingLimits, lendingLimits, pct } from '../../engines/finance/lending.ts'
import type { Say, Texts } from '../lang.ts'
import { type Citation, cite } from '../law.ts'
import { CATEGORY_LABEL } from '../spec-fields.ts'
import type { AppliedRule } from '../types.ts'

/** What one check applied, and what it found against the application. */
export interface Checked {
  rules: AppliedRule[]
  reasons: string[]
}

/** The ratios of the application, each a fraction (DTI a multiple of the yearly income). */
export interface Ratios {
  ltv: number
  dti: number
  dsti: number
  stressedDsti: number
}

/** A ratio as a multiple of two decimals at most: 8.5, 9. */
const multiple = (x: number) => x.toFixed(2).replace(/\.?0+$/, '')

/**
 * One limit: its rule (or that none is in force) and, when the value exceeds it (by more than
 * rounding, 1e-9), the reason naming both.
 */
function limitCheck(
  label: Texts,
  value: number,
  limit: number | null,
  fmt: (x: number) => Texts | string,
  base: Citation,
  say: Say,
  out: Checked,
): void {
  const f = (x: number) => {
    const t = fmt(x)
    return typeof t === 'string' ? t : say(t)
  }
  const name = say(label)
  if (limit === null) {
    out.rules.push({
      rule: say({ cs: `${name}: žádný limit neplatí`, en: `${name}: no limit in force` }),
      ...base,
      outcome: say({ cs: `${f(value)} (bez limitu)`, en: `${f(value)} (not limited)` }),
    })
    return
  }
  const breached = value > limit + 1e-9
  out.rules.push({
    rule: `${name} ${f(limit)}`,
    ...base,
    outcome: breached
      ? say({ cs: `${f(value)} překračuje limit`, en: `${f(value)} exceeds the limit` })
      : say({ cs: `${f(value)} v rámci limitu`, en: `${f(value)} within the limit` }),
  })
  if (breached)
    out.reasons.push(
      say({
        cs: `${name} ${f(value)} překračuje ${f(limit)}`,
        en: `${name} ${f(value)} exceeds ${f(limit)}`,
      }),
    )
}

/** The ČNB limits of the applicant's category on LTV, DTI and DSTI: a breach declines. */
export function regulatoryChecks(r: Ratios, limits: LendingLimits, asOf: string, say: Say): Checked {
  const out: Checked = { rules: [], reasons: [] }
  const cnb = (limit: 'ltv' | 'dti' | 'dsti') => cite(asOf, limits.regulatoryBasis[limit])
  const cnbLimit = (ratio: string) => ({
    cs: `Limit ČNB ${ratio} (${CATEGORY_LABEL[limits.category].cs})`,
    en: `ČNB ${ratio} limit (${CATEGORY_LABEL[limits.category].en})`,
  })
  limitCheck(cnbLimit('LTV'), r.ltv, limits.regulatory.ltv, pct, cnb('ltv'), say, out)
  limitCheck(cnbLimit('DTI'), r.dti, limits.regulatory.dti, multiple, cnb('dti'), say, out)
  limitCheck(cnbLimit('DSTI'), r.dsti, limits.regulatory.dsti, pct, cnb('dsti'), say, out)
  return out
}

/** The lender's policy on DTI, DSTI and DSTI at the stressed rate: a breach refers. */
export function policyChecks(r: Ratios, limits: LendingLimits, asOf: string, say: Say): Checked {
  const out: Checked = { rules: [], reasons: [] }
  const policy = cite(asOf, 'policy-bank-lending')
  const { dti, dsti, stressRateAddPct } = limits.policy
  limitCheck(
    { cs: 'DTI podle úvěrové politiky', en: 'Lender policy DTI' },
    r.dti,
    dti,
    multiple,
    policy,
    say,
    out,
  )
  limitCheck(
    { cs: 'DSTI podle úvěrové politiky', en: 'Lender policy DSTI' },
    r.dsti,
    dsti,
    pct,
    policy,
    say,
    out,
  )
  limitCheck(
    {
      cs: `DSTI podle úvěrové politiky při sazbě +${stressRateAddPct} p. b.`,
      en: `Lender policy DSTI at rate +${stressRateAddPct} pp`,
    },
    r.stressedDsti,
    dsti,
    pct,
    policy,
    say,
    out,
  )
  return out
}

/**
 * The lender's policy on the age at maturity (an age not given cannot be checked, nor the
 * young-applicant limits: refer) and on the term in months: a breach refers.
 */
export function maturityChecks(
  age: number | undefined,
  termMonths: number,
  limits: LendingLimits,
  asOf: string,
  say: Say,
): Checked {
  const out: Checked = { rules: [], reasons: [] }
  if (age !== undefined) {
    limitCheck(
      { cs: 'Věk při splatnosti podle úvěrové politiky', en: 'Lender policy age at maturity' },
      age + termMonths / 12,
      limits.policy.maxAgeAtMaturity,
      (x) => ({ cs: `${Math.ceil(x)} let`, en: `${Math.ceil(x)} years` }),
      cite(asOf, 'policy-bank-lending'),
      say,
      out,
    )
  } else {
    out.reasons.push(
      say({
        cs: 'věk nezadán: limity pro mladé žadatele a věk při splatnosti nebylo možné ověřit',
        en: 'age not given: the young-applicant limits and age at maturity could not be checked',
      }),
    )
  }
  if (termMonths > limits.policy.maxTermMonths) {
    out.reasons.push(
      say({
        cs: `doba ${termMonths} měsíců překračuje maximum úvěrové politiky ${limits.policy.maxTermMonths} měsíců`,
        en: `term ${termMonths} months exceeds the policy maximum of ${limits.policy.maxTermMonths}`,
      }),
    )
  }
  return out
}

/**
 * A loan whose purpose is not given is assessed as own housing (the assumption the answer states);
 * when the ČNB limits for investment housing (a third or further property, to let) would decline
 * it, the assumption decides the answer, so it is referred naming `purpose` — never approved on a
 * purpose nobody gave. The breached investment limits are its rules.
 */
export function purposeCheck(
  given: string | undefined,
  r: Ratios,
  age: number | undefined,
  asOf: string,
  say: Say,
): Checked {
  if (given !== undefined) return { rules: [], reasons: [] }
  const investment = regulatoryChecks(r, lendingLimits(asOf, age, 'investment'), asOf, say)
  if (investment.reasons.length === 0) return { rules: [], reasons: [] }
  const why = investment.reasons.join('; ')
  return {
    rules: investment.rules.filter((rule) =>
      rule.outcome?.includes(say({ cs: 'překračuje', en: 'exceeds' })),
    ),
    reasons: [
      say({
        cs: `účel nezadán: posouzeno jako vlastní bydlení, limity ČNB pro investiční bydlení by jej ale zamítly (${why}); uveďte purpose (own_housing, nebo investment)`,
        en: `purpose not given: assessed as own housing, but the ČNB limits for investment housing would decline it (${why}); give purpose (own_housing or investment)`,
      }),
    ],
  }
}

/** A ČNB breach declines, else a policy breach refers, else approve; the reasons in that order. */
export function decide(declines: string[], refers: string[], say: Say) {
  const decision: 'approve' | 'refer' | 'decline' =
    declines.length > 0 ? 'decline' : refers.length > 0 ? 'refer' : 'approve'
  const reasons =
    declines.length + refers.length > 0
      ? [...declines, ...refers]
      : [say({ cs: 'všechny limity splněny', en: 'all limits met' })]
  return { decision, reasons }
}
