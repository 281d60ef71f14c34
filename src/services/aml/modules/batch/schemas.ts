/** Request and response schemas of batch screening (POST /api/aml/screen/batch and its status). */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { BatchItem, MAX_SUBJECTS } from './client-book.ts'

export const BatchBody = Type.Object(
  {
    subjects: Type.Array(BatchItem, {
      minItems: 1,
      maxItems: MAX_SUBJECTS,
      description: `Up to ${MAX_SUBJECTS} subjects, each a person or a company as in POST /api/aml/screen/complete, with an optional reference`,
    }),
  },
  { additionalProperties: false },
)

/** The multipart form: described here, read by the handler. */
export const BatchUpload = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description:
        'A CSV client book (UTF-8 or Windows-1250, `,` or `;`): a header line naming the columns first_name, last_name, birth_date, nationality, country, ico, company_name, reference (or their Czech names: Jméno, Příjmení, Datum narození, Státní příslušnost, Země, IČO, Název, Číslo klienta); other columns are ignored',
    }),
  },
  { required: ['file'] },
)

export const BatchIdParams = Type.Object({
  batch_id: Type.String({ pattern: '^AMLB-\\d{8}-\\d{1,12}$', description: 'AMLB-<YYYYMMDD>-<number>' }),
})

export const BatchQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: MAX_SUBJECTS, default: 0, description: 'Results to skip' }),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Results in this page' }),
    level: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{2,20}$',
        description: 'Only subjects of this risk level (LOW, MEDIUM, HIGH, CRITICAL, INCOMPLETE …)',
      }),
    ),
    hits: Type.Optional(Type.Boolean({ description: 'true: only subjects with a sanctions hit' })),
  },
  { additionalProperties: false },
)

const BatchFields = {
  batch_id: Type.String({ description: 'AMLB-<YYYYMMDD>-<number>' }),
  status: Type.String({ description: 'queued, running, completed or failed' }),
  source: Type.String({ description: 'json, csv (an upload) or cli (gatehouse aml screen)' }),
  file_name: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  total: Type.Integer({ description: 'Subjects in the batch' }),
  ignored_columns: Type.Array(Type.String(), { description: 'CSV columns that are no subject field' }),
}

export const BatchAcceptedResponse = okSchema(
  Type.Object({
    ...BatchFields,
    status_url: Type.String({ description: 'Where progress and results are: GET this path' }),
  }),
)

export const ShortHitSchema = Type.Object({
  list: Type.String(),
  list_id: Type.String(),
  matched_name: Type.String(),
  score: Type.Number(),
})

export const BatchStatusResponse = okSchema(
  Type.Object({
    ...BatchFields,
    created_by: Type.String({ description: 'admin or internal (the key), or cli' }),
    started_at: Nullable(Type.String({ format: 'date-time' })),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
    error: Nullable(Type.String({ description: 'Why a failed batch stopped' })),
    progress: Type.Object({
      done: Type.Integer({ description: 'Subjects screened and recorded' }),
      total: Type.Integer(),
      percent: Type.Number(),
    }),
    summary: Type.Object({
      levels: Type.Record(Type.String(), Type.Integer(), {
        description: 'Subjects screened so far per risk level',
      }),
      with_sanctions_hits: Type.Integer({ description: 'Subjects with at least one sanctions hit' }),
    }),
    results: Type.Object({
      offset: Type.Integer(),
      limit: Type.Integer(),
      total: Type.Integer({ description: 'Screened subjects matching the filter' }),
      items: Type.Array(
        Type.Object({
          index: Type.Integer({ description: 'Position in the batch, from 0 (subjects.<index>)' }),
          line: Nullable(Type.Integer({ description: 'CSV line of the record' })),
          reference: Nullable(Type.String()),
          screening_id: Type.String({ description: 'The audit record: GET /api/aml/screenings/{id}' }),
          level: Type.String(),
          score: Type.Number(),
          completeness: Type.Number(),
          review_required: Type.Boolean(),
          hits: Type.Array(ShortHitSchema, { description: 'Sanctions hits, best first' }),
        }),
        { description: 'Screened subjects in batch order; the full result of each is its screening record' },
      ),
    }),
  }),
)
