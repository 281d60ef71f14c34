import { Type } from 'typebox'
import { errors } from '../../kit/errors.ts'
import { lawRule, today } from '../contact/shared.ts'
import { type Lang, sayIn } from '../lang.ts'
import { cite } from '../law.ts'
import { type SourceStatus, type Verdict, VerdictSchema } from '../result.ts'
import { type AgentContext, defineAgent } from '../types.ts'
import { signalOf } from './aggregate.ts'

interface RuleLike {
  rule?: string
  source?: string
  since?: string
  outcome?: string
}

const VERDICT_TEXT: Record<Verdict, { cs: string; en: string }> = {
  clear: { cs: 'vyhovuje', en: 'passes' },
  review: { cs: 'vyžaduje posouzení', en: 'needs a review' },
  adverse: { cs: 'nevyhovuje', en: 'fails' },
  incomplete: { cs: 'nelze rozhodnout', en: 'cannot be decided' },
  informational: { cs: 'je informativní', en: 'is informational' },
}

function template(result: Record<string, unknown>, subject: string, lang: 'cs' | 'en'): string {
  const sentences: string[] = []
  const signal = signalOf(subject, result)
  if (signal) {
    const text = VERDICT_TEXT[signal.verdict][lang]
    sentences.push(
      lang === 'cs'
        ? `${subject}: výsledek ${text} (verdict = ${signal.verdict}).`
        : `${subject}: the result ${text} (verdict = ${signal.verdict}).`,
    )
  } else
    sentences.push(
      lang === 'cs'
        ? `${subject}: výsledek nenese žádný verdikt.`
        : `${subject}: the result carries no verdict.`,
    )
  const rules = (Array.isArray(result.rules_applied) ? result.rules_applied : []) as RuleLike[]
  for (const r of rules.slice(0, 8)) {
    const origin = [
      r.source,
      r.since ? (lang === 'cs' ? `účinné od ${r.since}` : `in force since ${r.since}`) : undefined,
    ]
      .filter(Boolean)
      .join(', ')
    const outcome = r.outcome ? `: ${r.outcome}` : ''
    const named = lang === 'cs' ? `Pravidlo „${r.rule}“` : `Rule "${r.rule}"`
    sentences.push(`${named}${origin ? ` (${origin})` : ''}${outcome}.`)
  }
  if (rules.length > 8)
    sentences.push(
      lang === 'cs' ? `Dalších pravidel: ${rules.length - 8}.` : `${rules.length - 8} more rules.`,
    )
  const sources = (Array.isArray(result.sources) ? result.sources : []) as Partial<SourceStatus>[]
  const failed = sources.filter((s) => s.status === 'failed')
  if (result.partial === true || failed.length > 0) {
    const names = failed.map((s) => s.name).join(', ')
    sentences.push(
      lang === 'cs'
        ? `Odpověď je neúplná${names ? `: nedostupný zdroj ${names}` : ''}.`
        : `The answer is partial${names ? `: ${names} could not be reached` : ''}.`,
    )
  }
  return sentences.join(' ')
}

/**
 * The text written by the configured language model from the template's facts, when asked and
 * configured; undefined (with the source's status) when it is not, fails or answers nothing.
 */
async function llmText(
  ctx: AgentContext,
  lang: Lang,
  subject: string,
  facts: string,
  result: Record<string, unknown>,
): Promise<{ text?: string; source: SourceStatus }> {
  if (!ctx.deps.llm.configured)
    return { source: { name: 'llm', status: 'skipped', error: 'LLM_BASE_URL is not set' } }
  try {
    const { text: written } = await ctx.deps.llm.complete({
      temperature: 0,
      max_tokens: 600,
      messages: [
        {
          role: 'system',
          content: `Explain the result for a compliance officer in ${lang === 'cs' ? 'Czech' : 'English'}. Use only the facts given; name each rule with its source and date; say if the answer is partial. No new facts.`,
        },
        {
          role: 'user',
          content: `Subject: ${subject}\nFacts: ${facts}\nResult JSON: ${JSON.stringify(result).slice(0, 8000)}`,
        },
      ],
    })
    if (written.trim().length > 0) return { text: written.trim(), source: { name: 'llm', status: 'ok' } }
    return { source: { name: 'llm', status: 'failed', error: 'empty answer' } }
  } catch (error) {
    return { source: { name: 'llm', status: 'failed', error: (error as Error).message } }
  }
}

