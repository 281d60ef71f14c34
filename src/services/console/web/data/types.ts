/**
 * The shapes the pages read, from the generated types: a screening is the AML service's answer
 * (src/client/types/aml.ts) as the console relays it, with who screened. The module data the
 * API leaves open (a sanctions hit and its explanation) is described here by the fields read.
 */
import type { Paths as AmlPaths } from '../../../../client/types/aml.ts'
import type { Data } from './api.ts'

type AmlScreening =
  AmlPaths['/api/aml/screen/complete']['post']['responses'][200]['content']['application/json']

export type Screening = AmlScreening & { screened_by?: string }
export type Session = Data<'get', '/api/session'>
export type User = Session['user']

/** The stored record: its input, list versions and result (the record route passes them through). */
export interface StoredRecord {
  screening_id: string
  input?: Record<string, unknown>
  list_versions?: Record<string, unknown>[]
  result: Screening
}

/** One sanctions or PEP hit as the engine explains it (src/engines/aml/explanation.ts). */
export interface Hit {
  list: string
  list_id: string
  entity_type?: string
  matched_name: string
  score: number
  explanation: {
    entry: {
      list: string
      programmes: string[]
      birth_dates: string[]
      nationalities?: string[]
      list_date?: string
      type?: string
    }
    matched_name?: { name: string; kind: string }
    features: {
      tokens: { query: string; list: string; how: string }[]
      unmatched_query: string[]
      unmatched_list: string[]
      partial?: { omitted: string[]; confirmed_by_birth_date: boolean }
      generic_only?: boolean
      birth_date?: { query: string; list: string[]; result: string }
      country?: { query: string[]; list: string[]; result: string }
      identifier?: { type: string; value: string }
    }
  }
}

/** One listed entity a screening hit, with its listings on each list (src/engines/aml/entities.ts); its hits are the module's matches. */
export interface EntityHit {
  level: string
  score: number
  matched_name: string
  entity: {
    type: string
    names: string[]
    aliases: string[]
    birth_dates: string[]
    nationalities: string[]
    countries: string[]
    identifiers: string[]
    programmes: string[]
    addresses: string[]
    remarks: string[]
  }
  listings: {
    list: string
    list_id: string
    list_title: string
    matched_name: string
    score: number
    list_date: string
    source_url: string | null
  }[]
}
