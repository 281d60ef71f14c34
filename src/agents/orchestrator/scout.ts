import { Type } from 'typebox'
import { checkEmailSyntax } from '../../engines/contacts/email.ts'
import { parsePhone } from '../../engines/contacts/phone.ts'
import { checkDic, checkIco } from '../../engines/czech/identifiers.ts'
import { type GuardedResponse, isEgressRefused } from '../../kit/egress.ts'
import { errors } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import { PartialSchema, RulesSchema, rule, SourcesSchema } from '../contact/shared.ts'
import { type AgentContext, type AppliedRule, defineAgent } from '../types.ts'

/** Pages the scout reads are at most this large (bytes, raw and decoded), like its `html` input. */
export const SCOUT_MAX_PAGE_BYTES = 2 * 1024 * 1024
const MAX_REDIRECTS = 3

/**
 * Fetches a page through the kit's egress guard (public addresses only, each redirect checked, size
 * and time capped). The caller's own URL breaking a rule is an input error (4xx); anything after it
 * (a redirect into a private address, an error status, a timeout) is a failed source.
 */
async function fetchPage(url: URL, ctx: AgentContext): Promise<{ html: string; final: URL }> {
  let res: GuardedResponse
  try {
    res = await ctx.deps.web.fetch(url, {
      maxBytes: SCOUT_MAX_PAGE_BYTES,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
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

export function extractFacts(html: string, base: URL): PageFacts {
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
      icos.set(ico, c.valid ? { ico, valid: true } : { ico, valid: false, reason: c.reason })
  }
  const dics = new Map<string, { dic: string; valid: boolean; reason?: string }>()
  for (const m of text.matchAll(/\bDIČ(?:\s*:)?\s*(CZ\s?\d{8,10})\b/gi)) {
    if (dics.size >= MAX_CANDIDATES) break
    const dic = m[1]!.replace(/\s/g, '').toUpperCase()
    const c = checkDic(dic)
    if (!dics.has(dic))
      dics.set(dic, c.valid ? { dic, valid: true } : { dic, valid: false, reason: c.reason })
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

export const scout = defineAgent({
  service: 'orchestrator',
  name: 'scout',
  description:
    "Investigates a company's web page: fetches it (public addresses only, timeouts, at most 3 redirects each checked) or reads given HTML, and extracts the e-mail addresses, telephone numbers (E.164), IČO and DIČ it publishes with their checksums, and links to contact pages; each valid IČO is then looked up through data/ares_lookup. Says which source failed and returns what it found.",
  input: Type.Object(
    {
      url: Type.Optional(
        Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://', description: 'page to read' }),
      ),
      html: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 2_000_000,
          description: 'page already fetched (then url is only its address)',
        }),
      ),
      lookup_ares: Type.Optional(
        Type.Boolean({ default: true, description: 'look up each valid IČO in ARES' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    url: Type.Union([Type.String(), Type.Null()]),
    fetched: Type.Boolean(),
    title: Type.Union([Type.String(), Type.Null()]),
    emails: Type.Array(Type.String()),
    phones: Type.Array(Type.Object({ e164: Type.String(), as_written: Type.String(), type: Type.String() })),
    icos: Type.Array(
      Type.Object({ ico: Type.String(), valid: Type.Boolean(), reason: Type.Optional(Type.String()) }),
    ),
    dics: Type.Array(
      Type.Object({ dic: Type.String(), valid: Type.Boolean(), reason: Type.Optional(Type.String()) }),
    ),
    contact_pages: Type.Array(Type.String()),
    companies: Type.Array(Type.Object({}, { additionalProperties: true })),
    partial: PartialSchema,
    sources: SourcesSchema,
    rules_applied: RulesSchema,
  }),
  examples: [
    {
      title: 'A contact page given as HTML',
      input: {
        url: 'https://www.firma.cz/kontakt',
        lookup_ares: false,
        html: '<html><head><title>Kontakt | Firma s.r.o.</title></head><body><p>Firma s.r.o., IČO: 27074358, DIČ: CZ27074358</p><p>Tel.: +420 602 123 456, <a href="mailto:info@firma.cz">info@firma.cz</a></p><a href="/o-nas">O nás</a></body></html>',
      },
    },
    {
      title: 'A page with a mistyped IČO and an obfuscated address',
      input: {
        lookup_ares: false,
        html: '<p>IČ 27074357</p><p>obchod&#64;stavby-brno.cz, tel. 541 123 456</p>',
      },
    },
  ],
  async run(input, ctx) {
    if (input.url === undefined && input.html === undefined) throw errors.invalid('url', 'required (or html)')
    let base: URL
    try {
      base = new URL(input.url ?? 'http://localhost/')
    } catch {
      throw errors.invalid('url', 'must be an absolute http(s) URL')
    }
    const sources: { source: string; status: 'ok' | 'failed' | 'skipped'; detail?: string }[] = []
    const applied: AppliedRule[] = []
    let html = input.html
    let fetched = false
    if (html === undefined) {
      try {
        const page = await fetchPage(base, ctx)
        html = page.html
        base = page.final
        fetched = true
        sources.push({ source: 'web', status: 'ok', detail: base.toString() })
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        sources.push({ source: 'web', status: 'failed', detail: error.message })
      }
      applied.push(
        rule(
          'only public addresses are fetched; every redirect hop is checked',
          'OWASP SSRF Prevention Cheat Sheet',
          undefined,
          fetched ? 'fetched' : 'not fetched',
        ),
      )
    } else sources.push({ source: 'web', status: 'skipped', detail: 'html given' })
    const facts = html === undefined ? extractFacts('', base) : extractFacts(html, base)
    const companies: Record<string, unknown>[] = []
    if (input.lookup_ares !== false) {
      for (const { ico } of facts.icos.filter((i) => i.valid).slice(0, 3)) {
        try {
          const company = (await ctx.call('data', 'ares_lookup', { ico })) as Record<string, unknown>
          companies.push(company)
          // A partial ARES answer (registry unreachable, stale cache) counts as a failed source.
          sources.push(
            company.partial === true
              ? { source: 'data/ares_lookup', status: 'failed', detail: `${ico}: answered partially` }
              : { source: 'data/ares_lookup', status: 'ok', detail: ico },
          )
        } catch (error) {
          sources.push({
            source: 'data/ares_lookup',
            status: 'failed',
            detail: `${ico}: ${(error as Error).message}`,
          })
        }
      }
    }
    applied.push(
      rule(
        'IČO mod-11 check digit',
        'ČSÚ, identifikační číslo osoby',
        undefined,
        `${facts.icos.filter((i) => i.valid).length} of ${facts.icos.length} valid`,
      ),
      rule(
        'DIČ = CZ + IČO or birth number',
        'zákon 280/2009 Sb. § 130',
        '2011-01-01',
        `${facts.dics.length} found`,
      ),
      rule(
        'telephone numbers kept when valid for their country (E.164)',
        'ITU-T E.164; libphonenumber metadata',
        undefined,
        `${facts.phones.length} kept`,
      ),
      rule(
        'e-mail addresses kept when their syntax is valid',
        'RFC 5322 § 3.4.1',
        undefined,
        `${facts.emails.length} kept`,
      ),
    )
    return {
      url: input.url ?? null,
      fetched,
      ...facts,
      companies,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: applied,
    }
  },
})
