/**
 * The checks of due_diligence, each a named function that returns its checklist items (each with
 * the register entries it rests on) and the sources it asked. The agent joins them in order, then
 * judges the whole and cites each item as a rule.
 */
import { thresholdRule, thresholdsOn } from '../aml/common.ts'
import { insolvencyOf, lookupCompany } from '../compliance/registry.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule, ResultOf } from '../types.ts'
import type { cadastreCheck } from './cadastre_check.ts'

/** The valuation's confidence levels in Czech texts. */
const CONFIDENCE_CS: Record<string, string> = {
  high: 'vysoká',
  medium: 'střední',
  low: 'nízká',
  none: 'žádná',
}

type Status = 'pass' | 'warn' | 'fail' | 'unknown'
export interface Item {
  item: string
  status: Status
  detail: string
  /** The register entries the item rests on (data/reference/legal-basis.json). */
  law: [string, ...string[]]
}

/** What a check that asks an outside source found: its items and how each source answered. */
export interface Checked {
  items: Item[]
  sources: SourceStatus[]
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The day zákon 283/2021 Sb. governs buildings other than vyhrazené stavby (its § 334a). */
const BUILDING_ACT_FROM = '2024-07-01'

/** The ownership sheet read by cadastre_check: its encumbrances, and whether the seller owns. */
export async function ownershipSheet(
  lvText: string | undefined,
  seller: string | undefined,
  ctx: AgentContext,
): Promise<Checked> {
  const say = ctx.say
  if (!lvText)
    return {
      items: [
        {
          item: say({ cs: 'list vlastnictví: omezení', en: 'ownership sheet: encumbrances' }),
          status: 'unknown',
          detail: say({
            cs: 'list vlastnictví nebyl předán: opatřete aktuální výpis z katastru nemovitostí',
            en: 'no ownership sheet given: obtain a current výpis z katastru nemovitostí',
          }),
          law: ['cz-256-2013', 'cz-89-2012-s1105'],
        },
      ],
      sources: [],
    }
  try {
    const lv = (await ctx.call('real-estate', 'cadastre_check', {
      text: lvText,
      ...(seller ? { seller_name: seller } : {}),
    })) as ResultOf<typeof cadastreCheck>
    const types = [
      ...lv.encumbrances.map((e) => e.type),
      ...lv.unrecognised_entries.map(() => say({ cs: 'nerozpoznaný zápis', en: 'unrecognised entry' })),
    ].join(', ')
    const items: Item[] = [
      {
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
      },
    ]
    if (lv.seller_is_owner === null)
      items.push({
        item: say({
          cs: 'list vlastnictví: prodávající je vlastníkem',
          en: 'ownership sheet: seller is the owner',
        }),
        status: 'unknown',
        detail: say({
          cs: 'prodávající nebyl uveden, část A tedy nebyla ověřena: uveďte seller_name (prodávajícího, jak jej jmenuje smlouva)',
          en: 'no seller given, so part A was not checked: give seller_name (the seller as named in the contract)',
        }),
        law: ['cz-89-2012-s980', 'cz-89-2012-s1105'],
      })
    else {
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
    return { items, sources: [{ name: 'real-estate/cadastre_check', status: 'ok' }] }
  } catch (error) {
    return {
      items: [
        {
          item: say({ cs: 'list vlastnictví: omezení', en: 'ownership sheet: encumbrances' }),
          status: 'unknown',
          detail: say({ cs: `nelze přečíst: ${message(error)}`, en: `could not be read: ${message(error)}` }),
          law: ['cz-256-2013'],
        },
      ],
      sources: [{ name: 'real-estate/cadastre_check', status: 'failed', error: message(error) }],
    }
  }
}

/** A company seller in ARES (exists, not dissolved, no insolvency flag). */
async function companyInAres(ico: string, ctx: AgentContext): Promise<{ item: Item; source: SourceStatus }> {
  const say = ctx.say
  const found = await lookupCompany(ctx, ico)
  const item = say({ cs: 'společnost prodávajícího v ARES', en: 'seller company in ARES' })
  if (found.source.status === 'failed')
    return {
      item: {
        item,
        status: 'unknown',
        detail: say({
          cs: `registr nedostupný: ${found.source.error}`,
          en: `register unavailable: ${found.source.error}`,
        }),
        law: ['mf-ares'],
      },
      source: found.source,
    }
  if (found.found === false || !found.facts)
    return {
      item: {
        item,
        status: 'fail',
        detail: say({ cs: `subjekt s IČO ${ico} neexistuje`, en: `no subject with IČO ${ico}` }),
        law: ['mf-ares', 'cz-304-2013'],
      },
      source: found.source,
    }
  const f = found.facts
  const problems = [
    f.active === false ? say({ cs: 'zaniklá', en: 'dissolved' }) : '',
    f.insolvency ? say({ cs: 'v insolvenci', en: 'in insolvency' }) : '',
  ].filter(Boolean)
  return {
    item: {
      item,
      status: problems.length ? 'fail' : 'pass',
      detail: problems.length
        ? problems.join(', ')
        : say({
            cs: `${f.name ?? ico}: aktivní, bez zápisu insolvence`,
            en: `${f.name ?? ico}: active, no insolvency registration`,
          }),
      law: ['mf-ares', 'cz-304-2013', 'cz-182-2006-s111'],
    },
    source: found.source,
  }
}

/** The seller in the insolvency register itself: a running proceeding bars a sale by the seller. */
async function sellerInIsir(ico: string, ctx: AgentContext): Promise<{ item: Item; source: SourceStatus }> {
  const say = ctx.say
  const isir = await insolvencyOf(ctx, ico)
  const item = say({
    cs: 'prodávající v insolvenčním rejstříku (ISIR)',
    en: 'seller in the insolvency register (ISIR)',
  })
  if (isir.active === undefined)
    return {
      item: {
        item,
        status: 'unknown',
        detail:
          isir.source.status === 'ok'
            ? isir.unrecognised.join('; ')
            : say({
                cs: `ISIR nedostupný: ${isir.source.error}`,
                en: `ISIR unavailable: ${isir.source.error}`,
              }),
        law: ['cz-182-2006-s419'],
      },
      source: isir.source,
    }
  return {
    item: {
      item,
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
    source: isir.source,
  }
}

/** A company seller in ARES, then in the insolvency register (ISIR). */
export async function sellerCompany(ico: string, ctx: AgentContext): Promise<Checked> {
  const ares = await companyInAres(ico, ctx)
  const isir = await sellerInIsir(ico, ctx)
  return { items: [ares.item, isir.item], sources: [ares.source, isir.source] }
}

interface PriceInput {
  property_value: number
  address?: string
  latitude?: number
  longitude?: number
  area_m2?: number
  disposition?: string
}

/**
 * The price against comparable listings (property_valuation), the property placed by RÚIAN from
 * its address when no coordinates are given; what the valuation lacks makes the item unknown.
 */
export async function priceAgainstComparables(input: PriceInput, ctx: AgentContext): Promise<Checked> {
  const say = ctx.say
  const sources: SourceStatus[] = []
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
    const item = await valuationItem({ ...input, ...position }, ctx, sources)
    return { items: [placed ? { ...item, detail: `${item.detail}${placed}` } : item], sources }
  }
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
  return {
    items: [
      {
        item: say({ cs: 'cena proti srovnatelným nabídkám', en: 'price against comparables' }),
        status: 'unknown',
        detail: say({
          cs: `chybí ${lacking.join(' a ')}${placed}`,
          en: `needs ${lacking.join(' and ')}${placed}`,
        }),
        law: ['method-asking-price-valuation'],
      },
    ],
    sources,
  }
}

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

async function valuationItem(
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

/** The energy certificate (PENB) the seller must hand over. */
export function energyCertificate(energyClass: string | undefined, say: Say): Item {
  return energyClass
    ? {
        item: say({ cs: 'průkaz energetické náročnosti (PENB)', en: 'energy certificate (PENB)' }),
        status: 'pass',
        detail: say({ cs: `třída ${energyClass}`, en: `class ${energyClass}` }),
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
      }
}

/** The building approval (kolaudace) under the building act in force on the day judged. */
export function buildingApproval(approved: boolean | undefined, at: string, say: Say): Item {
  // The act that governs the use of a building on the day judged: the new stavební zákon for
  // buildings other than vyhrazené stavby from 2024-07-01 (§ 334a), the former one before.
  const building = at < BUILDING_ACT_FROM ? 'cz-183-2006-s119' : 'cz-283-2021-s230'
  return approved === undefined
    ? {
        item: say({ cs: 'kolaudace', en: 'building approval (kolaudace)' }),
        status: 'unknown',
        detail: say({ cs: 'neuvedeno', en: 'not stated' }),
        law: [building],
      }
    : {
        item: say({ cs: 'kolaudace', en: 'building approval (kolaudace)' }),
        status: approved ? 'pass' : 'fail',
        detail: approved
          ? say({ cs: 'užívání povoleno', en: 'use permitted' })
          : say({
              cs: 'bez kolaudace: stavbu nelze užívat',
              en: 'no approval for use: the building may not be used',
            }),
        law: [building],
      }
}

/** Arrears to the owners' association (SVJ), when its confirmation is given. */
export function svjArrears(arrears: number | undefined, say: Say): Item[] {
  if (arrears === undefined) return []
  return [
    {
      item: say({ cs: 'dluhy vůči společenství vlastníků (SVJ)', en: "owners' association (SVJ) arrears" }),
      status: arrears > 0 ? 'warn' : 'pass',
      detail:
        arrears > 0
          ? say({
              cs: `dluh ${arrears} Kč: uhradit z kupní ceny`,
              en: `${arrears} CZK owed: settle from the price`,
            })
          : say({ cs: 'žádné potvrzené', en: 'none confirmed' }),
      law: ['cz-89-2012-s1186'],
    },
  ]
}

/** The whole: stop on any fail, review on any warning or unknown, else go; with its rule. */
export function overallOf(
  items: Item[],
  at: string,
  say: Say,
): { overall: 'go' | 'review' | 'stop'; rule: AppliedRule } {
  const overall: 'go' | 'review' | 'stop' = items.some((i) => i.status === 'fail')
    ? 'stop'
    : items.some((i) => i.status === 'warn' || i.status === 'unknown')
      ? 'review'
      : 'go'
  const n = (status: Status) => items.filter((i) => i.status === status).length
  return {
    overall,
    rule: {
      rule: say({
        cs: 'Celkově: stop při jakémkoli selhání; k posouzení při varování nebo neznámém; jinak pokračovat',
        en: 'Overall: stop on any fail; review on any warning or unknown; else go',
      }),
      ...cite(at, 'method-purchase-checklist'),
      outcome: say({
        cs: `vyhovuje ${n('pass')}, varování ${n('warn')}, selhání ${n('fail')}, neznámé ${n('unknown')}`,
        en: `${n('pass')} pass, ${n('warn')} warn, ${n('fail')} fail, ${n('unknown')} unknown`,
      }),
    },
  }
}

/** The cash payment limit (zákon 254/2004 Sb.): a price above it is paid without cash. */
export function cashLimitRule(price: number, at: string, say: Say): AppliedRule {
  const cash = thresholdsOn(at).cash_payment_limit_czk
  return {
    ...thresholdRule(thresholdsOn(at), 'cash_payment_limit_czk', at, say),
    outcome:
      price > cash
        ? say({
            cs: `cena ${price} Kč převyšuje ${cash} Kč: platit bezhotovostně (převodem nebo přes úschovu)`,
            en: `the price ${price} CZK exceeds ${cash} CZK: pay without cash (transfer or escrow)`,
          })
        : say({ cs: `cena do ${cash} Kč`, en: `the price is within ${cash} CZK` }),
  }
}
