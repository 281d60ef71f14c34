import { Type } from 'typebox'
import { NullableNumber, NullableString } from '../../engines/reference/schema.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import {
  energyClassCheck,
  modelFill,
  patternExtraction,
  recognisedCheck,
  scamPhrases,
  valuationCheck,
} from './listing-checks.ts'

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
    const patterns = patternExtraction(input.text, at, say)
    const model = await modelFill(input.text, patterns.extracted, input.method ?? 'auto', ctx, at)
    const extracted = model.extracted
    const energy = energyClassCheck(extracted.energy_class, at, say)
    const scam = scamPhrases(input.text, at, say)
    const ppm2 = extracted.price && extracted.area_m2 ? Math.round(extracted.price / extracted.area_m2) : null
    const valued = await valuationCheck(input, extracted, ctx, at)
    const { recognised, flags: unrecognised } = recognisedCheck(extracted, say)
    const sources: SourceStatus[] = valued.sources
    return {
      method: model.method,
      listing: { ...extracted, price_per_m2: ppm2 },
      recognised,
      scam_phrases: scam.count,
      filled_by_llm: model.filled,
      flags: [...energy.flags, ...scam.flags, ...valued.flags, ...unrecognised],
      ...(valued.valuation ? { valuation: valued.valuation } : {}),
      ...(model.llmError ? { llm_error: model.llmError } : {}),
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [patterns.rule, ...model.rules, energy.rule, scam.rule, ...valued.rules],
    }
  },
})
