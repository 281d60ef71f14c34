import { Type } from 'typebox'
import intents from '../../../data/reference/orchestrator-intents.json' with { type: 'json' }
import { fold } from '../../engines/contacts/text.ts'
import { errors } from '../../kit/errors.ts'
import { lawRule, today } from '../contact/shared.ts'
import { cite } from '../law.ts'
import type { AppliedRule, SourceStatus } from '../result.ts'
import { type AgentContext, defineAgent } from '../types.ts'

export const FLOWS = intents.flows.map((f) => f.flow)

interface Score {
  flow: string
  score: number
  keywords: string[]
  fields: string[]
}

function scoreRequest(request: string, fields: string[]): Score[] {
  const text = ` ${fold(request).replace(/[^a-z0-9+]+/g, ' ')} `
  const words = text.trim().split(' ').filter(Boolean)
  const present = new Set(fields)
  return intents.flows
    .map((f) => {
      const keywords = f.keywords.filter((k) =>
        k.includes(' ') ? text.includes(` ${k}`) : words.some((w) => w.startsWith(k)),
      )
      // The required fields, or a group of fields that stands for them when all of it is given
      // (a person's name and address for due diligence without an IČO): whichever counts more.
      let req = f.required.filter((x) => present.has(x))
      for (const group of (f as { alternatives?: string[][] }).alternatives ?? [])
        if (group.every((x) => present.has(x)) && group.length > req.length) req = group
      const opt = f.optional.filter((x) => present.has(x) && !req.includes(x))
      return {
        flow: f.flow,
        score: 2 * keywords.length + 3 * req.length + opt.length,
        keywords,
        fields: [...req, ...opt],
      }
    })
    .sort((a, b) => b.score - a.score || FLOWS.indexOf(a.flow) - FLOWS.indexOf(b.flow))
}

async function askLlm(ctx: AgentContext, request: string, fields: string[]): Promise<string | null> {
  const { text } = await ctx.deps.llm.complete({
    temperature: 0,
    max_tokens: 50,
    response_format: { type: 'json_object' },
    messages: [
      {
        role: 'system',
        content: `You route requests of a Czech compliance platform to one flow. Flows: ${FLOWS.join(', ')}. Answer JSON {"flow": "<one of them or null>"} only.`,
      },
      { role: 'user', content: `Request: ${request}\nFields given: ${fields.join(', ') || 'none'}` },
    ],
  })
  const parsed = JSON.parse(text) as { flow?: unknown }
  return typeof parsed.flow === 'string' && FLOWS.includes(parsed.flow) ? parsed.flow : null
}

/** The routing table's choice: the best score at or above the minimum, a tie broken by tie_break. */
function routeByRules(request: string, fields: string[], ctx: AgentContext) {
  const scores = scoreRequest(request, fields)
  const [top, second] = scores
  let flow = top && top.score >= intents.min_score && top.score > (second?.score ?? 0) ? top.flow : null
  // A tie at or above the minimum: the tied flow first in tie_break (read-only checks first).
  const tied = Boolean(top && !flow && top.score >= intents.min_score)
  if (tied) {
    const candidates = scores.filter((s) => s.score === top!.score).map((s) => s.flow)
    flow = intents.tie_break.find((f) => candidates.includes(f)) ?? null
  }
  const confidence: 'high' | 'medium' | 'low' | 'none' =
    flow === null
      ? 'none'
      : tied
        ? 'low'
        : top!.score >= 5 && top!.score >= 2 * (second?.score ?? 0)
          ? 'high'
          : top!.score >= 4
            ? 'medium'
            : 'low'
  const rule = lawRule(
    ctx.say({
      cs: 'skóre = 2 × klíčová slova + 3 × povinná pole + 1 × volitelná pole; vyhrává nejlepší na minimu nebo nad ním, při shodě první ze shodných toků v tie_break',
      en: 'score = 2 × keywords + 3 × required fields + 1 × optional fields; the best at or above the minimum wins, a tie goes to the first tied flow in tie_break',
    }),
    cite(today(ctx), 'method-intent-routing'),
    flow
      ? `${flow} (${top!.score}${tied ? ctx.say({ cs: ', shoda rozhodnuta podle tie_break', en: ', tie broken by tie_break' }) : ''})`
      : ctx.say({ cs: 'žádný tok nedosáhl minima', en: 'no flow at or above the minimum' }),
  )
  return { flow, confidence, scores, rule }
}

