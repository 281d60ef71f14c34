/**
 * GET /api/reality/opportunities (listings priced well under their own estimate), GET and POST
 * /api/compare (flats priced against their estimates) and POST /api/analyze (price per m² in an
 * area against its kraj and the country).
 */
import type { Sale } from '../../../../engines/realestate/comparables.ts'
import { groupBy, groupStats } from '../../../../engines/realestate/market.ts'
import { haversineKm } from '../../../../engines/realestate/nearest.ts'
import { opportunitiesOf, opportunityThresholds } from '../../../../engines/realestate/opportunities.ts'
import { askingSeries, flatPriceIndex } from '../../../../engines/realestate/trends.ts'
import type { Valuer } from '../../../../engines/realestate/valuation.ts'
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import { localitySlug, parseBbox, region } from '../../places.ts'
import { ERRORS } from '../../schemas.ts'
import type { Snapshot } from '../../state.ts'
import { type EstimateInput, locate, modelOf } from '../valuation/model.ts'
import { verdictOf } from '../valuation/verdict.ts'
import {
  AnalyzeBody,
  AnalyzeResponse,
  CompareBody,
  CompareQuery,
  CompareResponse,
  OpportunitiesQuery,
  OpportunitiesResponse,
  TrendsQuery,
  TrendsResponse,
} from './schemas.ts'

export interface MarketDeps {
  snapshot: Snapshot
  /** The valuation model, or null (opportunities and comparisons then answer 503). */
  valuer: Valuer | null
  /** The clock the opportunity thresholds are read at. */
  now?: (() => Date) | undefined
}

