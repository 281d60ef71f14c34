/**
 * The overall risk levels of a screening, lowest first, defined here once: the screening engine
 * gives them, the AML service's schemas and the console's list and filter them, the printed record
 * and the web console show them. INCOMPLETE: evidence is missing (a module failed or timed out, or
 * a company's sanctions check had no name to match) and what did complete found nothing to raise
 * the level above LOW; a screening never reports LOW on missing evidence. No imports, so the web
 * console's bundle can take it.
 */
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL', 'INCOMPLETE'] as const

export type RiskLevel = (typeof RISK_LEVELS)[number]
