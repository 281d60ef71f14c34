/**
 * Request and response schemas of the aml service (TypeBox: validation, serialisation, OpenAPI).
 * One subject object carries either the person fields or the company fields; which combination
 * is required is checked in `subjectOf` so that the 400 can name the field that is missing.
 */
import { Type } from 'typebox'
import type { Subject } from '../../engines/aml/index.ts'
import { checkIco } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'

export const SubjectBody = Type.Object(
  {
    first_name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'person: given name(s)' }),
    ),
    last_name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'person: family name' }),
    ),
    birth_date: Type.Optional(
      Type.String({ format: 'date', description: 'person: ISO 8601 date (YYYY-MM-DD)' }),
    ),
    nationality: Type.Optional(
      Type.String({ minLength: 2, maxLength: 60, description: 'person: ISO code or name' }),
    ),
    country: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 60,
        description: 'person: country of residence; company: country of seat',
      }),
    ),
    ico: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 12,
        description: 'company: IČO, 8 digits with a valid checksum',
      }),
    ),
    company_name: Type.Optional(
      Type.String({ minLength: 2, maxLength: 300, description: 'company: name (when known only by name)' }),
    ),
  },
  { additionalProperties: false },
)

export const BatchBody = Type.Object(
  {
    subjects: Type.Array(SubjectBody, { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
)

export const ScreeningIdParams = Type.Object({
  screening_id: Type.String({ pattern: '^AML-\\d{8}-\\d{1,12}$' }),
})

const ModuleResultSchema = Type.Object({
  status: Type.String({ description: 'COMPLETED, FAILED, TIMEOUT, NOT_CONFIGURED or SKIPPED' }),
  source: Type.String({ description: 'PRIMARY, CACHE, FALLBACK or NONE' }),
  data: Type.Record(Type.String(), Type.Unknown()),
  execution_time_ms: Type.Integer(),
})

export const ScreeningResponse = Type.Object({
  screening_id: Type.String({ description: 'AML-<YYYYMMDD>-<number>' }),
  timestamp: Type.String({ format: 'date-time' }),
  processing_time_ms: Type.Integer(),
  completeness: Type.Number({ description: 'share of modules that completed; 1.0 means complete' }),
  overall_risk: Type.Object({
    score: Type.Number(),
    level: Type.String({ description: 'LOW, MEDIUM, HIGH or CRITICAL' }),
    weighted_total: Type.Number(),
  }),
  modules: Type.Record(Type.String(), ModuleResultSchema),
})

type SubjectInput = {
  first_name?: string
  last_name?: string
  birth_date?: string
  nationality?: string
  country?: string
  ico?: string
  company_name?: string
}

/**
 * The subject a body describes, or a 400 naming the field: a person needs first_name and
 * last_name; a company needs ico (valid checksum) and/or company_name; the two cannot mix.
 */
export function subjectOf(body: SubjectInput, path = ''): Subject {
  const f = (name: string) => `${path}${name}`
  const person =
    body.first_name !== undefined ||
    body.last_name !== undefined ||
    body.birth_date !== undefined ||
    body.nationality !== undefined
  const company = body.ico !== undefined || body.company_name !== undefined
  if (person && company) {
    const field = body.ico !== undefined ? 'ico' : 'company_name'
    throw errors.invalid(
      f(field),
      'not allowed with person fields',
      `${f(field)}: a subject is a person (first_name, last_name) or a company (ico, company_name), not both`,
    )
  }
  if (person) {
    if (!body.last_name?.trim())
      throw errors.invalid(f('last_name'), 'required', `${f('last_name')} is required for a person`)
    if (!body.first_name?.trim())
      throw errors.invalid(f('first_name'), 'required', `${f('first_name')} is required for a person`)
    return {
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
      ...(body.birth_date ? { birth_date: body.birth_date } : {}),
      ...(body.nationality ? { nationality: body.nationality } : {}),
      ...(body.country ? { country: body.country } : {}),
    }
  }
  if (company) {
    let ico: string | undefined
    if (body.ico !== undefined) {
      const check = checkIco(body.ico)
      if (!check.valid)
        throw errors.invalid(f('ico'), `checksum: ${check.reason}`, `${f('ico')}: ${check.reason}`)
      ico = check.value
    }
    return {
      ...(ico ? { ico } : {}),
      ...(body.company_name?.trim() ? { company_name: body.company_name.trim() } : {}),
      ...(body.country ? { country: body.country } : {}),
    }
  }
  throw errors.invalid(
    f('last_name'),
    'required',
    `${path ? path : 'body'}: give first_name and last_name (a person), or ico and/or company_name (a company)`,
  )
}
