/**
 * Screening one party against the sanctions lists through the AML engine (ctx.deps.aml), as the
 * legal-aml agents need it: the risk level the AML service gives the same subject (the engine's
 * screener, its modules and floors: POST /api/aml/screen/complete answers the same level), the
 * hits in the AML service's own shape, the lists screened — and what the hits mean in Czech law.
 *
 * Freezing (zákon 69/2006 Sb., § 7–8; the EU regulations; zákon 1/2023 Sb.) binds a Czech person
 * for the EU, UN and Czech national lists, and only once the identity is corroborated: an
 * identifier (IČO, registration number) or a birth date that agrees. A hit on a list that does not
 * bind a Czech person by itself (OFAC, UK), or a name-only hit, is a possible match a person
 * reviews; US and UK measures still matter for correspondent banking and dollar or sterling
 * payments, which the answer notes.
 */
import { Type } from 'typebox'
import { createScreener, loadHighRiskTable, type Subject, screenSubject } from '../../engines/aml/index.ts'
import { fold } from '../../engines/czech/text.ts'
import { HitSchema, hitView, ListsSchema, listView, readHits } from '../aml/screening.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext } from '../types.ts'

export const SanctionsSchema = Type.Object({
  status: Type.Union(
    [
      Type.Literal('match'),
      Type.Literal('possible_match'),
      Type.Literal('clear'),
      Type.Literal('not_checked'),
    ],
    {
      description:
        'match: a corroborated hit (identifier or birth date) on an EU, UN or Czech list, which freezes; possible_match: any other hit (a name only, or OFAC/UK only), which a person reviews',
    },
  ),
  level: Type.Union(
    [
      Type.Literal('LOW'),
      Type.Literal('MEDIUM'),
      Type.Literal('HIGH'),
      Type.Literal('CRITICAL'),
      Type.Literal('INCOMPLETE'),
    ],
    {
      description: 'the risk level the AML service gives the same subject (its screener, modules and floors)',
    },
  ),
  score: Type.Number({ description: 'the AML service’s overall score, 0–100' }),
  level_reason: Type.String({
    description:
      'why the level is what it is, as the AML service says it (the finding that set it, e.g. an EU high-risk third country, or what was not screened)',
  }),
  binding: Type.Boolean({ description: 'a hit is on a list that binds a Czech person (EU, UN, Czech)' }),
  foreign_only: Type.Boolean({
    description: 'the hits are only on lists that do not bind a Czech person by themselves (OFAC, UK)',
  }),
  hits: Type.Array(HitSchema),
  lists: ListsSchema,
})

/**
 * Words that stand in for a name nobody gave (folded: lower case, no diacritics): the whole name,
 * never a part of one ("Jan Test" is a name).
 */
const PLACEHOLDERS = new Set([
  'n/a',
  'n.a.',
  'unknown',
  'neznamy',
  'neznama',
  'nezname',
  'neuveden',
  'neuvedena',
  'neuvedeno',
  'test',
  'none',
  'null',
  'undefined',
  'tbd',
  'anonym',
  'anonymous',
])

/** Whether a name given is a placeholder for one: "N/A", "unknown", "neznámý", "xxx", "test" … */
export function placeholderName(name: string): boolean {
  const folded = fold(name).replace(/\s+/g, ' ').trim()
  return PLACEHOLDERS.has(folded) || /^x{2,}$/.test(folded)
}

export interface Party {
  name: string
  type: 'person' | 'company'
  birth_date?: string | undefined
  nationality?: string | undefined
  ico?: string | undefined
}

function splitPersonName(name: string): { first_name?: string; last_name: string } {
  const parts = name.trim().split(/\s+/)
  if (parts.length === 1) return { last_name: parts[0]! }
  return { first_name: parts.slice(0, -1).join(' '), last_name: parts.at(-1)! }
}

function subjectOf(party: Party): Subject {
  if (party.type === 'person')
    return {
      ...splitPersonName(party.name),
      ...(party.birth_date ? { birth_date: party.birth_date } : {}),
      ...(party.nationality ? { nationality: party.nationality } : {}),
    }
  return { company_name: party.name, ...(party.ico ? { ico: party.ico } : {}) }
}

/** The answer when nobody was screened (no name given) or the lists could not be loaded. */
export function notScreened() {
  return {
    status: 'not_checked' as const,
    level: 'INCOMPLETE' as const,
    score: 0,
    level_reason: 'INCOMPLETE: not screened: the sanctions lists were not consulted.',
    binding: false,
    foreign_only: false,
    hits: [],
    lists: [],
  }
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
    return notScreened()
  }
  const { engine, lists } = built
  const subject = subjectOf(party)
  // The AML service's screener with the same engine, lists and registers: the same level.
  const screener = createScreener({
    engine,
    versions: lists,
    highRisk: loadHighRiskTable(),
    ...(built.pep ? { pep: built.pep } : {}),
    ares: ctx.deps.registries.ares,
    isir: ctx.deps.registries.isir,
    now: () => ctx.now,
  })
  const outcome = await screener.screen(subject)
  const hits = screenSubject(engine, subject)
  const top = hits.slice(0, 5)
  const { status, binding, foreign_only } = readHits(top)
  return {
    status,
    level: outcome.overall_risk.level,
    score: outcome.overall_risk.score,
    level_reason: outcome.overall_risk.level_reason,
    binding,
    foreign_only,
    hits: top.map((h) => hitView(h, ctx.say)),
    lists: listView(lists),
  }
}
