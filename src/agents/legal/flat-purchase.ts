/**
 * What a lawyer checks in a Czech purchase contract for a flat (kupní smlouva o převodu bytové
 * jednotky): the parties and their identification, the unit as the cadastre describes it, the
 * price, its escrow and release, the cadastre deposit, handover, defects, withdrawal, and the
 * encumbrances and their removal. The checklist, its patterns, risks, reasons and legal sources
 * are data (data/reference/contract-review-rules.json, `flat_purchase`); every pattern has bounded
 * repetitions, so it runs in linear time on a contract of any length.
 */
import { Type } from 'typebox'

type Risk = 'low' | 'medium' | 'high'

interface Group {
  label: string
  label_cs: string
  any: string[]
}
interface Check {
  id: string
  title: string
  title_cs: string
  reason_cs: string
  scope: 'text' | 'segment'
  /** Only checked when the check of this id found its clause (a release needs an escrow). */
  when_found?: string
  risk: Risk
  groups: Group[]
  law: string
  reason: string
}
interface Encumbrance {
  id: string
  title: string
  title_cs: string
  reason_cs: string
  risk: Risk
  present: string[]
  resolved: string[]
  law: string
  reason: string
}
/** A clause the contract must not hold: every group matches one sentence, none of `absent` does. */
interface ClauseRisk {
  id: string
  title: string
  title_cs: string
  reason_cs: string
  risk: Risk
  groups: Group[]
  absent: string[]
  law: string
  reason: string
}
/** The price paid in cash: a sentence naming cash and an amount above the cash-payment limit. */
interface CashRule {
  id: string
  title: string
  title_cs: string
  reason_cs: string
  risk: Risk
  any: string[]
  law: string
  reason: string
}
export interface FlatPurchaseRules {
  detect: string[]
  checks: Check[]
  absent: string[]
  encumbrances: Encumbrance[]
  clause_risks: ClauseRisk[]
  cash: CashRule
  unresolved: { cs: string; en: string }
}

/** Amounts in CZK a sentence names ("9 500 000 Kč", "9.500.000,- CZK", "270000 Kč"). */
const CZK_AMOUNT = /(\d{1,3}(?:[ \u00a0.]\d{3}){1,4}|\d{4,12})(?:,-{1,2}|,\d{2})?\s{0,3}(?:Kč|CZK)/giu
function czkAmounts(text: string): number[] {
  return [...text.matchAll(CZK_AMOUNT)].map((m) => Number(m[1]!.replace(/[ \u00a0.]/gu, '')))
}

export const FlatFindingSchema = Type.Object({
  check: Type.String({ description: 'the checklist item, e.g. escrow, deposit, lien' }),
  title: Type.String(),
  status: Type.Union([Type.Literal('missing'), Type.Literal('risk')], {
    description:
      'missing: the clause is not in the contract; risk: the contract names a risk it does not resolve',
  }),
  risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  reason: Type.String(),
  source: Type.String({ description: 'the law behind the check' }),
  lacking: Type.Array(Type.String(), { description: 'what the clause lacks, in words' }),
  excerpt: Type.Optional(Type.String({ description: 'the sentence that names the risk' })),
})
type FlatFinding = {
  check: string
  title: string
  status: 'missing' | 'risk'
  risk: Risk
  reason: string
  source: string
  lacking: string[]
  excerpt?: string
}

export const ChecklistSchema = Type.Array(
  Type.Object({
    check: Type.String(),
    title: Type.String(),
    status: Type.Union([
      Type.Literal('ok'),
      Type.Literal('missing'),
      Type.Literal('risk'),
      Type.Literal('not_applicable'),
    ]),
  }),
  { description: 'every item of the flat purchase checklist and how the contract fares' },
)
type ChecklistItem = { check: string; title: string; status: 'ok' | 'missing' | 'risk' | 'not_applicable' }

const compiled = new Map<string, RegExp>()
function re(pattern: string): RegExp {
  let r = compiled.get(pattern)
  if (!r) {
    r = new RegExp(pattern, 'iu')
    compiled.set(pattern, r)
  }
  return r
}
const anyOf = (patterns: string[], text: string) => patterns.some((p) => re(p).test(text))

