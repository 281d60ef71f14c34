/**
 * Request and response schemas of screening (TypeBox: validation, serialisation, OpenAPI); the
 * subject body and `subjectOf` serve the batch and monitor modules too.
 * One subject object carries either the person fields or the company fields; which combination
 * is required is checked in `subjectOf` so that the 400 can name the field that is missing.
 */
import { Type } from 'typebox'
import type { Subject } from '../../../../engines/aml/index.ts'
import { RISK_LEVELS } from '../../../../engines/aml/risk-levels.ts'
import { checkIco } from '../../../../engines/czech/identifiers.ts'
import { okSchema } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import { CaseSchema } from '../cases/schemas.ts'

export const SubjectBody = Type.Object(
  {
    first_name: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'person: given name(s); may be left out or empty (a mononym has none)',
      }),
    ),
    last_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'person: family name, or the one name of a person who has only one',
      }),
    ),
    name: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 200,
        description:
          'person: the whole name in one string, in any order ("MADURO MOROS Nicolas"), instead of first_name and last_name',
      }),
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

export const ScreeningIdParams = Type.Object({
  screening_id: Type.String({ pattern: '^AML-\\d{8}-\\d{1,12}$' }),
})

const ModuleResultSchema = Type.Object({
  status: Type.String({ description: 'COMPLETED, FAILED, TIMEOUT, NOT_CONFIGURED or SKIPPED' }),
  source: Type.String({ description: 'PRIMARY, CACHE, FALLBACK or NONE' }),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'What the module found (matches with their explanation, the company, proceedings …).',
  }),
  execution_time_ms: Type.Integer(),
})

const screeningFields = {
  screening_id: Type.String({ description: 'AML-<YYYYMMDD>-<number>' }),
  timestamp: Type.String({ format: 'date-time' }),
  case_id: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'the case opened for the hits to decide (GET /api/aml/cases/{case_id}); null when there is none (no hit, or only false positives cleared before). Absent in records written before cases.',
    }),
  ),
  processing_time_ms: Type.Integer(),
  completeness: Type.Number({ description: 'share of modules that completed; 1.0 means complete' }),
  overall_risk: Type.Object({
    score: Type.Number(),
    level: Type.String({
      description:
        'LOW, MEDIUM, HIGH or CRITICAL by the score; INCOMPLETE when evidence is missing (see missing) and what completed found nothing above LOW. Never LOW on missing evidence.',
    }),
    weighted_total: Type.Number(),
    review_required: Type.Boolean({
      description:
        'true when a person must look before anyone relies on the level: a possible match (any sanctions or PEP hit, partial names and generic company names included) or missing evidence',
    }),
    level_reason: Type.Optional(
      Type.String({
        description:
          'Why the level is what it is: the finding that set it, or for INCOMPLETE what was not screened. Absent in records written before it was added.',
      }),
    ),
    review_reasons: Type.Optional(
      Type.Array(Type.Object({ module: Type.String(), reason: Type.String() }), {
        description:
          'Why a person must look: each module with a possible match (how many, the best, what a partial or generic name lacks) and each piece of missing evidence. Absent in records written before it was added.',
      }),
    ),
    missing: Type.Array(
      Type.Object({
        module: Type.String(),
        status: Type.String(),
        reason: Type.String(),
      }),
      {
        description:
          'What the screening could not check, and why (a failed or timed-out source, no name to match).',
      },
    ),
  }),
  modules: Type.Record(Type.String(), ModuleResultSchema),
}

export const ScreeningResponse = Type.Object(screeningFields)

const VersionRef = Type.Object({
  id: Type.Optional(Type.Integer({ description: 'Store id' })),
  source: Type.String(),
  list_date: Type.String(),
})

const RecordedVersion = Type.Object(
  {
    id: Type.Optional(Type.Integer({ description: 'Store id' })),
    list: Type.String(),
    source: Type.Optional(Type.String()),
    list_date: Type.Optional(Type.String()),
    sha256: Type.Optional(Type.String()),
    names_only: Type.Optional(Type.Boolean()),
    details_from: Type.Optional(
      Type.Array(Type.Object({ ...VersionRef.properties, sha256: Type.String() }), {
        description:
          'The superseded full versions a names-only version took official ids, birth dates and identifiers from',
      }),
    ),
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('superseded')], {
        description: 'As of this reading: still the active version of its list, or superseded since',
      }),
    ),
    superseded_by: Type.Optional(VersionRef),
  },
  { additionalProperties: true },
)

