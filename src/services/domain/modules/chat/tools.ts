/**
 * The tools POST /api/chat offers the language model: each answers from the service's own data
 * through the engine functions and the store query the routes use — price statistics (as
 * /api/reality/stats and /api/analyze), listings (as /api/reality/ads), opportunities (as
 * /api/reality/opportunities) and a valuation (as /api/estimate). A tool's arguments come from the
 * model, so each is checked here; a bad one gives the model `{error}` to correct, never a 500.
 */
import { type Area, inArea, localityPrefix, resolveArea } from '../../../../engines/realestate/areas.ts'
import type { Sale } from '../../../../engines/realestate/comparables.ts'
import { DISPOSITIONS } from '../../../../engines/realestate/listings.ts'
import { groupBy, groupStats, matchRegion } from '../../../../engines/realestate/market.ts'
import { opportunitiesOf, opportunityThresholds } from '../../../../engines/realestate/opportunities.ts'
import type { Valuer } from '../../../../engines/realestate/valuation.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import type { LlmTool } from '../../../../kit/tool-loop.ts'
import { localitySlug } from '../../places.ts'
import type { Snapshot } from '../../state.ts'
import { ADS_SORTS, type AdsSort, type ListingStore } from '../reality/store.ts'
import { locate } from '../valuation/model.ts'
import { verdictOf } from '../valuation/verdict.ts'

export interface ChatToolDeps {
  snapshot: Snapshot
  store: Pick<ListingStore, 'ads'>
  /** The fitted valuation model; null where none is loaded (valuations and opportunities say so). */
  valuer: Valuer | null
  now: () => Date
}

/** Most rows a listing tool returns: enough to quote, small enough to keep the model's input short. */
const MAX_TOOL_ROWS = 10

const NO_MODEL = {
  available: false,
  error: 'no valuation model is loaded in this service, so estimates and opportunities cannot be given',
}

const regionArg = {
  type: 'string',
  maxLength: 60,
  description: 'kraj, e.g. "Jihomoravský", "Moravskoslezský", "Praha"',
}
const areaArg = {
  type: 'string',
  maxLength: 100,
  description:
    'municipality, city district or part, e.g. "Brno-střed", "Praha 5 - Smíchov", "Ostrava", "Ostrava-Poruba"',
}
const dispositionArg = { type: 'string', enum: DISPOSITIONS, description: 'room layout, e.g. "2+kk"' }
const limitArg = { type: 'integer', minimum: 1, maximum: MAX_TOOL_ROWS, description: 'rows, default 5' }