/** True when the text is a purchase contract for a flat. */
export function isFlatPurchase(text: string, rules: FlatPurchaseRules): boolean {
  return rules.detect.every((p) => re(p).test(text))
}

/** The checklist of a flat purchase contract over its text and its sentences, its texts in `lang`. */
export function reviewFlatPurchase(
  text: string,
  segments: string[],
  rules: FlatPurchaseRules,
  excerpt: (s: string) => string,
  lang: 'cs' | 'en',
  cashLimitCzk: number,
): { findings: FlatFinding[]; checklist: ChecklistItem[] } {
  const cs = lang === 'cs'
  const titleOf = (x: { title: string; title_cs: string }) => (cs ? x.title_cs : x.title)
  const labelOf = (g: Group) => (cs ? g.label_cs : g.label)
  const findings: FlatFinding[] = []
  const checklist: ChecklistItem[] = []
  const found = new Set<string>()
  for (const check of rules.checks) {
    if (check.when_found && !found.has(check.when_found)) {
      checklist.push({ check: check.id, title: titleOf(check), status: 'not_applicable' })
      continue
    }
    let lacking: string[]
    if (check.scope === 'text') lacking = check.groups.filter((g) => !anyOf(g.any, text)).map(labelOf)
    else {
      // One sentence must hold every group; report what the best sentence lacks.
      lacking = check.groups.map(labelOf)
      for (const seg of segments) {
        const missingHere = check.groups.filter((g) => !anyOf(g.any, seg)).map(labelOf)
        if (missingHere.length < lacking.length) lacking = missingHere
        if (lacking.length === 0) break
      }
    }
    if (lacking.length === 0) {
      found.add(check.id)
      checklist.push({ check: check.id, title: titleOf(check), status: 'ok' })
      continue
    }
    checklist.push({ check: check.id, title: titleOf(check), status: 'missing' })
    findings.push({
      check: check.id,
      title: titleOf(check),
      status: 'missing',
      risk: check.risk,
      reason: cs ? check.reason_cs : check.reason,
      source: check.law,
      lacking,
    })
  }
  for (const e of rules.encumbrances) {
    const naming = segments.filter((s) => anyOf(e.present, s))
    // "Jednotka není zatížena zástavním právem" names the lien only to say there is none.
    const asserted = naming.filter((s) => !anyOf(rules.absent, s))
    if (asserted.length === 0) {
      checklist.push({ check: e.id, title: titleOf(e), status: naming.length ? 'ok' : 'not_applicable' })
      continue
    }
    if (naming.some((s) => anyOf(e.resolved, s))) {
      checklist.push({ check: e.id, title: titleOf(e), status: 'ok' })
      continue
    }
    checklist.push({ check: e.id, title: titleOf(e), status: 'risk' })
    findings.push({
      check: e.id,
      title: titleOf(e),
      status: 'risk',
      risk: e.risk,
      reason: cs ? e.reason_cs : e.reason,
      source: e.law,
      lacking: [rules.unresolved[lang]],
      excerpt: excerpt(asserted[0]!),
    })
  }
  for (const r of rules.clause_risks) {
    const hit = segments.find((s) => r.groups.every((g) => anyOf(g.any, s)) && !anyOf(r.absent, s))
    checklist.push({ check: r.id, title: titleOf(r), status: hit ? 'risk' : 'ok' })
    if (hit)
      findings.push({
        check: r.id,
        title: titleOf(r),
        status: 'risk',
        risk: r.risk,
        reason: cs ? r.reason_cs : r.reason,
        source: r.law,
        lacking: [],
        excerpt: excerpt(hit),
      })
  }
  const cash = rules.cash
  const paid = segments.find((s) => anyOf(cash.any, s) && czkAmounts(s).some((a) => a > cashLimitCzk))
  checklist.push({ check: cash.id, title: titleOf(cash), status: paid ? 'risk' : 'ok' })
  if (paid)
    findings.push({
      check: cash.id,
      title: titleOf(cash),
      status: 'risk',
      risk: cash.risk,
      reason: cs ? cash.reason_cs : cash.reason,
      source: cash.law,
      lacking: [],
      excerpt: excerpt(paid),
    })
  return { findings, checklist }
}
