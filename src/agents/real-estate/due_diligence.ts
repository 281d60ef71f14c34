import { Type } from 'typebox'
import { asOfDate, requireIco } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import {
  buildingApproval,
  cashLimitRule,
  energyCertificate,
  type Item,
  overallOf,
  ownershipSheet,
  priceAgainstComparables,
  sellerCompany,
  svjArrears,
} from './due-diligence-checks.ts'

const DD_LAW = [
  'method-purchase-checklist',
  'cz-256-2013',
  'cz-357-2013-lv',
  'method-cadastre-lv-rules',
  'cz-89-2012-s980',
  'cz-89-2012-s1105',
  'mf-ares',
  'cz-304-2013',
  'cz-182-2006-s111',
  'cz-182-2006-s419',
  'method-asking-price-valuation',
  'cz-151-1997-s2',
  'cz-406-2000-s7a',
  'cz-183-2006-s119',
  'cz-283-2021-s230',
  'cz-89-2012-s1186',
  'cz-254-2004-s4',
]

export const dueDiligence = defineAgent({
  service: 'real-estate',
  name: 'due_diligence',
  description:
    'Pre-purchase due diligence of a Czech flat or house as a checklist, each item pass / warn / fail / unknown: ownership sheet (owner, liens, enforcement, insolvency, plomba), seller company in ARES and the insolvency register (ISIR), price against comparable listings, energy certificate, building approval and SVJ arrears. Sources that cannot be reached are named and the answer is marked partial.',
  input: Type.Object(
    {
      property_value: Type.Number({ exclusiveMinimum: 0, description: 'agreed price, CZK' }),
      lv_text: Type.Optional(
        Type.String({ minLength: 50, maxLength: 200_000, description: 'ownership sheet as text' }),
      ),
      seller_name: Type.Optional(
        Type.String({
          maxLength: 300,
          description:
            'the seller as named in the contract, checked against the ownership sheet; with a sheet and no seller, the owner item is unknown (review)',
        }),
      ),
      name: Type.Optional(
        Type.String({ maxLength: 300, description: "the spec's `name`: the seller (same as seller_name)" }),
      ),
      ico: Type.Optional(Type.String({ maxLength: 12, description: 'IČO of a company seller' })),
      address: Type.Optional(
        Type.String({
          minLength: 3,
          maxLength: 300,
          description:
            'one-line Czech address: placed by data/geocoder (RÚIAN) when latitude/longitude are not given',
        }),
      ),
      latitude: Type.Optional(Type.Number({ minimum: 48.5, maximum: 51.1 })),
      longitude: Type.Optional(Type.Number({ minimum: 12, maximum: 18.9 })),
      area_m2: Type.Optional(Type.Number({ minimum: 10, maximum: 1000 })),
      disposition: Type.Optional(Type.String({ pattern: '^(\\d\\+(kk|\\d)|atypické)$' })),
      energy_class: Type.Optional(Type.String({ pattern: '^[A-G]$', description: 'PENB class A–G' })),
      building_approved: Type.Optional(Type.Boolean({ description: 'kolaudace / use permit exists' })),
      svj_arrears: Type.Optional(
        Type.Number({
          minimum: 0,
          description: "arrears to the owners' association per its confirmation, CZK",
        }),
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    overall: Type.Union([Type.Literal('go'), Type.Literal('review'), Type.Literal('stop')]),
    items: Type.Array(
      Type.Object({
        item: Type.String(),
        status: Type.Union([
          Type.Literal('pass'),
          Type.Literal('warn'),
          Type.Literal('fail'),
          Type.Literal('unknown'),
        ]),
        detail: Type.String(),
        source: Type.Optional(Type.String()),
      }),
    ),
  }),
  verdict: { field: 'overall', map: { go: 'clear', review: 'review', stop: 'adverse' } },
  law: DD_LAW,
  examples: [
    {
      title: 'Flat sold by a company: clean sheet apart from the bank lien, fair price',
      input: {
        property_value: 8_900_000,
        ico: '45274649',
        seller_name: 'ČEZ, a. s.',
        latitude: 50.0713,
        longitude: 14.4035,
        area_m2: 55,
        disposition: '2+kk',
        energy_class: 'C',
        building_approved: true,
        svj_arrears: 0,
        lv_text: [
          'VÝPIS Z KATASTRU NEMOVITOSTÍ',
          'prokazující stav evidovaný k datu 12.05.2025 08:00:00',
          'Kat.území: 728161 Smíchov List vlastnictví: 555',
          'A Vlastník, jiný oprávněný Identifikátor Podíl',
          'Vlastnické právo',
          'ČEZ, a. s., Duhová 1444/2, Michle, 14000 Praha 4 45274649',
          'B Nemovitosti',
          '1122/5 byt',
          'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů',
          'o Zástavní právo smluvní',
          'D Poznámky a další obdobné údaje - Bez zápisu',
        ].join('\n'),
      },
    },
    {
      title: 'No ownership sheet, no energy certificate and SVJ arrears: review',
      input: { property_value: 4_100_000, svj_arrears: 12_500, building_approved: true },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.name !== undefined && input.seller_name !== undefined && input.name !== input.seller_name)
      throw errors.invalid('name', 'differs from seller_name: give one of them')
    const seller = input.seller_name ?? input.name
    const at = asOfDate(input.as_of, ctx.now)
    const sheet = await ownershipSheet(input.lv_text, seller, ctx)
    const company = input.ico ? await sellerCompany(requireIco(input.ico), ctx) : { items: [], sources: [] }
    const price = await priceAgainstComparables(input, ctx)
    const items: Item[] = [
      ...sheet.items,
      ...company.items,
      ...price.items,
      energyCertificate(input.energy_class, say),
      buildingApproval(input.building_approved, at, say),
      ...svjArrears(input.svj_arrears, say),
    ]
    const sources: SourceStatus[] = [...sheet.sources, ...company.sources, ...price.sources]
    const { overall, rule } = overallOf(items, at, say)
    const rules: AppliedRule[] = [rule, cashLimitRule(input.property_value, at, say)]
    const cited = items.map((i) => ({ ...i, citation: cite(at, ...i.law) }))
    for (const i of cited) rules.push({ rule: i.item, ...i.citation, outcome: `${i.status}: ${i.detail}` })
    return {
      overall,
      items: cited.map((i) => ({
        item: i.item,
        status: i.status,
        detail: i.detail,
        source: i.citation.source,
      })),
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