/** The audit record, as stored: every field passes through, whatever version of the service wrote it. */
export const ScreeningRecordResponse = okSchema(
  Type.Object({
    screening_id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    subject_type: Type.String({ description: 'person or company' }),
    risk_level: Type.String(),
    input: Type.Unknown({ description: 'The subject as it was sent' }),
    list_versions: Type.Array(RecordedVersion, {
      description:
        'The list versions screened against, one per list (the version active then), each with its status as of this reading. Records written before versions were shown this way list every version the engine was built from, the superseded ones it took details from included.',
    }),
    result: Type.Object(screeningFields, {
      additionalProperties: true,
      description: 'The screening response as it was sent',
    }),
    case: Type.Union([CaseSchema, Type.Null()], {
      description: 'The case of its hits, with the decisions and the trail; null when it had none',
    }),
  }),
)

export const ScreeningsQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'any part of the subject as sent: a name, an IČO; case and diacritics do not matter',
      }),
    ),
    level: Type.Optional(Type.Enum(RISK_LEVELS)),
    screened_by: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9._@:-]{1,70}$',
        description: 'who screened: a console user’s name, or key:admin / key:internal',
      }),
    ),
    case_status: Type.Optional(
      Type.Enum(['open', 'in_review', 'awaiting_approval', 'closed'], {
        description: 'the status of the screening’s case',
      }),
    ),
    from: Type.Optional(Type.String({ format: 'date', description: 'first day (UTC), inclusive' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'last day (UTC), inclusive' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
)

export const ScreeningsResponse = okSchema(
  Type.Object({
    total: Type.Integer({ description: 'screenings matching the filter' }),
    screenings: Type.Array(
      Type.Object({
        screening_id: Type.String(),
        created_at: Type.String({ format: 'date-time' }),
        subject_type: Type.String({ description: 'person or company' }),
        risk_level: Type.String(),
        subject: Type.String({ description: 'who was screened, as sent (names, IČO)' }),
        screened_by: Type.Union([Type.String(), Type.Null()], {
          description: 'who screened (a console user, or key:admin / key:internal); null before it was kept',
        }),
      }),
    ),
  }),
)

type SubjectInput = {
  first_name?: string
  last_name?: string
  name?: string
  birth_date?: string
  nationality?: string
  country?: string
  ico?: string
  company_name?: string
}

/**
 * The subject a body describes, or a 400 naming the field: a person needs last_name (first_name
 * optional: mononyms) or one name string; a company needs ico (valid checksum) and/or
 * company_name; the two cannot mix.
 */
export function subjectOf(body: SubjectInput, path = ''): Subject {
  const f = (name: string) => `${path}${name}`
  const person =
    body.first_name !== undefined ||
    body.last_name !== undefined ||
    body.name !== undefined ||
    body.birth_date !== undefined ||
    body.nationality !== undefined
  const company = body.ico !== undefined || body.company_name !== undefined
  if (person && company) {
    const field = body.ico !== undefined ? 'ico' : 'company_name'
    throw errors.invalid(
      f(field),
      'not allowed with person fields',
      `${f(field)}: a subject is a person (first_name, last_name or name) or a company (ico, company_name), not both`,
    )
  }
  if (person) {
    const qualifiers = {
      ...(body.birth_date ? { birth_date: body.birth_date } : {}),
      ...(body.nationality ? { nationality: body.nationality } : {}),
      ...(body.country ? { country: body.country } : {}),
    }
    if (body.name !== undefined) {
      const other =
        body.last_name !== undefined ? 'last_name' : body.first_name !== undefined ? 'first_name' : ''
      if (other)
        throw errors.invalid(
          f(other),
          'not allowed with name',
          `${f(other)}: give the whole name in name, or its parts in first_name and last_name, not both`,
        )
      if (!/\p{L}/u.test(body.name))
        throw errors.invalid(f('name'), 'letters', `${f('name')} must contain letters`)
      return { name: body.name.trim(), ...qualifiers }
    }
    if (!body.last_name?.trim())
      throw errors.invalid(
        f('last_name'),
        'required',
        `${f('last_name')} is required for a person (a person known by one name gives it as last_name; or send the whole name as name)`,
      )
    return {
      ...(body.first_name?.trim() ? { first_name: body.first_name.trim() } : {}),
      last_name: body.last_name.trim(),
      ...qualifiers,
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
    `${path ? path : 'body'}: give last_name (and first_name) or name (a person), or ico and/or company_name (a company)`,
  )
}
