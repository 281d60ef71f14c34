/**
 * How alike one query word and one list word are, and which feature says so: the same spelling,
 * an initial, the same phonetic key, the other gender's form, Jaro-Winkler, a Czech feminine
 * surname against its stem, one letter inserted, dropped or swapped, or Arabic-script consonants.
 */

import { PARTICLES } from './name-roles.ts'
import { consonantKey, masculineForms, type Token } from './normalize.ts'
import { jaroWinkler, jaroWinklerBound } from './similarity.ts'
import { MIN_GRADED_PAIR, WEIGHTS } from './weights.ts'

export type TokenFeature =
  | 'exact'
  | 'fuzzy'
  | 'phonetic'
  | 'initial'
  | 'feminine'
  | 'consonants'
  | 'gender'
  | 'edit'

/** A comparison of two words: the similarity (0..1) and the feature that produced it. */
export interface TokenComparison {
  readonly similarity: number
  readonly feature: TokenFeature
}

/** Whether a comparison makes the two words a pair: graded features need MIN_GRADED_PAIR, the others any score. */
function isPair(c: TokenComparison): boolean {
  const f = c.feature
  if (f === 'exact' || f === 'initial' || f === 'gender' || f === 'edit') return c.similarity >= 0
  return c.similarity >= MIN_GRADED_PAIR
}

/** Below this length ratio no fuzzy pair reaches the least score a pair needs (see tokenSimilarity). */
const FUZZY_MIN_RATIO = (MIN_GRADED_PAIR - 0.3) / 0.7

function lengthRatio(a: string, b: string): number {
  return a.length < b.length ? a.length / b.length : b.length / a.length
}

/** Whether `longer` is `shorter` with an a at the end ("jan", "jana"), without building strings. */
function plusA(shorter: string, longer: string): boolean {
  return longer.length === shorter.length + 1 && longer.endsWith('a') && longer.startsWith(shorter)
}

/** Stretches a Jaro-Winkler value onto the score scale and takes off the length difference. */
function fuzzy(jw: number, a: string, b: string): number {
  const ratio = Math.min(a.length, b.length) / Math.max(a.length, b.length)
  const len = ratio < 0.9 ? WEIGHTS.lengthPenalty * (1 - ratio) : 0
  const short = Math.min(a.length, b.length) <= 4 ? WEIGHTS.shortToken : 0
  return 1 - WEIGHTS.fuzzySlope * (1 - jw) - len - short
}

// The comparisons that need no computing, shared.
const EXACT: TokenComparison = { similarity: 1, feature: 'exact' }
const INITIAL: TokenComparison = { similarity: WEIGHTS.initial, feature: 'initial' }
const PHONETIC: TokenComparison = { similarity: WEIGHTS.phonetic, feature: 'phonetic' }
const GENDER: TokenComparison = { similarity: WEIGHTS.gender, feature: 'gender' }
const UNLIKE: TokenComparison = { similarity: 0, feature: 'fuzzy' }

/**
 * Margin under the least pair score within which the bounds below do not rule a pair out (they
 * are computed in other floating-point steps than the similarity they bound).
 */
const BOUND_MARGIN = 1e-9

/** Similarity of one query token and one list token, and which feature produced it. */
export function tokenSimilarity(query: Token, list: Token): TokenComparison {
  return compareTokens(query, list, false)!
}

/**
 * The comparison of two tokens when it makes them a pair (a word of the query aligned to a word
 * of the list name), undefined when not; the same as `tokenSimilarity` for pairs, cheaper for the
 * many comparisons that make none.
 */
export function tokenPair(query: Token, list: Token): TokenComparison | undefined {
  const comparison = compareTokens(query, list, true)
  return comparison !== undefined && isPair(comparison) ? comparison : undefined
}

