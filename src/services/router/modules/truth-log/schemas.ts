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
