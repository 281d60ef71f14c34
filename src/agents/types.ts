/**
 * The agent contract. An agent is one file in src/agents/<service>/<name>.ts: an input and an output
 * JSON Schema (TypeBox), a description, worked examples (which are also tests), and a deterministic
 * `run`. The gateway (and the router's MCP tools, and orchestrator agents) call agents only through
 * the dispatcher in dispatch.ts, which validates the input and the output against the schemas.
 */
import { type Static, type TSchema, Type } from 'typebox'
import type { Logger } from '../kit/logger.ts'
import type { AgentDeps } from './deps.ts'
import { type Lang, LangSchema, type Say } from './lang.ts'
import { lawEntry } from './law.ts'
import {
  type AgentResult,
  type AnyVerdictRule,
  type Assumption,
  completeResult,
  describeVerdictRule,
  type OwnResult,
  type VerdictRule,
  withContract,
} from './result.ts'

/** The 11 agent services and how many agents each has (the spec's table: 88 in all). */
export const AGENT_SERVICE_COUNTS = {
  banking: 6,
  'legal-aml': 5,
  'real-estate': 9,
  insurance: 4,
  compliance: 5,
  risk: 5,
  aml: 7,
  legal: 3,
  data: 16,
  contact: 13,
  orchestrator: 15,
} as const

export type AgentService = keyof typeof AGENT_SERVICE_COUNTS
export const AGENT_SERVICES = Object.keys(AGENT_SERVICE_COUNTS) as AgentService[]

export type { AppliedRule } from './result.ts'

interface AgentExample<I> {
  title: string
  input: I
}

export interface AgentContext {
  /** The time the call is evaluated at (fixed in tests for deterministic results). */
  now: Date
  deps: AgentDeps
  logger: Logger
  /** The language of the human-readable texts (the input's `lang`, else the caller's default). */
  lang: Lang
  /** Picks a text in `lang`: `ctx.say({ cs: 'Zamítnuto', en: 'Declined' })`. */
  say: Say
  /**
   * Calls another agent through the same dispatch (validated, timed, depth-limited), in the same
   * language unless the input names its own `lang`.
   */
  call(service: string, agent: string, input: unknown): Promise<unknown>
}

export interface AgentDefinition<N extends string, I extends TSchema, O extends TSchema> {
  service: AgentService
  name: N
  /** One or two sentences: what it does, for whom, on which rules. */
  description: string
  input: I
  /** The agent's own result fields; the result contract (result.ts) is added to them. */
  output: O
  /** How the agent's own result maps to the shared verdict (see VerdictRule in result.ts). */
  verdict: VerdictRule<Static<O>>
  /**
   * The register entries (data/reference/legal-basis.json) the agent's rules may cite: every
   * `basis` in its rules_applied is one of them, and docs/agents.md lists them with their sources.
   */
  law?: readonly string[]
  examples: AgentExample<Static<I>>[]
  run(input: Static<I>, ctx: AgentContext): Promise<OwnResult<O>>
}

/** Erased form used by catalogues and the dispatcher. */
export interface Agent {
  service: AgentService
  name: string
  description: string
  input: TSchema
  /** The output schema with the result contract composed in. */
  output: TSchema
  /** How the verdict is read from the agent's own result, in words. */
  verdictRule: string
  /** The register entries its rules cite (see AgentDefinition.law). */
  law: readonly string[]
  examples: AgentExample<unknown>[]
  run(input: unknown, ctx: AgentContext): Promise<unknown>
}

/** An agent as defineAgent returns it: its name and result type kept for callers and tests. */
export interface TypedAgent<N extends string = string, O extends TSchema = TSchema> extends Agent {
  name: N
  run(input: unknown, ctx: AgentContext): Promise<AgentResult<O>>
}

/** The result type of an agent: `type LoanAssessmentResult = ResultOf<typeof loanAssessment>`. */
export type ResultOf<A extends Agent> = Awaited<ReturnType<A['run']>>

/**
 * Declares an agent with its types checked against its schemas. The input schema gets the one
 * `lang` field every agent takes (lang.ts), so the catalogue, OpenAPI and MCP tools show it; the
 * dispatcher takes it out of the input and hands it to `run` as `ctx.lang`. The result contract
 * (result.ts) is composed into the output schema and filled in after every run.
 */
export function defineAgent<const N extends string, I extends TSchema, O extends TSchema>(
  def: AgentDefinition<N, I, O>,
): TypedAgent<N, O> {
  const input = def.input as TSchema & { properties?: Record<string, TSchema> }
  if ('lang' in (input.properties ?? {}))
    throw new Error(`agent ${def.service}/${def.name} declares its own lang field`)
  const { verdict, run, law = [], ...rest } = def
  // An id the register lacks fails here, when the catalogue loads, not in a caller's answer.
  for (const id of law) lawEntry(id)
  const { properties, ignored } = withSpecFields(input.properties ?? {})
  return {
    ...rest,
    input: { ...input, properties: { ...properties, lang: LangSchema } },
    output: withContract(def.output),
    verdictRule: describeVerdictRule(verdict as AnyVerdictRule),
    law,
    examples: def.examples as AgentExample<unknown>[],
    async run(input, ctx) {
      const { own: ownInput, notes } = setAsideIgnored(input as Record<string, unknown>, ignored, ctx.say)
      const own = (await run(ownInput as Static<I>, ctx)) as OwnResult<O>
      if (notes.length > 0) own.assumptions = [...(own.assumptions ?? []), ...notes]
      return completeResult(verdict as AnyVerdictRule, own as object) as AgentResult<O>
    },
  }
}

/**
 * The field names the specification's calls use (`amount`, `income`, `monthly_income`,
 * `property_value`, `ico`, `name`, `address`): every agent accepts them. An agent that does not use
 * one gets it set aside and its answer lists it in `assumptions` as ignored; any other unknown field
 * is still refused (a 400 naming it).
 */
const SPEC_FIELDS: Record<string, TSchema> = {
  amount: Type.Number({
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
  income: Type.Number({
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
  monthly_income: Type.Number({
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
  property_value: Type.Number({
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
  ico: Type.String({
    maxLength: 200,
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
  name: Type.String({
    maxLength: 500,
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
  address: Type.String({
    maxLength: 500,
    description: 'not used by this agent: accepted and listed in assumptions as ignored',
  }),
}

function withSpecFields(properties: Record<string, TSchema>): {
  properties: Record<string, TSchema>
  ignored: string[]
} {
  const ignored = Object.keys(SPEC_FIELDS).filter((f) => !(f in properties))
  const added = Object.fromEntries(ignored.map((f) => [f, Type.Optional(SPEC_FIELDS[f]!)]))
  return { properties: { ...properties, ...added }, ignored }
}

function setAsideIgnored(
  input: Record<string, unknown>,
  ignored: readonly string[],
  say: Say,
): { own: Record<string, unknown>; notes: Assumption[] } {
  const given = ignored.filter((f) => input[f] !== undefined)
  if (given.length === 0) return { own: input, notes: [] }
  const own = { ...input }
  const notes: Assumption[] = []
  for (const field of given) {
    notes.push({
      field,
      value: own[field] as string | number,
      basis: say({
        cs: 'pole ze specifikace, které tento agent nepoužívá: přijato a nebráno v úvahu',
        en: 'a field of the specification this agent does not use: accepted and ignored',
      }),
    })
    delete own[field]
  }
  return { own, notes }
}
