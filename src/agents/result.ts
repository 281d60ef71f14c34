/**
 * The result contract every agent's answer carries beside its own fields (docs/adr/0004):
 *
 * - `verdict`: one closed vocabulary for all 88 agents — `clear`, `review`, `adverse`,
 *   `incomplete`, `informational` (VERDICTS below says what each means);
 * - `partial`: true when a source the answer depends on failed;
 * - `sources[]`: each outside source consulted, `{name, status, error?}`;
 * - `rules_applied[]`: each rule evaluated, with its source and the date it took effect;
 * - `assumptions[]`: inputs the caller did not give and the agent assumed, each with its basis.
 *
 * An agent declares how its own result maps to the verdict (`verdict` in defineAgent: a field's
 * values, a function with its explanation, or `informational`); defineAgent composes the contract
 * into the agent's output schema and fills it in after every run, so no agent can leave it out or
 * spell it its own way. A failed source never leaves a favourable verdict: a `clear` or
 * `informational` answer with `partial: true` becomes `incomplete`.
 */
import { type Static, type TObject, type TSchema, Type } from 'typebox'

/** The shared verdicts, from the caller's point of view. */
export const VERDICTS = {
  clear: 'checked, and nothing stands in the way (approve, proceed, low risk, valid, no match)',
  review:
    'checked, and a person should look before going on (refer, medium risk, conditions, a possible match)',
  adverse: 'checked, and the answer is against going on (decline, high risk, invalid, a match, a stop)',
  incomplete: 'could not be decided: a source failed or the input does not allow a judgement',
  informational: 'a computation or a look-up that judges nothing (a payment schedule, a conversion, a parse)',
} as const

export type Verdict = keyof typeof VERDICTS

export const VerdictSchema = Type.Enum(Object.keys(VERDICTS) as Verdict[], {
  description: `the shared verdict: ${Object.entries(VERDICTS)
    .map(([v, meaning]) => `${v} — ${meaning}`)
    .join('; ')}`,
})

const AppliedRuleSchema = Type.Object(
  {
    rule: Type.String(),
    basis: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'ids of the entries the rule rests on in the register of law (data/reference/legal-basis.json; docs/agents.md lists each agent’s)',
      }),
    ),
    source: Type.Optional(Type.String({ description: 'law, regulation, standard or document' })),
    since: Type.Optional(
      Type.String({
        description: 'date the rule took effect (YYYY-MM-DD), not the start of the data on file',
      }),
    ),
    outcome: Type.Optional(Type.String({ description: 'what the rule concluded for this input' })),
  },
  { additionalProperties: false },
)

export type AppliedRule = Static<typeof AppliedRuleSchema>

export const RulesAppliedSchema = Type.Array(AppliedRuleSchema, {
  description: 'every rule evaluated, with its source, the date it took effect and what it concluded',
})

const SourceStatusSchema = Type.Object(
  {
    name: Type.String({
      description: 'the source consulted, e.g. ares, isir, cnb, dns, llm, data/ares_lookup',
    }),
    status: Type.Enum(['ok', 'cached', 'failed', 'skipped'], {
      description:
        'ok; cached (a stored answer, the source failed); failed; skipped (not asked, the reason in error)',
    }),
    error: Type.Optional(Type.String({ description: 'why the source failed or was skipped' })),
  },
  { additionalProperties: false },
)
export type SourceStatus = Static<typeof SourceStatusSchema>

const SourcesSchema = Type.Array(SourceStatusSchema, { description: 'each outside source consulted' })

const PartialSchema = Type.Boolean({
  description: 'true when a source failed and the answer holds only what the other sources gave',
})

const AssumptionSchema = Type.Object({
  field: Type.String({ description: 'the input field that was not given' }),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()], { description: 'the value assumed' }),
  basis: Type.String({ description: 'where the value comes from (data on file with its date, a rule)' }),
})
export type Assumption = Static<typeof AssumptionSchema>

const AssumptionsSchema = Type.Array(AssumptionSchema, {
  description: 'inputs the caller did not give and the agent assumed, each with its basis',
})

const CONTRACT = {
  verdict: VerdictSchema,
  partial: PartialSchema,
  sources: SourcesSchema,
  rules_applied: RulesAppliedSchema,
  assumptions: AssumptionsSchema,
}
const CONTRACT_FIELDS = Object.keys(CONTRACT) as (keyof typeof CONTRACT)[]

