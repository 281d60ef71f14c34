/**
 * GET and POST /api/estimate: one flat valued by the fitted model, with the comparables behind
 * it, a calibrated range and confidence, and — given a price — the verdict on it.
 */
import type { DatedValuation, Valuer } from '../../../../engines/realestate/valuation.ts'
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import { ERRORS } from '../../schemas.ts'
import type { Snapshot } from '../../state.ts'
import { type EstimateInput, type Located, locate, modelOf } from './model.ts'
import { EstimateBody, EstimateQuery, EstimateResponse } from './schemas.ts'
import { verdictOf } from './verdict.ts'

/** The response body of one valuation. */
function estimateData(deps: ValuationDeps, input: EstimateInput, where: Located, v: DatedValuation) {
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
    valuation_date: v.indexation.valuation_date,
    indexation: v.indexation,
    rules_applied: v.rules_applied,
  }
}

export interface ValuationDeps {
  /** The listings in memory and the gazetteer addresses are placed with. */
  snapshot: Snapshot
  /** The valuation model, or null (valuations then answer 503 saying why). */
  valuer: Valuer | null
}

export function registerValuation(app: App, deps: ValuationDeps): void {
  const handle = (input: EstimateInput & { valuation_date?: string | undefined }) => {
    const today = new Date().toISOString().slice(0, 10)
    const date = input.valuation_date ?? today
    if (date > today)
      throw errors.invalid(
        'valuation_date',
        'not in the future',
        `valuation_date ${date} is after today (${today})`,
      )
    const where = locate(deps, input)
    // The one valuation the agents give too (property_valuation): same engine, same indexing.
    const v = modelOf(deps).valueAt(
      { lat: where.latitude, lon: where.longitude, area: input.area_m2, disposition: input.disposition },
      date,
    )
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
