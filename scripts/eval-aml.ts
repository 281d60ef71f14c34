/**
 * Measures the sanctions matcher on the labelled cases — test/aml/cases.json (written by hand),
 * test/aml/cases-generated.json (name shapes built from the lists by scripts/gen-aml-cases.ts)
 * and test/aml/cases-companies.json (company names and their generic words, by hand) — recall,
 * precision and the confusion per category at the default threshold, and a threshold sweep.
 *
 *   npm run eval:aml                    # lists from AML_LISTS_DIR or ../shared/data/sanctions
 *   npm run eval:aml -- --verbose       # every miss and false alarm with its best candidate
 *   npm run eval:aml -- --threshold 0.9 # another decision threshold
 *   npm run eval:aml -- --cases FILE    # only the cases in FILE
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  activeEntities,
  createScreeningEngine,
  DEFAULT_THRESHOLD,
  type Hit,
  importPaths,
  isReviewOnly,
} from '../src/engines/aml/index.ts'
import { type Subject, screenSubject, subjectLabel } from '../src/engines/aml/subject.ts'

interface Case {
  id: string
  category: string
  subject: Subject
  expect: [string, string][]
  note?: string
}

const { values } = parseArgs({
  options: {
    threshold: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    lists: { type: 'string' },
    cases: { type: 'string' },
  },
})

const root = resolve(import.meta.dirname, '..')
const listsDir = values.lists ?? process.env.AML_LISTS_DIR ?? resolve(root, '../shared/data/sanctions')
const casesFiles = values.cases
  ? [values.cases]
  : ['cases.json', 'cases-generated.json', 'cases-companies.json'].map((f) => resolve(root, 'test/aml', f))
const threshold = values.threshold ? Number(values.threshold) : DEFAULT_THRESHOLD

const cases = casesFiles.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as { cases: Case[] }).cases)
let t = performance.now()
const { versions } = importPaths([listsDir])
const engine = createScreeningEngine({ entities: activeEntities(versions), threshold })
console.log(
  `lists: ${versions.length} files from ${listsDir}; ${engine.stats.entities} entities, ${engine.stats.names} names; ready in ${Math.round(performance.now() - t)} ms`,
)
console.log(
  `cases: ${cases.length} (${cases.filter((c) => c.expect.length > 0).length} positive, ${cases.filter((c) => c.expect.length === 0).length} negative) from ${casesFiles.join(', ')}\n`,
)

// Every case is screened at the threshold (a birth date or country raises only a name at the
// threshold, so the decision needs the real one), and once at a low threshold for the sweep.
t = performance.now()
const runs = cases.map((c) => ({ c, hits: screenSubject(engine, c.subject, { threshold, limit: 50 }) }))
const perCase = (performance.now() - t) / cases.length
const lowRuns = cases.map((c) => ({
  c,
  hits: screenSubject(engine, c.subject, { threshold: 0.5, limit: 50 }),
}))

/**
 * A partial-name hit no birth date confirms, or a company name of generic words only equal to a
 * listed one: the screening flags it MEDIUM for review, not as a finding.
 */
const reviewOnly = (h: Hit) => isReviewOnly(h)

interface Counts {
  tp: number
  fn: number
  /** Clean subjects with a firm hit (HIGH or CRITICAL). */
  fp: number
  /** Clean subjects with partial-name hits only (MEDIUM, for review, with the reason). */
  rv: number
  tn: number
}

