/**
 * Request and response schemas of the registry map routes (/api/layers, /api/dots, /api/search,
 * /api/stats), in the domain service's standard envelope.
 */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { Bbox, Disposition } from '../../schemas.ts'
import { SharedContact } from '../contacts/schemas.ts'

const LAYERS = ['listings', 'opportunities', 'municipalities', 'contacts', 'companies'] as const
export type LayerName = (typeof LAYERS)[number]

export const LayersResponse = okSchema(
  Type.Object({
    layers: Type.Array(
      Type.Object({
        name: Type.Enum(LAYERS),
        title: Type.String(),
        count: Type.Integer({ description: 'points the layer has: what its clusters add up to' }),
        fields: Type.Array(Type.String(), { description: "the properties of the layer's point features" }),
        source: Type.String({ description: 'where the points come from' }),
        note: Nullable(Type.String()),
      }),
    ),
  }),
)

export const DotsQuery = Type.Object(
  {
    layer: Type.Enum(LAYERS, { description: 'which layer (see /api/layers)' }),
    bbox: Bbox,
    zoom: Type.Integer({
      minimum: 0,
      maximum: 20,
      description: 'map zoom (512 px tiles, as MapLibre); from 17 no point is clustered',
    }),
  },
  { additionalProperties: false },
)

const Coordinates = Type.Array(Type.Number(), {
  minItems: 2,
  maxItems: 2,
  description: '[longitude, latitude], WGS84 degrees',
})

const DotFeature = Type.Object({
  type: Type.Literal('Feature'),
  id: Type.Union([Type.String(), Type.Integer()], {
    description: "a point's id (listing code, RÚIAN municipality code) or a cluster's cluster_id",
  }),
  geometry: Type.Object({ type: Type.Literal('Point'), coordinates: Coordinates }),
  properties: Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        "a point: the layer's fields (see /api/layers); a cluster: cluster (true), cluster_id, point_count, point_count_abbreviated and expansion_zoom (the zoom at which it splits)",
    },
  ),
})

export const DotsResponse = okSchema(
  Type.Object({
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(DotFeature),
    layer: Type.Enum(LAYERS),
    zoom: Type.Integer(),
    points: Type.Integer({
      description: "layer points in the box: the clusters' point_count plus one per lone point",
    }),
    clusters: Type.Integer({ description: 'features that are clusters' }),
  }),
)

export const SearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'a municipality, part, street, contact or company; diacritics and case do not matter ("Plzen", "brno")',
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  },
  { additionalProperties: false },
)

export const SearchResponse = okSchema(
  Type.Object({
    query: Type.String(),
    total: Type.Integer({ description: 'places matching, before limit' }),
    items: Type.Array(
      Type.Object({
        kind: Type.Union([Type.Literal('municipality'), Type.Literal('locality'), Type.Literal('street')]),
        name: Type.String(),
        municipality: Type.String(),
        part: Nullable(Type.String({ description: 'část obce' })),
        district: Type.String({ description: 'okres' }),
        region: Type.String({ description: 'kraj' }),
        locality: Type.String({ description: 'slug prefix of its listings, for /api/reality/ads?locality=' }),
        listings: Type.Integer(),
        latitude: Nullable(Type.Number({ description: 'median of its listings; null without listings' })),
        longitude: Nullable(Type.Number()),
      }),
    ),
    contacts: Type.Object(
      {
        total: Type.Integer({ description: 'people and companies matching, before limit' }),
        items: Type.Array(SharedContact.ref),
      },
      {
        description:
          'people and companies of the contacts table whose name, company, IČO, e-mail or phone matches (as /api/contacts/search)',
      },
    ),
  }),
)

export const MapStatsQuery = Type.Object(
  { disposition: Type.Optional(Disposition) },
  { additionalProperties: false },
)

const Distribution = Nullable(
  Type.Object(
    {
      mean: Type.Integer(),
      median: Type.Integer(),
      p25: Type.Integer(),
      p75: Type.Integer(),
    },
    { description: 'null without sales' },
  ),
)

const AreaFigures = {
  listings: Type.Integer({ description: 'listings held (sales, price on request, other categories)' }),
  sales: Type.Integer({
    description: 'sale listings with a plausible price and area: what the figures are of',
  }),
  price: Distribution,
  price_per_m2: Distribution,
}

export const MapStatsResponse = okSchema(
  Type.Object({
    as_of: Type.String({ description: 'date of the newest listing' }),
    disposition: Nullable(Type.String()),
    country: Type.Object(AreaFigures),
    regions: Type.Array(
      Type.Object({
        region: Type.String({ description: 'kraj' }),
        municipalities: Type.Integer({ description: 'municipalities of the kraj in the gazetteer' }),
        ...AreaFigures,
      }),
    ),
    unplaced: Type.Integer({ description: 'listings whose kraj could not be resolved' }),
  }),
)