/** The comparison; with `pairsOnly`, undefined as soon as bounds show the two make no pair. */
function compareTokens(query: Token, list: Token, pairsOnly: boolean): TokenComparison | undefined {
  const qf = query.folded
  const lf = list.folded
  const qp = query.phoneticKey
  const lp = list.phoneticKey
  if (qf === lf) return EXACT
  if (qf.length === 1 || lf.length === 1) return qf[0] === lf[0] ? INITIAL : UNLIKE
  if (qp === lp) return PHONETIC
  // The other gender's form has one letter more, a final a (spelt or as the key hears it):
  // "Jan"/"Jana", "Aleksandr"/"Alexandra"; "Vlasoav"/"Vlasova" is a swap, not a gender.
  if (
    qf.length >= 3 &&
    (plusA(qf, lf) ||
      plusA(lf, qf) ||
      (plusA(qp, lp) && lf.length > qf.length && lf.endsWith('a')) ||
      (plusA(lp, qp) && qf.length > lf.length && qf.endsWith('a')))
  )
    return GENDER
  // Words of too different lengths cannot reach a fuzzy match: Jaro-Winkler is at most
  // 0.8 + 0.2·r for a length ratio r, so the stretched score is at most 0.3 + 0.7·r, under
  // the 0.7 a pair needs when r < 4/7. Only the feminine and abjad features could still match.
  if (
    query.consonantSkeleton === undefined &&
    list.consonantSkeleton === undefined &&
    query.masculineKeys === undefined &&
    lengthRatio(qf, lf) < FUZZY_MIN_RATIO &&
    lengthRatio(qp, lp) < FUZZY_MIN_RATIO &&
    !(qf.length >= 6 && qf.endsWith('ova'))
  )
    return UNLIKE
  const abjad = query.consonantSkeleton !== undefined || list.consonantSkeleton !== undefined
  // Most compared words are unlike: when neither spelling nor key can reach a fuzzy pair by the
  // letters they share, and no feminine, one-edit or consonant feature could apply, the pair is
  // ruled out without Jaro-Winkler (three in four comparisons of a screening).
  if (
    pairsOnly &&
    !abjad &&
    query.masculineKeys === undefined &&
    !(qf.length >= 6 && qf.endsWith('ova')) &&
    fuzzy(jaroWinklerBound(qf, lf), qf, lf) < MIN_GRADED_PAIR - BOUND_MARGIN &&
    fuzzy(jaroWinklerBound(qp, lp), qp, lp) * WEIGHTS.phonetic < MIN_GRADED_PAIR - BOUND_MARGIN &&
    !oneEditApart(qf, lf)
  )
    return undefined
  let best = fuzzy(jaroWinkler(qf, lf), qf, lf)
  let feature: TokenFeature = 'fuzzy'
  const ph = fuzzy(jaroWinkler(qp, lp), qp, lp) * WEIGHTS.phonetic
  if (ph > best) {
    best = ph
    feature = 'phonetic'
  }
  if (best < WEIGHTS.feminine && query.masculineKeys?.includes(lp)) {
    best = WEIGHTS.feminine
    feature = 'feminine'
  }
  if (best < WEIGHTS.feminine) {
    for (const m of masculineForms(qf)) {
      const s = m === lf ? WEIGHTS.feminine : fuzzy(jaroWinkler(m, lf), m, lf) * WEIGHTS.feminine
      if (s > best) {
        best = s
        feature = 'feminine'
      }
    }
  }
  if (best < WEIGHTS.editLong && !abjad) {
    const shorter = Math.min(qf.length, lf.length)
    const worth =
      shorter >= 7
        ? WEIGHTS.editLong
        : shorter >= 5
          ? WEIGHTS.edit
          : shorter >= 3
            ? WEIGHTS.editShort
            : shorter === 2 && (PARTICLES.has(lf) || PARTICLES.has(qf))
              ? WEIGHTS.editParticle
              : 0
    if (worth > best && oneEditApart(qf, lf)) {
      best = worth
      feature = 'edit'
    }
  }
  if (abjad && best < WEIGHTS.consonants) {
    const qc = query.consonantSkeleton ?? consonantKey(qf)
    const lc = list.consonantSkeleton ?? consonantKey(lf)
    const s =
      qc.length < 2 || lc.length < 2
        ? 0
        : qc === lc
          ? WEIGHTS.consonants
          : fuzzy(jaroWinkler(qc, lc), qc, lc) * WEIGHTS.consonants
    if (s > best) {
      best = s
      feature = 'consonants'
    }
  }
  return { similarity: best, feature }
}

/**
 * Whether two words are one letter inserted, dropped, or two neighbours swapped apart (not a
 * letter replaced: Jaro-Winkler and the phonetic key judge those). Linear in the word length.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > 1) return false
  let i = 0
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (la === lb) {
    // Two neighbours swapped, the rest equal.
    return (
      i + 1 < la &&
      a.charCodeAt(i) === b.charCodeAt(i + 1) &&
      a.charCodeAt(i + 1) === b.charCodeAt(i) &&
      a.slice(i + 2) === b.slice(i + 2)
    )
  }
  // One letter more on the longer side at the first difference.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}
