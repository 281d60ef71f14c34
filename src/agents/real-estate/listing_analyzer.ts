import { Type } from 'typebox'
import { NullableNumber, NullableString } from '../../engines/reference/schema.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Extracted {
  disposition: string | null
  area_m2: number | null
  price: number | null
  locality: string | null
  floor: number | null
  ownership: string | null
  condition: string | null
  construction: string | null
  energy_class: string | null
  features: string[]
}

/** "cihlového domu" → "cihlová"; the adjective's case ending varies with the sentence. */
function constructionOf(word: string): string {
  const w = word.toLowerCase()
  if (w.startsWith('cihl')) return 'cihlová'
  if (w.startsWith('panel')) return 'panelová'
  if (w.startsWith('skelet')) return 'skeletová'
  return 'dřevostavba'
}

const num = (s: string) => Number(s.replace(/[\s\u00a0.]/g, '').replace(',', '.'))

/** The documented rule-based extraction: patterns for Czech listing texts (Sreality, Bezrealitky style). */
function extractByRules(text: string): Extracted {
  const t = text.replace(/\u00a0/g, ' ')
  const disposition = /\b(\d)\s*\+\s*(kk|\d)\b/i.exec(t)
  const area = /(\d{2,4}(?:[.,]\d+)?)\s*(?:m²|m2|m\^2|metrů\s+čtverečních)/i.exec(t)
  const price = /(\d{1,3}(?:[ .]\d{3}){1,3}|\d{5,10})\s*(?:,-\s*)?(?:Kč|CZK)/i.exec(t)
  const floor = /(\d{1,2})\.\s*(?:podlaží|patro|NP)/i.exec(t)
  const locality =
    /\b(Praha\s{1,3}\d{1,2}(?:\s{0,3}[-–]\s{0,3}[\p{Lu}][\p{L}-]{1,40})?|Brno(?:\s{0,3}[-–]\s{0,3}[\p{Lu}][\p{L}-]{1,40})?|Ostrava(?:\s{0,3}[-–]\s{0,3}[\p{Lu}][\p{L}-]{1,40})?|Plzeň(?:\s{0,3}[-–]\s{0,3}[\p{Lu}][\p{L}-]{1,40})?)/u.exec(
      t,
    )
  const ownership = /\b(osobní|družstevní|státní|obecní)\s+vlastnictví/i.exec(t)
  const condition =
    /\b(novostavba|po\s+rekonstrukci|před\s+rekonstrukcí|k\s+rekonstrukci|ve\s+velmi\s+dobrém\s+stavu|v\s+dobrém\s+stavu|developerský\s+projekt)/i.exec(
      t,
    )
  const construction =
    /\b(cihlov\p{L}{0,10}|panelov\p{L}{0,10}|skeletov\p{L}{0,10}|dřevostavb\p{L}{0,10})/iu.exec(t)
  const energy =
    /(?:[Ee]nergetick\p{L}{0,10}\s{1,5}náročnost\p{L}{0,10}(?:\s{1,5}budovy)?|PENB)[\s:,-]{0,10}(?:(?:třída|tř\.|kategorie)\s{0,3})?([A-G])\b/u.exec(
      t,
    )
  const features: string[] = []
  for (const [label, re] of [
    ['balcony', /balkon|balkón/i],
    ['loggia', /lodži|lodžie/i],
    ['terrace', /teras/i],
    ['cellar', /sklep/i],
    ['elevator', /výtah/i],
    ['parking', /parkov|garáž|garážové\s+stání/i],
  ] as const) {
    if (re.test(t)) features.push(label)
  }
  return {
    disposition: disposition ? `${disposition[1]}+${disposition[2]!.toLowerCase()}` : null,
    area_m2: area ? num(area[1]!) : null,
    price: price ? num(price[1]!) : null,
    locality: locality ? locality[1]!.replace(/\s{0,3}[-–]\s{0,3}/, ' - ') : null,
    floor: floor ? Number(floor[1]) : null,
    ownership: ownership ? ownership[1]!.toLowerCase() : null,
    condition: condition ? condition[1]!.toLowerCase().replace(/\s+/g, ' ') : null,
    construction: construction ? constructionOf(construction[1]!) : null,
    energy_class: energy ? energy[1]!.toUpperCase() : null,
    features,
  }
}

const SCAM_PHRASES = [
  /záloh\p{L}{0,10}\s{1,5}předem/iu,
  /pošlete\s+(peníze|zálohu)/iu,
  /western\s+union/i,
  /jsem\s+v\s+zahraničí/iu,
  /klíče\s+(vám\s+)?pošlu/iu,
]