export const narrativeExplainer = defineAgent({
  service: 'orchestrator',
  name: 'narrative_explainer',
  description:
    'Explains an agent result in plain Czech or English for a client or a compliance file: the verdict, each rule applied with its legal source and date, and any source that failed. A fixed template is used by default; with use_llm and a configured language model the model writes the text from the same facts, and the answer says which method ran.',
  input: Type.Object(
    {
      result: Type.Object(
        {},
        { additionalProperties: true, description: 'any agent result, ideally with rules_applied' },
      ),
      subject: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, description: 'what the result is about' }),
      ),
      language: Type.Optional(
        Type.Enum(['cs', 'en'], {
          description: 'the text’s language; default: the call’s lang (Accept-Language, then cs)',
        }),
      ),
      use_llm: Type.Optional(Type.Boolean({ default: false })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    text: Type.String(),
    method: Type.Enum(['template', 'llm']),
    explained_verdict: Type.Union([VerdictSchema, Type.Null()], {
      description: 'the verdict of the result explained; null when it carries none of the shared vocabulary',
    }),
  }),
  verdict: {
    explain:
      '`informational` when the result explained carries a verdict of the shared vocabulary; `incomplete` when it carries none, so there is no judgement to explain',
    of: (r) => (r.explained_verdict === null ? 'incomplete' : 'informational'),
  },
  law: ['method-narrative-template'],
  examples: [
    {
      title: 'A loan assessment explained in Czech',
      input: {
        subject: 'Hypotéka 4,8 mil. Kč',
        result: {
          verdict: 'review',
          decision: 'refer',
          ltv: 0.85,
          rules_applied: [
            {
              rule: 'ČNB LTV limit 80 %',
              source: 'ČNB doporučení',
              since: '2022-04-01',
              outcome: 'LTV 85 % exceeds 80 %',
            },
          ],
        },
      },
    },
    {
      title: 'A partial e-mail check explained in English',
      input: {
        subject: 'jan.novak@firma.cz',
        language: 'en',
        result: {
          verdict: 'incomplete',
          result: 'unknown',
          partial: true,
          sources: [{ name: 'dns', status: 'failed', error: 'ETIMEOUT' }],
          rules_applied: [{ rule: 'address syntax', source: 'RFC 5322', outcome: 'pass' }],
        },
      },
    },
  ],
  async run(input, ctx) {
    const lang = input.language ?? ctx.lang
    const say = sayIn(lang)
    const subject = input.subject ?? (lang === 'cs' ? 'Výsledek' : 'Result')
    const result = input.result as Record<string, unknown>
    if (Object.keys(result).length === 0) throw errors.invalid('result', 'must not be empty')
    const explained = signalOf(subject, result)?.verdict ?? null
    const text = template(result, subject, lang)
    const cited = cite(today(ctx), 'method-narrative-template')
    const byLlm = input.use_llm ? await llmText(ctx, lang, subject, text, result) : undefined
    if (byLlm?.text !== undefined)
      return {
        text: byLlm.text,
        method: 'llm' as const,
        explained_verdict: explained,
        partial: false,
        sources: [byLlm.source],
        rules_applied: [
          lawRule(
            say({
              cs: 'text napsal nastavený jazykový model z faktů šablony',
              en: 'text written by the configured language model from the template facts',
            }),
            cited,
            ctx.deps.llm.model,
          ),
        ],
      }
    const sources = byLlm ? [byLlm.source] : []
    return {
      text,
      method: 'template' as const,
      explained_verdict: explained,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [
        lawRule(
          say({
            cs: 'pevná šablona: verdikt, potom každé pravidlo s jeho zdrojem a datem, potom zdroje, které selhaly',
            en: 'fixed template: verdict, then each rule with its source and date, then failed sources',
          }),
          cited,
          explained === null
            ? say({
                cs: `${lang}, ${text.length} znaků; výsledek nenese verdikt`,
                en: `${lang}, ${text.length} characters; the result carries no verdict`,
              })
            : say({ cs: `${lang}, ${text.length} znaků`, en: `${lang}, ${text.length} characters` }),
        ),
      ],
    }
  },
})
