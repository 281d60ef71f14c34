/**
 * The screening subject as clients send it (POST /api/aml/screen/complete, CSV rows, agents) and
 * how it maps onto the engine: a person by name (and birth date, nationality), a company by IČO
 * and/or name.
 */
import type { Hit, ScreeningEngine, ScreenOptions } from './engine.ts'

/**
 * A person: `last_name` (with `first_name` when there is one; a mononym has none), or one `name`
 * string in any order when the parts are not known apart.
 */
export interface PersonSubject {
  first_name?: string
  last_name?: string
  name?: string
  birth_date?: string
  nationality?: string
  country?: string
}

export interface CompanySubject {
  ico?: string
  company_name?: string
  country?: string
}

export type Subject = PersonSubject | CompanySubject

export function isPerson(s: Subject): s is PersonSubject {
  const p = s as PersonSubject
  return typeof p.last_name === 'string' || typeof p.name === 'string' || typeof p.first_name === 'string'
}

/** Sanctions hits of one subject. */
export function screenSubject(engine: ScreeningEngine, subject: Subject, opts: ScreenOptions = {}): Hit[] {
  if (isPerson(subject)) {
    const countries = [subject.nationality, subject.country].filter((c): c is string => !!c)
    return engine.screenPerson(
      {
        ...(subject.name !== undefined ? { name: subject.name } : {}),
        ...(subject.first_name !== undefined ? { firstName: subject.first_name } : {}),
        ...(subject.last_name !== undefined ? { lastName: subject.last_name } : {}),
        ...(subject.birth_date ? { birthDate: subject.birth_date } : {}),
        countries,
      },
      opts,
    )
  }
  return engine.screenCompany(
    {
      ...(subject.ico ? { ico: subject.ico } : {}),
      ...(subject.company_name ? { name: subject.company_name } : {}),
      ...(subject.country ? { country: subject.country } : {}),
    },
    opts,
  )
}

/** A one-line label of a subject, for reports and logs. */
export function subjectLabel(s: Subject): string {
  if (isPerson(s)) return (s.name ?? `${s.first_name ?? ''} ${s.last_name ?? ''}`).trim()
  return [s.company_name, s.ico ? `IČO ${s.ico}` : ''].filter(Boolean).join(', ')
}
