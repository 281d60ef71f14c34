import { Type } from 'typebox'
import { asOfDate, requireIco } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { thresholdRule, thresholdsOn } from '../aml/common.ts'
import { insolvencyOf, lookupCompany } from '../compliance/registry.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { defineAgent, type ResultOf } from '../types.ts'
import type { cadastreCheck } from './cadastre_check.ts'

/** The valuation's confidence levels in Czech texts. */
const CONFIDENCE_CS: Record<string, string> = {
  high: 'vysoká',
  medium: 'střední',
  low: 'nízká',
  none: 'žádná',
}

type Status = 'pass' | 'warn' | 'fail' | 'unknown'
interface Item {
  item: string
  status: Status
  detail: string
  /** The register entries the item rests on (data/reference/legal-basis.json). */
  law: [string, ...string[]]
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The day zákon 283/2021 Sb. governs buildings other than vyhrazené stavby (its § 334a). */
const BUILDING_ACT_FROM = '2024-07-01'

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
          description: 'the seller as named in the contract, checked against the ownership sheet',
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
    // The act that governs the use of a building on the day judged: the new stavební zákon for
    // buildings other than vyhrazené stavby from 2024-07-01 (§ 334a), the former one before.
    const building = at < BUILDING_ACT_FROM ? 'cz-183-2006-s119' : 'cz-283-2021-s230'
    const items: Item[] = []
    const sources: SourceStatus[] = []
    const rules: AppliedRule[] = []

    if (input.lv_text) {
      try {
        const lv = (await ctx.call('real-estate', 'cadastre_check', {
          text: input.lv_text,
          ...(seller ? { seller_name: seller } : {}),
        })) as ResultOf<typeof cadastreCheck>
        sources.push({ name: 'real-estate/cadastre_check', status: 'ok' })
        const types = lv.encumbrances.map((e) => e.type).join(', ')
        items.push({
          item: say({ cs: 'list vlastnictví: omezení', en: 'ownership sheet: encumbrances' }),
          status: lv.verdict === 'clear' ? 'pass' : lv.verdict === 'adverse' ? 'fail' : 'warn',
          detail: [
            lv.title === 'unrecognised'
              ? say({
                  cs: 'text nebyl rozpoznán jako list vlastnictví',
                  en: 'the text is not recognised as an ownership sheet',
                })
              : lv.title === 'clean'
                ? say({ cs: 'v částech C a D nejsou zápisy', en: 'no entries in parts C and D' })
                : say({
                    cs: `${lv.title}: ${types || 'žádné'}${lv.plomba ? '; plomba (probíhá změna)' : ''}`,
                    en: `${lv.title}: ${types || 'none'}${lv.plomba ? '; plomba (change pending)' : ''}`,
                  }),
            ...lv.findings,
          ].join('; '),
          law: ['cz-256-2013', 'cz-357-2013-lv', 'method-cadastre-lv-rules'],
        })
        if (lv.seller_is_owner !== null) {
          items.push({
            item: say({
              cs: 'list vlastnictví: prodávající je vlastníkem',
              en: 'ownership sheet: seller is the owner',
            }),
            status: lv.seller_is_owner ? 'pass' : 'fail',
            detail: lv.seller_is_owner
              ? say({ cs: 'prodávající je uveden v části A', en: 'seller listed in part A' })
              : say({
                  cs: 'prodávající není mezi vlastníky v části A',
                  en: 'seller not among the owners in part A',
                }),
            law: ['cz-89-2012-s980', 'cz-89-2012-s1105'],
          })
        }
      } catch (error) {
        sources.push({ name: 'real-estate/cadastre_check', status: 'failed', error: message(error) })
        items.push({
          item: say({ cs: 'list vlastnictví: omezení', en: 'ownership sheet: encumbrances' }),
          status: 'unknown',
          detail: say({ cs: `nelze přečíst: ${message(error)}`, en: `could not be read: ${message(error)}` }),
          law: ['cz-256-2013'],
        })
      }
    } else {
      items.push({
        item: say({ cs: 'list vlastnictví: omezení', en: 'ownership sheet: encumbrances' }),
        status: 'unknown',
        detail: say({
          cs: 'list vlastnictví nebyl předán: opatřete aktuální výpis z katastru nemovitostí',
          en: 'no ownership sheet given: obtain a current výpis z katastru nemovitostí',
        }),
        law: ['cz-256-2013', 'cz-89-2012-s1105'],
      })
    }

