/** Text helpers of the contact engines; folding is the platform's one (engines/czech/text.ts). */
import { fold } from '../czech/text.ts'

export { fold }

/** Only a–z and 0–9 of the folded value: "Anna-Marie" → "annamarie" (for e-mail local parts). */
export function slug(value: string): string {
  return fold(value).replace(/[^a-z0-9]/g, '')
}

/** Collapses runs of white space and trims. */
export function squish(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}
