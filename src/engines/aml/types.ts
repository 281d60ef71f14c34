/**
 * The entity model every list importer produces and the matcher consumes. One shape for all lists
 * (OFAC, UN, EU, UK, CZ), close to what the lists themselves carry, so an explanation can always
 * point back to the list entry and the exact name that matched.
 */

export type EntityType = 'person' | 'company' | 'organization' | 'vessel' | 'aircraft' | 'unknown'

/**
 * - primary: the entry's main name;
 * - alias: a strong alias (a.k.a., f.k.a., n.k.a., "good quality"), matched like the primary;
 * - weak: a weak alias (OFAC "weak AKA", UN "low quality"): kept for the record, never matched,
 *   because lists publish them as too broad to identify anyone on their own;
 * - original_script: the name as written in its own script (Cyrillic, Arabic …), matched after
 *   transliteration.
 */
type NameKind = 'primary' | 'alias' | 'weak' | 'original_script'

export interface EntityName {
  full: string
  kind: NameKind
  /** Given name(s) when the list gives the parts (OFAC "LAST, First", UN FIRST_NAME, EU firstName). */
  first?: string
  /** Family name when the list gives it; family names weigh more in person matching. */
  last?: string
}

export interface EntityIdentifier {
  /** Normalised type: 'ico', 'registration', 'tax', 'vat', 'passport', 'national_id', 'imo', 'other'. */
  type: string
  /** As printed in the list. */
  value: string
  /** ISO 3166-1 alpha-2 when known. */
  country?: string
}

export interface ListEntity {
  /** List key, e.g. 'ofac_sdn', 'ofac_cons', 'un', 'eu_fsf', 'uk', 'cz_210_2008'. */
  list: string
  /** The list's own id (OFAC ent_num/uid, UN DATAID, EU logicalId as EU-<n>, …). */
  listId: string
  type: EntityType
  names: EntityName[]
  /** ISO dates (YYYY-MM-DD), partial dates (YYYY-MM, YYYY) or ranges as printed ("1960-1962"). */
  birthDates: string[]
  /** ISO 3166-1 alpha-2 codes (nationality or citizenship). */
  nationalities: string[]
  /** ISO alpha-2 codes of addresses, places of birth or registration. */
  countries: string[]
  identifiers: EntityIdentifier[]
  programmes: string[]
  /**
   * Addresses as listed, one line each (street, city, postal code, region, country as the list
   * writes them); absent when the source carries none, or the version was stored before they were kept.
   */
  addresses?: string[]
  /** Date of the list version the entity comes from (YYYY-MM-DD). */
  listDate: string
  remarks?: string
}

/** One imported file (or coherent file set) of one list. */
export interface ListVersion {
  list: string
  /** Human title of the list. */
  title: string
  /** Importer that read it, e.g. 'ofac-csv', 'ofac-xml', 'un-xml', 'eu-xml', 'eu-json', 'names-json'. */
  format: string
  /** File name(s) or URL it was read from. */
  source: string
  /** sha256 over the file bytes (over all files of a set, in name order). */
  sha256: string
  listDate: string
  /**
   * True when the file carries only names (a third-party re-serialisation): such a version is
   * enriched from older full versions of the same list by primary name (see merge.ts).
   */
  namesOnly: boolean
  entities: ListEntity[]
}

export type ListVersionInfo = Omit<ListVersion, 'entities'> & {
  /** Store id once imported. */
  id?: number
  entityCount: number
  nameCount: number
}

export function versionInfo(v: ListVersion, id?: number): ListVersionInfo {
  const { entities, ...rest } = v
  return {
    ...rest,
    ...(id !== undefined ? { id } : {}),
    entityCount: entities.length,
    nameCount: entities.reduce((n, e) => n + e.names.length, 0),
  }
}

export const LIST_TITLES: Record<string, string> = {
  ofac_sdn: 'US OFAC Specially Designated Nationals (SDN)',
  ofac_cons: 'US OFAC Consolidated (non-SDN) list',
  un: 'UN Security Council Consolidated List',
  eu_fsf: 'EU Consolidated Financial Sanctions (FSF)',
  uk: 'UK Sanctions List (FCDO)',
  cz_210_2008: 'CZ Government Regulation 210/2008 Coll. (national anti-terrorism list)',
  cz_national: 'CZ national sanctions list (Act 1/2023 Coll.)',
  pep: 'Politically exposed persons',
}