    if (input.ico) {
      const ico = requireIco(input.ico)
      const found = await lookupCompany(ctx, ico)
      sources.push(found.source)
      if (found.source.status === 'failed') {
        items.push({
          item: say({ cs: 'společnost prodávajícího v ARES', en: 'seller company in ARES' }),
          status: 'unknown',
          detail: say({
            cs: `registr nedostupný: ${found.source.error}`,
            en: `register unavailable: ${found.source.error}`,
          }),
          law: ['mf-ares'],
        })
      } else if (found.found === false || !found.facts) {
        items.push({
          item: say({ cs: 'společnost prodávajícího v ARES', en: 'seller company in ARES' }),
          status: 'fail',
          detail: say({ cs: `subjekt s IČO ${ico} neexistuje`, en: `no subject with IČO ${ico}` }),
          law: ['mf-ares', 'cz-304-2013'],
        })
      } else {
        const f = found.facts
        const problems = [
          f.active === false ? say({ cs: 'zaniklá', en: 'dissolved' }) : '',
          f.insolvency ? say({ cs: 'v insolvenci', en: 'in insolvency' }) : '',
        ].filter(Boolean)
        items.push({
          item: say({ cs: 'společnost prodávajícího v ARES', en: 'seller company in ARES' }),
          status: problems.length ? 'fail' : 'pass',
          detail: problems.length
            ? problems.join(', ')
            : say({
                cs: `${f.name ?? ico}: aktivní, bez zápisu insolvence`,
                en: `${f.name ?? ico}: active, no insolvency registration`,
              }),
          law: ['mf-ares', 'cz-304-2013', 'cz-182-2006-s111'],
        })
      }
      const isir = await insolvencyOf(ctx, ico)
      sources.push(isir.source)
      items.push(
        isir.active === undefined
          ? {
              item: say({
                cs: 'prodávající v insolvenčním rejstříku (ISIR)',
                en: 'seller in the insolvency register (ISIR)',
              }),
              status: 'unknown',
              detail: say({
                cs: `ISIR nedostupný: ${isir.source.error}`,
                en: `ISIR unavailable: ${isir.source.error}`,
              }),
              law: ['cz-182-2006-s419'],
            }
          : {
              item: say({
                cs: 'prodávající v insolvenčním rejstříku (ISIR)',
                en: 'seller in the insolvency register (ISIR)',
              }),
              status: isir.active ? 'fail' : 'pass',
              detail: isir.active
                ? say({
                    cs: `probíhající řízení: ${isir.references.join(', ') || isir.proceedings}; prodej vyžaduje insolvenčního správce`,
                    en: `running proceedings: ${isir.references.join(', ') || isir.proceedings}; a sale needs the insolvency administrator`,
                  })
                : say({
                    cs: `žádné probíhající řízení (evidováno ${isir.proceedings})`,
                    en: `no running proceedings (${isir.proceedings} on record)`,
                  }),
              law: ['cz-182-2006-s111', 'cz-182-2006-s419'],
            },
      )
    }

