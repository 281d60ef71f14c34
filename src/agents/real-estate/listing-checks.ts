/**
 * The checks of listing_analyzer, each a named function over the ad that returns the rules it
 * applied (with their register sources), what it found and the flags it raised. The agent runs
 * them in order: the patterns, the language model for what they missed, the energy class, scam
 * phrases, the valuation against comparables, then whether the text is a listing at all.
 */
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'

export interface Extracted {
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
    /\b(novostavba|po\s{1,3}rekonstrukci|před\s{1,3}rekonstrukcí|k\s{1,3}rekonstrukci|ve\s{1,3}velmi\s{1,3}dobrém\s{1,3}stavu|v\s{1,3}dobrém\s{1,3}stavu|developerský\s{1,3}projekt)/i.exec(
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

/** The documented patterns over the ad. */
export function patternExtraction(
  text: string,
  at: string,
  say: Say,
): { extracted: Extracted; rule: AppliedRule } {
  return {
    extracted: extractByRules(text),
    rule: {
      rule: say({
        cs: 'Vytěžení pokojů, plochy, ceny, podlaží, vlastnictví, stavu a energetické třídy podle vzorů',
        en: 'Pattern extraction of rooms, area, price, floor, ownership, condition, energy class',
      }),
      ...cite(at, 'method-listing-extraction'),
      outcome: say({ cs: 'hotovo', en: 'done' }),
    },
  }
}

/**
 * What the patterns missed (rooms, area, price, locality) asked of the configured language model,
 * unless only the rules are wanted; a failed model leaves the patterns' answer and its error.
 */
export async function modelFill(
  text: string,
  extracted: Extracted,
  wanted: 'auto' | 'rules',
  ctx: AgentContext,
  at: string,
): Promise<{
  extracted: Extracted
  filled: string[]
  method: 'rules' | 'llm'
  llmError: string | undefined
  rules: AppliedRule[]
}> {
  const say = ctx.say
  const out = {
    extracted,
    filled: [] as string[],
    method: 'rules' as 'rules' | 'llm',
    llmError: undefined as string | undefined,
    rules: [] as AppliedRule[],
  }
  const missing = (['disposition', 'area_m2', 'price', 'locality'] as const).filter(
    (k) => extracted[k] === null,
  )
  if (wanted !== 'auto' || missing.length === 0 || !ctx.deps.llm.configured) return out
  try {
    const more = await fillByLlm(text, [...missing], ctx)
    const filled = Object.keys(more)
    return {
      ...out,
      extracted: { ...extracted, ...more },
      filled,
      method: filled.length ? 'llm' : 'rules',
      rules: [
        {
          rule: say({
            cs: 'Údaje, které vzory nenašly, doplněné jazykovým modelem',
            en: 'Fields the patterns missed asked of the language model',
          }),
          ...cite(at, 'method-listing-extraction'),
          outcome: `${filled.join(', ') || say({ cs: 'nic nenalezeno', en: 'none found' })} (${ctx.deps.llm.model})`,
        },
      ],
    }
  } catch (error) {
    return { ...out, llmError: error instanceof Error ? error.message : String(error) }
  }
}

/** An ad for the sale or lease of a building or unit must state its energy class (§ 7a). */
export function energyClassCheck(
  energyClass: string | null,
  at: string,
  say: Say,
): { flags: string[]; rule: AppliedRule } {
  return {
    flags: energyClass
      ? []
      : [say({ cs: 'energetická třída neuvedena (PENB)', en: 'no energy class stated (PENB)' })],
    rule: {
      rule: say({
        cs: 'Inzerát na prodej nebo pronájem budovy či jednotky musí uvádět třídu energetické náročnosti',
        en: 'An ad for the sale or lease of a building or unit must state its energy performance class',
      }),
      ...cite(at, 'cz-406-2000-s7a'),
      outcome: energyClass
        ? say({ cs: `třída ${energyClass}`, en: `class ${energyClass}` })
        : say({ cs: 'chybí', en: 'missing' }),
    },
  }
}

/** Advance-payment fraud phrases: payment in advance, the owner abroad, keys sent by post. */
export function scamPhrases(
  text: string,
  at: string,
  say: Say,
): { count: number; flags: string[]; rule: AppliedRule } {
  const scam = SCAM_PHRASES.filter((re) => re.test(text))
  return {
    count: scam.length,
    flags: scam.length
      ? [
          say({
            cs: 'fráze o platbě předem nebo majiteli v zahraničí typické pro podvody s pronájmy a prodeji',
            en: 'advance payment or remote-owner phrases typical of rental and sale scams',
          }),
        ]
      : [],
    rule: {
      rule: say({
        cs: 'Podvodné fráze: platba předem, majitel v zahraničí, klíče poštou',
        en: 'Scam phrases: advance payment, owner abroad, keys sent by post',
      }),
      ...cite(at, 'method-scam-phrases'),
      outcome: say({ cs: `nalezeno: ${scam.length}`, en: `${scam.length} found` }),
    },
  }
}

/** The asking price against the market estimate (property_valuation), when the ad can be placed. */
export async function valuationCheck(
  position: { latitude?: number; longitude?: number },
  extracted: Extracted,
  ctx: AgentContext,
  at: string,
): Promise<{
  valuation?: { estimate: number | null; price_vs_estimate: number | null; comparables: number }
  sources: SourceStatus[]
  flags: string[]
  rules: AppliedRule[]
}> {
  const say = ctx.say
  if (position.latitude === undefined || position.longitude === undefined || !extracted.area_m2)
    return { sources: [], flags: [], rules: [] }
  try {
    const v = (await ctx.call('real-estate', 'property_valuation', {
      latitude: position.latitude,
      longitude: position.longitude,
      area_m2: extracted.area_m2,
      ...(extracted.disposition ? { disposition: extracted.disposition } : {}),
      ...(extracted.price ? { property_value: extracted.price } : {}),
    })) as { estimate: number | null; offered_vs_estimate: number | null; comparables: number }
    return {
      valuation: {
        estimate: v.estimate,
        price_vs_estimate: v.offered_vs_estimate,
        comparables: v.comparables,
      },
      sources: [{ name: 'real-estate/property_valuation', status: 'ok' }],
      rules: [
        {
          rule: say({
            cs: 'Cena inzerátu proti tržnímu odhadu z nabídkových cen; pod 70 % odhadu je příznak',
            en: 'The asking price against the market estimate from asking prices; below 70 % of it is a flag',
          }),
          ...cite(at, 'method-asking-price-valuation'),
          outcome:
            v.offered_vs_estimate === null
              ? say({ cs: 'bez odhadu', en: 'no estimate' })
              : say({ cs: `${v.offered_vs_estimate} × odhad`, en: `${v.offered_vs_estimate} × estimate` }),
        },
      ],
      flags:
        v.offered_vs_estimate !== null && v.offered_vs_estimate < 0.7
          ? [
              say({
                cs: 'cena pod 70 % srovnatelných nabídek',
                en: 'price below 70 % of comparable listings',
              }),
            ]
          : [],
    }
  } catch (error) {
    return {
      sources: [
        {
          name: 'real-estate/property_valuation',
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        },
      ],
      flags: [],
      rules: [],
    }
  }
}

/** A text with neither rooms, area nor price is not judged as a listing. */
export function recognisedCheck(extracted: Extracted, say: Say): { recognised: boolean; flags: string[] } {
  const recognised = extracted.disposition !== null || extracted.area_m2 !== null || extracted.price !== null
  return {
    recognised,
    flags: recognised
      ? []
      : [
          say({
            cs: 'text nebyl rozpoznán jako inzerát: chybí dispozice, plocha i cena',
            en: 'the text is not recognised as a listing: no rooms, area or price',
          }),
        ],
  }
}
