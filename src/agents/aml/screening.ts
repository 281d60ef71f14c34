/** Sanctions hits as the AML agents report them, and the engine call that says which lists it holds. */
import { Type } from 'typebox'
import type { Hit, ListVersionInfo } from '../../engines/aml/index.ts'
import type { BuiltScreening } from '../deps.ts'
import type { Say } from '../lang.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext } from '../types.ts'

export const HitSchema = Type.Object({
  list: Type.String({ description: 'ofac_sdn, eu_fsf, un, uk, cz_210_2008 …' }),
  list_id: Type.String(),
  matched_name: Type.String(),
  entity_type: Type.String(),
  score: Type.Number({ description: '0–1; 1 = identifier equal or exact name with corroboration' }),
  programmes: Type.Array(Type.String()),
  why: Type.String({ description: 'the features that made the score' }),
})

export const ListsSchema = Type.Array(
  Type.Object({ list: Type.String(), date: Type.String(), entities: Type.Integer() }),
)

/** The birth-date and country comparisons' result codes (qualifiers.ts) in Czech. */
const BIRTH_DATE_CS: Record<string, string> = {
  exact: 'shodné',
  same_month: 'stejný měsíc',
  same_year: 'stejný rok',
  month_differs: 'jiný měsíc',
  day_differs: 'jiný den',
  year_off_by_one: 'o rok jiný',
  different: 'jiné',
}
const COUNTRY_CS: Record<string, string> = {
  nationality: 'státní příslušnost',
  residence: 'bydliště',
  unknown: 'neznámá',
}
const regionCs = new Intl.DisplayNames(['cs'], { type: 'region' })
const countryCs = (code: string) => (/^[A-Z]{2}$/.test(code) ? (regionCs.of(code) ?? code) : code)

/**
 * A hit as the agents report it; `why` names the features that made the score in the call's
 * language (the AML service's own explanation stays English).
 */
export function hitView(h: Hit, say: Say) {
  const f = h.explanation.features
  const parts = [say({ cs: `jméno ${f.name.toFixed(2)}`, en: `name ${f.name.toFixed(2)}` })]
  if (f.identifier)
    parts.push(
      say({
        cs: `identifikátor ${f.identifier.type} ${f.identifier.value}`,
        en: `identifier ${f.identifier.type} ${f.identifier.value}`,
      }),
    )
  if (f.birth_date) {
    const r = f.birth_date.result
    parts.push(say({ cs: `datum narození ${BIRTH_DATE_CS[r] ?? r}`, en: `birth date ${r}` }))
  }
  if (f.country) {
    const r = f.country.result
    const cs =
      COUNTRY_CS[r] ??
      (r.startsWith('differs')
        ? `liší se (${f.country.query.map(countryCs).join(', ')} vs ${f.country.list.map(countryCs).join(', ')})`
        : r)
    parts.push(say({ cs: `země ${cs}`, en: `country ${r}` }))
  }
  return {
    list: h.list,
    list_id: h.list_id,
    matched_name: h.matched_name,
    entity_type: h.entity_type,
    score: Math.round(h.score * 1000) / 1000,
    programmes: h.explanation.entry.programmes,
    why: parts.join('; '),
  }
}

/** One current version per list (the newest date), for the answer's provenance. */
export function listView(lists: ListVersionInfo[]) {
  const newest = new Map<string, ListVersionInfo>()
  for (const l of lists)
    if (!newest.has(l.list) || newest.get(l.list)!.listDate < l.listDate) newest.set(l.list, l)
  return [...newest.values()]
    .map((l) => ({ list: l.list, date: l.listDate, entities: l.entityCount }))
    .sort((a, b) => a.list.localeCompare(b.list))
}

/** The engine, or undefined with a failed source when the lists cannot be loaded. */
export async function screeningEngine(
  ctx: AgentContext,
  sources: SourceStatus[],
): Promise<BuiltScreening | undefined> {
  try {
    const built = await ctx.deps.aml.engine()
    sources.push({ name: 'sanctions_lists', status: 'ok' })
    return built
  } catch (error) {
    sources.push({ name: 'sanctions_lists', status: 'failed', error: (error as Error).message })
    return undefined
  }
}
