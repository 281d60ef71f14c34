/**
 * Screening one party against the sanctions lists through the AML engine (ctx.deps.aml), as the
 * legal-aml agents need it: a verdict (match / possible match / clear / not checked), the hits in
 * the AML service's own shape, and the lists screened — or the failed source when they cannot load.
 */
import { Type } from 'typebox'
import type { Hit } from '../../engines/aml/index.ts'
import { HitSchema, hitView, ListsSchema, listView } from '../aml/screening.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext } from '../types.ts'

/** A hit at or above this score is treated as a match; below it (but above the engine threshold) as possible. */
export const MATCH_SCORE = 0.95

export const SanctionsSchema = Type.Object({
  status: Type.Union([
    Type.Literal('match'),
    Type.Literal('possible_match'),
    Type.Literal('clear'),
    Type.Literal('not_checked'),
  ]),
  hits: Type.Array(HitSchema),
  lists: ListsSchema,
})

export interface Party {
  name: string
  type: 'person' | 'company'
  birth_date?: string | undefined
  nationality?: string | undefined
  ico?: string | undefined
}

function splitPersonName(name: string): { firstName?: string; lastName: string } {
  const parts = name.trim().split(/\s+/)
  if (parts.length === 1) return { lastName: parts[0]! }
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! }
}

export async function screenParty(ctx: AgentContext, party: Party, sources: SourceStatus[]) {
  let built: Awaited<ReturnType<AgentContext['deps']['aml']['engine']>>
  try {
    built = await ctx.deps.aml.engine()
    if (!sources.some((s) => s.name === 'sanctions_lists'))
      sources.push({ name: 'sanctions_lists', status: 'ok' })
  } catch (error) {
    if (!sources.some((s) => s.name === 'sanctions_lists')) {
      sources.push({
        name: 'sanctions_lists',
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
      })
    }
    return { status: 'not_checked' as const, hits: [], lists: [] }
  }
  const { engine, lists } = built
  let hits: Hit[]
  if (party.type === 'person') {
    const n = splitPersonName(party.name)
    hits = engine.screenPerson({
      ...(n.firstName ? { firstName: n.firstName } : {}),
      lastName: n.lastName,
      ...(party.birth_date ? { birthDate: party.birth_date } : {}),
      ...(party.nationality ? { countries: [party.nationality] } : {}),
    })
  } else {
    hits = engine.screenCompany({ name: party.name, ...(party.ico ? { ico: party.ico } : {}) })
  }
  const top = hits.slice(0, 5)
  const status = top.length === 0 ? 'clear' : top[0]!.score >= MATCH_SCORE ? 'match' : 'possible_match'
  return {
    status: status as 'match' | 'possible_match' | 'clear',
    hits: top.map((h) => hitView(h, ctx.say)),
    lists: listView(lists),
  }
}
