import { Type } from 'typebox'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { fold } from '../../engines/sources/index.ts'
import { AppError } from '../../kit/errors.ts'
import { isoDate, nullable } from '../data/shared.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'

interface Category {
  label: string
  severity: 'medium' | 'high'
  terms: string[]
}
type Version = ReferenceVersion & { categories: Record<string, Category>; proceedings: string[] }

const ArticleSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 500 }),
    text: Type.String({ minLength: 1, maxLength: 50_000 }),
    url: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
    published: Type.Optional(Type.String({ format: 'date' })),
  },
  { additionalProperties: false },
)

/** Word-start positions of a folded term (a phrase matches as consecutive word starts). */
function findTerm(words: string[], term: string): number[] {
  const parts = term.split(' ')
  const at: number[] = []
  for (let i = 0; i + parts.length <= words.length; i++) {
    if (parts.every((p, j) => words[i + j]!.startsWith(p))) at.push(i)
  }
  return at
}

/**
 * Where the subject is named: every token of the name found as a word start (Czech declension
 * changes endings: "Novák" → "Nováka", so the stem is the token less up to two letters, at least
 * four), all within a span of five words.
 */
function findSubject(words: string[], name: string): number[] {
  const stems = fold(name)
    .split(' ')
    .filter((t) => t.length > 1)
    .map((t) => (t.length > 5 ? t.slice(0, t.length - 2) : t.length > 4 ? t.slice(0, 4) : t))
  if (stems.length === 0) return []
  const hits: number[] = []
  for (let i = 0; i < words.length; i++) {
    if (!words[i]!.startsWith(stems[0]!)) continue
    const window = words.slice(Math.max(0, i - 4), i + 5)
    if (stems.every((s) => window.some((w) => w.startsWith(s)))) hits.push(i)
  }
  return hits
}

interface Classified {
  mentions_subject: boolean
  categories: string[]
  proceedings: boolean
  evidence: string | null
}

function classifyByRules(
  article: { title: string; text: string },
  subject: string,
  version: Version,
): Classified & { terms: Record<string, string[]> } {
  const words = fold(`${article.title} ${article.text}`).split(' ')
  const mentions = findSubject(words, subject)
  const terms: Record<string, string[]> = {}
  if (mentions.length === 0)
    return { mentions_subject: false, categories: [], proceedings: false, evidence: null, terms }
  // A term counts when it is within 40 words of a mention of the subject (the same passage).
  const near = (positions: number[]) => positions.some((p) => mentions.some((m) => Math.abs(p - m) <= 40))
  for (const [key, cat] of Object.entries(version.categories)) {
    const found = cat.terms.filter((t) => near(findTerm(words, t)))
    if (found.length) terms[key] = found
  }
  const proceedings = version.proceedings.some((t) => near(findTerm(words, t)))
  const first = mentions[0]!
  return {
    mentions_subject: true,
    categories: Object.keys(terms),
    proceedings,
    evidence: words.slice(Math.max(0, first - 8), first + 12).join(' '),
    terms,
  }
}

const SYSTEM = `You classify news articles for anti-money-laundering adverse-media screening.
Answer only with JSON: {"mentions_subject": boolean, "categories": string[], "proceedings": boolean, "evidence": string|null}.
"categories" are keys from this list, only when the article links the subject to them: CATEGORIES.
"proceedings" is true when the article reports charges, prosecution, conviction, arrest or an investigation of the subject.
"evidence" quotes the sentence that supports the answer, or null.`

async function classifyByLlm(
  article: { title: string; text: string },
  subject: string,
  version: Version,
  llm: { complete(r: unknown): Promise<{ text: string }> },
): Promise<Classified> {
  const keys = Object.keys(version.categories)
  const { text } = await llm.complete({
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: SYSTEM.replace('CATEGORIES', keys.join(', ')) },
      {
        role: 'user',
        content: `Subject: ${subject}\nTitle: ${article.title}\n\n${article.text.slice(0, 12_000)}`,
      },
    ],
  })
  let parsed: Partial<Classified>
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AppError('upstream_error', 'the language model did not answer with JSON')
  }
  return {
    mentions_subject: parsed.mentions_subject === true,
    categories: (Array.isArray(parsed.categories) ? parsed.categories : []).filter((c): c is string =>
      keys.includes(String(c)),
    ),
    proceedings: parsed.proceedings === true,
    evidence: typeof parsed.evidence === 'string' ? parsed.evidence.slice(0, 500) : null,
  }
}

