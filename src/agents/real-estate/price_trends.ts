import { Type } from 'typebox'
import { median } from '../../engines/finance/stats.ts'
import { snapshotDate } from '../../engines/realestate/comparables.ts'
import { municipalityRegions, regionOfLocality } from '../../engines/realestate/regions.ts'
import { flatPriceIndex, indexRegions, regionKey } from '../../engines/realestate/trends.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { listings } from './location.ts'

export const priceTrends = defineAgent({
  service: 'real-estate',
  name: 'price_trends',
  description:
    'Flat price level and trend for a Czech region: the ČSÚ flat price index (2010 = 100) by quarter, what a 2010 price corresponds to today, and the current asking prices per m² by room count from the listing data of that region.',
  input: Type.Object(
    {
      region: Type.String({
        minLength: 2,
        maxLength: 60,
        description: 'kraj, e.g. "Jihomoravský kraj", "Praha", or "ČR"',
      }),
      price_2010: Type.Optional(
        Type.Number({ exclusiveMinimum: 0, description: 'a 2010 price to restate at the index level, CZK' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    region: Type.String(),
    index: Type.Object({
      base: Type.String(),
      year: Type.Integer(),
      quarters: Type.Array(Type.Number()),
      annual_average: Type.Number(),
      change_since_2010_pct: Type.Number(),
      change_q1_to_q4_pct: Type.Number(),
    }),
    price_2010_restated: NullableNumber({ description: 'price_2010 × annual average / 100, CZK' }),
    asking_prices: Type.Array(
      Type.Object({ rooms: Type.String(), listings: Type.Integer(), median_price_per_m2: Type.Integer() }),
    ),
    asking_prices_as_of: Type.String(),
  }),
  verdict: 'informational',
  law: ['csu-flat-price-index', 'method-listings-snapshot', 'cz-111-2009-ruian'],
  examples: [
    { title: 'South Moravia: index and asking prices', input: { region: 'Jihomoravský kraj' } },
    {
      title: 'A Prague flat bought for 3 M CZK in 2010, restated',
      input: { region: 'Praha', price_2010: 3_000_000 },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = ctx.now.toISOString().slice(0, 10)
    const idx = flatPriceIndex(input.region, ctx.now)
    if (!idx) {
      throw errors.invalid('region', `unknown region; one of: ${indexRegions(ctx.now).join(', ')}`)
    }
    const name = idx.region
    const series = { avg: idx.annual_average }
    const rules: AppliedRule[] = [
      {
        rule: say({ cs: `Index cen bytů ČSÚ, ${idx.base}`, en: `ČSÚ flat price index, ${idx.base}` }),
        ...cite(at, 'csu-flat-price-index'),
        outcome: `${name} ${idx.year}: ${idx.annual_average} (${idx.source})`,
      },
    ]
    const sales = listings(ctx.deps.listingsFile)
    const regions = municipalityRegions(ctx.deps.registryDir)
    const national = name.startsWith('ČR')
    const withoutPrague = name === 'ČR bez Prahy'
    const inRegion = sales.filter((s) => {
      if (national && !withoutPrague) return true
      const kraj = regionOfLocality(s.locality, regions)
      if (!kraj) return false
      return withoutPrague ? kraj !== 'Hlavní město Praha' : regionKey(kraj) === regionKey(name)
    })
    const byRooms = new Map<string, number[]>()
    for (const s of inRegion) {
      const key = s.rooms === null ? 'other' : s.rooms >= 5 ? '5+' : String(s.rooms)
      const list = byRooms.get(key) ?? []
      list.push(s.ppm2)
      byRooms.set(key, list)
    }
    const asking = [...byRooms.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([rooms, list]) => ({
        rooms,
        listings: list.length,
        median_price_per_m2: Math.round(median(list)),
      }))
    const asOf = snapshotDate(sales)
    rules.push({
      rule: say({
        cs: 'Nabídkové ceny: medián Kč/m² inzerátů prodeje z obcí v kraji (místopis RÚIAN)',
        en: 'Asking prices: median CZK/m² of sale listings whose municipality lies in the region (RÚIAN gazetteer)',
      }),
      ...cite(at, 'method-listings-snapshot', 'cz-111-2009-ruian'),
      outcome: say({
        cs: `inzerátů: ${inRegion.length} (snímek ${asOf})`,
        en: `${inRegion.length} listings (snapshot ${asOf})`,
      }),
    })
    const restated = input.price_2010 !== undefined ? Math.round((input.price_2010 * series.avg) / 100) : null
    if (restated !== null) {
      rules.push({
        rule: say({
          cs: 'Přepočtená cena = cena 2010 × index / 100 (krajský průměr realizovaných cen, ne tento byt)',
          en: 'Restated price = 2010 price × index / 100 (regional average of realised prices, not this flat)',
        }),
        ...cite(at, 'csu-flat-price-index'),
        outcome: say({ cs: `${restated} Kč`, en: `${restated} CZK` }),
      })
    }
    return {
      region: name,
      index: {
        base: idx.base,
        year: idx.year,
        quarters: idx.quarters,
        annual_average: idx.annual_average,
        change_since_2010_pct: idx.change_since_2010_pct,
        change_q1_to_q4_pct: idx.change_q1_to_q4_pct,
      },
      price_2010_restated: restated,
      asking_prices: asking,
      asking_prices_as_of: asOf,
      rules_applied: rules,
    }
  },
})