async function fillByLlm(
  text: string,
  missing: (keyof Extracted)[],
  ctx: AgentContext,
): Promise<Partial<Extracted>> {
  const { text: answer } = await ctx.deps.llm.complete({
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      {
        role: 'system',
        content: `Extract from a Czech real-estate ad. Answer JSON only with these keys (null when the ad does not say): ${missing.join(', ')}. disposition like "2+kk", area_m2 and price (CZK) as numbers.`,
      },
      { role: 'user', content: text },
    ],
  })
  const parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, '')) as Record<string, unknown>
  const out: Partial<Extracted> = {}
  if (typeof parsed.disposition === 'string' && /^\d\+(kk|\d)$/.test(parsed.disposition))
    out.disposition = parsed.disposition
  if (typeof parsed.area_m2 === 'number' && parsed.area_m2 > 5 && parsed.area_m2 < 2000)
    out.area_m2 = parsed.area_m2
  if (typeof parsed.price === 'number' && parsed.price > 10_000) out.price = parsed.price
  if (typeof parsed.locality === 'string' && parsed.locality.trim()) out.locality = parsed.locality.trim()
  return out
}

export const listingAnalyzer = defineAgent({
  service: 'real-estate',
  name: 'listing_analyzer',
  description:
    'Turns the text of a flat-for-sale ad into structured data (rooms, area, price, price per m², locality, floor, ownership, condition, construction, energy class, features) by documented patterns, asks the configured language model only for what the patterns missed, flags a missing energy class and advance-payment scam phrases, and values the ad against comparables when coordinates are given.',
  input: Type.Object(
    {
      text: Type.String({ minLength: 10, maxLength: 50_000, description: 'title and description of the ad' }),
      latitude: Type.Optional(Type.Number({ minimum: 48.5, maximum: 51.1 })),
      longitude: Type.Optional(Type.Number({ minimum: 12, maximum: 18.9 })),
      method: Type.Optional(Type.Union([Type.Literal('auto'), Type.Literal('rules')])),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    method: Type.Union([Type.Literal('rules'), Type.Literal('llm')]),
    listing: Type.Object({
      disposition: NullableString(),
      area_m2: NullableNumber(),
      price: NullableNumber(),
      price_per_m2: NullableNumber(),
      locality: NullableString(),
      floor: NullableNumber(),
      ownership: NullableString(),
      condition: NullableString(),
      construction: NullableString(),
      energy_class: NullableString(),
      features: Type.Array(Type.String()),
    }),
    filled_by_llm: Type.Array(Type.String()),
    flags: Type.Array(Type.String()),
    valuation: Type.Optional(
      Type.Object({
        estimate: NullableNumber(),
        price_vs_estimate: NullableNumber(),
        comparables: Type.Integer(),
      }),
    ),
    llm_error: Type.Optional(Type.String()),
    recognised: Type.Boolean({
      description:
        'false when neither the room count, the area nor the price could be read: the text is not judged',
    }),
    scam_phrases: Type.Integer({ description: 'advance-payment fraud phrases found' }),
  }),
  verdict: {
    explain:
      '`review` when the text is not recognised as a listing (no rooms, area or price found) or uses advance-payment fraud phrases; else `informational` (incomplete when the valuation failed)',
    of: (r) => (!r.recognised || r.scam_phrases > 0 ? 'review' : 'informational'),
  },
  law: [
    'method-listing-extraction',
    'cz-406-2000-s7a',
    'method-scam-phrases',
    'method-asking-price-valuation',
  ],
  examples: [
    {
      title: 'Sreality-style ad for a Smíchov 2+kk',
      input: {
        method: 'rules',
        text:
          'Prodej bytu 2+kk 54 m², Praha 5 - Smíchov. Cena 8 490 000 Kč. Byt ve 3. podlaží cihlového domu s výtahem, po rekonstrukci, ' +
          'osobní vlastnictví, balkon a sklep. Průkaz energetické náročnosti budovy: třída C.',
      },
    },
    {
      title: 'Too-good ad asking for an advance payment, no energy class',
      input: {
        method: 'rules',
        text: 'Prodám byt 3+1, 78 m2, Brno - Žabovřesky za 2 900 000 Kč. Jsem v zahraničí, klíče vám pošlu po zaplacení zálohy předem.',
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = ctx.now.toISOString().slice(0, 10)
    const rules: AppliedRule[] = []
    const sources: SourceStatus[] = []
    const extracted = extractByRules(input.text)
    rules.push({
      rule: say({
        cs: 'Vytěžení pokojů, plochy, ceny, podlaží, vlastnictví, stavu a energetické třídy podle vzorů',
        en: 'Pattern extraction of rooms, area, price, floor, ownership, condition, energy class',
      }),
      ...cite(at, 'method-listing-extraction'),
      outcome: say({ cs: 'hotovo', en: 'done' }),
    })
    const filled: string[] = []
    let method: 'rules' | 'llm' = 'rules'
    let llmError: string | undefined
    const missing = (['disposition', 'area_m2', 'price', 'locality'] as const).filter(
      (k) => extracted[k] === null,
    )
    if ((input.method ?? 'auto') === 'auto' && missing.length > 0 && ctx.deps.llm.configured) {
      try {
        const more = await fillByLlm(input.text, [...missing], ctx)
        for (const [k, v] of Object.entries(more)) {
          ;(extracted as unknown as Record<string, unknown>)[k] = v
          filled.push(k)
        }
        if (filled.length) method = 'llm'
        rules.push({
          rule: say({
            cs: 'Údaje, které vzory nenašly, doplněné jazykovým modelem',
            en: 'Fields the patterns missed asked of the language model',
          }),
          ...cite(at, 'method-listing-extraction'),
          outcome: `${filled.join(', ') || say({ cs: 'nic nenalezeno', en: 'none found' })} (${ctx.deps.llm.model})`,
        })
      } catch (error) {
        llmError = error instanceof Error ? error.message : String(error)
      }
    }
    const flags: string[] = []
    if (!extracted.energy_class)
      flags.push(say({ cs: 'energetická třída neuvedena (PENB)', en: 'no energy class stated (PENB)' }))
    rules.push({
      rule: say({
        cs: 'Inzerát na prodej nebo pronájem budovy či jednotky musí uvádět třídu energetické náročnosti',
        en: 'An ad for the sale or lease of a building or unit must state its energy performance class',
      }),
      ...cite(at, 'cz-406-2000-s7a'),
      outcome: extracted.energy_class
        ? say({ cs: `třída ${extracted.energy_class}`, en: `class ${extracted.energy_class}` })
        : say({ cs: 'chybí', en: 'missing' }),
    })
    const scam = SCAM_PHRASES.filter((re) => re.test(input.text))
    if (scam.length)
      flags.push(
        say({
          cs: 'fráze o platbě předem nebo majiteli v zahraničí typické pro podvody s pronájmy a prodeji',
          en: 'advance payment or remote-owner phrases typical of rental and sale scams',
        }),
      )
    rules.push({
      rule: say({
        cs: 'Podvodné fráze: platba předem, majitel v zahraničí, klíče poštou',
        en: 'Scam phrases: advance payment, owner abroad, keys sent by post',
      }),
      ...cite(at, 'method-scam-phrases'),
      outcome: say({ cs: `nalezeno: ${scam.length}`, en: `${scam.length} found` }),
    })
    const ppm2 = extracted.price && extracted.area_m2 ? Math.round(extracted.price / extracted.area_m2) : null

    let valuation:
      | { estimate: number | null; price_vs_estimate: number | null; comparables: number }
      | undefined
    if (input.latitude !== undefined && input.longitude !== undefined && extracted.area_m2) {
      try {
        const v = (await ctx.call('real-estate', 'property_valuation', {
          latitude: input.latitude,
          longitude: input.longitude,
          area_m2: extracted.area_m2,
          ...(extracted.disposition ? { disposition: extracted.disposition } : {}),
          ...(extracted.price ? { property_value: extracted.price } : {}),
        })) as { estimate: number | null; offered_vs_estimate: number | null; comparables: number }
        valuation = {
          estimate: v.estimate,
          price_vs_estimate: v.offered_vs_estimate,
          comparables: v.comparables,
        }
        sources.push({ name: 'real-estate/property_valuation', status: 'ok' })
        rules.push({
          rule: say({
            cs: 'Cena inzerátu proti tržnímu odhadu z nabídkových cen; pod 70 % odhadu je příznak',
            en: 'The asking price against the market estimate from asking prices; below 70 % of it is a flag',
          }),
          ...cite(at, 'method-asking-price-valuation'),
          outcome:
            v.offered_vs_estimate === null
              ? say({ cs: 'bez odhadu', en: 'no estimate' })
              : say({ cs: `${v.offered_vs_estimate} × odhad`, en: `${v.offered_vs_estimate} × estimate` }),
        })
        if (v.offered_vs_estimate !== null && v.offered_vs_estimate < 0.7)
          flags.push(
            say({ cs: 'cena pod 70 % srovnatelných nabídek', en: 'price below 70 % of comparable listings' }),
          )
      } catch (error) {
        sources.push({
          name: 'real-estate/property_valuation',
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    const recognised =
      extracted.disposition !== null || extracted.area_m2 !== null || extracted.price !== null
    if (!recognised)
      flags.push(
        say({
          cs: 'text nebyl rozpoznán jako inzerát: chybí dispozice, plocha i cena',
          en: 'the text is not recognised as a listing: no rooms, area or price',
        }),
      )
    return {
      method,
      listing: { ...extracted, price_per_m2: ppm2 },
      recognised,
      scam_phrases: scam.length,
      filled_by_llm: filled,
      flags,
      ...(valuation ? { valuation } : {}),
      ...(llmError ? { llm_error: llmError } : {}),
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
