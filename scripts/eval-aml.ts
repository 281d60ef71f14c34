/**
 * Measures the sanctions matcher on the labelled cases in test/aml/cases.json: recall, precision
 * and the confusion per category at the default threshold, and a threshold sweep.
 *
 *   npm run eval:aml                    # lists from AML_LISTS_DIR or ../shared/data/sanctions
 *   npm run eval:aml -- --verbose       # every miss and false alarm with its best candidate
 *   npm run eval:aml -- --threshold 0.9 # another decision threshold
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
const casesFile = values.cases ?? resolve(root, 'test/aml/cases.json')
const threshold = values.threshold ? Number(values.threshold) : DEFAULT_THRESHOLD

const cases = (JSON.parse(readFileSync(casesFile, 'utf8')) as { cases: Case[] }).cases
let t = performance.now()
const { versions } = importPaths([listsDir])
const engine = createScreeningEngine({ entities: activeEntities(versions), threshold })
console.log(
  `lists: ${versions.length} files from ${listsDir}; ${engine.stats.entities} entities, ${engine.stats.names} names; ready in ${Math.round(performance.now() - t)} ms`,
)
console.log(
  `cases: ${cases.length} (${cases.filter((c) => c.expect.length > 0).length} positive, ${cases.filter((c) => c.expect.length === 0).length} negative) from ${casesFile}\n`,
)

// Every case is screened once at a low threshold; the decision at any threshold is read off that.
t = performance.now()
const runs = cases.map((c) => ({ c, hits: screenSubject(engine, c.subject, { threshold: 0.5, limit: 50 }) }))
const perCase = (performance.now() - t) / cases.length

interface Counts {
  tp: number
  fn: number
  fp: number
  tn: number
}

function decide(th: number) {
  const byCategory = new Map<string, Counts>()
  const total: Counts = { tp: 0, fn: 0, fp: 0, tn: 0 }
  const misses: { c: Case; best?: Hit }[] = []
  const alarms: { c: Case; hit: Hit }[] = []
  for (const { c, hits } of runs) {
    const above = hits.filter((h) => h.score >= th)
    const counts = byCategory.get(c.category) ?? { tp: 0, fn: 0, fp: 0, tn: 0 }
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
    } else if (above.length > 0) {
      counts.fp++
      alarms.push({ c, hit: above[0]! })
    } else counts.tn++
  }
  for (const k of byCategory.values()) {
    total.tp += k.tp
    total.fn += k.fn
    total.fp += k.fp
    total.tn += k.tn
  }
  return { byCategory, total, misses, alarms }
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b)
const f3 = (x: number) => x.toFixed(3)

const main = decide(threshold)
const recall = ratio(main.total.tp, main.total.tp + main.total.fn)
const precision = ratio(main.total.tp, main.total.tp + main.total.fp)
console.log(`threshold ${threshold}`)
console.log(
  `recall    ${f3(recall)}  (${main.total.tp}/${main.total.tp + main.total.fn} listed subjects found)`,
)
console.log(
  `precision ${f3(precision)}  (${main.total.fp} of ${main.total.fp + main.total.tn} clean subjects flagged)`,
)
console.log(`mean time per screening ${perCase.toFixed(2)} ms\n`)
console.log('category                    TP   FN   FP   TN  recall')
for (const [cat, k] of [...main.byCategory].sort()) {
  const r = k.tp + k.fn > 0 ? f3(ratio(k.tp, k.tp + k.fn)) : '  -  '
  console.log(
    `${cat.padEnd(26)} ${String(k.tp).padStart(3)}  ${String(k.fn).padStart(3)}  ${String(k.fp).padStart(3)}  ${String(k.tn).padStart(3)}  ${r}`,
  )
}

console.log('\nthreshold sweep:  threshold  recall  precision')
for (const th of [0.8, 0.82, 0.84, 0.86, 0.88, 0.9, 0.92, 0.95]) {
  const d = decide(th)
  console.log(
    `                  ${th.toFixed(2)}       ${f3(ratio(d.total.tp, d.total.tp + d.total.fn))}   ${f3(ratio(d.total.tp, d.total.tp + d.total.fp))}`,
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
  console.log('\nfalse alarms (clean subject flagged):')
  for (const { c, hit } of main.alarms) {
    console.log(
      `  ${c.id} ${c.category}: ${subjectLabel(c.subject)} → ${hit.list}:${hit.list_id} "${hit.matched_name}" ${hit.score}`,
    )
    if (values.verbose) console.log(`      ${JSON.stringify(hit.explanation.features)}`)
  }
}
