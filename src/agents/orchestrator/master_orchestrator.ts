import { type TOptional, type TSchema, Type } from 'typebox'
import { AppError, errors } from '../../kit/errors.ts'
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import { RulesAppliedSchema } from '../result.ts'
import { type Agent, type AgentContext, type AppliedRule, defineAgent } from '../types.ts'
import { companyOnboardingFlow } from './company_onboarding_flow.ts'
import { dueDiligenceFlow } from './due_diligence_flow.ts'
import { F } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema } from './flow.ts'
import { FLOWS } from './intent_router.ts'
import { invoicePaymentFlow } from './invoice_payment_flow.ts'
import { loanApplicationFlow } from './loan_application_flow.ts'
import { propertyPurchaseFlow } from './property_purchase_flow.ts'

const FLOW_AGENTS: Record<string, Agent> = Object.fromEntries(
  [
    loanApplicationFlow,
    propertyPurchaseFlow,
    companyOnboardingFlow,
    invoicePaymentFlow,
    dueDiligenceFlow,
  ].map((a) => [a.name, a]),
)

type Routing = {
  method: 'explicit' | 'rules' | 'llm'
  confidence: string
  candidates: { flow: string; score: number }[]
}

/** Which flow runs: the one the caller names, else the one intent_router routes the request to. */
async function route(
  input: { flow?: string; request?: string },
  given: string[],
  ctx: AgentContext,
): Promise<{ flow: string; routing: Routing; rules: AppliedRule[] }> {
  const cited = cite(today(ctx), 'method-intent-routing')
  if (input.flow) {
    return {
      flow: input.flow,
      routing: { method: 'explicit', confidence: 'high', candidates: [] },
      rules: [
        lawRule(ctx.say({ cs: 'volající určil tok', en: 'the caller named the flow' }), cited, input.flow),
      ],
    }
  }
  if (input.request === undefined && given.length === 0)
    throw errors.invalid('request', 'required (or flow, or the data fields)')
  const routed = (await ctx.call('orchestrator', 'intent_router', {
    ...(input.request ? { request: input.request } : {}),
    fields: given,
  })) as {
    flow: string | null
    method: 'rules' | 'llm'
    confidence: string
    scores: { flow: string; score: number }[]
  }
  // A request no flow fits is the caller's to make explicit: never a guessed flow.
  if (!routed.flow)
    throw errors.invalid(
      'flow',
      `required when the request cannot be routed: name one of ${FLOWS.join(', ')}`,
    )
  return {
    flow: routed.flow,
    routing: {
      method: routed.method,
      confidence: routed.confidence,
      candidates: routed.scores.map((s) => ({ flow: s.flow, score: s.score })),
    },
    rules: [
      lawRule(
        ctx.say({
          cs: 'požadavek nasměrován přes orchestrator/intent_router',
          en: 'request routed by orchestrator/intent_router',
        }),
        cited,
        `${routed.flow} (${routed.confidence})`,
      ),
    ],
  }
}

/** The fields the chosen flow's input schema names: used; the rest: ignored and said so. */
function selectFields(agent: Agent, record: Record<string, unknown>, given: string[], ctx: AgentContext) {
  const accepted = new Set(
    Object.keys((agent.input as unknown as { properties: Record<string, unknown> }).properties),
  )
  const used = given.filter((k) => accepted.has(k))
  const ignored = given.filter((k) => !accepted.has(k))
  const rule = lawRule(
    ctx.say({
      cs: 'každý tok dostane jen pole, která jmenuje jeho schéma',
      en: 'each flow gets only the fields its schema names',
    }),
    cite(today(ctx), 'method-flow-runner'),
    ignored.length
      ? ctx.say({ cs: `vynecháno: ${ignored.join(', ')}`, en: `ignored: ${ignored.join(', ')}` })
      : ctx.say({ cs: 'použita všechna pole', en: 'all fields used' }),
  )
  return { used, ignored, input: Object.fromEntries(used.map((k) => [k, record[k]])), rules: [rule] }
}

/** Runs the flow; a field it needs that is missing or malformed is the caller's to fix, so say which. */
async function runChosenFlow(flow: string, flowInput: Record<string, unknown>, ctx: AgentContext) {
  try {
    return (await ctx.call('orchestrator', flow, flowInput)) as Record<string, unknown>
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_request')
      throw new AppError('invalid_request', `${flow}: ${error.message}`, { ...error.details, flow })
    throw error
  }
}

