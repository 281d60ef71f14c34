/**
 * GET /api/reality/ads (filtered, sorted, paged listings from the table, with the total) and
 * GET /api/reality/stats (price per m² by kraj and disposition over the listings held).
 */
import { groupBy, groupStats } from '../../../../engines/realestate/market.ts'
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import { localitySlug, parseBbox, region } from '../../places.ts'
import { ERRORS } from '../../schemas.ts'
import type { Snapshot } from '../../state.ts'
import { AdsQuery, AdsResponse, StatsQuery, StatsResponse } from './schemas.ts'
import type { ListingRow, ListingStore } from './store.ts'

export interface RealityDeps {
  /** The listings table (GET /api/reality/ads). */
  store: Pick<ListingStore, 'ads'>
  /** The listings in memory (statistics, kraj names). */
  snapshot: Snapshot
}

export function registerReality(app: App, deps: RealityDeps): void {
  app.get(
    '/api/reality/ads',
    {
      schema: {
        summary: 'Listings filtered by place, disposition, price, area and box; sorted and paged',
        tags: ['reality'],
        querystring: AdsQuery,
        response: { 200: AdsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const q = request.query
      const limit = q.limit ?? 20
      const offset = q.offset ?? 0
      range('price', q.price_min, q.price_max)
      range('area', q.area_min, q.area_max)
      const { total, items } = await deps.store.ads({
        locality: q.locality === undefined ? undefined : localitySlug(q.locality),
        region: q.region === undefined ? undefined : region(deps, q.region),
        dispositions: q.disposition,
        priceMin: q.price_min,
        priceMax: q.price_max,
        areaMin: q.area_min,
        areaMax: q.area_max,
        bbox: q.bbox === undefined ? undefined : parseBbox(q.bbox),
        sort: q.sort ?? 'price_per_m2',
        limit,
        offset,
      })
      return ok(reply, { total, limit, offset, items: items.map(toAd) })
    },
  )

  app.get(
    '/api/reality/stats',
    {
      schema: {
        summary: 'Asking price per m² (count, median, quartiles) by kraj and disposition',
        tags: ['reality'],
        querystring: StatsQuery,
        response: { 200: StatsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const snap = deps.snapshot
      const wanted = request.query.region === undefined ? undefined : region(deps, request.query.region)
      const disposition = request.query.disposition
      const sales = disposition ? snap.sales.filter((s) => s.disposition === disposition) : snap.sales
      const regions = [...groupBy(sales, (s) => s.region).entries()]
        .filter(([name]) => wanted === undefined || name === wanted)
        .map(([name, list]) => ({
          region: name,
          ...groupStats(list)!,
          dispositions: [...groupBy(list, (s) => s.disposition).entries()].map(([d, l]) => ({
            disposition: d,
            ...groupStats(l)!,
          })),
        }))
      return ok(reply, {
        as_of: snap.asOf,
        listings: snap.listings,
        country: groupStats(sales),
        regions,
        unplaced: sales.filter((s) => !s.region).length,
      })
    },
  )
}

function toAd(r: ListingRow) {
  return {
    code: r.code,
    title: r.title,
    disposition: r.disposition,
    area_m2: r.area_m2,
    price: r.price_czk,
    price_per_m2: r.price_per_m2 === null ? null : Math.round(r.price_per_m2),
    latitude: r.latitude,
    longitude: r.longitude,
    locality: r.locality,
    municipality: r.municipality,
    region: r.region,
    scraped_at: r.scraped_at,
  }
}

function range(name: string, min: number | undefined, max: number | undefined): void {
  if (min !== undefined && max !== undefined && min > max)
    throw errors.invalid(
      `${name}_min`,
      `must not exceed ${name}_max`,
      `${name}_min ${min} is above ${name}_max ${max}`,
    )
}
