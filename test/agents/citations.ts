/**
 * The check every agent answer passes, wherever a test runs one (the worked examples, the golden
 * cases): each rule's `basis` names entries of the register of law (data/reference/legal-basis.json)
 * that the agent declares (`law`), its `since` is a date on which a cited rule took effect or
 * changed, and its `source` carries the register's citations. An agent that declares its law cites
 * it on every rule.
 */
import { lawEntry, legalBasis, ruleDates } from '../../src/agents/law.ts'
import type { AppliedRule } from '../../src/agents/result.ts'
import type { Agent } from '../../src/agents/types.ts'

/** The problems with an answer's citations, one line each; empty when there are none. */
export function citationProblems(agent: Agent, output: unknown): string[] {
  const rules = ((output as { rules_applied?: AppliedRule[] }).rules_applied ?? []) as AppliedRule[]
  const name = `${agent.service}/${agent.name}`
  const problems: string[] = []
  const declared = new Set(agent.law)
  for (const rule of rules) {
    const where = `${name}: rule "${rule.rule}"`
    if (!rule.basis) {
      if (declared.size > 0) problems.push(`${where} cites no register entry (basis)`)
      continue
    }
    if (rule.basis.length === 0) problems.push(`${where} has an empty basis`)
    const dates = new Set<string>()
    for (const id of rule.basis) {
      if (!legalBasis().has(id)) {
        problems.push(`${where} cites ${id}, which the register lacks`)
        continue
      }
      if (!declared.has(id)) problems.push(`${where} cites ${id}, which the agent does not declare in law`)
      const entry = lawEntry(id)
      for (const d of ruleDates(entry)) dates.add(d)
      if (!rule.source?.includes(entry.citation))
        problems.push(
          `${where}: source "${rule.source}" does not carry the citation "${entry.citation}" of ${id}`,
        )
    }
    if (!rule.since) problems.push(`${where} cites the register but gives no since`)
    else if (dates.size > 0 && !dates.has(rule.since))
      problems.push(
        `${where}: since ${rule.since} is not a date the cited rules took effect or changed (${[...dates].join(', ')})`,
      )
  }
  return problems
}
