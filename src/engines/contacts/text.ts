/** Text folding shared by the contact engines: Czech diacritics removed, case folded. */

/** "Příliš Žluťoučký" → "prilis zlutoucky" (NFD, combining marks dropped, lower case). */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Only a–z and 0–9 of the folded value: "Anna-Marie" → "annamarie" (for e-mail local parts). */
export function slug(value: string): string {
  return fold(value).replace(/[^a-z0-9]/g, '')
}

/** Collapses runs of white space and trims. */
export function squish(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}
