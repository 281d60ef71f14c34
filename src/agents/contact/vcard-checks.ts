/**
 * The checks of vcard_export, each a named function that fills part of a card and returns the
 * issues it found (what it left out and why) or the rules it applied (with their register
 * sources). The agent builds each card, places the addresses, then joins the cards.
 */
import { createHash } from 'node:crypto'
import { checkEmailSyntax } from '../../engines/contacts/email.ts'
import { parseName } from '../../engines/contacts/names.ts'
import { parsePhone } from '../../engines/contacts/phone.ts'
import type { VcardContact } from '../../engines/contacts/vcard.ts'
import { AppError, errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { lawRule, today } from './shared.ts'

/** A stable UUID (version 5 layout, SHA-1) from the contact's identity, so re-exports update, not duplicate. */
function stableUuid(seed: string): string {
  const h = createHash('sha1').update(seed).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const hex = h.subarray(0, 16).toString('hex')
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

interface NormalizedAddress {
  street: string | null
  house_number: string | null
  orientation_number: string | null
  psc: string | null
  municipality: string | null
  region: string | null
  psc_known: boolean
  psc_matches_municipality: boolean | null
  issues: string[]
}

export interface Issue {
  index: number
  field: string
  issue: string
}

interface Contact {
  name?: string
  email?: string
  phone?: string
  organization?: string
  title?: string
  url?: string
  note?: string
  ico?: string
}

/** The formatted name and N's parts: titles before, given names, surname, titles after. */
function nameFields(card: VcardContact, name: string): void {
  const n = parseName(name)
  card.full_name = [...n.given_names, n.surname].join(' ')
  if (n.titles_before.length) card.full_name = `${n.titles_before.join(' ')} ${card.full_name}`
  if (n.titles_after.length) card.full_name += `, ${n.titles_after.join(', ')}`
  card.surname = n.surname
  card.given_names = n.given_names
  card.titles_before = n.titles_before
  card.titles_after = n.titles_after
}

/** The e-mail when its syntax is valid; otherwise left out, saying why. */
function emailField(card: VcardContact, email: string, index: number, say: Say): Issue[] {
  const e = checkEmailSyntax(email)
  if (e.valid) {
    card.emails = [{ value: e.address, type: 'work' }]
    return []
  }
  return [
    { index, field: 'email', issue: say({ cs: `vynecháno: ${e.reason_cs}`, en: `left out: ${e.reason}` }) },
  ]
}

/** The phone as an E.164 tel: URI (a mobile as cell) when valid for its country; otherwise left out. */
function phoneField(card: VcardContact, phone: string, country: string, index: number, say: Say): Issue[] {
  const p = parsePhone(phone, country)
  if (p.ok && p.valid) {
    card.phones = [{ value: p.e164, type: p.type === 'mobile' ? 'cell' : 'voice' }]
    return []
  }
  return [
    {
      index,
      field: 'phone',
      issue: say({
        cs: `vynecháno: ${p.ok ? 'číslo není pro svou zemi platné' : p.reason}`,
        en: `left out: ${p.ok ? 'not a valid number for its country' : p.reason}`,
      }),
    },
  ]
}

/** One contact's card (all but its address), with what was left out of it. */
export function cardOf(
  c: Contact,
  index: number,
  country: string,
  say: Say,
): { card: VcardContact; issues: Issue[] } {
  const label = c.name ?? c.organization ?? c.email
  if (!label) throw errors.invalid(`contacts/${index}/name`, 'required (or organization or email)')
  const card: VcardContact = {
    full_name: label,
    uid: stableUuid(`${c.name ?? ''}|${c.email ?? ''}|${c.phone ?? ''}|${c.organization ?? ''}`),
  }
  const issues: Issue[] = []
  if (c.name) nameFields(card, c.name)
  if (c.organization) card.organization = c.organization
  if (c.title) card.title = c.title
  if (c.email) issues.push(...emailField(card, c.email, index, say))
  if (c.phone) issues.push(...phoneField(card, c.phone, country, index, say))
  if (c.url) card.url = c.url
  if (c.note) card.note = c.note
  if (c.ico) card.note = `${card.note ? `${card.note}\n` : ''}IČO ${c.ico}`
  return { card, issues }
}

/**
 * The address split into street, PSČ, municipality and region by the agent that owns Czech
 * address rules, against the RÚIAN gazetteer; kept as one line, saying why, when it cannot be placed.
 */
export async function placeAddress(
  ctx: AgentContext,
  card: VcardContact,
  address: string,
  index: number,
): Promise<{ placed: boolean; issues: Issue[] }> {
  const say = ctx.say
  try {
    const a = (await ctx.call('data', 'address_normalizer', { address })) as NormalizedAddress
    if (a.psc_known && a.psc_matches_municipality !== false && a.municipality) {
      const numbers = [a.house_number, a.orientation_number].filter(Boolean).join('/')
      card.address = {
        street: [a.street, numbers].filter(Boolean).join(' '),
        locality: a.municipality,
        region: a.region ?? '',
        postal_code: a.psc ?? '',
        country: 'Česká republika',
      }
      return { placed: true, issues: [] }
    }
    card.address = { street: address }
    return {
      placed: false,
      issues: [
        {
          index,
          field: 'address',
          issue: say({
            cs: `ponecháno na jednom řádku: ${a.issues.join('; ') || 'nenalezeno v místopisu'}`,
            en: `kept as one line: ${a.issues.join('; ') || 'not placed in the gazetteer'}`,
          }),
        },
      ],
    }
  } catch (error) {
    card.address = { street: address }
    const why = error instanceof AppError ? error.code : 'failed'
    return {
      placed: false,
      issues: [
        {
          index,
          field: 'address',
          issue: say({
            cs: `ponecháno na jednom řádku: data/address_normalizer ${why}`,
            en: `kept as one line: data/address_normalizer ${why}`,
          }),
        },
      ],
    }
  }
}

/** The rules of the cards (RFC 6350) and of the addresses placed in the RÚIAN gazetteer. */
export function cardRules(
  ctx: AgentContext,
  cards: number,
  placed: number,
  addresses: number,
): AppliedRule[] {
  const say = ctx.say
  return [
    lawRule(
      say({
        cs: 'vCard 4.0: FN, N (příjmení; jméno; další jména; tituly před; tituly za), TEL jako tel: URI, ADR',
        en: 'vCard 4.0: FN, N (surname; given; additional; prefixes; suffixes), TEL as tel: URI, ADR',
      }),
      cite(today(ctx), 'rfc-6350'),
      say({ cs: `vizitek: ${cards}`, en: `${cards} cards` }),
    ),
    lawRule(
      say({
        cs: 'escapování textu a zalamování řádků po 75 oktetech s CRLF',
        en: 'text escaping and 75-octet line folding with CRLF',
      }),
      cite(today(ctx), 'rfc-6350'),
    ),
    lawRule(
      say({
        cs: 'česká adresa ověřená v místopisu PSČ z RÚIAN',
        en: 'Czech address checked against the RÚIAN postcode gazetteer',
      }),
      cite(today(ctx), 'ruian-psc'),
      say({
        cs: `umístěno ${placed} z ${addresses} (data/address_normalizer)`,
        en: `${placed} of ${addresses} placed (data/address_normalizer)`,
      }),
    ),
  ]
}
