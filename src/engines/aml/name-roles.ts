/**
 * What each word of a name is: a family name, a given name, a patronymic, a particle, or not known.
 * Roles decide what a word weighs when matched and what it costs when left out.
 */
import { normalizeName, type Token } from './normalize.ts'
import type { EntityName } from './types.ts'

/** Roles as small integers, so a name's roles fit a Uint8Array. */
export const Role = {
  other: 0,
  given: 1,
  family: 2,
  patronymic: 3,
  particle: 4,
} as const

export type RoleName = keyof typeof Role

/** The name of each role code, for explanations. */
export const ROLE_NAMES: RoleName[] = ['other', 'given', 'family', 'patronymic', 'particle']

/**
 * Name particles: articles and connectives that lists and clients write or leave out at will
 * ("Bashar al-Assad" / "ASSAD, Bashar", "Osama bin Laden", "van der Berg", "José de la Cruz").
 */
export const PARTICLES = new Set([
  'al',
  'el',
  'ul',
  'bin',
  'ibn',
  'bint',
  'binti',
  'de',
  'del',
  'della',
  'der',
  'den',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'van',
  'von',
  'ter',
  'y',
])

const PATRONYMIC = /(ovich|evich|ovitch|evitch|ovic|evic|ovych|evych|ovna|evna|ichna|ivna|ovics)$/

export function isPatronymic(folded: string): boolean {
  return folded.length > 6 && PATRONYMIC.test(folded)
}

/**
 * Roles of a list name's tokens: family and given names where the list gives the parts, or where
 * it writes the family name in capitals ("Oleg Vladimirovich DERIPASKA", the EU and UK habit);
 * patronymics by their endings.
 */
export function nameRoles(name: EntityName, tokens: Token[]): Uint8Array {
  const roles = new Uint8Array(tokens.length)
  const foldedWords = (text: string) => normalizeName(text, { company: false }).tokens.map((t) => t.folded)
  let family: Set<string> | undefined
  if (name.last) family = new Set(foldedWords(name.last))
  else {
    const words = name.full.split(/\s+/).filter((w) => /\p{L}/u.test(w))
    const upper = words.filter((w) => w.length > 1 && w === w.toUpperCase() && w !== w.toLowerCase())
    if (upper.length > 0 && upper.length < words.length) family = new Set(upper.flatMap(foldedWords))
  }
  const given = name.first ? new Set(foldedWords(name.first)) : undefined
  tokens.forEach((t, i) => {
    // A family name the list gives as such stays one even with a patronymic's ending: Serbian
    // and Croatian surnames end in -ević, -ović ("RADISAVLJEVIC").
    if (PARTICLES.has(t.folded)) roles[i] = Role.particle
    else if (family?.has(t.folded)) roles[i] = Role.family
    else if (isPatronymic(t.folded)) roles[i] = Role.patronymic
    else if (given?.has(t.folded)) roles[i] = Role.given
    else roles[i] = Role.other
  })
  return roles
}