export function registerMarket(app: App, deps: MarketDeps): void {
  const now = deps.now ?? (() => new Date())

  app.get(
    '/api/trends',
    {
      schema: {
        summary:
          'Price trend of a kraj or locality: the ČSÚ flat-price index and the monthly median asking price per m²',
        tags: ['market'],
        querystring: TrendsQuery,
        response: { 200: TrendsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const q = request.query
      let sales = deps.snapshot.sales
      let kraj: string | undefined
      if (q.region !== undefined) {
        kraj = region(deps, q.region)
        sales = sales.filter((s) => s.region === kraj)
      }
      let locality: string | null = null
      if (q.locality !== undefined) {
        const slug = localitySlug(q.locality)
        locality = slug
        sales = sales.filter((s) => s.locality === slug || s.locality.startsWith(`${slug}-`))
        if (sales.length === 0)
          throw errors.invalid('locality', 'a place with listings', `no listings in "${q.locality}"`)
        // The index is by kraj: the locality's own, as the gazetteer places most of its listings.
        kraj ??= [...groupBy(sales, (s) => s.region).entries()].sort(
          (a, b) => b[1].length - a[1].length,
        )[0]?.[0]
      }
      if (q.disposition !== undefined) sales = sales.filter((s) => s.disposition === q.disposition)
      const index = flatPriceIndex(kraj ?? 'ČR', now()) ?? null
      const asking = askingSeries(sales)
      return ok(reply, {
        area: { region: index?.region ?? kraj ?? null, locality, disposition: q.disposition ?? null },
        index,
        asking,
        data_as_of: deps.snapshot.asOf,
        rules_applied: [
          ...(index
            ? [
                {
                  rule: `ČSÚ flat price index (realised prices), ${index.base}, ${index.year}`,
                  source: index.source,
                  outcome: `${index.region}: ${index.annual_average} (${index.change_since_2010_pct} % since 2010)`,
                },
              ]
            : []),
          {
            rule: 'Asking prices: median CZK/m² of the sale listings per month of their dates (months with fewer than 5 left out)',
            source: `listings on file, as of ${deps.snapshot.asOf}`,
            outcome: `${asking.listings} listings in ${asking.points.length} months`,
          },
        ],
      })
    },
  )
  app.get(
    '/api/reality/opportunities',
    {
      schema: {
        summary: 'Listings asking well under their own estimate (HIGH below 0.8 ×, MEDIUM below 0.9 ×)',
        tags: ['reality'],
        querystring: OpportunitiesQuery,
        response: { 200: OpportunitiesResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const q = request.query
      const t = opportunityThresholds(now().toISOString().slice(0, 10))
      // Every listing valued with itself left out: ~2 s for 13,000 listings, once, on first use.
      const flagged = opportunitiesOf(modelOf(deps), t)
      const wanted = q.region === undefined ? undefined : region(deps, q.region)
      const list = flagged.filter(
        (o) =>
          (q.level === undefined || o.level === q.level) &&
          (wanted === undefined || o.sale.region === wanted),
      )
      const offset = q.offset ?? 0
      return ok(reply, {
        thresholds: {
          high_below: t.high_below,
          medium_below: t.medium_below,
          source: t.source ?? 'data/reference/realestate-opportunity.json',
          effective_from: t.effective_from,
        },
        total: list.length,
        items: list.slice(offset, offset + (q.limit ?? 20)).map((o) => ({
          code: o.sale.code,
          level: o.level,
          disposition: o.sale.disposition,
          area_m2: o.sale.area,
          price: o.sale.price,
          price_per_m2: Math.round(o.sale.ppm2),
          estimate: o.estimate,
          estimate_per_m2: o.estimate_per_m2,
          ratio: o.ratio,
          local_median_per_m2: o.local_median_per_m2,
          comparables: o.comparables,
          reason: o.reason,
          locality: o.sale.locality,
          region: o.sale.region ?? null,
          latitude: o.sale.lat,
          longitude: o.sale.lon,
        })),
      })
    },
  )

  const compare = (flats: (EstimateInput & { price: number })[], inBody: boolean) => {
    const rows = flats.map((f, index) => {
      const where = locate(deps, f, inBody ? `flats.${index}.` : '')
      const v = modelOf(deps).estimate({
        lat: where.latitude,
        lon: where.longitude,
        area: f.area_m2,
        disposition: f.disposition,
      })
      const verdict = verdictOf(f.price, f.area_m2, v)
      return {
        index,
        price: f.price,
        price_per_m2: Math.round(f.price / f.area_m2),
        estimate: v.estimate,
        range: v.range,
        confidence: v.confidence,
        ratio: verdict.ratio,
        verdict: verdict.verdict,
        explanation: verdict.explanation,
        location: where,
      }
    })
    const best = [...rows].sort((a, b) => a.ratio - b.ratio || a.index - b.index)[0]!
    return {
      flats: rows,
      best_value: best.index,
      summary:
        rows.length === 1
          ? `${best.verdict} (${best.ratio} × the estimate)`
          : `flat ${best.index} is the best value: ${best.ratio} × its estimate, against ${rows
              .filter((r) => r !== best)
              .map((r) => `${r.ratio} × for flat ${r.index}`)
              .join(', ')}`,
    }
  }
  const summary = 'Price flats against their estimates, with the verdict explained'
  app.get(
    '/api/compare',
    {
      schema: {
        summary,
        tags: ['valuation'],
        querystring: CompareQuery,
        response: { 200: CompareResponse, ...ERRORS },
      },
    },
    async (request, reply) => ok(reply, compare([request.query], false)),
  )
  app.post(
    '/api/compare',
    {
      schema: {
        summary,
        tags: ['valuation'],
        body: CompareBody,
        response: { 200: CompareResponse, ...ERRORS },
      },
    },
    async (request, reply) => ok(reply, compare(request.body.flats, true)),
  )

  app.post(
    '/api/analyze',
    {
      schema: {
        summary: 'Price per m² in an area (point + radius, locality or box) against its kraj and the country',
        tags: ['market'],
        body: AnalyzeBody,
        response: { 200: AnalyzeResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const b = request.body
      const given = [
        b.latitude !== undefined || b.longitude !== undefined || b.radius_km !== undefined,
        b.locality !== undefined,
        b.bbox !== undefined,
      ].filter(Boolean).length
      if (given === 0)
        throw errors.invalid(
          'latitude',
          'an area is required',
          'give latitude, longitude and radius_km, or locality, or bbox: an unbounded scan is not offered',
        )
      if (given > 1)
        throw errors.invalid(
          'locality',
          'one area only',
          'give one of: latitude/longitude/radius_km, locality, bbox',
        )
      let inArea: (s: Sale) => boolean
      let described: string
      if (b.locality !== undefined) {
        const slug = localitySlug(b.locality)
        inArea = (s) => s.locality === slug || s.locality.startsWith(`${slug}-`)
        described = `locality ${slug}`
      } else if (b.bbox !== undefined) {
        const [minLon, minLat, maxLon, maxLat] = parseBbox(b.bbox)
        inArea = (s) => s.lon >= minLon && s.lon <= maxLon && s.lat >= minLat && s.lat <= maxLat
        described = `box ${b.bbox}`
      } else {
        for (const f of ['latitude', 'longitude', 'radius_km'] as const)
          if (b[f] === undefined)
            throw errors.invalid(
              f,
              'required with a point area',
              `${f} is required with latitude/longitude/radius_km`,
            )
        inArea = (s) => haversineKm(b.latitude!, b.longitude!, s.lat, s.lon) <= b.radius_km!
        described = `${b.radius_km} km around ${b.latitude}, ${b.longitude}`
      }
      const all = b.disposition
        ? deps.snapshot.sales.filter((s) => s.disposition === b.disposition)
        : deps.snapshot.sales
      const area = all.filter(inArea)
      const stats = groupStats(area)
      const regions = [...groupBy(area, (s) => s.region).entries()].sort((x, y) => y[1].length - x[1].length)
      const regionName = regions[0]?.[0]
      const regionStats = regionName ? groupStats(all.filter((s) => s.region === regionName)) : null
      const country = groupStats(all)
      const ratio = (
        a: { median_price_per_m2: number } | null,
        bStats: { median_price_per_m2: number } | null,
      ) =>
        a && bStats ? Math.round((a.median_price_per_m2 / bStats.median_price_per_m2) * 1000) / 1000 : null
      return ok(reply, {
        area: `${described}${b.disposition ? `, ${b.disposition}` : ''}`,
        stats,
        by_disposition: [...groupBy(area, (s) => s.disposition).entries()].map(([d, l]) => ({
          disposition: d,
          ...groupStats(l)!,
        })),
        region: regionName
          ? { name: regionName, stats: regionStats, area_vs_region: ratio(stats, regionStats) }
          : null,
        country: { stats: country, area_vs_country: ratio(stats, country) },
        as_of: deps.snapshot.asOf,
      })
    },
  )
}
