/**
 * Builds the generated part of the AML evaluation set (test/aml/cases-generated.json) from the
 * shared lists: for each name shape clients write — a second surname, a middle name or a
 * patronymic left out, particles dropped, words fused or cut in the wrong place, two letters
 * swapped, a stray letter, a whole name in one string in any order, a mononym — listed persons
 * written that way, and negatives a careful matcher must not flag (a listed surname with another
 * given name, a listed given name with a Czech surname, a partial name with a birth date that
 * rules the person out). Seeded: the same lists give the same cases.
 *
 *   node scripts/gen-aml-cases.ts            # lists from AML_LISTS_DIR or ../shared/data/sanctions
 *   node scripts/gen-aml-cases.ts --seed 7 --out /tmp/fresh.json   # a fresh set (a holdout check)
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { activeEntities, importPaths } from '../src/engines/aml/index.ts'
import { PARTICLES } from '../src/engines/aml/name-roles.ts'
import { fold, phoneticKey } from '../src/engines/aml/normalize.ts'
import type { EntityName, ListEntity } from '../src/engines/aml/types.ts'

const root = resolve(import.meta.dirname, '..')
const listsDir = process.env.AML_LISTS_DIR ?? resolve(root, '../shared/data/sanctions')
const { values } = parseArgs({ options: { seed: { type: 'string' }, out: { type: 'string' } } })
const SEED = values.seed ? Number(values.seed) : 20261124
const out = resolve(values.out ?? resolve(root, 'test/aml/cases-generated.json'))
const PER_CATEGORY = 40

/** mulberry32: a small seeded generator, so the set is the same on every run. */
function rng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = rng(SEED)
const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!
function shuffle<T>(xs: T[]): T[] {
  const a = [...xs]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

const { versions } = importPaths([listsDir])
const entities = activeEntities(versions)
// Full-version lists with name parts and birth dates; the names-only rows (uk, unjoined) are
// left out so each case names the entry it was built from by a stable list id.
const persons = shuffle(
  entities.filter((e) => e.type === 'person' && !e.listId.includes('#') && e.list !== 'uk'),
)

const words = (s: string) => s.split(/[\s,]+/).filter(Boolean)
const latin = (s: string) => /^[A-Za-z][A-Za-z' .-]*$/.test(s)
const plain = (w: string) => /^[A-Za-z]{3,}$/.test(w) && !PARTICLES.has(w.toLowerCase())
const PATRONYMIC = /(ovich|evich|ovna|evna)$/i

interface Case {
  id: string
  category: string
  subject: Record<string, string>
  expect: [string, string][]
  note?: string
}
const cases: Case[] = []
const used = new Set<string>()

function primary(e: ListEntity): EntityName | undefined {
  return e.names.find((n) => n.kind === 'primary' && n.first && n.last && latin(n.full))
}

function collect(
  category: string,
  make: (e: ListEntity, n: EntityName) => Omit<Case, 'id' | 'category' | 'expect'> | undefined,
  expectHit = true,
) {
  let count = 0
  for (const e of persons) {
    if (count >= PER_CATEGORY) break
    const key = `${category}:${e.list}:${e.listId}`
    if (used.has(key)) continue
    const n = primary(e)
    if (!n) continue
    const made = make(e, n)
    if (!made) continue
    used.add(key)
    count++
    cases.push({
      id: `gen-${category}-${String(count).padStart(3, '0')}`,
      category,
      ...made,
      expect: expectHit ? [[e.list, e.listId]] : [],
      note: `${expectHit ? 'from' : 'near'} ${e.list} ${e.listId} "${n.full}"`,
    })
  }
  if (count < PER_CATEGORY) console.warn(`${category}: only ${count} cases`)
}

const given = (n: EntityName) => words(n.first!).filter((w) => !PATRONYMIC.test(w))

// A second surname left out: "Nicolas MADURO MOROS" → Nicolas Maduro.
collect('partial_second_surname', (_e, n) => {
  const last = words(n.last!)
  const first = given(n)
  if (last.length !== 2 || !last.every(plain) || first.length === 0 || !plain(first[0]!)) return
  return { subject: { first_name: first[0]!, last_name: last[0]! } }
})
// A middle name left out: "Jose Alejandro GIL GARCIA" keeps its family name, loses Alejandro.
collect('partial_middle_name', (_e, n) => {
  const first = words(n.first!)
  if (first.length < 2 || first.some((w) => PATRONYMIC.test(w)) || !first.every(plain)) return
  if (!words(n.last!).every(plain)) return
  return { subject: { first_name: first[0]!, last_name: n.last! } }
})
// A patronymic left out: "Oleg Vladimirovich DERIPASKA" → Oleg Deripaska.
collect('partial_patronymic', (_e, n) => {
  const first = words(n.first!)
  if (first.length !== 2 || !PATRONYMIC.test(first[1]!) || !plain(first[0]!)) return
  if (!words(n.last!).every(plain)) return
  return { subject: { first_name: first[0]!, last_name: n.last! } }
})
// A particle left out: "Bashar AL-ASSAD" → Bashar Assad.
collect('particle_dropped', (_e, n) => {
  const parts = words(n.full.replace(/-/g, ' '))
  const kept = parts.filter((w) => !PARTICLES.has(w.toLowerCase()))
  if (kept.length === parts.length || kept.length < 2 || !kept.every(plain)) return
  return { subject: { name: kept.join(' ') } }
})
// Given and family name fused into one word, sent as a mononym: "Ramimakhlouf".
collect('fused_words', (_e, n) => {
  const first = words(n.first!)
  const last = words(n.last!)
  if (first.length !== 1 || last.length !== 1 || !plain(first[0]!) || !plain(last[0]!)) return
  return { subject: { last_name: `${first[0]}${last[0]!.toLowerCase()}` } }
})
// The boundary between two words one letter off: "Arefullah Aref" → Arefullaha Ref.
collect('word_boundary', (_e, n) => {
  const first = words(n.first!)
  const last = words(n.last!)
  if (first.length !== 1 || last.length !== 1 || !plain(first[0]!) || last[0]!.length < 5) return
  if (!plain(last[0]!)) return
  const l = last[0]!
  return { subject: { name: `${first[0]}${l[0]!.toLowerCase()} ${l.slice(1)}` } }
})
// Two neighbouring letters of the family name swapped: "Abd" → Adb.
collect('transposed_letters', (_e, n) => {
  const first = given(n)
  const last = n.last!
  if (first.length === 0 || !plain(first[0]!) || !/^[A-Za-z]{5,}$/.test(last)) return
  for (let tries = 0; tries < 5; tries++) {
    const i = 1 + Math.floor(random() * (last.length - 2))
    if (last[i] === last[i + 1]) continue
    const swapped = last.slice(0, i) + last[i + 1] + last[i] + last.slice(i + 2)
    return { subject: { first_name: first[0]!, last_name: swapped } }
  }
  return undefined
})
// A stray letter in front of or inside the family name: "al-Assad" → xal-Assad.
collect('stray_letter', (_e, n) => {
  const first = given(n)
  const last = n.last!
  if (first.length === 0 || !plain(first[0]!) || !/^[A-Za-z]{5,}$/.test(last)) return
  const i = Math.floor(random() * last.length)
  const letter = pick([...'xqzkvw'])
  return { subject: { first_name: first[0]!, last_name: last.slice(0, i) + letter + last.slice(i) } }
})
// The whole name in one string, family name first: "MADURO MOROS Nicolas".
collect('name_any_order', (_e, n) => {
  if (!words(n.full).every((w) => /^[A-Za-z'.-]+$/.test(w))) return
  return { subject: { name: `${n.last!.toUpperCase()} ${n.first!}` } }
})
// A partial name confirmed by the listed birth date.
collect('partial_with_birth_date', (e, n) => {
  const last = words(n.last!)
  const first = given(n)
  const dob = e.birthDates.find((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
  if (!dob || last.length !== 2 || !last.every(plain) || first.length === 0 || !plain(first[0]!)) return
  return { subject: { first_name: first[0]!, last_name: last[0]!, birth_date: dob } }
})

// Negatives.
const CZECH_GIVEN = [
  'Jan',
  'Petr',
  'Pavel',
  'Tomáš',
  'Jiří',
  'Martin',
  'Lukáš',
  'Jakub',
  'Josef',
  'Karel',
  'Ondřej',
  'Michal',
]
const CZECH_FAMILY = [
  'Novák',
  'Svoboda',
  'Novotný',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Marek',
  'Pokorný',
]
const listedGiven = new Set(
  entities.flatMap((e) => e.names.flatMap((n) => (n.first ? words(n.first).map((w) => fold(w)) : []))),
)
// A listed family name with a Czech given name no listed holder of it has.
collect(
  'negative_shared_surname',
  (e, n) => {
    const last = words(n.last!)
    if (!last.every(plain) || last.join('').length < 5) return
    // No listed name may carry both words: "Jan Ahmad" is a fair match of "Haji Ahmad Jan".
    // Names compare by phonetic key: Jan is Juan is Ivan's John, a fair match.
    const surname = fold(last[0]!)
    const holders = new Set(
      entities.flatMap((x) =>
        x.names
          .map((m) => words(fold(m.full).replace(/[^a-z ]/g, ' ')))
          .filter((ws) => ws.includes(surname))
          .flat()
          .map(phoneticKey),
      ),
    )
    const g = CZECH_GIVEN.find((c) => !holders.has(phoneticKey(fold(c))))
    if (!g) return
    void e
    return { subject: { first_name: g, last_name: last[0]! } }
  },
  false,
)
// A listed given name with a common Czech family name.
collect(
  'negative_shared_given_name',
  (_e, n) => {
    const first = given(n)
    if (first.length === 0 || !plain(first[0]!)) return
    return { subject: { first_name: first[0]!, last_name: pick(CZECH_FAMILY) } }
  },
  false,
)
// A partial name whose birth date is years away from every listed one.
collect(
  'negative_partial_wrong_birth_date',
  (e, n) => {
    const last = words(n.last!)
    const first = given(n)
    const years = e.birthDates.map((d) => Number(d.slice(0, 4))).filter((y) => y > 1900)
    if (years.length === 0 || years.length !== e.birthDates.length) return
    if (last.length !== 2 || !last.every(plain) || first.length === 0 || !plain(first[0]!)) return
    // Every namesake must list a birth date, or no birth date can rule the name out.
    const a = fold(first[0]!)
    const b = fold(last[0]!)
    const undated = entities.some(
      (x) =>
        x.birthDates.length === 0 &&
        x.names.some((m) => {
          const ws = words(fold(m.full).replace(/[^a-z ]/g, ' '))
          return ws.includes(a) && ws.includes(b)
        }),
    )
    if (undated) return
    const year = Math.max(...years) + 15
    return { subject: { first_name: first[0]!, last_name: last[0]!, birth_date: `${year}-06-15` } }
  },
  false,
)
void listedGiven

writeFileSync(
  out,
  `${JSON.stringify({ generated_by: 'scripts/gen-aml-cases.ts', seed: SEED, cases }, null, 1)}\n`,
)
// In the repository's own JSON style, so the file passes `npm run lint` as written.
if (out.startsWith(`${root}/`)) execFileSync('npx', ['biome', 'format', '--write', out], { stdio: 'ignore' })
const byCategory = new Map<string, number>()
for (const c of cases) byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + 1)
console.log(`${cases.length} cases → ${out}`)
for (const [k, v] of byCategory) console.log(`  ${k.padEnd(36)} ${v}`)
