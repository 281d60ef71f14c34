/**
 * Where a caller means, as the modules read it: a locality as the slug prefix listings are stored
 * under, a kraj by its everyday name, and a box. Each gives a 400 naming the field when it cannot.
 */
import { matchRegion } from '../../engines/realestate/market.ts'
import { slugify } from '../../engines/realestate/regions.ts'
import { errors } from '../../kit/errors.ts'
import type { Snapshot } from './state.ts'

/** The caller's locality as the slug prefix listings are stored under ("Praha 5" → "praha-5"). */
export function localitySlug(text: string): string {
  const slug = slugify(text)
  if (slug.length < 2) throw errors.invalid('locality', 'at least 2 letters or digits')
  return slug
}

/** The stored kraj a caller's name means, or a 400 listing the known ones. */
export function region(deps: { snapshot: Pick<Snapshot, 'regions'> }, name: string): string {
  const match = matchRegion(name, deps.snapshot.regions)
  if (!match)
    throw errors.invalid(
      'region',
      'unknown kraj',
      `region "${name}" is not a kraj with listings; one of: ${deps.snapshot.regions.join(', ')}`,
    )
  return match
}

/** "minLon,minLat,maxLon,maxLat" → numbers, each in range and min below max, or a 400 naming bbox. */
export function parseBbox(text: string): [number, number, number, number] {
  const [minLon, minLat, maxLon, maxLat] = text.split(',').map(Number) as [number, number, number, number]
  if (
    ![minLon, maxLon].every((x) => x >= -180 && x <= 180) ||
    ![minLat, maxLat].every((y) => y >= -90 && y <= 90)
  )
    throw errors.invalid('bbox', 'longitudes within −180..180 and latitudes within −90..90')
  if (minLon >= maxLon || minLat >= maxLat)
    throw errors.invalid(
      'bbox',
      'minLon < maxLon and minLat < maxLat',
      'bbox must be minLon,minLat,maxLon,maxLat with each min below its max',
    )
  return [minLon, minLat, maxLon, maxLat]
}
