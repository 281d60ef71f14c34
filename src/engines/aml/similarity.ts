/**
 * Jaro-Winkler similarity (Winkler 1990), the token measure both Watchman and most name-matching
 * systems use: it forgives transpositions and rewards a shared prefix, which suits names (typos
 * and romanisation differences cluster after the first letters). Hand-written because it is the
 * innermost loop of scoring (millions of calls per second) and needs no allocation per call
 * beyond two reusable flag buffers.
 */

let flagsA = new Uint8Array(64)
let flagsB = new Uint8Array(64)

export function jaro(a: string, b: string): number {
  if (a === b) return 1
  const la = a.length
  const lb = b.length
  if (la === 0 || lb === 0) return 0
  if (flagsA.length < la) flagsA = new Uint8Array(la * 2)
  if (flagsB.length < lb) flagsB = new Uint8Array(lb * 2)
  flagsA.fill(0, 0, la)
  flagsB.fill(0, 0, lb)
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1)
  let matches = 0
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window)
    const hi = Math.min(lb - 1, i + window)
    const ca = a.charCodeAt(i)
    for (let j = lo; j <= hi; j++) {
      if (flagsB[j] === 0 && b.charCodeAt(j) === ca) {
        flagsA[i] = 1
        flagsB[j] = 1
        matches++
        break
      }
    }
  }
  if (matches === 0) return 0
  let transpositions = 0
  let k = 0
  for (let i = 0; i < la; i++) {
    if (flagsA[i] === 0) continue
    while (flagsB[k] === 0) k++
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++
    k++
  }
  const m = matches
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3
}

/** Jaro-Winkler with the standard prefix scale 0.1 over at most 4 characters. */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b)
  if (j === 0 || j === 1) return j
  let prefix = 0
  const max = Math.min(4, a.length, b.length)
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++
  return j + prefix * 0.1 * (1 - j)
}

const sharedCount = new Int32Array(128)

/**
 * An upper bound of `jaroWinkler(a, b)` in linear time, to rule pairs out before comparing them:
 * Jaro's matches are at most the letters the two words share (counted with repeats), and no
 * transposition is assumed; the common prefix is the real one. Letters are counted by their code
 * modulo 128: two letters counted as one only raise the bound.
 */
export function jaroWinklerBound(a: string, b: string): number {
  if (a === b) return 1
  const la = a.length
  const lb = b.length
  if (la === 0 || lb === 0) return 0
  for (let i = 0; i < la; i++) sharedCount[a.charCodeAt(i) & 127]!++
  let shared = 0
  for (let i = 0; i < lb; i++) {
    const c = b.charCodeAt(i) & 127
    if (sharedCount[c]! > 0) {
      sharedCount[c]!--
      shared++
    }
  }
  for (let i = 0; i < la; i++) sharedCount[a.charCodeAt(i) & 127] = 0
  if (shared === 0) return 0
  const j = (shared / la + shared / lb + 1) / 3
  let prefix = 0
  const max = Math.min(4, la, lb)
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++
  return j + prefix * 0.1 * (1 - j)
}

/** Character trigrams of a token, padded so that short tokens and word starts count. */
export function trigrams(token: string): string[] {
  const s = `^${token}$`
  if (s.length < 3) return [s]
  const out: string[] = []
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3))
  return out
}