    let position = { latitude: input.latitude, longitude: input.longitude }
    let placed = ''
    if ((input.latitude === undefined || input.longitude === undefined) && input.address !== undefined) {
      const found = await geocode(input.address, ctx, sources)
      if (found) {
        position = { latitude: found.lat, longitude: found.lon }
        placed = say({
          cs: ` (adresa umístěna podle RÚIAN s přesností ${found.precision}: ${found.address})`,
          en: ` (address placed by RÚIAN at ${found.precision} precision: ${found.address})`,
        })
      } else
        placed = say({
          cs: ' (adresu nebylo možné v RÚIAN umístit)',
          en: ' (the address could not be placed in RÚIAN)',
        })
    }
    if (position.latitude !== undefined && position.longitude !== undefined && input.area_m2 !== undefined) {
      const item = await priceCheck({ ...input, ...position }, ctx, sources)
      items.push(placed ? { ...item, detail: `${item.detail}${placed}` } : item)
    } else {
      const lacking = [
        ...(position.latitude === undefined || position.longitude === undefined
          ? [
              say({
                cs: 'latitude a longitude (nebo adresa, kterou RÚIAN umístí)',
                en: 'latitude and longitude (or an address RÚIAN can place)',
              }),
            ]
          : []),
        ...(input.area_m2 === undefined ? ['area_m2'] : []),
      ]
      items.push({
        item: say({ cs: 'cena proti srovnatelným nabídkám', en: 'price against comparables' }),
        status: 'unknown',
        detail: say({
          cs: `chybí ${lacking.join(' a ')}${placed}`,
          en: `needs ${lacking.join(' and ')}${placed}`,
        }),
        law: ['method-asking-price-valuation'],
      })
    }

    items.push(
      input.energy_class
        ? {
            item: say({ cs: 'průkaz energetické náročnosti (PENB)', en: 'energy certificate (PENB)' }),
            status: 'pass',
            detail: say({ cs: `třída ${input.energy_class}`, en: `class ${input.energy_class}` }),
            law: ['cz-406-2000-s7a'],
          }
        : {
            // A finding to resolve before signing, not a bar to the sale: the duty is the seller's
            // (a fine under § 12 if not met), and the sale itself stays valid without it.
            item: say({ cs: 'průkaz energetické náročnosti (PENB)', en: 'energy certificate (PENB)' }),
            status: 'warn',
            detail: say({
              cs: 'neuvedeno: vyžádejte si od prodávajícího PENB, který musí při prodeji předat',
              en: 'not stated: ask the seller for the PENB, which the seller must hand over at the sale',
            }),
            law: ['cz-406-2000-s7a'],
          },
    )
    items.push(
      input.building_approved === undefined
        ? {
            item: say({ cs: 'kolaudace', en: 'building approval (kolaudace)' }),
            status: 'unknown',
            detail: say({ cs: 'neuvedeno', en: 'not stated' }),
            law: [building],
          }
        : {
            item: say({ cs: 'kolaudace', en: 'building approval (kolaudace)' }),
            status: input.building_approved ? 'pass' : 'fail',
            detail: input.building_approved
              ? say({ cs: 'užívání povoleno', en: 'use permitted' })
              : say({
                  cs: 'bez kolaudace: stavbu nelze užívat',
                  en: 'no approval for use: the building may not be used',
                }),
            law: [building],
          },
    )
    if (input.svj_arrears !== undefined) {
      items.push({
        item: say({ cs: 'dluhy vůči společenství vlastníků (SVJ)', en: "owners' association (SVJ) arrears" }),
        status: input.svj_arrears > 0 ? 'warn' : 'pass',
        detail:
          input.svj_arrears > 0
            ? say({
                cs: `dluh ${input.svj_arrears} Kč: uhradit z kupní ceny`,
                en: `${input.svj_arrears} CZK owed: settle from the price`,
              })
            : say({ cs: 'žádné potvrzené', en: 'none confirmed' }),
        law: ['cz-89-2012-s1186'],
      })
    }

