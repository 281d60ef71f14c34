/**
 * Sanctions hits as the AML agents report them, what a hit means in Czech law (the reading every
 * agent that screens shares with the AML service), and the engine call that says which lists it holds.
 */
import { Type } from 'typebox'
import { type Hit, isReviewOnly, type ListVersionInfo } from '../../engines/aml/index.ts'
import type { BuiltScreening } from '../deps.ts'
import type { Say } from '../lang.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext } from '../types.ts'

/** A hit at or above this score, on a binding list and corroborated, is a match that freezes. */
export const MATCH_SCORE = 0.95

/** The lists whose measures bind a Czech person: the EU's, the UN's (through the EU and zákon 69/2006 Sb.), the Czech ones. */
const BINDING_LISTS = new Set(['eu_fsf', 'un', 'cz_210_2008', 'cz_national'])
/** Lists that bind a Czech person only through correspondent banking and payments in their currency. */
const FOREIGN_LISTS = new Set(['ofac_sdn', 'ofac_cons', 'uk'])
/** Birth-date results that corroborate a name: the date agrees as far as the list gives it. */
const CORROBORATING_BIRTH = new Set(['exact', 'same_month', 'same_year'])

/** The identity behind a hit is corroborated: an identifier, or a birth date that agrees. */
function corroborated(hit: Hit): boolean {
  const f = hit.explanation.features
  return Boolean(f.identifier) || (f.birth_date !== undefined && CORROBORATING_BIRTH.has(f.birth_date.result))
}

/** A hit that freezes: certain, on a binding list, the identity corroborated. */
function freezes(hit: Hit): boolean {
  return hit.score >= MATCH_SCORE && !isReviewOnly(hit) && BINDING_LISTS.has(hit.list) && corroborated(hit)
}

/**
 * What the hits on one subject mean: a `match` freezes (zákon 69/2006 Sb., § 7–8; the EU
 * regulations; zákon 1/2023 Sb.) — a corroborated hit on an EU, UN or Czech list; any other hit (a
 * name only, or OFAC/UK only) is a `possible_match` a person reviews. `foreign_only`: every hit is
 * on a list that binds a Czech person only through correspondent banking (OFAC, UK). `deciding`:
 * the index of the hit the status rests on (the first that freezes, else the best), -1 when clear.
 */
export interface HitReading {
  status: 'match' | 'possible_match' | 'clear'
  binding: boolean
  foreign_only: boolean
  deciding: number
}
export function readHits(hits: Hit[]): HitReading {
  const freezing = hits.findIndex(freezes)
  return {
    status: hits.length === 0 ? 'clear' : freezing >= 0 ? 'match' : 'possible_match',
    deciding: freezing >= 0 ? freezing : hits.length > 0 ? 0 : -1,
    binding: hits.some((h) => BINDING_LISTS.has(h.list)),
    foreign_only: hits.length > 0 && hits.every((h) => FOREIGN_LISTS.has(h.list)),
  }
}

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
