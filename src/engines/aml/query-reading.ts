/**
 * The readings of a query: the words as sent, and the same words joined or cut where the lists
 * know the result ("Abd al-Malik" → "Abdulmalik", "Ramimakhlouf" → "rami makhlouf").
 */
import type { CandidateIndex, QueryToken } from './candidate-index.ts'
import { PARTICLES, Role } from './name-roles.ts'
import { consonantKey, isGenericWord, type NormalizedName, phoneticKey } from './normalize.ts'

/** The words of a reading, as the explanation shows them. */
export function readingText(query: QueryToken[]): string {
  return query.map((t) => t.folded).join(' ')
}

/**
 * The query's readings, the words as sent first. The last `familyCount` words are family names.
 * "Abd al-Malik" may be one list word ("Abdulmalik") or two ("Abdul Malik"): both joins are read.
 * A fused or wrongly cut word may be two list words: the query is also read cut.
 */
export function queryReadings(
  index: CandidateIndex,
  norm: NormalizedName,
  familyCount: number,
): QueryToken[][] {
  const query = norm.tokens.map((t, i) =>
    index.queryToken(
      t,
      PARTICLES.has(t.folded)
        ? Role.particle
        : i >= norm.tokens.length - familyCount
          ? Role.family
          : Role.other,
    ),
  )
  if (query.length === 0) return []
  const readings = [query]
  const splits = splitVariants(index, query)
  for (const v of [
    joinedVariant(index, query, [3, 2]),
    joinedVariant(index, query, [2]),
    ...splits,
    ...splits.map((s) => joinedVariant(index, s, [3, 2])),
  ]) {
    if (v && !readings.some((x) => readingText(x) === readingText(v))) readings.push(v)
  }
  return readings
}

/**
 * The query with neighbouring tokens joined where the joined word is a list word: Arabic
 * writes "Abd al-Malik", "Nasr Allah" apart where lists write "Abdul", "Nasrallah"; clients
 * write "Abdul Rahman" where a list has "Abdulrahman". Joins of the given spans (longest
 * first), every non-overlapping join applied.
 */
function joinedVariant(
  index: CandidateIndex,
  query: QueryToken[],
  spans: number[],
): QueryToken[] | undefined {
  const out: QueryToken[] = []
  let joined = false
  let i = 0
  while (i < query.length) {
    let taken = 0
    for (const span of spans) {
      if (i + span > query.length) continue
      const parts = query.slice(i, i + span)
      if (parts.some((t) => t.folded.length === 1)) continue
      // Generic words joined make no name: "Euro Group" is not EUROGROUP.
      if (parts.every((t) => isGenericWord(t.folded))) continue
      const folded = parts.map((t) => t.folded).join('')
      const abjad = parts.some((t) => t.consonantSkeleton !== undefined)
      const phonetic = phoneticKey(folded)
      const skeleton = consonantKey(folded)
      const known = index.vocabularyId(phonetic) !== undefined || (abjad && index.hasLatinSkeleton(skeleton))
      if (!known) continue
      const role = parts.some((t) => t.role === Role.family) ? Role.family : Role.other
      out.push(
        index.queryToken(
          { folded, phoneticKey: phonetic, ...(abjad ? { consonantSkeleton: skeleton } : {}) },
          role,
        ),
      )
      taken = span
      joined = true
      break
    }
    if (taken === 0) {
      out.push(query[i]!)
      taken = 1
    }
    i += taken
  }
  return joined ? out : undefined
}

/** A query token made of a folded word, with the rarity the lists give it. */
function wordToken(index: CandidateIndex, folded: string, role: number): QueryToken {
  return index.queryToken({ folded, phoneticKey: phoneticKey(folded) }, role)
}

/**
 * The query with words the lists do not know cut where both parts are list words: a fused
 * name ("Ramimakhlouf" → rami makhlouf) or a word boundary in the wrong place ("Arefullaha
 * Ref" → arefullah aref). Of several cuts, the one with the longer shorter part wins.
 */
function splitVariants(index: CandidateIndex, query: QueryToken[]): QueryToken[][] {
  // A lone fused word may cut in several places into list words ("Mingjinhao": mingjin hao,
  // ming jinhao): each of the three cuts with the longest shorter parts is read.
  if (query.length === 1) {
    const q = query[0]!
    if (q.vocabularyId >= 0 || q.consonantSkeleton !== undefined || q.folded.length < 6) return []
    return cuts(index, q.folded, -1)
      .slice(0, 3)
      .map(([a, b]) => [wordToken(index, a, q.role), wordToken(index, b, q.role)])
  }
  const v = splitVariant(index, query)
  return v ? [v] : []
}

function splitVariant(index: CandidateIndex, query: QueryToken[]): QueryToken[] | undefined {
  const out: QueryToken[] = []
  let changed = false
  const latin = (t: QueryToken) =>
    t.consonantSkeleton === undefined && t.folded.length > 1 && t.role !== Role.particle
  for (let i = 0; i < query.length; i++) {
    const q = query[i]!
    const next = query[i + 1]
    if (next && (q.vocabularyId < 0 || next.vocabularyId < 0) && latin(q) && latin(next)) {
      const cut = cuts(index, q.folded + next.folded, q.folded.length)[0]
      if (cut) {
        out.push(wordToken(index, cut[0], q.role), wordToken(index, cut[1], next.role))
        changed = true
        i++
        continue
      }
    }
    if (q.vocabularyId < 0 && latin(q) && q.folded.length >= 6) {
      const cut = cuts(index, q.folded, -1)[0]
      if (cut) {
        out.push(wordToken(index, cut[0], q.role), wordToken(index, cut[1], q.role))
        changed = true
        continue
      }
    }
    out.push(q)
  }
  return changed ? out : undefined
}

/** The cuts of a word into two list words of three letters or more (but not at `except`), longest shorter part first. */
function cuts(index: CandidateIndex, word: string, except: number): [string, string][] {
  const found: [string, string][] = []
  for (let k = 3; k <= word.length - 3; k++) {
    if (k === except) continue
    const a = word.slice(0, k)
    const b = word.slice(k)
    if (index.vocabularyId(phoneticKey(a)) !== undefined && index.vocabularyId(phoneticKey(b)) !== undefined)
      found.push([a, b])
  }
  const shorter = (c: [string, string]) => Math.min(c[0].length, c[1].length)
  return found.sort((x, y) => shorter(y) - shorter(x))
}
