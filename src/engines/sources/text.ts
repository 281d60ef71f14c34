/** The local lookups compare words only: lower case, no diacritics, single spaces. */
export { foldWords as fold } from '../czech/text.ts'