function decide(th: number, from = runs) {
  const byCategory = new Map<string, Counts>()
  const total: Counts = { tp: 0, fn: 0, fp: 0, rv: 0, tn: 0 }
  const misses: { c: Case; best?: Hit }[] = []
  const alarms: { c: Case; hit: Hit }[] = []
  for (const { c, hits } of from) {
    const above = hits.filter((h) => h.score >= th)
    const counts = byCategory.get(c.category) ?? { tp: 0, fn: 0, fp: 0, rv: 0, tn: 0 }
    byCategory.set(c.category, counts)
    if (c.expect.length > 0) {
      const found = above.some((h) => c.expect.some(([l, id]) => h.list === l && h.list_id === id))
      if (found) counts.tp++
      else {
        counts.fn++
        misses.push({
          c,
          best: hits.find((h) => c.expect.some(([l, id]) => h.list === l && h.list_id === id)) ?? hits[0],
        })
      }
    } else if (above.some((h) => !reviewOnly(h))) {
      counts.fp++
      alarms.push({ c, hit: above.find((h) => !reviewOnly(h))! })
    } else if (above.length > 0) {
      counts.rv++
      alarms.push({ c, hit: above[0]! })
    } else counts.tn++
  }
  for (const k of byCategory.values()) {
    total.tp += k.tp
    total.fn += k.fn
    total.fp += k.fp
    total.rv += k.rv
    total.tn += k.tn
  }
  return { byCategory, total, misses, alarms }
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b)
const f3 = (x: number) => x.toFixed(3)

const main = decide(threshold)
const recall = ratio(main.total.tp, main.total.tp + main.total.fn)
const precision = ratio(main.total.tp, main.total.tp + main.total.fp + main.total.rv)
const firmPrecision = ratio(main.total.tp, main.total.tp + main.total.fp)
const clean = main.total.fp + main.total.rv + main.total.tn
console.log(`threshold ${threshold}`)
console.log(
  `recall    ${f3(recall)}  (${main.total.tp}/${main.total.tp + main.total.fn} listed subjects found)`,
)
console.log(`precision ${f3(precision)}  (every hit on a clean subject counts as a false alarm)`)
console.log(
  `          ${f3(firmPrecision)}  (review-only hits — partial name, generic company words — flagged MEDIUM with the reason, not counted)`,
)
console.log(
  `clean subjects: ${main.total.fp} of ${clean} with a firm hit, ${main.total.rv} flagged MEDIUM for review (partial name or generic company words), ${main.total.tn} clear`,
)
console.log(`mean time per screening ${perCase.toFixed(2)} ms\n`)
console.log('category                             TP   FN   FP   RV   TN  recall   (RV: review only, MEDIUM)')
for (const [cat, k] of [...main.byCategory].sort()) {
  const r = k.tp + k.fn > 0 ? f3(ratio(k.tp, k.tp + k.fn)) : '  -  '
  const n = (x: number) => String(x).padStart(3)
  console.log(`${cat.padEnd(35)} ${n(k.tp)}  ${n(k.fn)}  ${n(k.fp)}  ${n(k.rv)}  ${n(k.tn)}  ${r}`)
}

console.log('\nthreshold sweep:  threshold  recall  precision')
for (const th of [0.8, 0.82, 0.84, 0.86, 0.88, 0.9, 0.92, 0.95]) {
  const d = decide(th, lowRuns)
  console.log(
    `                  ${th.toFixed(2)}       ${f3(ratio(d.total.tp, d.total.tp + d.total.fn))}   ${f3(ratio(d.total.tp, d.total.tp + d.total.fp + d.total.rv))}`,
  )
}

if (main.misses.length > 0) {
  console.log('\nmissed (listed subject not found):')
  for (const { c, best } of main.misses) {
    console.log(
      `  ${c.id} ${c.category}: ${subjectLabel(c.subject)}${best ? `  — best: ${best.list}:${best.list_id} "${best.matched_name}" ${best.score}` : '  — no candidate'}`,
    )
    if (values.verbose && best) console.log(`      ${JSON.stringify(best.explanation.features)}`)
  }
}
if (main.alarms.length > 0) {
  console.log('\nfalse alarms (clean subject flagged; [review]: a review-only hit, MEDIUM):')
  for (const { c, hit } of main.alarms) {
    console.log(
      `  ${c.id} ${c.category}: ${subjectLabel(c.subject)} → ${hit.list}:${hit.list_id} "${hit.matched_name}" ${hit.score}${reviewOnly(hit) ? ' [review]' : ''}`,
    )
    if (values.verbose) console.log(`      ${JSON.stringify(hit.explanation.features)}`)
  }
}
