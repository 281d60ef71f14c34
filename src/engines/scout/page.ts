/**
 * Reading a company's web page: the page fetched through the kit's egress guard, and the contact
 * facts it publishes (e-mail addresses, telephone numbers, IČO and DIČ with their checksums, links
 * to contact pages). Shared by the orchestrator's scout agent and the router's scout dossier.
 */

import { type Egress, type GuardedResponse, isEgressRefused } from '../../kit/egress.ts'
import { UpstreamError } from '../../kit/http.ts'
import { checkEmailSyntax } from '../contacts/email.ts'
import { parsePhone } from '../contacts/phone.ts'
import { checkDic, checkIco } from '../czech/identifiers.ts'

/** Pages the scout reads are at most this large (bytes, raw and decoded), like its `html` input. */
const SCOUT_MAX_PAGE_BYTES = 2 * 1024 * 1024
const MAX_REDIRECTS = 3

/**
 * Fetches a page through the kit's egress guard (public addresses only, each redirect checked, size
 * and time capped). The caller's own URL breaking a rule is an input error (4xx); anything after it
 * (a redirect into a private address, an error status, a timeout) is a failed source.
 */
export async function fetchPage(
  web: Pick<Egress, 'fetch'>,
  url: URL,
  opts: { signal?: AbortSignal } = {},
): Promise<{ html: string; final: URL }> {
  let res: GuardedResponse
  try {
    res = await web.fetch(url, {
      maxBytes: SCOUT_MAX_PAGE_BYTES,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      ...(opts.signal ? { signal: opts.signal } : {}),
    })
  } catch (error) {
    if (!isEgressRefused(error)) throw error
    const own = error.details?.hop === undefined && error.status === 400
    if (own) throw error
    throw new UpstreamError('web', 'invalid_response', `${error.code.toUpperCase()}: ${error.message}`)
  }
  if (res.status < 200 || res.status >= 300)
    throw new UpstreamError('web', 'status', `answered HTTP ${res.status}`, res.status)
  return { html: res.text(), final: new URL(res.url) }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
function codePoint(value: number, raw: string): string {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : raw
}
function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]{1,6});/gi, (m, h: string) => codePoint(Number.parseInt(h, 16), m))
    .replace(/&#(\d{1,7});/g, (m, d: string) => codePoint(Number(d), m))
    .replace(/&([a-z]{2,8});/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m)
}

// Every scan below is linear in the page: each pattern's repeats stop at a character that ends
// the search ('<', '>', '@'), or the scan moves forward from where the last one stopped.

/** The HTML without <script> and <style> elements (an unclosed one runs to the end). */
function withoutScripts(html: string): string {
  const open = /<(script|style)\b/gi
  const parts: string[] = []
  let from = 0
  for (let m = open.exec(html); m; m = open.exec(html)) {
    parts.push(html.slice(from, m.index))
    const close = new RegExp(`</${m[1]}\\s*>`, 'gi')
    close.lastIndex = open.lastIndex
    const end = close.exec(html)
    if (!end) return `${parts.join(' ')} `
    from = close.lastIndex
    open.lastIndex = from
    parts.push(' ')
  }
  parts.push(html.slice(from))
  return parts.join('')
}

/** Text of the first <title> element. */
function titleOf(html: string): string | undefined {
  const open = /<title[^<>]*>/i.exec(html)
  if (!open) return undefined
  const close = /<\/title\s*>/gi
  close.lastIndex = open.index + open[0].length
  const end = close.exec(html)
  return end ? html.slice(open.index + open[0].length, end.index) : undefined
}

/** Longest link label kept (characters): labels only feed the contact-page test. */
const MAX_LABEL = 500

/** Every <a href> with the markup up to its closing tag. */
function anchors(html: string): { href: string; label: string }[] {
  const out: { href: string; label: string }[] = []
  const tag = /<a\s([^<>]*)>/gi
  const close = /<\/a\s*>/gi
  let closeAt = -1
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(m[1]!)
    const value = href?.[1] ?? href?.[2]
    if (!value) continue
    const start = tag.lastIndex
    // The first </a> after this tag; tags only move forward, so a later search never rescans.
    if (closeAt !== Number.POSITIVE_INFINITY && closeAt < start) {
      close.lastIndex = start
      closeAt = close.exec(html)?.index ?? Number.POSITIVE_INFINITY
    }
    if (closeAt === Number.POSITIVE_INFINITY) continue
    out.push({ href: decode(value), label: html.slice(start, Math.min(closeAt, start + MAX_LABEL)) })
  }
  return out
}

const LOCAL_PART = /[A-Za-z0-9._%+-]/
const DOMAIN_PART = /[A-Za-z0-9.-]/
const LETTER = /[A-Za-z]/
/** RFC 5321 § 4.5.3.1: local part ≤ 64 octets, domain ≤ 255. */
const MAX_LOCAL = 64
const MAX_DOMAIN = 255

/**
 * E-mail addresses written in text, as /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,24}/g finds
 * them, by a linear scan: from each '@', at most 64 characters back and 255 forward (longer runs
 * are no address), never back into the previous find.
 */
