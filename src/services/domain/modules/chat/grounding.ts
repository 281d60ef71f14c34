/**
 * The numbers of a chat answer checked against the tool results it cites (src/engines/czech/
 * grounding.ts): each result field's unit comes from its name, so a price must be quoted from a
 * price, a price per m² from a price per m², and a count or a coordinate only ever as a bare number.
 */
import {
  type Figure,
  type FigureUnit,
  figuresIn,
  labelsIn,
  unknownNumbers,
} from '../../../../engines/czech/grounding.ts'
import { DISPOSITIONS } from '../../../../engines/realestate/listings.ts'
import type { Citation } from './loop.ts'

/** Fields of the tool results that hold CZK. */
const CZK_FIELDS = new Set(['price', 'median_price', 'estimate', 'low', 'high'])

/** Fields of the tool results with no unit: counts and coordinates, quoted as bare numbers. */
export const PLAIN_FIELDS = new Set([
  'count',
  'total',
  'HIGH',
  'MEDIUM',
  'comparables_found',
  'latitude',
  'longitude',
])

/** The unit a tool result's field holds, by its name; null for the PLAIN_FIELDS and unknown ones. */
export function unitOfField(key: string): FigureUnit | null {
  if (key.endsWith('per_m2')) return 'czk_per_m2'
  if (key.endsWith('area_m2')) return 'm2'
  if (key.endsWith('_km')) return 'km'
  if (key === 'ratio' || key.endsWith('_below')) return 'ratio'
  if (CZK_FIELDS.has(key)) return 'czk'
  return null
}

/**
 * The numbers of `answer` that no cited result holds (as written): results of the calls that
 * succeeded, this turn's and those kept in the conversation. The question's own numbers ground
 * nothing, and neither do the calls' arguments (the model chose them).
 */
export function ungroundedNumbers(answer: string, citations: readonly Citation[]): string[] {
  const results = citations.filter((c) => c.ok).map((c) => c.result)
  const figures: Figure[] = figuresIn(results, unitOfField)
  return unknownNumbers(answer, figures, labelsIn(results, new Set(DISPOSITIONS)))
}
