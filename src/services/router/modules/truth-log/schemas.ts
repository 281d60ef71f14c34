/** Request schemas of the truth log. */
import { Type } from 'typebox'
import { Uuid } from '../../schemas.ts'

export const TruthLogBody = Type.Object(
  {
    worker: Type.String({ minLength: 1, maxLength: 200 }),
    task: Type.String({ minLength: 1, maxLength: 500 }),
    content: Type.String({ minLength: 1, maxLength: 100_000 }),
    status: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
)

export const TruthLogAutoBody = Type.Object({ job_id: Uuid }, { additionalProperties: false })

export const TruthLogEntrySchema = Type.Object({
  seq: Type.Integer(),
  id: Type.String(),
  worker: Type.String(),
  task: Type.String(),
  content: Type.String(),
  status: Type.String(),
  job_id: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  prev_hash: Type.String(),
  hash: Type.String({ description: 'SHA-256 over the previous hash and this entry' }),
})
