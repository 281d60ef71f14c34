/**
 * The people behind a client screened through the AML engine: a natural person (the client, a
 * member of a statutory body, a shareholder) against the sanctions lists and, when the operator
 * configured them (PEP_PATHS), the PEP lists; a legal-person shareholder against the sanctions
 * lists by IČO and name. Never a favourable answer on missing evidence: without the lists the
 * status is `not_checked`, without PEP lists `not_configured`.
 */
import { Type } from 'typebox'
import type { Hit } from '../../engines/aml/index.ts'
import type { PublicRegisterRecord, Shareholder, StatutoryMember } from '../../engines/registries/index.ts'
import { nullable } from '../data/shared.ts'
import type { BuiltScreening } from '../deps.ts'
import type { Say } from '../lang.ts'
import { type HitReading, HitSchema, hitView, readHits } from './screening.ts'

const ScreenStatusSchema = Type.Union([
  Type.Literal('clear'),
  Type.Literal('hit'),
  Type.Literal('not_checked'),
  Type.Literal('not_configured'),
])
type ScreenStatus = 'clear' | 'hit' | 'not_checked' | 'not_configured'

export const PersonScreeningSchema = Type.Object({
  sanctions: ScreenStatusSchema,
  pep: ScreenStatusSchema,
  hits: Type.Array(HitSchema),
})
export type PersonScreening = {
  sanctions: ScreenStatus
  pep: ScreenStatus
  hits: ReturnType<typeof hitView>[]
}

export interface PersonToScreen {
  first_name?: string | undefined
  last_name?: string | undefined
  /** The whole name, when its parts are not known apart. */
  name?: string | undefined
  birth_date?: string | null | undefined
  nationality?: string | null | undefined
}

/** A natural person's sanctions hits, the engine's own (the five best). */
function personHits(built: BuiltScreening, person: PersonToScreen): Hit[] {
  return built.engine.screenPerson(
    {
      ...(person.first_name ? { firstName: person.first_name } : {}),
      ...(person.last_name ? { lastName: person.last_name } : {}),
      ...(!person.last_name && person.name ? { name: person.name } : {}),
      ...(person.birth_date ? { birthDate: person.birth_date } : {}),
      countries: person.nationality ? [person.nationality] : [],
    },
    { limit: 5 },
  )
}

/** A natural person against the sanctions lists and the PEP lists; `built` undefined = lists unavailable. */
export function screenPerson(
  built: BuiltScreening | undefined,
  person: PersonToScreen,
  say: Say,
): PersonScreening {
  return personScreening(built, person, built ? personHits(built, person) : [], say)
}

function personScreening(
  built: BuiltScreening | undefined,
  person: PersonToScreen,
  hits: Hit[],
  say: Say,
): PersonScreening {
  if (!built) return { sanctions: 'not_checked', pep: 'not_checked', hits: [] }
  const subject = {
    ...(person.first_name ? { first_name: person.first_name } : {}),
    ...(person.last_name ? { last_name: person.last_name } : {}),
    ...(!person.last_name && person.name ? { name: person.name } : {}),
    ...(person.birth_date ? { birth_date: person.birth_date } : {}),
    ...(person.nationality ? { nationality: person.nationality } : {}),
  }
  const sanctions = hits.map((h) => hitView(h, say))
  const pep = built.pep
    ? built.pep
        .screenPerson(subject)
        .slice(0, 5)
        .map((h) => hitView(h, say))
    : null
  return {
    sanctions: sanctions.length ? 'hit' : 'clear',
    pep: pep === null ? 'not_configured' : pep.length ? 'hit' : 'clear',
    hits: [...sanctions, ...(pep ?? [])],
  }
}

/** A legal person's (a shareholder's) sanctions hits by IČO and name, the engine's own (the five best). */
function companyHits(built: BuiltScreening, ico: string | null, name: string): Hit[] {
  return built.engine.screenCompany({ ...(ico ? { ico } : {}), name }, { limit: 5 })
}

function companyScreening(built: BuiltScreening | undefined, hits: Hit[], say: Say): PersonScreening {
  if (!built) return { sanctions: 'not_checked', pep: 'not_checked', hits: [] }
  // PEP status belongs to natural persons only.
  return { sanctions: hits.length ? 'hit' : 'clear', pep: 'clear', hits: hits.map((h) => hitView(h, say)) }
}

const RegisterPartySchema = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('person'), Type.Literal('company')]),
  role: nullable(
    Type.String({ description: 'the function (jednatel, člen představenstva …) or the heading' }),
  ),
  birth_date: nullable(Type.String()),
  citizenship: nullable(Type.String()),
  ico: nullable(Type.String()),
  share_pct: nullable(
    Type.Number({ description: 'a shareholder’s share, % (null when the register gives none)' }),
  ),
  since: nullable(Type.String()),
  screening: PersonScreeningSchema,
})
export type RegisterParty = {
  name: string
  kind: 'person' | 'company'
  role: string | null
  birth_date: string | null
  citizenship: string | null
  ico: string | null
  share_pct: number | null
  since: string | null
  screening: PersonScreening
}

export const PublicRegisterSchema = Type.Object(
  {
    statutory_bodies: Type.Array(RegisterPartySchema),
    shareholders: Type.Array(RegisterPartySchema),
  },
  {
    description:
      'the current members of the statutory bodies and the shareholders from the public register (ARES, VR source), each screened',
  },
)
export type PublicRegisterView = { statutory_bodies: RegisterParty[]; shareholders: RegisterParty[] }

/** Splits "Jan Novák" as the register writes it: the last word is the surname. */
function nameParts(name: string): PersonToScreen {
  const words = name.trim().split(/\s+/)
  return words.length > 1
    ? { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] }
    : { name }
}

/** A party as the answer shows it, and what its sanctions hits mean in Czech law (readHits). */
function party(
  built: BuiltScreening | undefined,
  p: StatutoryMember | Shareholder,
  say: Say,
): { view: RegisterParty; reading: HitReading } {
  const person = { ...nameParts(p.name), birth_date: p.birth_date, nationality: p.citizenship }
  const hits = !built
    ? []
    : p.kind === 'person'
      ? personHits(built, person)
      : companyHits(built, p.ico, p.name)
  const screening =
    p.kind === 'person' ? personScreening(built, person, hits, say) : companyScreening(built, hits, say)
  return {
    view: {
      name: p.name,
      kind: p.kind,
      role: 'role' in p ? p.role : p.body,
      birth_date: p.birth_date,
      citizenship: p.citizenship,
      ico: p.ico,
      share_pct: 'share_pct' in p ? p.share_pct : null,
      since: p.since,
      screening,
    },
    reading: readHits(hits),
  }
}

/**
 * Every statutory-body member and shareholder of a public-register record, screened; `reading`
 * says for each party shown what its sanctions hits mean (a match that freezes, or a possible match).
 */
export function screenRegister(
  built: BuiltScreening | undefined,
  record: PublicRegisterRecord,
  say: Say,
): { view: PublicRegisterView; reading: (p: RegisterParty) => HitReading } {
  const readings = new Map<RegisterParty, HitReading>()
  const screened = (p: StatutoryMember | Shareholder) => {
    const one = party(built, p, say)
    readings.set(one.view, one.reading)
    return one.view
  }
  const view = {
    statutory_bodies: record.statutory_bodies.map(screened),
    shareholders: record.shareholders.map(screened),
  }
  return { view, reading: (p) => readings.get(p) ?? readHits([]) }
}
