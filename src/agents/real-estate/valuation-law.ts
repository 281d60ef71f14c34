/**
 * How the real-estate agents cite the valuation engine's rules: each engine rule names its register
 * entries (`basis`), and the agent gives it the register's citation and date (cite) — the engine's
 * own note (what the model was fitted on) kept after the citation.
 */
import { Type } from 'typebox'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export const ValuationDateField = {
  valuation_date: Type.Optional(
    Type.String({
      format: 'date',
      description:
        'YYYY-MM-DD, not in the future; default the day of the call. The estimate is moved from the listings’ date to it with the ČSÚ flat-price index',
    }),
  ),
}

/** The engine's rules with the register's citation and date for `at` (YYYY-MM-DD). */
export function valuationRules(
  rules: readonly { rule: string; basis?: string[]; source?: string; outcome?: string }[],
  at: string,
): AppliedRule[] {
  return rules.map((r) => {
    const [first, ...rest] = r.basis ?? []
    if (!first) throw new Error(`valuation rule "${r.rule}" names no register entry`)
    const c = cite(at, first, ...rest)
    return {
      rule: r.rule,
      ...c,
      source: r.source ? `${c.source} — ${r.source}` : c.source,
      ...(r.outcome ? { outcome: r.outcome } : {}),
    }
  })
}