export function dataTools(deps: ChatToolDeps): LlmTool[] {
  const { snapshot } = deps
  const region = (args: Record<string, unknown>) => {
    const name = text(args, 'region', 60)
    if (name === undefined) return undefined
    const match = matchRegion(name, snapshot.regions)
    if (!match)
      throw errors.invalid(
        'region',
        'a kraj with listings',
        `region "${name}" is not a kraj with listings; one of: ${snapshot.regions.join(', ')}`,
      )
    return match
  }
  const area = (args: Record<string, unknown>, field = 'area'): Area | undefined => {
    const name = text(args, field, 100)
    if (name === undefined) return undefined
    const found = resolveArea(name, snapshot.gazetteer, snapshot.sales)
    if (!found)
      throw errors.invalid(
        field,
        'a place with listings',
        `"${name}" names no municipality, city district or part with listings`,
      )
    return found
  }
  const filtered = (args: Record<string, unknown>) => {
    const kraj = region(args)
    const where = area(args)
    const disposition = choice(args, 'disposition', DISPOSITIONS)
    const sales = snapshot.sales.filter(
      (s: Sale) =>
        (kraj === undefined || s.region === kraj) &&
        (where === undefined || inArea(s, where)) &&
        (disposition === undefined || s.disposition === disposition),
    )
    return { kraj, where, disposition, sales }
  }

  return [
    {
      name: 'listing_price_stats',
      description:
        'Asking prices of the flats for sale held by the service: count, median and quartiles of CZK per m², median price (CZK) and median floor area (m²), for a kraj, a place and/or a disposition; without a disposition also the count and median CZK/m² per disposition.',
      parameters: {
        type: 'object',
        properties: { region: regionArg, area: areaArg, disposition: dispositionArg },
        additionalProperties: false,
      },
      async run(args) {
        const { kraj, where, disposition, sales } = filtered(args)
        return {
          as_of: snapshot.asOf,
          region: kraj ?? null,
          area: where?.label ?? null,
          disposition: disposition ?? null,
          stats: groupStats(sales),
          ...(disposition === undefined
            ? {
                by_disposition: [...groupBy(sales, (s) => s.disposition).entries()].map(([d, list]) => ({
                  disposition: d,
                  count: list.length,
                  median_price_per_m2: groupStats(list)!.median_price_per_m2,
                })),
              }
            : {}),
        }
      },
    },
    {
      name: 'search_listings',
      description: `Flats for sale held by the service matching filters, sorted (default: cheapest CZK/m² first), at most ${MAX_TOOL_ROWS}, with the total that match.`,
      parameters: {
        type: 'object',
        properties: {
          region: regionArg,
          locality: { ...areaArg, description: 'municipality or its part, e.g. "Praha Smíchov", "Brno"' },
          disposition: dispositionArg,
          price_min: { type: 'number', minimum: 0, description: 'CZK' },
          price_max: { type: 'number', minimum: 0, description: 'CZK' },
          area_min: { type: 'number', minimum: 0, description: 'm²' },
          area_max: { type: 'number', minimum: 0, description: 'm²' },
          sort: { type: 'string', enum: ADS_SORTS, description: 'a leading "-" sorts descending' },
          limit: limitArg,
        },
        additionalProperties: false,
      },
      async run(args) {
        const kraj = region(args)
        const disposition = choice(args, 'disposition', DISPOSITIONS)
        const locality = localityOf(args)
        const { total, items } = await deps.store.ads({
          region: kraj,
          locality,
          dispositions: disposition === undefined ? undefined : [disposition],
          priceMin: number(args, 'price_min', 0, 1e10),
          priceMax: number(args, 'price_max', 0, 1e10),
          areaMin: number(args, 'area_min', 0, 1000),
          areaMax: number(args, 'area_max', 0, 1000),
          sort: (choice(args, 'sort', ADS_SORTS) ?? 'price_per_m2') as AdsSort,
          limit: integer(args, 'limit', 1, MAX_TOOL_ROWS) ?? 5,
          offset: 0,
        })
        return {
          as_of: snapshot.asOf,
          total,
          items: items.map((r) => ({
            code: r.code,
            title: r.title,
            disposition: r.disposition,
            area_m2: r.area_m2,
            price: r.price_czk,
            price_per_m2: r.price_per_m2 === null ? null : Math.round(r.price_per_m2),
            locality: r.locality,
            municipality: r.municipality,
            region: r.region,
          })),
        }
      },
    },
    {
      name: 'opportunities',
      description: `Listings asking well under their own estimate by the valuation model (HIGH and MEDIUM levels), for a level, kraj and/or place: how many, and the first ${MAX_TOOL_ROWS} at most, cheapest against their estimate first.`,
      parameters: {
        type: 'object',
        properties: {
          level: { type: 'string', enum: ['HIGH', 'MEDIUM'] },
          region: regionArg,
          area: areaArg,
          limit: limitArg,
        },
        additionalProperties: false,
      },
      async run(args) {
        const level = choice(args, 'level', ['HIGH', 'MEDIUM'] as const)
        const kraj = region(args)
        const where = area(args)
        const limit = integer(args, 'limit', 1, MAX_TOOL_ROWS) ?? 5
        if (!deps.valuer) return NO_MODEL
        const t = opportunityThresholds(deps.now().toISOString().slice(0, 10))
        const inPlace = opportunitiesOf(deps.valuer, t).filter(
          (o) =>
            (kraj === undefined || o.sale.region === kraj) && (where === undefined || inArea(o.sale, where)),
        )
        const list = inPlace.filter((o) => level === undefined || o.level === level)
        return {
          as_of: snapshot.asOf,
          thresholds: { high_below: t.high_below, medium_below: t.medium_below },
          region: kraj ?? null,
          area: where?.label ?? null,
          level: level ?? null,
          total: list.length,
          by_level: {
            HIGH: inPlace.filter((o) => o.level === 'HIGH').length,
            MEDIUM: inPlace.filter((o) => o.level === 'MEDIUM').length,
          },
          items: list.slice(0, limit).map((o) => ({
            code: o.sale.code,
            level: o.level,
            disposition: o.sale.disposition,
            area_m2: o.sale.area,
            price: o.sale.price,
            price_per_m2: Math.round(o.sale.ppm2),
            estimate_per_m2: o.estimate_per_m2,
            ratio: o.ratio,
            locality: o.sale.locality,
          })),
        }
      },
    },
    {
      name: 'estimate_value',
      description:
        'Market value of one flat by the fitted valuation model: estimate (CZK), range, CZK per m², confidence and the comparables behind it; given a price, how that price compares. Place it by address (e.g. "Praha 5 - Smíchov") or by latitude and longitude.',
      parameters: {
        type: 'object',
        properties: {
          area_m2: { type: 'number', minimum: 10, maximum: 1000, description: 'floor area, m²' },
          disposition: dispositionArg,
          address: { type: 'string', maxLength: 300, description: 'municipality and part, or street' },
          latitude: { type: 'number' },
          longitude: { type: 'number' },
          price: { type: 'number', minimum: 1, description: 'asking price to judge, CZK' },
        },
        required: ['area_m2', 'disposition'],
        additionalProperties: false,
      },
      async run(args) {
        const areaM2 = number(args, 'area_m2', 10, 1000)
        if (areaM2 === undefined) throw errors.invalid('area_m2', 'required')
        const disposition = choice(args, 'disposition', DISPOSITIONS)
        if (disposition === undefined) throw errors.invalid('disposition', 'required')
        const price = number(args, 'price', 1, 1e10)
        const where = locate(deps, {
          address: text(args, 'address', 300),
          latitude: number(args, 'latitude', -90, 90),
          longitude: number(args, 'longitude', -180, 180),
          area_m2: areaM2,
          disposition,
        })
        if (!deps.valuer) return NO_MODEL
        const v = deps.valuer.estimate({
          lat: where.latitude,
          lon: where.longitude,
          area: areaM2,
          disposition,
        })
        return {
          as_of: snapshot.asOf,
          area_m2: areaM2,
          disposition,
          location: where,
          estimate: v.estimate,
          range: v.range,
          price_per_m2: v.price_per_m2,
          currency: 'CZK',
          confidence: v.confidence,
          comparables_found: v.comparables.length,
          comparables_median_price_per_m2: v.comparables_stats
            ? Math.round(v.comparables_stats.median)
            : null,
          radius_km: v.radius_km,
          ...(price !== undefined ? { price_judged: verdictOf(price, areaM2, v) } : {}),
        }
      },
    },
  ]

  function localityOf(args: Record<string, unknown>): string | undefined {
    const name = text(args, 'locality', 100)
    if (name === undefined) return undefined
    const found = resolveArea(name, snapshot.gazetteer, snapshot.sales)
    if (!found) return localitySlug(name)
    const prefix = localityPrefix(found)
    if (prefix === undefined)
      throw errors.invalid(
        'locality',
        'a municipality or one of its parts',
        `${found.label} is a city district: name one of its parts (${[...(found.parts ?? [])].join(', ')}) or the municipality`,
      )
    return prefix
  }
}

