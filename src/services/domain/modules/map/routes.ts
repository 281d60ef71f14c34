/**
 * The registry map: GET /api/layers (what the map offers), GET /api/dots (a layer's points in a
 * box, clustered by zoom, as GeoJSON), GET /api/search (municipalities, localities, streets, and
 * the people and companies of the contacts table)
 * and GET /api/stats (listing counts and price statistics per kraj).
 *
 * Each layer's cluster index is built on its first request and kept: the listings do not change
 * while the service runs (new imports are picked up on restart), and opportunities only when a
 * new threshold version takes effect.
 */
import {
  type LayerPoint,
  PlaceSearch,
  PointLayer,
  placeMunicipalities,
  regionFigures,
  TooManyFeatures,
} from '../../../../engines/realestate/map.ts'
import {
  type Opportunity,
  opportunitiesOf,
  opportunityThresholds,
} from '../../../../engines/realestate/opportunities.ts'
import type { Valuer } from '../../../../engines/realestate/valuation.ts'
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import { parseBbox } from '../../places.ts'
import { ERRORS } from '../../schemas.ts'
import type { Snapshot } from '../../state.ts'
import type { ContactStore } from '../contacts/store.ts'
import {
  DotsQuery,
  DotsResponse,
  type LayerName,
  LayersResponse,
  MapStatsQuery,
  MapStatsResponse,
  SearchQuery,
  SearchResponse,
} from './schemas.ts'

/** The properties of each layer's point features, in the order /api/layers lists them. */
const LAYER_FIELDS: Record<LayerName, readonly string[]> = {
  listings: [
    'code',
    'title',
    'disposition',
    'area_m2',
    'price',
    'price_per_m2',
    'locality',
    'municipality',
    'region',
  ],
  opportunities: [
    'code',
    'level',
    'ratio',
    'disposition',
    'area_m2',
    'price',
    'price_per_m2',
    'estimate_per_m2',
    'locality',
    'region',
  ],
  municipalities: ['code', 'name', 'district', 'region', 'listings', 'median_price_per_m2'],
  contacts: ['id', 'name', 'company', 'email', 'phone', 'address'],
  companies: ['id', 'name', 'ico', 'email', 'phone', 'address'],
}

/** The most features one /api/dots answer holds (~2 MB); a wider box must zoom out. */
const MAX_DOTS = 5000

const NONE: readonly Opportunity[] = []

export interface MapDeps {
  snapshot: Snapshot
  /** The valuation model behind the opportunities layer; null leaves the layer empty. */
  valuer: Valuer | null
  /** The contacts layer and place search. */
  contacts: Pick<ContactStore, 'locatedVersion' | 'allLocated' | 'search'>
  /** The clock the opportunity thresholds are read at. */
  now?: (() => Date) | undefined
}