/** The configured language model's choice, when asked: it must name a known flow, else it does not decide. */
async function routeByLlm(request: string, fields: string[], ctx: AgentContext) {
  const sources: SourceStatus[] = []
  let flow: string | null = null
  let failed = false
  if (!ctx.deps.llm.configured)
    sources.push({ name: 'llm', status: 'skipped', error: 'LLM_BASE_URL is not set' })
  else {
    try {
      flow = await askLlm(ctx, request, fields)
      sources.push({ name: 'llm', status: 'ok' })
    } catch (error) {
      failed = true
      sources.push({ name: 'llm', status: 'failed', error: (error as Error).message })
    }
  }
  return { flow, failed, sources }
}

export const intentRouter = defineAgent({
  service: 'orchestrator',
  name: 'intent_router',
  description:
    'Decides which flow a request is for (loan application, property purchase, company onboarding, invoice payment, due diligence) from Czech or English keywords and the fields it carries, with the score of each flow. When a language model is configured it may ask it instead and says which method decided; the rules are the fallback.',
  input: Type.Object(
    {
      request: Type.Optional(
        Type.String({ minLength: 1, maxLength: 2000, description: 'what the caller wants, in words' }),
      ),
      fields: Type.Optional(
        Type.Array(Type.String({ maxLength: 50 }), {
          maxItems: 50,
          description: 'names of the data fields the request carries',
        }),
      ),
      use_llm: Type.Optional(
        Type.Boolean({ default: false, description: 'ask the configured language model first' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    flow: Type.Union([Type.Enum(FLOWS), Type.Null()]),
    method: Type.Enum(['rules', 'llm']),
    confidence: Type.Enum(['high', 'medium', 'low', 'none']),
    scores: Type.Array(
      Type.Object({
        flow: Type.String(),
        score: Type.Integer(),
        keywords: Type.Array(Type.String()),
        fields: Type.Array(Type.String()),
      }),
    ),
  }),
  verdict: {
    explain:
      '`informational` when the request is routed to a flow; `incomplete` when no flow fits it (an intent the table does not know), never a guess',
    of: (r) => (r.flow === null ? 'incomplete' : 'informational'),
  },
  law: ['method-intent-routing'],
  examples: [
    {
      title: 'A mortgage request in Czech',
      input: {
        request: 'Chci si vzít hypotéku na byt',
        fields: ['amount', 'property_value', 'monthly_income'],
      },
    },
    {
      title: 'Only fields: an IČO and a representative',
      input: { fields: ['ico', 'representative', 'email'] },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.request === undefined && (input.fields ?? []).length === 0)
      throw errors.invalid('request', 'required (or fields)')
    const request = input.request ?? ''
    const fields = input.fields ?? []
    const byRules = routeByRules(request, fields, ctx)
    const byLlm = input.use_llm ? await routeByLlm(request, fields, ctx) : undefined
    const method: 'rules' | 'llm' = byLlm?.flow ? 'llm' : 'rules'
    const rules: AppliedRule[] = [
      byRules.rule,
      lawRule(
        say({
          cs: 'při use_llm může rozhodnout nastavený jazykový model; jeho odpověď musí jmenovat známý tok',
          en: 'a configured language model may decide instead when use_llm is true; its answer must name a known flow',
        }),
        cite(today(ctx), 'method-intent-routing'),
        method,
      ),
    ]
    return {
      flow: byLlm?.flow ?? byRules.flow,
      method,
      confidence: method === 'llm' ? ('medium' as const) : byRules.confidence,
      scores: byRules.scores,
      partial: byLlm?.failed ?? false,
      sources: byLlm?.sources ?? [],
      rules_applied: rules,
    }
  },
})
