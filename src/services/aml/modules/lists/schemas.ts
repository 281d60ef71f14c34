/** What GET /health and GET /api/aml/lists answer. */
import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'

export const HealthResponse = okSchema(
  Type.Object({
    status: Type.Literal('ready'),
    loaded_at: Type.String({ format: 'date-time' }),
    load_ms: Type.Integer({ description: 'Milliseconds the lists took to load' }),
    entities: Type.Integer(),
    names: Type.Integer(),
    lists: Type.Array(Type.String(), { description: 'Lists screened against' }),
    screenings_running: Type.Integer(),
  }),
)

export const ListsResponse = okSchema(
  Type.Object({
    status: Type.Union([Type.Literal('loading'), Type.Literal('ready'), Type.Literal('failed')]),
    versions: Type.Array(
      Type.Object({
        id: Type.Optional(Type.Integer({ description: 'Store id of the version' })),
        list: Type.String(),
        title: Type.String(),
        format: Type.String({ description: 'The importer that read it (un-xml, eu-xml, ofac-csv …)' }),
        source: Type.String({ description: 'File name(s) or URL it was read from' }),
        list_date: Type.String(),
        names_only: Type.Boolean(),
        entities: Type.Integer(),
        names: Type.Integer(),
        sha256: Type.String(),
        status: Type.Union([Type.Literal('active'), Type.Literal('superseded')], {
          description:
            'active: the newest version of its list, the one screened; superseded: an older one, kept for the audit trail and for reproducing old screenings',
        }),
        superseded_by: Type.Optional(
          Type.Integer({ description: 'Store id of the active version of the list' }),
        ),
        details_for: Type.Optional(
          Type.Integer({
            description:
              'Store id of the names-only active version that takes official ids, birth dates and identifiers from this superseded full version',
          }),
        ),
        details_from: Type.Optional(
          Type.Array(Type.Integer(), {
            description:
              'Store ids of the superseded full versions this names-only active version takes details from',
          }),
        ),
        in_use: Type.Boolean({
          description:
            'This instance screens with the version now (the active ones and their details); false for superseded versions and, until it reloads, for a version another instance just imported',
        }),
      }),
    ),
    engine: Type.Optional(
      Type.Object(
        {
          entities: Type.Integer(),
          names: Type.Integer(),
          tokens: Type.Integer(),
          buildMs: Type.Integer(),
          threshold: Type.Number({ description: 'Match score (0..1) from which a name is a hit' }),
        },
        { description: 'Present once the lists are loaded' },
      ),
    ),
    loaded_at: Type.Optional(Type.String({ format: 'date-time' })),
    module_weights: Type.Record(Type.String(), Type.Number()),
    level_bands: Type.Array(Type.Object({ level: Type.String(), from: Type.Number() })),
  }),
)

const ShortMatch = Type.Object({
  list: Type.String(),
  list_id: Type.String(),
  matched_name: Type.String(),
  score: Type.Number(),
})

export const RescreenResponse = okSchema(
  Type.Object({
    screening_id: Type.String(),
    screened_at: Type.String({ format: 'date-time', description: 'When the screening was made' }),
    rescreened_at: Type.String({ format: 'date-time' }),
    list_versions: Type.Array(Type.Object({}, { additionalProperties: true }), {
      description: 'The versions the record names (screened against again), with their status now',
    }),
    engine: Type.Union([Type.Literal('in_use'), Type.Literal('rebuilt')], {
      description:
        'in_use: the versions are the ones this instance screens with; rebuilt: an index was built from the store for them',
    }),
    threshold: Type.Number({ description: 'The threshold the record was screened at' }),
    matches: Type.Array(Type.Object({}, { additionalProperties: true }), {
      description: 'The sanctions hits now, each explained as in a screening',
    }),
    recorded_matches: Type.Array(ShortMatch, { description: 'The sanctions hits the record holds' }),
    reproduced: Type.Boolean({
      description: 'The same hits with the same scores (to 3 decimals) as recorded',
    }),
    differences: Type.Array(
      Type.Object({
        list: Type.String(),
        list_id: Type.String(),
        matched_name: Type.String(),
        recorded_score: Type.Union([Type.Number(), Type.Null()]),
        score: Type.Union([Type.Number(), Type.Null()]),
      }),
      { description: 'Hits gained (recorded_score null), lost (score null) or scored otherwise' },
    ),
  }),
)