export function findEmails(text: string): string[] {
  const found: string[] = []
  let floor = 0
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', Math.max(at + 1, floor))) {
    let start = at
    while (start > floor && at - start < MAX_LOCAL && LOCAL_PART.test(text[start - 1]!)) start--
    if (start === at || (start > floor && LOCAL_PART.test(text[start - 1]!))) continue
    let end = at + 1
    while (end < text.length && end - at - 1 < MAX_DOMAIN && DOMAIN_PART.test(text[end]!)) end++
    if (end < text.length && DOMAIN_PART.test(text[end]!)) continue
    // The last '.' with at least one character before it and two letters after it ends the domain.
    let stop = -1
    for (let dot = end - 1; dot > at + 1; dot--) {
      if (text[dot] !== '.') continue
      let letters = 0
      while (letters < 24 && dot + 1 + letters < end && LETTER.test(text[dot + 1 + letters]!)) letters++
      if (letters >= 2) {
        stop = dot + 1 + letters
        break
      }
    }
    if (stop === -1) continue
    found.push(text.slice(start, stop))
    floor = stop
  }
  return found
}

/**
 * Distinct candidates checked per kind (e-mails, telephone numbers, IČO, DIČ): a contact page has a
 * handful; a page of thousands is a directory or an attack, and each check (libphonenumber) costs.
 */
const MAX_CANDIDATES = 200

function firstDistinct(values: string[]): string[] {
  const seen = new Set<string>()
  for (const v of values) {
    if (seen.size >= MAX_CANDIDATES) break
    seen.add(v)
  }
  return [...seen]
}

export interface PageFacts {
  title: string | null
  emails: string[]
  phones: { e164: string; as_written: string; type: string }[]
  icos: { ico: string; valid: boolean; reason?: string }[]
  dics: { dic: string; valid: boolean; reason?: string }[]
  contact_pages: string[]
}

/** Invalid IČO and DIČ candidates say why in `lang` (English unless asked for Czech). */
export function extractFacts(html: string, base: URL, lang: 'cs' | 'en' = 'en'): PageFacts {
  const title = titleOf(html)
  const hrefs = anchors(html)
  const text = decode(withoutScripts(html).replace(/<[^<>]*>/g, ' ')).replace(/\s+/g, ' ')
  const emails = new Set<string>()
  for (const h of hrefs)
    if (/^mailto:/i.test(h.href) && emails.size < MAX_CANDIDATES) {
      try {
        emails.add(decodeURIComponent(h.href.slice(7).split('?')[0]!))
      } catch {
        // A malformed %-escape: not an address.
      }
    }
  for (const email of findEmails(text)) if (emails.size < MAX_CANDIDATES) emails.add(email)
  const validEmails = [...emails]
    .map((e) => checkEmailSyntax(e))
    .filter((c) => c.valid && !/\.(png|jpe?g|gif|svg|webp)$/i.test(c.domain))
    .map((c) => (c.valid ? c.address : ''))
  const phones = new Map<string, { e164: string; as_written: string; type: string }>()
  const rawPhones = firstDistinct(
    [
      hrefs.filter((h) => /^tel:/i.test(h.href)).map((h) => h.href.slice(4)),
      [
        ...text.matchAll(
          /(?:\+|00)420[\s\u00a0]?\d{3}[\s\u00a0]?\d{3}[\s\u00a0]?\d{3}|\b[2-9]\d{2}[\s\u00a0]\d{3}[\s\u00a0]\d{3}\b/g,
        ),
      ].map((m) => m[0]),
    ].flat(),
  )
  for (const raw of rawPhones) {
    const p = parsePhone(raw)
    if (p.ok && p.valid && !phones.has(p.e164))
      phones.set(p.e164, { e164: p.e164, as_written: raw.trim(), type: p.type })
  }
  const icos = new Map<string, { ico: string; valid: boolean; reason?: string }>()
  for (const m of text.matchAll(/\bIČO?(?:\s*:)?\s*(\d{2}\s?\d{3}\s?\d{3}|\d{8})\b/gi)) {
    if (icos.size >= MAX_CANDIDATES) break
    const c = checkIco(m[1]!.replace(/\s/g, ''))
    const ico = m[1]!.replace(/\s/g, '')
    if (!icos.has(ico))
      icos.set(
        ico,
        c.valid
          ? { ico, valid: true }
          : { ico, valid: false, reason: lang === 'cs' ? c.reason_cs : c.reason },
      )
  }
  const dics = new Map<string, { dic: string; valid: boolean; reason?: string }>()
  for (const m of text.matchAll(/\bDIČ(?:\s*:)?\s*(CZ\s?\d{8,10})\b/gi)) {
    if (dics.size >= MAX_CANDIDATES) break
    const dic = m[1]!.replace(/\s/g, '').toUpperCase()
    const c = checkDic(dic)
    if (!dics.has(dic))
      dics.set(
        dic,
        c.valid
          ? { dic, valid: true }
          : { dic, valid: false, reason: lang === 'cs' ? c.reason_cs : c.reason },
      )
  }
  const contactPages = [
    ...new Set(
      hrefs
        .filter(
          (h) => /kontakt|contact|o-nas|about/i.test(h.href + h.label) && !/^(mailto|tel):/i.test(h.href),
        )
        .map((h) => {
          try {
            return new URL(h.href, base).toString()
          } catch {
            return ''
          }
        })
        .filter(Boolean),
    ),
  ].slice(0, 10)
  return {
    title: title ? decode(title).replace(/\s+/g, ' ').trim() : null,
    emails: validEmails,
    phones: [...phones.values()],
    icos: [...icos.values()],
    dics: [...dics.values()],
    contact_pages: contactPages,
  }
}
