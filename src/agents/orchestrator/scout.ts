import { Type } from 'typebox'
import { extractFacts, fetchPage } from '../../engines/scout/page.ts'
import { errors } from '../../kit/errors.ts'
import { UpstreamError } from '../../kit/http.ts'
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AgentContext, type AppliedRule, defineAgent } from '../types.ts'

/** The page reading lives in the engine (the router's scout dossier reads pages the same way). */
export { extractFacts, findEmails } from '../../engines/scout/page.ts'

type Facts = ReturnType<typeof extractFacts>

/** What a check of the page found: its rules and the sources it asked. */
interface Check {
  rules: AppliedRule[]
  sources: SourceStatus[]
}

/** The page: the HTML given, or fetched through the egress guard (public addresses, each redirect checked). */
async function readPage(
  input: { url?: string; html?: string },
  base: URL,
  ctx: AgentContext,
): Promise<Check & { html: string | undefined; base: URL; fetched: boolean }> {
  if (input.html !== undefined)
    return {
      html: input.html,
      base,
      fetched: false,
      rules: [],
      sources: [{ name: 'web', status: 'skipped', error: 'html given' }],
    }
  let html: string | undefined
  let fetched = false
  const sources: SourceStatus[] = []
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
  const rule = lawRule(
    ctx.say({
      cs: 'stahují se jen veřejné adresy; každé přesměrování se ověří',
      en: 'only public addresses are fetched; every redirect hop is checked',
    }),
    cite(today(ctx), 'method-egress-guard'),
    fetched ? ctx.say({ cs: 'staženo', en: 'fetched' }) : ctx.say({ cs: 'nestaženo', en: 'not fetched' }),
  )
  return { html, base, fetched, rules: [rule], sources }
}

/** Each valid IČO (at most 3) looked up through data/ares_lookup; a partial answer is a failed source. */
async function lookUpCompanies(
  facts: Facts,
  ctx: AgentContext,
): Promise<Check & { companies: Record<string, unknown>[] }> {
  const companies: Record<string, unknown>[] = []
  const sources: SourceStatus[] = []
  const icos = facts.icos.filter((i) => i.valid).slice(0, 3)
  for (const { ico } of icos) {
    try {
      const company = (await ctx.call('data', 'ares_lookup', { ico })) as Record<string, unknown>
      companies.push(company)
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
  const rules =
    icos.length === 0
      ? []
      : [
          lawRule(
            ctx.say({
              cs: 'každé platné IČO (nejvýše 3) vyhledáno v ARES',
              en: 'each valid IČO (at most 3) looked up in ARES',
            }),
            cite(today(ctx), 'mf-ares'),
            ctx.say({
              cs: `nalezeno ${companies.filter((c) => c.found === true).length} z ${icos.length}`,
              en: `${companies.filter((c) => c.found === true).length} of ${icos.length} found`,
            }),
          ),
        ]
  return { companies, rules, sources }
}

/** The rules the extraction applied: the identifiers' checksums, the phones, the addresses, and their nature. */
function factRules(facts: Facts, ctx: AgentContext): AppliedRule[] {
  const say = ctx.say
  const at = today(ctx)
  const validIcos = facts.icos.filter((i) => i.valid).length
  const validDics = facts.dics.filter((d) => d.valid).length
  return [
    lawRule(
      say({ cs: 'kontrolní číslice IČO mod 11', en: 'IČO mod-11 check digit' }),
      cite(at, 'cz-111-2009-s24'),
      say({
        cs: `platných ${validIcos} z ${facts.icos.length}`,
        en: `${validIcos} of ${facts.icos.length} valid`,
      }),
    ),
    lawRule(
      say({ cs: 'DIČ = CZ + IČO nebo rodné číslo', en: 'DIČ = CZ + IČO or birth number' }),
      cite(at, 'cz-280-2009-s130'),
      say({
        cs: `platných ${validDics} z ${facts.dics.length}`,
        en: `${validDics} of ${facts.dics.length} valid`,
      }),
    ),
    lawRule(
      say({
        cs: 'telefonní čísla ponechána, jsou-li platná pro svou zemi (E.164)',
        en: 'telephone numbers kept when valid for their country (E.164)',
      }),
      cite(at, 'itu-e164', 'method-libphonenumber'),
      say({ cs: `ponecháno: ${facts.phones.length}`, en: `${facts.phones.length} kept` }),
    ),
    lawRule(
      say({
        cs: 'e-mailové adresy ponechány, je-li jejich syntaxe platná',
        en: 'e-mail addresses kept when their syntax is valid',
      }),
      cite(at, 'rfc-5322'),
      say({ cs: `ponecháno: ${facts.emails.length}`, en: `${facts.emails.length} kept` }),
    ),
    lawRule(
      say({
        cs: 'e-mail nebo telefon jmenované osoby je osobní údaj: kdo ho převezme, potřebuje právní základ a osobu informuje',
        en: "a named person's e-mail or phone is personal data: whoever takes it over needs a lawful basis and informs the person",
      }),
      cite(at, 'eu-2016-679-art6', 'eu-2016-679-art14'),
      say({
        cs: `kontaktních údajů: ${facts.emails.length + facts.phones.length}`,
        en: `${facts.emails.length + facts.phones.length} contact details`,
      }),
    ),
  ]
}

/**
 * The page's verdict: `review` when an identifier it publishes fails its checksum (it names no
 * company), `incomplete` when nothing on it could be recognised, else `informational`.
 */
function pageVerdict(r: Facts): 'review' | 'incomplete' | 'informational' {
  if (r.icos.some((i) => !i.valid) || r.dics.some((d) => !d.valid)) return 'review'
  const found = r.emails.length + r.phones.length + r.icos.length + r.dics.length + r.contact_pages.length
  return found === 0 ? 'incomplete' : 'informational'
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
  }),
  verdict: {
    explain:
      '`review` when an IČO or DIČ on the page fails its checksum; `incomplete` when nothing on it could be recognised (no e-mail, phone, IČO, DIČ or contact page) or the page could not be read; else `informational`',
    of: pageVerdict,
  },
  law: [
    'method-egress-guard',
    'mf-ares',
    'cz-111-2009-s24',
    'cz-280-2009-s130',
    'itu-e164',
    'method-libphonenumber',
    'rfc-5322',
    'eu-2016-679-art6',
    'eu-2016-679-art14',
  ],
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
    const page = await readPage(input, base, ctx)
    const facts = extractFacts(page.html ?? '', page.base, ctx.lang)
    const ares =
      input.lookup_ares !== false
        ? await lookUpCompanies(facts, ctx)
        : { companies: [], rules: [], sources: [] }
    const sources = [...page.sources, ...ares.sources]
    return {
      url: input.url ?? null,
      fetched: page.fetched,
      ...facts,
      companies: ares.companies,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [...page.rules, ...factRules(facts, ctx), ...ares.rules],
    }
  },
})
