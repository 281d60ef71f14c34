/**
 * E-mail address rules without the network: syntax (RFC 5321 size limits, RFC 5322 dot-atom local
 * part, LDH domain labels, IDN domains through their ASCII form), candidate addresses for a person
 * at a domain from the usual corporate patterns, pattern inference from known addresses, and
 * classification of a domain or mailbox (disposable via mailchecker, free-mail, role mailboxes).
 * Rule tables live in data/reference/contact-email-rules.json.
 */
import { domainToASCII } from 'node:url'
import mailchecker from 'mailchecker'
import rules from '../../../data/reference/contact-email-rules.json' with { type: 'json' }
import { slug } from './text.ts'

export const EMAIL_RULES = rules

/** A rejected address says why in English (`reason`, the API's error messages) and in Czech (`reason_cs`). */
export type SyntaxCheck =
  | { valid: true; address: string; local: string; domain: string; ascii_domain: string }
  | { valid: false; reason: string; reason_cs: string }

const bad = (reason: string, reason_cs: string): SyntaxCheck => ({ valid: false, reason, reason_cs })

// RFC 5322 § 3.2.3 atext, without quoted strings (which real mailboxes do not use).
const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

export function checkEmailSyntax(input: string): SyntaxCheck {
  const address = input.trim()
  const at = address.lastIndexOf('@')
  if (at <= 0 || at === address.length - 1)
    return bad('must be local-part@domain', 'musí mít tvar místní-část@doména')
  const local = address.slice(0, at)
  const domain = address.slice(at + 1).toLowerCase()
  if (local.length > rules.limits.local_part_max)
    return bad(
      `local part longer than ${rules.limits.local_part_max} characters`,
      `místní část je delší než ${rules.limits.local_part_max} znaků`,
    )
  const atoms = local.split('.')
  if (atoms.some((a) => a.length === 0))
    return bad('local part has an empty dot segment', 'místní část má prázdný úsek mezi tečkami')
  if (!atoms.every((a) => ATOM.test(a)))
    return bad('local part has a character not allowed', 'místní část obsahuje nepovolený znak')
  const ascii = domainToASCII(domain)
  if (!ascii) return bad('domain is not a valid host name', 'doména není platný název hostitele')
  if (ascii.length > rules.limits.domain_max)
    return bad(
      `domain longer than ${rules.limits.domain_max} characters`,
      `doména je delší než ${rules.limits.domain_max} znaků`,
    )
  const labels = ascii.split('.')
  if (labels.length < 2) return bad('domain needs a top-level domain', 'doméně chybí doména nejvyššího řádu')
  if (!labels.every((l) => LABEL.test(l)))
    return bad(
      'domain label is not letters, digits and hyphens',
      'část domény není jen z písmen, číslic a pomlček',
    )
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1)!))
    return bad('top-level domain is not alphabetic', 'doména nejvyššího řádu není z písmen')
  const full = `${local}@${ascii}`
  if (full.length > rules.limits.address_max)
    return bad(
      `address longer than ${rules.limits.address_max} characters`,
      `adresa je delší než ${rules.limits.address_max} znaků`,
    )
  return { valid: true, address: `${local}@${domain}`, local, domain, ascii_domain: ascii }
}

/** Host name syntax only (for domains given without an address). */
export function checkDomain(
  input: string,
): { valid: true; domain: string } | { valid: false; reason: string; reason_cs: string } {
  const domain = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .split(/[/?#]/, 1)[0]!
    .replace(/\.$/, '')
  const check = checkEmailSyntax(`x@${domain}`)
  return check.valid
    ? { valid: true, domain: check.ascii_domain }
    : { valid: false, reason: check.reason, reason_cs: check.reason_cs }
}

export interface NameParts {
  first: string
  last: string
}

/** Placeholder values of the templates: first, last, f (first initial), l (last initial). */
function tokens(name: NameParts): Record<string, string> {
  const first = slug(name.first)
  const last = slug(name.last)
  return { first, last, f: first.slice(0, 1), l: last.slice(0, 1) }
}

function applyPattern(template: string, name: NameParts): string {
  const t = tokens(name)
  return template.replace(/\{(first|last|f|l)\}/g, (_, k: string) => t[k] ?? '')
}

export interface Candidate {
  pattern: string
  local: string
}

/** Candidate local parts for a person, in the order of `patternOrder` (known patterns first). */
export function candidateLocals(name: NameParts, patternOrder: string[]): Candidate[] {
  const byId = new Map(rules.patterns.map((p) => [p.id, p.template]))
  const seen = new Set<string>()
  const out: Candidate[] = []
  for (const id of patternOrder) {
    const template = byId.get(id)
    if (!template) continue
    const local = applyPattern(template, name)
    if (local.length === 0 || seen.has(local)) continue
    seen.add(local)
    out.push({ pattern: id, local })
  }
  return out
}

export const DEFAULT_PATTERN_ORDER: string[] = rules.patterns.map((p) => p.id)

/** Which patterns produce a known address's local part for its owner's name. */
export function matchingPatterns(name: NameParts, local: string): string[] {
  const target = local.toLowerCase()
  return rules.patterns.filter((p) => applyPattern(p.template, name) === target).map((p) => p.id)
}

const disposable = mailchecker.blacklist() as Set<string>

/** True when the domain, or a parent of it, is a known throw-away mail provider (mailchecker list). */
export function disposableMatch(domain: string): string | undefined {
  const labels = domain.toLowerCase().split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.')
    if (disposable.has(candidate)) return candidate
  }
  return undefined
}

export const DISPOSABLE_LIST_SIZE = disposable.size

const freeMail = new Set(rules.free_mail_domains)
export function isFreeMail(domain: string): boolean {
  return freeMail.has(domain.toLowerCase())
}

const roleIndex = new Map<string, string>()
for (const [role, names] of Object.entries(rules.role_mailboxes))
  for (const n of names) roleIndex.set(n, role)

/** The function of a role mailbox ("fakturace" → finance), or undefined for a personal one. */
export function roleOfMailbox(local: string): string | undefined {
  const base = local.toLowerCase().split('+')[0]!
  return roleIndex.get(base) ?? roleIndex.get(base.replace(/[._-]/g, ''))
}
