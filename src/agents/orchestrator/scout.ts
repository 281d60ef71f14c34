import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { Type } from 'typebox'
import { checkEmailSyntax } from '../../engines/contacts/email.ts'
import { parsePhone } from '../../engines/contacts/phone.ts'
import { checkDic, checkIco } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import { HttpClient, UpstreamError } from '../../kit/http.ts'
import { PartialSchema, RulesSchema, rule, SourcesSchema } from '../contact/shared.ts'
import { type AgentContext, type AppliedRule, defineAgent } from '../types.ts'

// Addresses a page fetch must never reach unless WEB_FETCH_ALLOW_PRIVATE is set (SSRF guard).
const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/** The private address a URL's host resolves to, if any (an allowed host or WEB_FETCH_ALLOW_PRIVATE skips the check). */
async function privateAddress(url: URL, web: AgentContext['deps']['web']): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (web.allowPrivate || web.allowHosts.includes(host)) return undefined
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => [])
  const hit = addresses.find((a) => PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'))
  return hit ? `${host} is ${hit.address}` : undefined
}

const MAX_REDIRECTS = 3

async function fetchPage(url: URL, ctx: AgentContext): Promise<{ html: string; final: URL }> {
  const client = new HttpClient({
    source: 'web',
    baseUrl: url.origin,
    timeoutMs: ctx.deps.web.timeoutMs,
    retries: 1,
    backoffMs: 100,
    cacheTtlMs: 10 * 60_000,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    // Redirects are followed here, one by one, so each hop passes the address check.
    fetch: (input, init) => fetch(input, { ...init, redirect: 'manual' }),
  })
  let current = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const blocked = await privateAddress(current, ctx.deps.web)
    // The caller's own URL is an input error; a redirect there is the site's doing: a failed source.
    if (blocked && hop === 0) throw errors.invalid('url', `must point to a public address (${blocked})`)
    if (blocked)
      throw new UpstreamError(
        'web',
        'invalid_response',
        `redirected to a private address (${blocked}), not followed`,
      )
    const res = await client.request<string>(current.toString(), {
      method: 'GET',
      responseType: 'text',
      acceptStatus: [301, 302, 303, 307, 308],
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    })
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      current = new URL(location, current)
      continue
    }
    return { html: res.data, final: current }
  }
  throw new UpstreamError('web', 'invalid_response', `more than ${MAX_REDIRECTS} redirects`)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&([a-z]+);/gi, (m, n: string) => ENTITIES[n.toLowerCase()] ?? m)
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
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]
  const hrefs = [...html.matchAll(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi)].map(
    (m) => ({ href: decode(m[1]!), label: m[2]! }),
  )
  const text = decode(
    html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ')
  const emails = new Set<string>()
  for (const h of hrefs)
    if (/^mailto:/i.test(h.href)) emails.add(decodeURIComponent(h.href.slice(7).split('?')[0]!))
  for (const m of text.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,24}/g)) emails.add(m[0])
  const validEmails = [...emails]
    .map((e) => checkEmailSyntax(e))
    .filter((c) => c.valid && !/\.(png|jpe?g|gif|svg|webp)$/i.test(c.domain))
    .map((c) => (c.valid ? c.address : ''))
  const phones = new Map<string, { e164: string; as_written: string; type: string }>()
  const rawPhones = [
    ...hrefs.filter((h) => /^tel:/i.test(h.href)).map((h) => h.href.slice(4)),
    ...[
      ...text.matchAll(
        /(?:\+|00)420[\s\u00a0]?\d{3}[\s\u00a0]?\d{3}[\s\u00a0]?\d{3}|\b[2-9]\d{2}[\s\u00a0]\d{3}[\s\u00a0]\d{3}\b/g,
      ),
    ].map((m) => m[0]),
  ]
  for (const raw of rawPhones) {
    const p = parsePhone(raw)
    if (p.ok && p.valid && !phones.has(p.e164))
      phones.set(p.e164, { e164: p.e164, as_written: raw.trim(), type: p.type })
  }
  const icos = new Map<string, { ico: string; valid: boolean; reason?: string }>()
  for (const m of text.matchAll(/\bIČO?\s*:?\s*(\d{2}\s?\d{3}\s?\d{3}|\d{8})\b/gi)) {
    const c = checkIco(m[1]!.replace(/\s/g, ''))
    const ico = m[1]!.replace(/\s/g, '')
    if (!icos.has(ico))
      icos.set(ico, c.valid ? { ico, valid: true } : { ico, valid: false, reason: c.reason })
  }
  const dics = new Map<string, { dic: string; valid: boolean; reason?: string }>()
  for (const m of text.matchAll(/\bDIČ\s*:?\s*(CZ\s?\d{8,10})\b/gi)) {
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