/** The contract alone, the agent's own fields allowed beside it: how the gateway describes any result. */
export const ResultContractSchema = Type.Object(CONTRACT, {
  additionalProperties: true,
  description:
    'The agent’s output: the result contract every agent shares, and its own fields (see its output_schema)',
})

export interface ResultContract {
  verdict: Verdict
  partial: boolean
  sources: SourceStatus[]
  rules_applied: AppliedRule[]
  assumptions: Assumption[]
}

/** An agent's answer: its own fields and the contract. */
export type AgentResult<O extends TSchema> = Omit<Static<O>, keyof ResultContract> & ResultContract

/** What an agent's run may return: its own fields, and the contract's when it has them. */
export type OwnResult<O extends TSchema> = Omit<Static<O>, keyof ResultContract> & Partial<ResultContract>

type Scalar = string | number | boolean | null

/**
 * How an agent's own result maps to the verdict:
 * - `'informational'`: a computation or look-up (incomplete when a source failed);
 * - `{ field, map }`: the value of one of its fields (an enum or a boolean), every value mapped;
 * - `{ explain, of }`: a function of the result, with the rule in words for the catalogue.
 */
export type VerdictRule<T> =
  | 'informational'
  | {
      [K in keyof T]-?: { field: K; map: Record<`${Extract<T[K], Scalar>}`, Verdict> }
    }[keyof T]
  | { explain: string; of(result: T): Verdict }

/** Any agent's rule, its result type erased. */
export type AnyVerdictRule =
  | 'informational'
  | { field: PropertyKey; map: Record<string, Verdict> }
  | { explain: string; of(result: never): Verdict }

/** The rule in words (the catalogue's "verdict" line). */
export function describeVerdictRule(rule: AnyVerdictRule): string {
  if (rule === 'informational') return 'always `informational`'
  if ('of' in rule) return rule.explain
  const pairs = Object.entries(rule.map).map(([value, v]) => `${value} → \`${v}\``)
  return `from \`${String(rule.field)}\`: ${pairs.join(', ')}`
}

function verdictOf(rule: AnyVerdictRule, result: object): Verdict {
  if (rule === 'informational') return 'informational'
  if ('of' in rule) return rule.of(result as never)
  const value = String((result as Record<PropertyKey, unknown>)[rule.field])
  const verdict = rule.map[value]
  // The map is checked against the field's type; a value outside it is the agent's bug.
  if (!verdict) throw new Error(`no verdict for ${String(rule.field)} = ${value}`)
  return verdict
}

/**
 * The agent's output schema with the contract's fields: the contract's definitions replace any the
 * agent declared under the same names, and all five are required.
 */
export function withContract(schema: TSchema): TObject {
  const s = schema as TObject
  if (s.type !== 'object' || !s.properties) throw new Error('an agent output schema must be an object')
  const own = Object.fromEntries(
    Object.entries(s.properties).filter(([name]) => !(CONTRACT_FIELDS as string[]).includes(name)),
  )
  return {
    ...s,
    properties: {
      verdict: CONTRACT.verdict,
      ...own,
      ...Object.fromEntries(CONTRACT_FIELDS.slice(1).map((f) => [f, CONTRACT[f]])),
    },
    required: [...new Set([...(s.required ?? []), ...CONTRACT_FIELDS])],
  } as unknown as TObject
}

/**
 * The agent's answer with the contract filled in: `partial` when the agent said so or a source
 * failed, the lists the agent did not give empty, and the verdict by the agent's rule — never
 * `clear` or `informational` on a partial answer.
 */
export function completeResult<T extends object>(rule: AnyVerdictRule, result: T): T & ResultContract {
  const given = result as T & Partial<ResultContract>
  const sources = given.sources ?? []
  const partial = given.partial === true || sources.some((s) => s.status === 'failed')
  let verdict = verdictOf(rule, result)
  if (partial && (verdict === 'clear' || verdict === 'informational')) verdict = 'incomplete'
  const out = {
    verdict,
    ...result,
    partial,
    sources,
    rules_applied: given.rules_applied ?? [],
    assumptions: given.assumptions ?? [],
  }
  // The contract's verdict, whatever the agent's own fields hold.
  out.verdict = verdict
  return out
}
