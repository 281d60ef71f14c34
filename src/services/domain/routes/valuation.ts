/**
 * GET and POST /api/estimate: one flat valued by the fitted model, with the comparables behind
 * it, a calibrated range and confidence, and — given a price — the verdict on it.
 */
import { geocode } from '../../../engines/realestate/geocode.ts'
import { inCzechia } from '../../../engines/realestate/listings.ts'
import type { Valuation } from '../../../engines/realestate/valuation.ts'
import { ok } from '../../../kit/envelope.ts'
import { errors } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import { type DomainDeps, modelOf } from '../app.ts'
import { ERRORS, EstimateBody, EstimateQuery, EstimateResponse } from '../schemas.ts'
import { verdictOf } from '../verdict.ts'

export interface EstimateInput {
  latitude?: number | undefined
  longitude?: number | undefined
  address?: string | undefined
  area_m2: number
  disposition: string
  property_value?: number | undefined
}

export interface Located {
  latitude: number
  longitude: number
  source: 'coordinates' | 'gazetteer'
  matched?: string
  precision?: string
}

/** Where the flat is: the coordinates given (both, within Czechia), or the address placed. */
export function locate(deps: Pick<DomainDeps, 'snapshot'>, input: EstimateInput, path = ''): Located {
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

/** The response body of one valuation. */
function estimateData(deps: DomainDeps, input: EstimateInput, where: Located, v: Valuation) {
  return {
    estimate: v.estimate,
    range: v.range,
    price_per_m2: v.price_per_m2,
    currency: 'CZK' as const,
    method: v.method,
    confidence: v.confidence,
    comparables: v.comparables.slice(0, 10).map((c) => ({
      code: c.code,
      distance_km: Math.round(c.distanceKm * 100) / 100,
      disposition: c.disposition,
      area_m2: c.area,
      price: c.price,
      price_per_m2: Math.round(c.ppm2),
      locality: c.locality,
    })),
    comparables_found: v.comparables.length,
    comparables_median_price_per_m2: v.comparables_stats ? Math.round(v.comparables_stats.median) : null,
    radius_km: v.radius_km,
    location: where,
    ...(input.property_value !== undefined
      ? { property_value: verdictOf(input.property_value, input.area_m2, v) }
      : {}),
    data_as_of: deps.snapshot.asOf,
    rules_applied: v.rules_applied,
  }
}

export function registerValuationRoutes(app: App, deps: DomainDeps): void {
  const handle = (input: EstimateInput) => {
    const where = locate(deps, input)
    const v = modelOf(deps).estimate({
      lat: where.latitude,
      lon: where.longitude,
      area: input.area_m2,
      disposition: input.disposition,
    })
    return estimateData(deps, input, where, v)
  }
  const summary = 'Value a flat: fitted model, comparables, calibrated range and confidence'
  app.get(
    '/api/estimate',
    {
      schema: {
        summary,
        tags: ['valuation'],
        querystring: EstimateQuery,
        response: { 200: EstimateResponse, ...ERRORS },
      },
    },
    async (request, reply) => ok(reply, handle(request.query)),
  )
  app.post(
    '/api/estimate',
    {
      schema: {
        summary,
        tags: ['valuation'],
        body: EstimateBody,
        response: { 200: EstimateResponse, ...ERRORS },
      },
    },
    async (request, reply) => ok(reply, handle(request.body)),
  )
}