export function registerMap(app: App, deps: MapDeps): void {
  const now = deps.now ?? (() => new Date())
  const snap = deps.snapshot

  let listings: PointLayer | undefined
  let municipalities: { layer: PointLayer; inGazetteer: number } | undefined
  let opportunities: { from: readonly Opportunity[]; layer: PointLayer } | undefined
  let search: PlaceSearch | undefined
  let contactLayers: { version: string; people: PointLayer; companies: PointLayer } | undefined
  const statsByDisposition = new Map<string, ReturnType<typeof regionFigures>>()

  const listingsLayer = () =>
    (listings ??= new PointLayer(
      snap.placed.map(
        (l): LayerPoint => ({
          id: l.code,
          lon: l.lon,
          lat: l.lat,
          properties: {
            code: l.code,
            title: l.title,
            disposition: l.disposition,
            area_m2: l.area_m2,
            price: l.price_czk,
            price_per_m2:
              l.price_czk === null || l.area_m2 === null ? null : Math.round(l.price_czk / l.area_m2),
            locality: l.locality,
            municipality: l.municipality,
            region: l.region,
          },
        }),
      ),
    ))

  const municipalitiesLayer = () => {
    if (municipalities) return municipalities
    const seen = new Set<unknown>()
    for (const list of snap.gazetteer.municipalities.values()) for (const m of list) seen.add(m)
    municipalities = {
      inGazetteer: seen.size,
      layer: new PointLayer(
        placeMunicipalities(snap.placed, snap.gazetteer).map((p) => ({
          id: p.municipality.code,
          lon: p.lon,
          lat: p.lat,
          properties: {
            code: p.municipality.code,
            name: p.municipality.name,
            district: p.municipality.district,
            region: p.municipality.region,
            listings: p.listings,
            median_price_per_m2: p.median_price_per_m2,
          },
        })),
      ),
    }
    return municipalities
  }

  const opportunitiesLayer = () => {
    // Every listing valued with itself left out: ~2 s for 13,000 listings, once, shared with
    // /api/reality/opportunities.
    // No model (too few sales): no listing can be priced against its estimate, so none is flagged.
    const flagged = deps.valuer
      ? opportunitiesOf(deps.valuer, opportunityThresholds(now().toISOString().slice(0, 10)))
      : NONE
    if (opportunities?.from === flagged) return opportunities.layer
    opportunities = {
      from: flagged,
      layer: new PointLayer(
        flagged.map((o) => ({
          id: o.sale.code,
          lon: o.sale.lon,
          lat: o.sale.lat,
          properties: {
            code: o.sale.code,
            level: o.level,
            ratio: o.ratio,
            disposition: o.sale.disposition,
            area_m2: o.sale.area,
            price: o.sale.price,
            price_per_m2: Math.round(o.sale.ppm2),
            estimate_per_m2: o.estimate_per_m2,
            locality: o.sale.locality,
            region: o.sale.region ?? null,
          },
        })),
      ),
    }
    return opportunities.layer
  }

  // Contacts change while the service runs (POST /api/contacts, imports, other instances): the two
  // layers are rebuilt when the table's located contacts changed since they were built.
  const contactsLayers = async () => {
    const version = await deps.contacts.locatedVersion()
    if (contactLayers?.version === version) return contactLayers
    const all = await deps.contacts.allLocated()
    const point = (c: (typeof all)[number], properties: Record<string, unknown>): LayerPoint => ({
      id: c.id,
      lon: c.longitude!,
      lat: c.latitude!,
      properties,
    })
    const base = (c: (typeof all)[number]) => ({ id: c.id, name: c.name })
    const contact = (c: (typeof all)[number]) => ({ email: c.email, phone: c.phone, address: c.address })
    contactLayers = {
      version,
      people: new PointLayer(
        all
          .filter((c) => c.kind === 'person')
          .map((c) => point(c, { ...base(c), company: c.company, ...contact(c) })),
      ),
      companies: new PointLayer(
        all
          .filter((c) => c.kind === 'company')
          .map((c) => point(c, { ...base(c), ico: c.ico, ...contact(c) })),
      ),
    }
    return contactLayers
  }

  const layer = async (name: LayerName): Promise<PointLayer> => {
    switch (name) {
      case 'listings':
        return listingsLayer()
      case 'opportunities':
        return opportunitiesLayer()
      case 'municipalities':
        return municipalitiesLayer().layer
      case 'contacts':
        return (await contactsLayers()).people
      case 'companies':
        return (await contactsLayers()).companies
    }
  }

  app.get(
    '/api/layers',
    {
      schema: {
        summary: 'The layers the map offers, each with its count and the fields of its points',
        description:
          'listings, opportunities (listings asking well under their estimate), municipalities (the RÚIAN gazetteer, placed where their listings are), and the people and companies of the contacts table that have a location.',
        tags: ['map'],
        response: { 200: LayersResponse, ...ERRORS },
      },
    },
    async (_request, reply) => {
      const t = opportunityThresholds(now().toISOString().slice(0, 10))
      const towns = municipalitiesLayer()
      const located = await contactsLayers()
      return ok(reply, {
        layers: [
          {
            name: 'listings' as const,
            title: 'Flat listings',
            count: listingsLayer().count,
            fields: [...LAYER_FIELDS.listings],
            source: `listings held, as of ${snap.asOf || '—'}`,
            note: null,
          },
          {
            name: 'opportunities' as const,
            title: 'Listings asking well under their estimate',
            count: opportunitiesLayer().count,
            fields: [...LAYER_FIELDS.opportunities],
            source: `listings against their own estimate; thresholds ${t.source ?? 'data/reference/realestate-opportunity.json'}, effective ${t.effective_from}`,
            note: `HIGH below ${t.high_below} × the estimate, MEDIUM below ${t.medium_below} ×`,
          },
          {
            name: 'municipalities' as const,
            title: 'Municipalities (obce)',
            count: towns.layer.count,
            fields: [...LAYER_FIELDS.municipalities],
            source: 'RÚIAN gazetteer (psc-list.csv)',
            note: `${towns.layer.count} of the gazetteer's ${towns.inGazetteer} municipalities have listings and are shown at their listings' median position (the gazetteer has no coordinates); /api/search finds them all`,
          },
          {
            name: 'contacts' as const,
            title: 'People (contacts with a location)',
            count: located.people.count,
            fields: [...LAYER_FIELDS.contacts],
            source: 'the contacts table (POST /api/contacts, gatehouse contacts import)',
            note: 'only contacts with latitude and longitude are on the map',
          },
          {
            name: 'companies' as const,
            title: 'Companies (contacts with a location)',
            count: located.companies.count,
            fields: [...LAYER_FIELDS.companies],
            source: 'the contacts table (POST /api/contacts, gatehouse contacts import)',
            note: 'only companies with latitude and longitude are on the map',
          },
        ],
      })
    },
  )

  app.get(
    '/api/dots',
    {
      schema: {
        summary: "A layer's points in a box as GeoJSON, clustered by zoom (RFC 7946, [lon, lat], WGS84)",
        tags: ['map'],
        querystring: DotsQuery,
        response: { 200: DotsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const q = request.query
      const bbox = parseBbox(q.bbox)
      let dots: ReturnType<PointLayer['dots']>
      try {
        dots = (await layer(q.layer)).dots(bbox, q.zoom, MAX_DOTS)
      } catch (error) {
        if (!(error instanceof TooManyFeatures)) throw error
        throw errors.invalid(
          'bbox',
          `the box holds ${error.found} features at zoom ${q.zoom}, at most ${MAX_DOTS}: narrow the box or lower the zoom`,
        )
      }
      return ok(reply, {
        type: 'FeatureCollection' as const,
        features: dots.features,
        layer: q.layer,
        zoom: q.zoom,
        points: dots.points,
        clusters: dots.clusters,
      })
    },
  )

  app.get(
    '/api/search',
    {
      schema: {
        summary:
          'Municipalities, localities and streets of listings, and the people and companies of the contacts table, by name, diacritic- and case-insensitive',
        tags: ['map'],
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { q, limit = 10 } = request.query
      if (!/[\p{L}\p{N}]/u.test(q))
        throw errors.invalid('q', 'at least one letter or digit', 'q must contain a letter or a digit')
      // ~25,000 places (6,258 municipalities, the localities and streets of listings), once.
      search ??= new PlaceSearch(snap.gazetteer, snap.placed)
      const contacts = await deps.contacts.search(q, limit)
      return ok(reply, { query: q, ...search.search(q, limit), contacts })
    },
  )

  app.get(
    '/api/stats',
    {
      schema: {
        summary: 'Listing counts and price statistics (mean, median, quartiles of price and CZK/m²) per kraj',
        tags: ['map'],
        querystring: MapStatsQuery,
        response: { 200: MapStatsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const d = request.query.disposition
      // ~25 ms over 14,000 listings; the listings do not change while the service runs.
      let figures = statsByDisposition.get(d ?? '')
      if (!figures) {
        const placed = d === undefined ? snap.placed : snap.placed.filter((l) => l.disposition === d)
        const sales = d === undefined ? snap.sales : snap.sales.filter((s) => s.disposition === d)
        figures = regionFigures(placed, sales, snap.gazetteer)
        statsByDisposition.set(d ?? '', figures)
      }
      return ok(reply, { as_of: snap.asOf, disposition: d ?? null, ...figures })
    },
  )
}
