/**
 * Trimming a set of characters off the ends of a string, in linear time. The regular expression
 * that reads naturally (`/[\s,]+$/`) is quadratic in V8 on outside text: it is tried from every
 * position of a long run of those characters that does not reach the end.
 */

/** The whitespace `\s` matches, for building sets: trimEndOf(s, `${WHITESPACE},`). */
export const WHITESPACE =
  ' \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'

/** `s` without the characters of `set` at its end: trimEndOf('Praha 1, ', `${WHITESPACE},`) → 'Praha 1'. */
export function trimEndOf(s: string, set: string): string {
  let end = s.length
  while (end > 0 && set.includes(s[end - 1]!)) end--
  return end === s.length ? s : s.slice(0, end)
}

/** `s` without the characters of `set` at its start. */
export function trimStartOf(s: string, set: string): string {
  let start = 0
  while (start < s.length && set.includes(s[start]!)) start++
  return start === 0 ? s : s.slice(start)
}

/** `s` without the characters of `set` at either end. */
export function trimOf(s: string, set: string): string {
  return trimStartOf(trimEndOf(s, set), set)
}