    const overall: 'go' | 'review' | 'stop' = items.some((i) => i.status === 'fail')
      ? 'stop'
      : items.some((i) => i.status === 'warn' || i.status === 'unknown')
        ? 'review'
        : 'go'
    const n = (status: Status) => items.filter((i) => i.status === status).length
    rules.push({
      rule: say({
        cs: 'Celkově: stop při jakémkoli selhání; k posouzení při varování nebo neznámém; jinak pokračovat',
        en: 'Overall: stop on any fail; review on any warning or unknown; else go',
      }),
      ...cite(at, 'method-purchase-checklist'),
      outcome: say({
        cs: `vyhovuje ${n('pass')}, varování ${n('warn')}, selhání ${n('fail')}, neznámé ${n('unknown')}`,
        en: `${n('pass')} pass, ${n('warn')} warn, ${n('fail')} fail, ${n('unknown')} unknown`,
      }),
    })
    const cash = thresholdsOn(at).cash_payment_limit_czk
    rules.push({
      ...thresholdRule(thresholdsOn(at), 'cash_payment_limit_czk', at, say),
      outcome:
        input.property_value > cash
          ? say({
              cs: `cena ${input.property_value} Kč převyšuje ${cash} Kč: platit bezhotovostně (převodem nebo přes úschovu)`,
              en: `the price ${input.property_value} CZK exceeds ${cash} CZK: pay without cash (transfer or escrow)`,
            })
          : say({ cs: `cena do ${cash} Kč`, en: `the price is within ${cash} CZK` }),
    })
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

/** The best RÚIAN candidate for an address, or null (recorded in sources) when there is none. */
async function geocode(
  address: string,
  ctx: AgentContext,
  sources: SourceStatus[],
): Promise<{ lat: number; lon: number; precision: string; address: string } | null> {
  try {
    const g = (await ctx.call('data', 'geocoder', { address })) as {
      best: { lat: number; lon: number; address: string } | null
      precision?: string | null
      partial?: boolean
      sources?: { status: string }[]
    }
    const down = g.partial === true || (g.sources ?? []).some((s) => s.status === 'failed')
    sources.push({
      name: 'data/geocoder',
      status: down ? 'failed' : 'ok',
      ...(down ? { error: 'RÚIAN could not be reached' } : {}),
    })
    return g.best ? { ...g.best, precision: g.precision ?? 'area' } : null
  } catch (error) {
    sources.push({ name: 'data/geocoder', status: 'failed', error: (error as Error).message })
    return null
  }
}

async function priceCheck(
  input: {
    property_value: number
    latitude?: number
    longitude?: number
    area_m2?: number
    disposition?: string
  },
  ctx: AgentContext,
  sources: SourceStatus[],
): Promise<Item> {
  try {
    const v = (await ctx.call('real-estate', 'property_valuation', {
      latitude: input.latitude,
      longitude: input.longitude,
      area_m2: input.area_m2,
      ...(input.disposition ? { disposition: input.disposition } : {}),
      property_value: input.property_value,
    })) as {
      estimate: number | null
      offered_vs_estimate: number | null
      comparables: number
      confidence: string
    }
    sources.push({ name: 'real-estate/property_valuation', status: 'ok' })
    if (v.offered_vs_estimate === null || v.estimate === null) {
      return {
        item: ctx.say({ cs: 'cena proti srovnatelným nabídkám', en: 'price against comparables' }),
        status: 'unknown',
        detail: ctx.say({ cs: 'srovnatelné nabídky nenalezeny', en: 'no comparable listings found' }),
        law: ['method-asking-price-valuation'],
      }
    }
    const r = v.offered_vs_estimate
    const status: Status = r > 1.15 ? 'warn' : r < 0.8 ? 'warn' : 'pass'
    return {
      item: ctx.say({ cs: 'cena proti srovnatelným nabídkám', en: 'price against comparables' }),
      status,
      detail: ctx.say({
        cs: `${r} × odhad ${v.estimate} Kč (srovnatelných ${v.comparables}, spolehlivost ${CONFIDENCE_CS[v.confidence] ?? v.confidence})${r > 1.15 ? ': nad trhem' : r < 0.8 ? ': hluboko pod trhem, prověřte proč' : ''}`,
        en: `${r} × the estimate ${v.estimate} CZK (${v.comparables} comparables, ${v.confidence} confidence)${r > 1.15 ? ': above the market' : r < 0.8 ? ': far below the market, check why' : ''}`,
      }),
      // A market estimate from asking prices, not the obvyklá cena of zákon 151/1997 Sb.
      law: ['method-asking-price-valuation', 'cz-151-1997-s2'],
    }
  } catch (error) {
    sources.push({ name: 'real-estate/property_valuation', status: 'failed', error: message(error) })
    return {
      item: ctx.say({ cs: 'cena proti srovnatelným nabídkám', en: 'price against comparables' }),
      status: 'unknown',
      detail: ctx.say({
        cs: `ocenění selhalo: ${message(error)}`,
        en: `valuation failed: ${message(error)}`,
      }),
      law: ['method-asking-price-valuation'],
    }
  }
}
