import { Type } from 'typebox'
import type { CadastralArea } from '../../engines/sources/index.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { attempt, isoDate, lawRule, nullable } from './shared.ts'

export const cadastreLookup = defineAgent({
  service: 'data',
  name: 'cadastre_lookup',
  description:
    'Looks a land parcel up in the Czech cadastre (ČÚZK public parcel service) by cadastral area (6-digit code or name) and parcel number: official area in m², the date its current state took effect and a reference point. Ownership and encumbrances (the LV) are not in this public service; the answer says so.',
  input: Type.Object(
    {
      cadastral_area: Type.String({
        minLength: 2,
        maxLength: 80,
        description: 'katastrální území: code (e.g. 727181) or name (e.g. Sadská)',
      }),
      parcel: Type.String({
        pattern: '^(st\\. ?)?\\d{1,5}(/\\d{1,4})?$',
        description: 'parcel number, e.g. 1589/3 or st. 56',
      }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    status: Type.Union([
      Type.Literal('found'),
      Type.Literal('not_found'),
      Type.Literal('unknown_area'),
      Type.Literal('ambiguous_area'),
      Type.Literal('source_failed'),
    ]),
    cadastral_area: nullable(Type.Object({ code: Type.String(), name: nullable(Type.String()) })),
    area_candidates: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
    parcel: nullable(
      Type.Object({
        label: Type.String(),
        national_reference: Type.String(),
        area_m2: nullable(Type.Number()),
        valid_since: nullable(Type.String()),
        reference_point: nullable(Type.Object({ lat: Type.Number(), lon: Type.Number() })),
      }),
    ),
    not_covered: Type.Array(Type.String(), { description: 'what this public source cannot tell' }),
  }),
  verdict: {
    explain:
      '`informational` for a parcel found; `review` when the cadastral area is unknown or ambiguous or no such parcel exists in it (nothing to rely on); `incomplete` when ČÚZK did not answer',
    of: (r) => (r.status === 'found' || r.status === 'source_failed' ? 'informational' : 'review'),
  },
  law: ['cz-256-2013-s2'],
  examples: [
    { title: 'A parcel by cadastral-area code', input: { cadastral_area: '727181', parcel: '1589/3' } },
    {
      title: 'The same parcel by cadastral-area name',
      input: { cadastral_area: 'Sadská', parcel: '1589/3' },
    },
    { title: 'A parcel number that does not exist', input: { cadastral_area: '727181', parcel: '99999' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const sources: SourceStatus[] = []
    const cadastre = ctx.deps.sources.cadastre
    const notCovered = [
      'owners (LV part A)',
      'encumbrances and liens (LV part C)',
      'pending changes (plomba)',
    ]
    const base = { area_candidates: [] as CadastralArea[], parcel: null, not_covered: notCovered }
    let area: { code: string; name: string | null } | null = null
    const rules = []
    if (/^\d{6}$/.test(input.cadastral_area)) area = { code: input.cadastral_area, name: null }
    else {
      const byName = await attempt('cadastre', sources, () => cadastre.areasByName(input.cadastral_area))
      const areas = byName?.areas ?? []
      rules.push(
        lawRule(
          say({
            cs: 'název katastrálního území se převede na jeho kód',
            en: 'a cadastral area named is resolved to its code',
          }),
          cite(at, 'cz-256-2013-s2'),
          byName
            ? say({ cs: `shod: ${areas.length}`, en: `${areas.length} match(es)` })
            : say({ cs: 'zdroj selhal', en: 'source failed' }),
        ),
      )
      if (!byName)
        return {
          ...base,
          status: 'source_failed' as const,
          cadastral_area: null,
          rules_applied: rules,
          sources,
          partial: true,
        }
      if (areas.length !== 1) {
        return {
          ...base,
          status: areas.length === 0 ? ('unknown_area' as const) : ('ambiguous_area' as const),
          cadastral_area: null,
          area_candidates: areas,
          rules_applied: rules,
          sources,
          partial: false,
        }
      }
      area = areas[0]!
    }
    const found = await attempt('cadastre', sources, () => cadastre.parcel(area.code, input.parcel))
    const parcel = found?.parcels[0]
    rules.push(
      lawRule(
        say({
          cs: 'parcela se určuje katastrálním územím a parcelním číslem',
          en: 'the parcel is identified by cadastral area and parcel number',
        }),
        cite(at, 'cz-256-2013-s2'),
        found
          ? parcel
            ? say({ cs: 'nalezena', en: 'found' })
            : say({ cs: 'taková parcela neexistuje', en: 'no such parcel' })
          : say({ cs: 'zdroj selhal', en: 'source failed' }),
      ),
    )
    return {
      ...base,
      status: !found ? ('source_failed' as const) : parcel ? ('found' as const) : ('not_found' as const),
      cadastral_area: { code: area.code, name: parcel?.cadastral_area_name ?? area.name },
      parcel: parcel
        ? {
            label: parcel.label,
            national_reference: parcel.national_reference,
            area_m2: parcel.area_m2,
            valid_since: parcel.valid_since,
            reference_point: parcel.reference_point,
          }
        : null,
      rules_applied: rules,
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