export const adverseMedia = defineAgent({
  service: 'aml',
  name: 'adverse_media',
  description:
    'Reads news articles about a person or company and says which link the subject to financial crime (fraud, corruption, money laundering, terrorism, sanctions evasion, tax crime, organised crime …) and whether they report proceedings (charges, conviction, arrest). Uses the platform’s language model when LLM_BASE_URL is set and otherwise a documented Czech and English term list; the answer says which method ran. Articles none of which names the subject screen nothing: incomplete, never clear.',
  input: Type.Object(
    {
      name: Type.String({ minLength: 2, maxLength: 200, description: 'the person or company screened' }),
      articles: Type.Array(ArticleSchema, { minItems: 1, maxItems: 50 }),
      method: Type.Optional(
        Type.Union([Type.Literal('auto'), Type.Literal('rules')], {
          default: 'auto',
          description: 'rules: never call the language model',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    subject: Type.String(),
    method: Type.Union([Type.Literal('llm'), Type.Literal('rules')]),
    articles: Type.Array(
      Type.Object({
        index: Type.Integer(),
        title: Type.String(),
        url: nullable(Type.String()),
        mentions_subject: Type.Boolean(),
        adverse: Type.Boolean(),
        categories: Type.Array(
          Type.Object({
            category: Type.String(),
            label: Type.String(),
            severity: Type.String(),
            terms: Type.Array(Type.String()),
          }),
        ),
        proceedings: Type.Boolean(),
        evidence: nullable(Type.String()),
      }),
    ),
    adverse_articles: Type.Integer(),
    categories: Type.Array(Type.String(), { description: 'categories found across the articles' }),
    risk: Type.Union([Type.Literal('none'), Type.Literal('medium'), Type.Literal('high')]),
    warnings: Type.Array(Type.String(), {
      description: 'what was not screened: the subject named in none of the articles given',
    }),
  }),
  verdict: {
    explain:
      'from `risk`: high → `adverse`, medium → `review`, none → `clear` when an article names the subject; none with the subject named in no article → `incomplete` (nothing about the subject was screened), never clear',
    of: (r) =>
      r.risk === 'high'
        ? 'adverse'
        : r.risk === 'medium'
          ? 'review'
          : r.articles.some((a) => a.mentions_subject)
            ? 'clear'
            : 'incomplete',
  },
  law: ['cz-253-2008-s9', 'cz-253-2008-s9a', 'eu-2018-1673', 'method-adverse-media-terms'],
  examples: [
    {
      title: 'A Czech article reporting charges for subsidy fraud',
      input: {
        name: 'Petr Novák',
        articles: [
          {
            title: 'Policie obvinila podnikatele z dotačního podvodu',
            text: 'Detektivové obvinili Petra Nováka, jednatele stavební firmy, z dotačního podvodu a legalizace výnosů z trestné činnosti. Podle policie firma vylákala 12 milionů korun.',
            url: 'https://zpravy.example.cz/2026/11/dotacni-podvod',
          },
        ],
      },
    },
    {
      title: 'An article naming the subject without adverse context, and one about someone else',
      input: {
        name: 'Jana Svobodová',
        articles: [
          {
            title: 'Nová pobočka v Brně',
            text: 'Ředitelka Jana Svobodová otevřela novou pobočku firmy v Brně a přijala 20 zaměstnanců.',
          },
          {
            title: 'Soud poslal do vězení podvodníka',
            text: 'Krajský soud odsoudil Karla Dvořáka za podvod na seniorech.',
          },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const ref = loadReference<Version>('adverse-media-terms')
    const today = isoDate(ctx.now)
    const version = versionAt(ref, today)
    const sources: SourceStatus[] = []
    let method: 'llm' | 'rules' = input.method !== 'rules' && ctx.deps.llm.configured ? 'llm' : 'rules'
    const results: Classified[] = []
    if (method === 'llm') {
      try {
        for (const a of input.articles)
          results.push(await classifyByLlm(a, input.name, version, ctx.deps.llm))
        sources.push({ name: 'llm', status: 'ok' })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        sources.push({ name: 'llm', status: 'failed', error: error.message })
        method = 'rules'
        results.length = 0
      }
    }
    const ruleTerms: Record<string, string[]>[] = []
    if (method === 'rules') {
      for (const a of input.articles) {
        const r = classifyByRules(a, input.name, version)
        results.push(r)
        ruleTerms.push(r.terms)
      }
    }
    const articles = input.articles.map((a, index) => {
      const r = results[index]!
      const categories = r.categories.map((key) => ({
        category: key,
        label: version.categories[key]!.label,
        severity: version.categories[key]!.severity,
        terms: ruleTerms[index]?.[key] ?? [],
      }))
      return {
        index,
        title: a.title,
        url: a.url ?? null,
        mentions_subject: r.mentions_subject,
        adverse: r.mentions_subject && categories.length > 0,
        categories,
        proceedings: r.mentions_subject && r.proceedings,
        evidence: r.evidence,
      }
    })
    const adverse = articles.filter((a) => a.adverse)
    const high = adverse.some((a) => a.proceedings || a.categories.some((c) => c.severity === 'high'))
    const categories = [...new Set(adverse.flatMap((a) => a.categories.map((c) => c.category)))]
    // Fail closed: articles that never name the subject say nothing about them, so "no adverse
    // media" would rest on nothing (a misspelt name, articles about someone else).
    const unnamed = !articles.some((a) => a.mentions_subject)
    const warnings = unnamed
      ? [
          say({
            cs: `${input.name}: není jmenován(a) v žádném z předaných článků (${articles.length}): o subjektu nebylo nic prověřeno; předejte články, které jej jmenují, nebo ověřte pravopis jména`,
            en: `${input.name} is named in none of the ${articles.length} article(s) given: nothing about the subject was screened; give articles that name them, or check the spelling of the name`,
          }),
        ]
      : []
    return {
      subject: input.name,
      method,
      articles,
      adverse_articles: adverse.length,
      categories,
      risk: (adverse.length === 0 ? 'none' : high ? 'high' : 'medium') as 'none' | 'high' | 'medium',
      warnings,
      rules_applied: [
        {
          rule: say({
            cs: 'negativní zprávy o klientovi nebo jeho vlastnících jsou rizikovým faktorem pro zesílenou kontrolu',
            en: 'adverse media on a client or its owners is a risk factor for enhanced due diligence',
          }),
          ...cite(today, 'cz-253-2008-s9', 'cz-253-2008-s9a', 'eu-2018-1673'),
          outcome: unnamed
            ? say({
                cs: `negativních článků: 0 (subjekt nejmenován v žádném)`,
                en: `adverse articles: 0 (the subject named in none)`,
              })
            : say({
                cs: `negativních článků: ${adverse.length}`,
                en: `adverse articles: ${adverse.length}`,
              }),
        },
        {
          rule:
            method === 'llm'
              ? say({
                  cs: 'články zařazené jazykovým modelem do dodaných kategorií',
                  en: 'articles classified by the language model into the shipped categories',
                })
              : say({
                  cs: 'kategorie se započte, objeví-li se některý z jejích výrazů do 40 slov od jména subjektu',
                  en: 'a category counts when one of its terms appears within 40 words of the subject’s name',
                }),
          ...cite(today, 'method-adverse-media-terms'),
          outcome: say({ cs: `metoda ${method}`, en: `method ${method}` }),
        },
      ],
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