function text(args: Record<string, unknown>, field: string, max: number): string | undefined {
  const v = args[field]
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string') throw errors.invalid(field, 'a string')
  if (v.length > max) throw errors.invalid(field, `at most ${max} characters`)
  return v
}

function number(args: Record<string, unknown>, field: string, min: number, max: number): number | undefined {
  const v = args[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isFinite(v)) throw errors.invalid(field, 'a number')
  if (v < min || v > max) throw errors.invalid(field, `within ${min}..${max}`)
  return v
}

function integer(args: Record<string, unknown>, field: string, min: number, max: number): number | undefined {
  const v = number(args, field, min, max)
  if (v !== undefined && !Number.isInteger(v)) throw errors.invalid(field, 'a whole number')
  return v
}

function choice<T extends string>(
  args: Record<string, unknown>,
  field: string,
  options: readonly T[],
): T | undefined {
  const v = args[field]
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string' || !options.includes(v as T))
    throw errors.invalid(field, `one of ${options.join(', ')}`)
  return v as T
}

/**
 * A tool's refusal as the model is shown it: what was wrong, so it can call again correctly. Any
 * other failure is a fault of the service, not of the model's call: it fails the request.
 */
export function toolRefusal(error: unknown): string | undefined {
  if (error instanceof AppError && error.status < 500) return error.message
  return undefined
}
