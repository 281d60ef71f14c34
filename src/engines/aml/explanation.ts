/**
 * What a screening returns: hits, each with the explanation of its score (the entry, the name
 * that matched, every feature and what it moved, the threshold).
 */
import type { RoleName } from './name-roles.ts'
import type { TokenFeature } from './token-similarity.ts'
import type { EntityName, EntityType, ListEntity } from './types.ts'

interface TokenMatch {
  query: string
  list: string
  score: number
  how: TokenFeature
}

/** A list token the query did not match, its role in the list name and the share of its weight it cost. */
interface OmittedToken {
  token: string
  role: RoleName
  share: number
}

/** Every feature of a match and what it contributed. */
export interface MatchFeatures {
  name: number
  tokens: TokenMatch[]
  unmatched_query: string[]
  unmatched_list: string[]
  /** The list tokens the query left out: what each is and what it cost. */
  omitted: OmittedToken[]
  /**
   * Set when the query left out parts of the list name that people leave out in everyday use
   * (middle names, a second surname): a partial-name match, which a birth date that agrees
   * confirms. Unconfirmed, it is a reason to review, not a finding (see screening).
   */
  partial?: { omitted: string[]; confirmed_by_birth_date: boolean }
  /**
   * Set when a company name matched on generic words and legal forms alone, the same words on
   * both sides ("Invest Group a.s." and "LLC INVEST GROUP"): a possible match for review, which
   * an identifier or the country decides, never a finding (see screening).
   */
  generic_only?: boolean
  /** The query as read when it differs from what was sent: words split or joined ("rami makhlouf"). */
  reading?: string
  legal_form?: { query: string | null; list: string | null; adjustment: number }
  birth_date?: { query: string; list: string[]; result: string; adjustment: number }
  country?: { query: string[]; list: string[]; result: string; adjustment: number }
  identifier?: { type: string; value: string; country: string | null; score: number }
}

interface Explanation {
  entry: {
    list: string
    list_id: string
    type: EntityType
    list_date: string
    programmes: string[]
    birth_dates: string[]
    nationalities: string[]
  }
  matched_name: { name: string; kind: string }
  query: string
  features: MatchFeatures
  threshold: number
  score: number
}

export interface Hit {
  list: string
  list_id: string
  entity_type: EntityType
  matched_name: string
  score: number
  explanation: Explanation
}

/**
 * A hit that is a reason to review, not a finding: a partial name (the client left out a middle
 * name or a second surname) no birth date confirms, or a company name of generic words only
 * ("Invest Group") that equals a listed one.
 */
export function isReviewOnly(hit: Hit): boolean {
  const f = hit.explanation.features
  return (f.partial !== undefined && !f.partial.confirmed_by_birth_date) || f.generic_only === true
}

/** Features with nothing found yet. */
export function emptyFeatures(): MatchFeatures {
  return { name: 0, tokens: [], unmatched_query: [], unmatched_list: [], omitted: [] }
}

export function makeHit(
  entity: ListEntity,
  name: EntityName,
  query: string,
  features: MatchFeatures,
  score: number,
  threshold: number,
): Hit {
  const s = round(score)
  return {
    list: entity.list,
    list_id: entity.listId,
    entity_type: entity.type,
    matched_name: name.full,
    score: s,
    explanation: {
      entry: {
        list: entity.list,
        list_id: entity.listId,
        type: entity.type,
        list_date: entity.listDate,
        programmes: entity.programmes,
        birth_dates: entity.birthDates,
        nationalities: entity.nationalities,
      },
      matched_name: { name: name.full, kind: name.kind },
      query,
      features,
      threshold,
      score: s,
    },
  }
}

/** A score as reported: three decimals. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000
}
