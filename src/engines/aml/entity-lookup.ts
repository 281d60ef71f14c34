/**
 * Entities by key: by list and list id, and by identifier (IČO, registration number), which
 * makes a match certain whatever the name.
 */
import { BUILD_SLICE } from './candidate-index.ts'
import type { ListEntity } from './types.ts'

/** An identifier a list gives an entity. */
interface IdentifierEntry {
  entityIndex: number
  type: string
  value: string
  country?: string
}

export interface EntityLookup {
  /** Position of the entity in the entity array, by list and list id. */
  byListId: Map<string, number>
  /** Identifiers by their digits (identifierKey). */
  byIdentifier: Map<string, IdentifierEntry[]>
}

/** Identifiers with fewer digits say too little to be certain. */
const MIN_IDENTIFIER_DIGITS = 5

export function listIdKey(list: string, listId: string): string {
  return `${list}\u0000${listId}`
}

/** Digits only, without a country prefix: "CZ05556121" → "05556121", "C 121509" → "121509". */
export function identifierKey(value: string): string {
  return value.replace(/[^0-9]/g, '')
}

export function* buildEntityLookup(entities: ListEntity[]): Generator<void, EntityLookup> {
  const byListId = new Map<string, number>()
  const byIdentifier = new Map<string, IdentifierEntry[]>()
  for (let e = 0; e < entities.length; e++) {
    if (e % (BUILD_SLICE * 20) === BUILD_SLICE * 20 - 1) yield
    const entity = entities[e]!
    byListId.set(listIdKey(entity.list, entity.listId), e)
    for (const ident of entity.identifiers) {
      const k = identifierKey(ident.value)
      if (k.length < MIN_IDENTIFIER_DIGITS) continue
      let arr = byIdentifier.get(k)
      if (!arr) {
        arr = []
        byIdentifier.set(k, arr)
      }
      arr.push({
        entityIndex: e,
        type: ident.type,
        value: ident.value,
        ...(ident.country ? { country: ident.country } : {}),
      })
    }
  }
  return { byListId, byIdentifier }
}