/** The Markdown report of the run, when asked for, by orchestrator/report_builder. */
async function writeReport(
  language: 'cs' | 'en',
  title: string,
  result: Record<string, unknown>,
  ctx: AgentContext,
): Promise<{ report: string; rules: AppliedRule[] }> {
  const written = (await ctx.call('orchestrator', 'report_builder', {
    title: title.slice(0, 200),
    language,
    flow_result: result,
  })) as { markdown: string }
  return {
    report: written.markdown,
    rules: [
      lawRule(
        ctx.say({
          cs: 'zprávu sepsal orchestrator/report_builder',
          en: 'report written by orchestrator/report_builder',
        }),
        cite(today(ctx), 'method-report-layout'),
        language,
      ),
    ],
  }
}

type AllOptional<T extends Record<string, TSchema>> = { [K in keyof T]: TOptional<T[K]> }
const fieldProps = Object.fromEntries(
  Object.entries(F).map(([k, v]) => [k, Type.Optional(v)]),
) as AllOptional<typeof F>

export const masterOrchestrator = defineAgent({
  service: 'orchestrator',
  name: 'master_orchestrator',
  description:
    'Plans and runs a whole flow from one request: it routes the request (in words, by its fields, or by an explicit flow) to a loan application, property purchase, company onboarding, invoice payment or due diligence, passes each agent the fields it needs and returns every step with its service/agent, status, time in ms and output or error, plus a roll-up verdict. A failing step is marked and the flow goes on where it can.',
  input: Type.Object(
    {
      request: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 2000,
          description: 'what is wanted, in words (Czech or English)',
        }),
      ),
      flow: Type.Optional(Type.Enum(FLOWS, { description: 'run this flow instead of routing the request' })),
      report: Type.Optional(
        Type.Enum(['cs', 'en'], {
          description: 'also write a Markdown report in this language (orchestrator/report_builder)',
        }),
      ),
      ...fieldProps,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    ...FlowResultSchema.properties,
    request: Type.Union([Type.String(), Type.Null()]),
    routing: Type.Object({
      method: Type.Enum(['explicit', 'rules', 'llm']),
      confidence: Type.String(),
      candidates: Type.Array(Type.Object({ flow: Type.String(), score: Type.Integer() })),
    }),
    fields_used: Type.Array(Type.String()),
    fields_ignored: Type.Array(Type.String()),
    orchestration_rules: RulesAppliedSchema,
    report: Type.Optional(Type.String({ description: 'Markdown report, when asked for' })),
  }),
  verdict: FLOW_VERDICT,
  law: [
    ...new Set([
      'method-intent-routing',
      'method-report-layout',
      ...Object.values(FLOW_AGENTS).flatMap((a) => a.law),
    ]),
  ],
  examples: [
    {
      title: 'A mortgage application in words',
      input: {
        request: 'Žádost o hypotéku na byt v Praze',
        amount: 4_800_000,
        property_value: 6_000_000,
        monthly_income: 85_000,
        annual_rate_pct: 4.89,
        term_months: 360,
        purpose: 'own_housing',
        age: 32,
      },
    },
    {
      title: 'An explicit invoice payment',
      input: {
        flow: 'invoice_payment_flow',
        account: '19-2000145399/0800',
        amount: 12_100,
        vs: '2026110001',
        ico: '27074358',
      },
    },
  ],
  async run(input, ctx) {
    const record = input as Record<string, unknown>
    const given = Object.keys(F).filter((k) => record[k] !== undefined)
    const routed = await route(input, given, ctx)
    const fields = selectFields(FLOW_AGENTS[routed.flow]!, record, given, ctx)
    const result = await runChosenFlow(routed.flow, fields.input, ctx)
    const applied = [...routed.rules, ...fields.rules]
    let report: string | undefined
    if (input.report) {
      const title =
        input.request ?? (input.report === 'cs' ? `Průběh: ${routed.flow}` : `Run: ${routed.flow}`)
      const written = await writeReport(input.report, title, result, ctx)
      report = written.report
      applied.push(...written.rules)
    }
    return {
      ...(result as object),
      request: input.request ?? null,
      routing: routed.routing,
      fields_used: fields.used,
      fields_ignored: fields.ignored,
      orchestration_rules: applied,
      ...(report !== undefined ? { report } : {}),
    } as never
  },
})
