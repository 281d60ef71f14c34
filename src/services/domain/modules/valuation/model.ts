/**
 * What every valuation starts from: the fitted model (or a 503 saying why there is none) and where
 * the flat is (the coordinates given, or the address placed through the gazetteer). The
 * valuation, market and chat modules all value flats this way.
 */
import type { Static } from 'typebox'
import { geocode } from '../../../../engines/realestate/geocode.ts'
import { inCzechia } from '../../../../engines/realestate/listings.ts'
import { MIN_SALES, type Valuer } from '../../../../engines/realestate/valuation.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { Snapshot } from '../../state.ts'
import type { EstimateFlat } from './schemas.ts'

/**
 * The valuation model, or a 503 that says why there is none and what to do: the table holds
 * fewer sales than a model needs (an empty table after LISTINGS_FILE=none, say).
 */
export function modelOf(deps: { valuer: Valuer | null; snapshot: Pick<Snapshot, 'sales'> }): Valuer {
  if (deps.valuer) return deps.valuer
  throw new AppError(
    'service_unavailable',
    `No valuation model: the listings table holds ${deps.snapshot.sales.length} usable sales and a model needs at least ${MIN_SALES}. Import listings (gatehouse realestate import FILE.csv) and restart the domain service.`,
  )
}

/** A flat to value, as the estimate routes take it (their schema, EstimateFields). */
export type EstimateInput = Static<typeof EstimateFlat>

export interface Located {
  latitude: number
  longitude: number
  source: 'coordinates' | 'gazetteer'
  matched?: string
  precision?: string
}

/** Where the flat is: the coordinates given (both, within Czechia), or the address placed. */
export function locate(deps: { snapshot: Snapshot }, input: EstimateInput, path = ''): Located {
  const f = (name: string) => `${path}${name}`
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    const missing = input.latitude === undefined ? 'latitude' : 'longitude'
    throw errors.invalid(f(missing), 'give both latitude and longitude')
  }
  if (input.latitude !== undefined) {
    if (!inCzechia(input.latitude, input.longitude!))
      throw errors.invalid(
        f('latitude'),
        'within Czechia (latitude 48.4–51.2, longitude 11.9–19.0)',
        `${f('latitude')}/${f('longitude')} ${input.latitude}, ${input.longitude} is outside Czechia, where the listings are`,
      )
    return { latitude: input.latitude, longitude: input.longitude!, source: 'coordinates' }
  }
  if (input.address === undefined)
    throw errors.invalid(
      f('latitude'),
      'required (or an address)',
      `give ${f('latitude')} and ${f('longitude')}, or ${f('address')}`,
    )
  const g = geocode(input.address, deps.snapshot.gazetteer, deps.snapshot.sales)
  if (!g)
    throw errors.invalid(
      f('address'),
      'names a Czech municipality with listings',
      `${f('address')} "${input.address}" names no municipality (or part) the listings cover; give latitude and longitude`,
    )
  return {
    latitude: g.lat,
    longitude: g.lon,
    source: 'gazetteer',
    matched: g.matched,
    precision: g.precision,
  }
}
