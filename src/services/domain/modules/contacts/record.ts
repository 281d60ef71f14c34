/**
 * A contact record before it is stored: what a caller or a file may give (`RawContact`), the check
 * that turns it into a `CheckedContact` or names the field and the rule (IČO checksum, e-mail
 * syntax and phone number through the contact engine, coordinates in range), and what the store
 * derives from it: the keys it is found and merged by, and its folded search text.
 */
import { normalizeName } from '../../../../engines/aml/normalize.ts'
import { emailKey, identityKeys } from '../../../../engines/contacts/dedup.ts'
import { checkEmailSyntax } from '../../../../engines/contacts/email.ts'
import { parsePhone } from '../../../../engines/contacts/phone.ts'
import { fold, squish } from '../../../../engines/contacts/text.ts'
import { checkIco } from '../../../../engines/czech/identifiers.ts'

export const CONTACT_KINDS = ['person', 'company'] as const
export type ContactKind = (typeof CONTACT_KINDS)[number]

/** Longest values kept (characters): the request schema and the import check the same limits. */
export const LIMITS = { name: 200, company: 200, ico: 12, email: 254, phone: 40, address: 300, source: 100 }

/** A contact as a caller or a file gives it: text as written, before any check. */
export interface RawContact {
  kind?: string | undefined
  name?: string | undefined
  company?: string | undefined
  ico?: string | undefined
  email?: string | string[] | undefined
  phone?: string | string[] | undefined
  address?: string | undefined
  latitude?: number | string | undefined
  longitude?: number | string | undefined
}

/** A contact that passed `checkContact`: normalised values, ready to save. */
export interface CheckedContact {
  kind: ContactKind
  name: string
  company: string | null
  /** Eight digits. */
  ico: string | null
  /** Local part as written, domain in lower case. */
  emails: string[]
  /** E.164. */
  phones: string[]
  address: string | null
  latitude: number | null
  longitude: number | null
}

export type ContactCheck = { ok: true; contact: CheckedContact } | { ok: false; field: string; rule: string }

const list = (v: string | string[] | undefined): string[] =>
  (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean)

/** A decimal number written with a point or a comma (Czech "50,0755"), or undefined. */
function decimal(v: number | string | undefined): number | undefined {
  if (v === undefined) return undefined
  if (typeof v === 'number') return v
  const t = v.trim().replace(',', '.')
  if (t === '') return undefined
  return /^[-+]?\d{1,3}(\.\d+)?$/.test(t) ? Number(t) : Number.NaN
}

/** Whether a name without a separate company is a company's: it carries a legal form (s.r.o., a.s., GmbH …). */
function isCompanyName(name: string): boolean {
  return normalizeName(name, { company: true }).legalForm !== undefined
}

/**
 * Checks and normalises one contact: a name or a company; the IČO's mod-11 check digit; each
 * e-mail's syntax (RFC 5321/5322); each phone as a valid number (Czech when it has no country
 * code) in E.164; latitude and longitude together and in range; lengths within LIMITS. The
 * failure names the field and the rule.
 */
export function checkContact(raw: RawContact): ContactCheck {
  const fail = (field: string, rule: string): ContactCheck => ({ ok: false, field, rule })
  for (const field of ['name', 'company', 'ico', 'address'] as const) {
    const v = raw[field]
    if (v !== undefined && v.length > LIMITS[field]) return fail(field, `at most ${LIMITS[field]} characters`)
  }
  let name = squish(raw.name ?? '')
  let company: string | null = squish(raw.company ?? '') || null
  if (!name && !company) return fail('name', 'a name or a company is required')
  let kind: ContactKind
  if (raw.kind !== undefined) {
    if (!(CONTACT_KINDS as readonly string[]).includes(raw.kind)) return fail('kind', 'person or company')
    kind = raw.kind as ContactKind
  } else if (!name || (company && fold(name) === fold(company))) kind = 'company'
  else kind = !company && isCompanyName(name) ? 'company' : 'person'
  // A company is named by its own name; `company` is only the employer of a person.
  if (!name) {
    name = company!
    company = null
  }
  if (kind === 'company' && company && fold(company) === fold(name)) company = null

  let ico: string | null = null
  if (raw.ico !== undefined && raw.ico.trim() !== '') {
    const check = checkIco(raw.ico)
    if (!check.valid) return fail('ico', check.reason)
    ico = check.value
  }
  const emails: string[] = []
  for (const e of list(raw.email)) {
    if (e.length > LIMITS.email) return fail('email', `at most ${LIMITS.email} characters`)
    const check = checkEmailSyntax(e)
    if (!check.valid) return fail('email', check.reason)
    if (!emails.some((x) => emailKey(x) === emailKey(check.address))) emails.push(check.address)
  }
  const phones: string[] = []
  for (const p of list(raw.phone)) {
    if (p.length > LIMITS.phone) return fail('phone', `at most ${LIMITS.phone} characters`)
    const parsed = parsePhone(p, 'CZ')
    if (!parsed.ok) return fail('phone', parsed.reason)
    if (!parsed.valid) return fail('phone', 'not a valid number in its country’s numbering plan')
    if (!phones.includes(parsed.e164)) phones.push(parsed.e164)
  }
  const latitude = decimal(raw.latitude)
  const longitude = decimal(raw.longitude)
  if ((latitude === undefined) !== (longitude === undefined))
    return fail(latitude === undefined ? 'latitude' : 'longitude', 'latitude and longitude together')
  if (latitude !== undefined && !(latitude >= -90 && latitude <= 90))
    return fail('latitude', 'a number within −90..90')
  if (longitude !== undefined && !(longitude >= -180 && longitude <= 180))
    return fail('longitude', 'a number within −180..180')
  return {
    ok: true,
    contact: {
      kind,
      name,
      company,
      ico,
      emails,
      phones,
      address: squish(raw.address ?? '') || null,
      latitude: latitude ?? null,
      longitude: longitude ?? null,
    },
  }
}

/**
 * The keys a contact is found by: the engine's identity keys, or, for a record with none of them,
 * the folded record itself (so that importing it again still finds it).
 */
export function contactKeys(c: CheckedContact): string[] {
  const keys = identityKeys({
    name: c.name,
    email: c.emails,
    phone: c.phones,
    ...(c.company ? { organization: c.company } : {}),
    ...(c.ico ? { ico: c.ico } : {}),
  }).map((k) => k.key)
  if (keys.length > 0) return keys
  return [`record:${[c.name, c.company ?? '', c.address ?? ''].map((v) => fold(v)).join('|')}`]
}

/** Digits a number is searched by: E.164 without "+", and the national number of a Czech one. */
function phoneTerms(e164: string): string[] {
  const p = parsePhone(e164)
  return p.ok ? [e164, p.national_number] : [e164]
}

/** One line per value, folded: a search term never spans two values (terms hold no line break). */
export function searchText(
  r: { name: string; company: string | null; ico: string | null },
  emails: string[],
  phones: string[],
): string {
  return [
    r.name,
    r.company ?? '',
    r.ico ?? '',
    ...emails.flatMap((e) => [e, emailKey(e) ?? '']),
    ...phones.flatMap(phoneTerms),
  ]
    .map((v) => fold(v))
    .filter(Boolean)
    .join('\n')
}
