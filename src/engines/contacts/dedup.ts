/**
 * Duplicate contacts: records are linked when they share a normalised e-mail address, a
 * telephone number in E.164, the IČO of the party itself, or the same person's name (titles
 * dropped, diacritics and case folded, word order ignored) at the same organisation or e-mail
 * domain. Links are transitive (union–find), so A=B by e-mail and B=C by phone puts A, B and C in
 * one group. `identityKeys` gives the first three as keys a store can index, so a table keeps
 * deduplicating against records it already holds.
 */
import { checkIco } from '../czech/identifiers.ts'
import { checkEmailSyntax, isFreeMail } from './email.ts'
import { parseName } from './names.ts'
import { parsePhone } from './phone.ts'
import { fold } from './text.ts'

export interface DedupInput {
  name?: string
  email?: string
  phone?: string
  organization?: string
  /** IČO: the party's own (a company, or a sole trader named by `name`), or its organisation's. */
  ico?: string
}

export interface DedupLink {
  a: number
  b: number
  rule: 'same_email' | 'same_phone' | 'same_ico' | 'same_name_and_organization'
  key: string
}

// Gmail ignores dots in the local part and everything after "+" (Google Account Help, "Dots don't
// matter in Gmail addresses").
const DOTLESS = new Set(['gmail.com', 'googlemail.com'])

export function emailKey(email: string): string | undefined {
  const check = checkEmailSyntax(email)
  if (!check.valid) return undefined
  let local = check.local.toLowerCase()
  let domain = check.ascii_domain
  if (DOTLESS.has(domain)) {
    local = local.split('+')[0]!.replace(/\./g, '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}

function phoneKey(phone: string, defaultCountry = 'CZ'): string | undefined {
  const p = parsePhone(phone, defaultCountry)
  return p.ok && p.valid ? p.e164 : undefined
}

function nameKey(name: string): string | undefined {
  const parsed = parseName(name)
  const words = [...parsed.given_names, parsed.surname].map(fold).filter(Boolean).sort()
  return words.length >= 2 ? words.join(' ') : undefined
}

/**
 * The IČO key of a record whose IČO identifies the record itself: a company (no personal name
 * apart from the organisation) or a sole trader (a name and no organisation). A person listed at a
 * company carries the company's IČO, which every colleague shares, so it links nobody.
 */
function icoKey(r: DedupInput): string | undefined {
  if (!r.ico) return undefined
  const check = checkIco(r.ico)
  if (!check.valid) return undefined
  const name = r.name ? fold(r.name).replace(/[^a-z0-9]/g, '') : ''
  const org = r.organization ? fold(r.organization).replace(/[^a-z0-9]/g, '') : ''
  return !name || !org || name === org ? check.value : undefined
}

export type IdentityRule = 'same_email' | 'same_phone' | 'same_ico'

/**
 * The keys that make two records one party on their own: the e-mail key, the E.164 number and
 * the party's own IČO, each prefixed with its kind ("email:", "phone:", "ico:"). Several e-mails
 * or phones of one record each give a key.
 */
export function identityKeys(
  r: Omit<DedupInput, 'email' | 'phone'> & { email?: string | string[]; phone?: string | string[] },
  defaultCountry = 'CZ',
): { key: string; rule: IdentityRule }[] {
  const out: { key: string; rule: IdentityRule }[] = []
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])
  for (const email of list(r.email)) {
    const e = emailKey(email)
    if (e) out.push({ key: `email:${e}`, rule: 'same_email' })
  }
  for (const phone of list(r.phone)) {
    const p = phoneKey(phone, defaultCountry)
    if (p) out.push({ key: `phone:${p}`, rule: 'same_phone' })
  }
  const ico = icoKey({ ...r, email: undefined, phone: undefined } as DedupInput)
  if (ico) out.push({ key: `ico:${ico}`, rule: 'same_ico' })
  return out.filter((k, i) => out.findIndex((o) => o.key === k.key) === i)
}

function orgKey(r: DedupInput): string | undefined {
  if (r.organization) return `org:${fold(r.organization).replace(/[^a-z0-9]/g, '')}`
  const e = r.email ? checkEmailSyntax(r.email) : undefined
  // A free-mail domain (gmail.com, seznam.cz) says nothing about where a person works.
  return e?.valid && !isFreeMail(e.ascii_domain) ? `domain:${e.ascii_domain}` : undefined
}

export function findDuplicates(
  records: DedupInput[],
  defaultCountry = 'CZ',
): { groups: number[][]; links: DedupLink[] } {
  const parent = records.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  const links: DedupLink[] = []
  const seen = new Map<string, number>()
  const link = (key: string, i: number, rule: DedupLink['rule']) => {
    const first = seen.get(key)
    if (first === undefined) {
      seen.set(key, i)
      return
    }
    links.push({ a: first, b: i, rule, key: key.slice(key.indexOf(':') + 1) })
    const ra = find(first)
    const rb = find(i)
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  records.forEach((r, i) => {
    for (const { key, rule } of identityKeys(r, defaultCountry)) link(key, i, rule)
    const n = r.name ? nameKey(r.name) : undefined
    const o = orgKey(r)
    if (n && o) link(`name:${n}|${o}`, i, 'same_name_and_organization')
  })
  const byRoot = new Map<number, number[]>()
  records.forEach((_, i) => {
    const root = find(i)
    const list = byRoot.get(root)
    if (list) list.push(i)
    else byRoot.set(root, [i])
  })
  return { groups: [...byRoot.values()], links }
}
