import { describe, expect, it } from 'vitest'
import { tokenize } from './normalize.ts'
import { oneEditApart, tokenPair, tokenSimilarity } from './token-similarity.ts'
import { MIN_GRADED_PAIR } from './weights.ts'

const GRADED = new Set(['fuzzy', 'phonetic', 'feminine', 'consonants'])

/** Name words and the ways clients misspell them: the comparisons a screening makes. */
const WORDS = [
  'Novák',
  'Nováková',
  'Novak',
  'Ivanov',
  'Ivanova',
  'Ivan',
  'Jan',
  'Jana',
  'Petr',
  'Piotr',
  'Pyotr',
  'Mohammed',
  'Muhammad',
  'Mohamed',
  'Ahmad',
  'Ahmed',
  'Abdul',
  'Abdulrahman',
  'Rahman',
  'al',
  'Deripaska',
  'Děripaska',
  'Oleg',
  'Vladimirovich',
  'Shoigu',
  'Šojgu',
  'Šojguová',
  'Kadyrov',
  'Ramzan',
  'Chodorkovskij',
  'Khodorkovsky',
  'Alexandr',
  'Aleksandr',
  'Alexandra',
  'Assad',
  'Bashar',
  'Maduro',
  'Moros',
  'Garcia',
  'Gonzalez',
  'Rotenberg',
  'Rosenberg',
  'Miller',
  'Milner',
  'Vlasova',
  'Vlasoav',
  'Veronika',
  'Arefullah',
  'Arefullaha',
  'Aref',
  'Haniyah',
  'Haniya',
  'Ismail',
  'Yevgeny',
  'Evgenij',
  'Jevgenij',
  'Timchenko',
  'Timčenková',
  'Svoboda',
  'Svobodová',
  'Dvořák',
  'Dvorak',
  'Černov',
  'Chernov',
  'Sergei',
  'Sergey',
  'Usmanov',
  'Osama',
  'Usamah',
  'محمد',
  'هنية',
  'Олег',
  'Дерипаска',
  'x',
  'M',
  'de',
  'van',
  'bin',
]

describe('token pairs', () => {
  const tokens = WORDS.flatMap((w) => tokenize(w, { joinLetters: false }))
  // Each word with one letter dropped, doubled or two neighbours swapped, as typed.
  const typos = tokens.flatMap((t) =>
    [1, 2, 3]
      .filter((i) => i < t.folded.length - 1)
      .flatMap((i) => [
        t.folded.slice(0, i) + t.folded.slice(i + 1),
        t.folded.slice(0, i) + t.folded[i] + t.folded.slice(i),
        t.folded.slice(0, i) + t.folded[i + 1] + t.folded[i] + t.folded.slice(i + 2),
      ])
      .flatMap((w) => tokenize(w, { joinLetters: false })),
  )
  const all = [...tokens, ...typos]

  it('finds the pairs the full comparison finds, with the same similarity and feature', () => {
    let pairs = 0
    for (const q of all)
      for (const l of tokens) {
        const full = tokenSimilarity(q, l)
        const pair = tokenPair(q, l)
        if (pair) {
          pairs++
          expect(pair).toEqual(full)
        } else {
          // No pair: a graded feature under the least pair score (exact, initial, gender and edit always pair).
          expect(
            GRADED.has(full.feature) && full.similarity < MIN_GRADED_PAIR,
            `${q.folded} / ${l.folded}`,
          ).toBe(true)
        }
      }
    expect(pairs).toBeGreaterThan(500)
  })

  it('pairs a word with its typo by the edit it names', () => {
    const [q] = tokenize('Vlasoav')
    const [l] = tokenize('Vlasova')
    expect(oneEditApart(q!.folded, l!.folded)).toBe(true)
    expect(tokenPair(q!, l!)).toBeDefined()
    expect(tokenPair(tokenize('Jan')[0]!, tokenize('Mohammed')[0]!)).toBeUndefined()
  })
})
