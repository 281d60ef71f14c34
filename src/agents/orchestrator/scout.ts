import { Type } from 'typebox'
import { extractFacts, fetchPage } from '../../engines/scout/page.ts'
import { errors } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import { rule } from '../contact/shared.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'

/** The page reading lives in the engine (the router's scout dossier reads pages the same way). */
export { extractFacts, findEmails } from '../../engines/scout/page.ts'

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
  }),
  verdict: 'informational',
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
    const say = ctx.say
    if (input.url === undefined && input.html === undefined) throw errors.invalid('url', 'required (or html)')
    let base: URL
    try {
      base = new URL(input.url ?? 'http://localhost/')
    } catch {
      throw errors.invalid('url', 'must be an absolute http(s) URL')
    }
    const sources: SourceStatus[] = []
    const applied: AppliedRule[] = []
    let html = input.html
    let fetched = false
    if (html === undefined) {
      try {
        const page = await fetchPage(ctx.deps.web, base)
        html = page.html
        base = page.final
        fetched = true
        sources.push({ name: 'web', status: 'ok' })
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error
        sources.push({ name: 'web', status: 'failed', error: error.message })
      }
      applied.push(
        rule(
          say({
            cs: 'stahují se jen veřejné adresy; každé přesměrování se ověří',
            en: 'only public addresses are fetched; every redirect hop is checked',
          }),
          'OWASP SSRF Prevention Cheat Sheet',
          undefined,
          fetched ? say({ cs: 'staženo', en: 'fetched' }) : say({ cs: 'nestaženo', en: 'not fetched' }),
        ),
      )
    } else sources.push({ name: 'web', status: 'skipped', error: 'html given' })
    const facts = extractFacts(html ?? '', base, ctx.lang)
    const companies: Record<string, unknown>[] = []
    if (input.lookup_ares !== false) {
      for (const { ico } of facts.icos.filter((i) => i.valid).slice(0, 3)) {
        try {
          const company = (await ctx.call('data', 'ares_lookup', { ico })) as Record<string, unknown>
          companies.push(company)
          // A partial ARES answer (registry unreachable, stale cache) counts as a failed source.
          sources.push(
            company.partial === true
              ? { name: 'data/ares_lookup', status: 'failed', error: `${ico}: answered partially` }
              : { name: 'data/ares_lookup', status: 'ok' },
          )
        } catch (error) {
          sources.push({
            name: 'data/ares_lookup',
            status: 'failed',
            error: `${ico}: ${(error as Error).message}`,
          })
        }
      }
    }
    applied.push(
      rule(
        say({ cs: 'kontrolní číslice IČO mod 11', en: 'IČO mod-11 check digit' }),
        'ČSÚ, identifikační číslo osoby',
        undefined,
        say({
          cs: `platných ${facts.icos.filter((i) => i.valid).length} z ${facts.icos.length}`,
          en: `${facts.icos.filter((i) => i.valid).length} of ${facts.icos.length} valid`,
        }),
      ),
      rule(
        say({ cs: 'DIČ = CZ + IČO nebo rodné číslo', en: 'DIČ = CZ + IČO or birth number' }),
        'zákon 280/2009 Sb. § 130',
        '2011-01-01',
        say({ cs: `nalezeno: ${facts.dics.length}`, en: `${facts.dics.length} found` }),
      ),
      rule(
        say({
          cs: 'telefonní čísla ponechána, jsou-li platná pro svou zemi (E.164)',
          en: 'telephone numbers kept when valid for their country (E.164)',
        }),
        'ITU-T E.164; libphonenumber metadata',
        undefined,
        say({ cs: `ponecháno: ${facts.phones.length}`, en: `${facts.phones.length} kept` }),
      ),
      rule(
        say({
          cs: 'e-mailové adresy ponechány, je-li jejich syntaxe platná',
          en: 'e-mail addresses kept when their syntax is valid',
        }),
        'RFC 5322 § 3.4.1',
        undefined,
        say({ cs: `ponecháno: ${facts.emails.length}`, en: `${facts.emails.length} kept` }),
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
