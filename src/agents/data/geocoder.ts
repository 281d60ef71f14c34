import { join } from 'node:path'
import { Type } from 'typebox'
import { loadGazetteer } from '../../engines/sources/index.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { attempt, isoDate, lawRule, nullable } from './shared.ts'

const CandidateSchema = Type.Object({
  address: Type.String(),
  type: Type.String({ description: 'RÚIAN element: AdresniMisto (address point), Ulice, Obec …' }),
  score: Type.Number(),
  lat: Type.Number(),
  lon: Type.Number(),
})

export const geocoder = defineAgent({
  service: 'data',
  name: 'geocoder',
  description:
    'Finds the WGS84 position of a Czech address in RÚIAN, the state address register (ČÚZK geocoder): the best candidate and the alternatives, with their precision (address point, street, municipality). If RÚIAN cannot be reached it says so and gives only what the PSČ tells offline (municipality, district, region), never a made-up point.',
  input: Type.Object(
    {
      address: Type.String({
        minLength: 3,
        maxLength: 300,
        description: 'street, number and town work best',
      }),
      max_candidates: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 3 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    query: Type.String(),
    ruian_answered: Type.Boolean({
      description: 'false when RÚIAN could not be reached: no position could be looked for',
    }),
    best: nullable(CandidateSchema),
    precision: nullable(
      Type.Union([Type.Literal('address_point'), Type.Literal('street'), Type.Literal('area')]),
    ),
    candidates: Type.Array(CandidateSchema),
    from_psc: nullable(
      Type.Object({
        psc: Type.String(),
        municipalities: Type.Array(Type.String()),
        district: Type.String(),
        region: Type.String(),
      }),
    ),
  }),
  verdict: {
    explain:
      '`informational` for a position RÚIAN gave; `incomplete` when RÚIAN did not answer (data missing: the failed source and its error say why); `review` when RÚIAN answered but found no candidate (the address cannot be placed)',
    of: (r) => (r.best !== null ? 'informational' : r.ruian_answered ? 'review' : 'incomplete'),
  },
  law: ['cz-111-2009-ruian', 'cp-psc'],
  examples: [
    { title: 'An address point in Prague', input: { address: 'Jankovcova 1522/53, 17000 Praha 7' } },
    { title: 'An address RÚIAN does not know', input: { address: 'Neexistující 999, 17000 Praha 7' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const sources: SourceStatus[] = []
    const found = await attempt('ruian', sources, () =>
      ctx.deps.sources.ruian.find(input.address, input.max_candidates ?? 3),
    )
    const down = sources.find((s) => s.status === 'failed')
    const candidates = [...(found?.candidates ?? [])].sort((a, b) => b.score - a.score)
    const best = candidates[0] ?? null
    const precision: 'address_point' | 'street' | 'area' | null = best
      ? best.type === 'AdresniMisto'
        ? 'address_point'
        : best.type === 'Ulice'
          ? 'street'
          : 'area'
      : null
    const psc = /(?<!\d)(\d{3}) ?(\d{2})(?!\d)/.exec(input.address)
    const places = psc
      ? (loadGazetteer(join(ctx.deps.registryDir, 'psc-list.csv')).byPsc.get(`${psc[1]}${psc[2]}`) ?? [])
      : []
    const fromPsc =
      places.length > 0
        ? {
            psc: `${psc![1]} ${psc![2]}`,
            municipalities: [...new Set(places.map((p) => p.municipality))],
            district: places[0]!.district,
            region: places[0]!.region,
          }
        : null
    return {
      query: input.address,
      ruian_answered: down === undefined,
      best,
      precision,
      candidates,
      from_psc: fromPsc,
      rules_applied: [
        lawRule(
          say({
            cs: 'poloha je definiční bod nejlepšího kandidáta z RÚIAN ve WGS84 (EPSG:4326)',
            en: 'the position is RÚIAN’s definition point of the best candidate, in WGS84 (EPSG:4326)',
          }),
          cite(at, 'cz-111-2009-ruian'),
          best
            ? say({ cs: `${best.type}, skóre ${best.score}`, en: `${best.type}, score ${best.score}` })
            : down
              ? say({
                  cs: `RÚIAN neodpověděl (${down.error ?? 'bez odpovědi'}): poloha neurčena`,
                  en: `RÚIAN did not answer (${down.error ?? 'no answer'}): no position`,
                })
              : say({ cs: 'žádný kandidát', en: 'no candidate' }),
        ),
        lawRule(
          say({
            cs: 'PSČ určí obec, okres a kraj bez dotazu na síť',
            en: 'the PSČ gives the municipality, district and region offline',
          }),
          cite(at, 'cz-111-2009-ruian', 'cp-psc'),
          fromPsc ? fromPsc.municipalities.join(', ') : say({ cs: 'PSČ není známé', en: 'no known PSČ' }),
        ),
      ],
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
