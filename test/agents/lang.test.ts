/**
 * Czech and English output: every agent runs each of its examples with `lang: 'cs'` and with
 * `lang: 'en'`. Only human-readable texts (reasons, outcomes, recommendations, messages …) may
 * differ between the two; codes, enum values, numbers and verdicts are the same. An agent that
 * has such texts must give them in both languages (they differ somewhere). Nested agent calls carry
 * the caller's language; the gateway takes it from the body, else Accept-Language, else Czech.
 */

import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agents } from '../../src/agents/index.ts'
import { DEFAULT_LANG, langFromAcceptLanguage } from '../../src/agents/lang.ts'
import { defineAgent } from '../../src/agents/types.ts'
import { startTestGateway, type TestGateway } from '../../src/services/gateway/harness.ts'
import { FIXED_NOW, testDispatcher } from './harness.ts'

/** Keys whose string values are human-readable texts (the last non-index key of a path). */
const TEXT_KEYS = new Set([
  'rule',
  'why',
  'outcome',
  'reasons',
  'reason',
  'basis',
  'gender_basis',
  'message',
  'recommendation',
  'recommendations',
  'explanation',
  'summary',
  'note',
  'notes',
  'warnings',
  'item',
  'note',
  'lacking',
  'triggers',
  'not_verified',
  'markdown',
  'sections',
  'detail',
  'label',
  'obligations',
  'text',
  'action',
  'actions',
  'description',
  'advice',
  'meaning',
  'purpose',
  'discrepancies',
  'measures',
  'unevaluated',
  'undecided',
  'review_reasons',
  'not_given',
  'recipient',
  'category',
  'str_draft',
  'mandatory_edd',
  'finding',
  'findings',
  'verified',
  'recommendation_text',
  'paths',
  'obligation',
  'title',
  'missing',
  'weekday',
  'warnings',
  'item',
  'note',
  'lacking',
  'triggers',
  'not_verified',
  'markdown',
  'sections',
  'issues',
  'issue',
  'lacking',
  'triggers',
  'not_verified',
  'markdown',
  'sections',
  'value',
  'not_scored',
  'factor',
  'indicator',
  'evidence_required',
  'flags',
  'source',
])

/**
 * Agents whose examples give no human-readable text to translate (only codes, numbers and data
 * from registers), so the two languages may give identical results.
 */
const NO_TEXTS = new Set<string>([])

/** Wall times (ms, total_ms) differ from run to run whatever the language. */
const TIMINGS = /(^|_)ms$/

interface Difference {
  path: string
  cs: unknown
  en: unknown
}

function differences(cs: unknown, en: unknown, path = ''): Difference[] {
  if (Array.isArray(cs) && Array.isArray(en)) {
    if (cs.length !== en.length) return [{ path: `${path}.length`, cs: cs.length, en: en.length }]
    return cs.flatMap((v, i) => differences(v, en[i], `${path}.${i}`))
  }
  if (cs && en && typeof cs === 'object' && typeof en === 'object') {
    const keys = new Set([...Object.keys(cs), ...Object.keys(en)].filter((k) => !TIMINGS.test(k)))
    return [...keys].flatMap((k) =>
      differences((cs as Record<string, unknown>)[k], (en as Record<string, unknown>)[k], `${path}.${k}`),
    )
  }
  return Object.is(cs, en) ? [] : [{ path, cs, en }]
}

/** The key a path's value is a text of: `.reasons.2` → reasons, `.rules_applied.0.outcome` → outcome. */
function textKey(path: string): string {
  return (
    path
      .split('.')
      .filter((p) => p && !/^\d+$/.test(p))
      .at(-1) ?? ''
  )
}

const dispatcher = testDispatcher(agents)
const cases = agents.flatMap((a) => a.examples.map((example, i) => ({ agent: a, i, input: example.input })))

describe('agent texts in Czech and English', () => {
  it.each(cases.map((c) => [`${c.agent.service}/${c.agent.name} example ${c.i}`, c] as const))(
    '%s differs between cs and en in its texts only',
    async (_title, { agent, input }) => {
      const run = async (lang: 'cs' | 'en') =>
        (await dispatcher.call(agent.service, agent.name, { ...(input as object), lang }, { now: FIXED_NOW }))
          .output
      const diff = differences(await run('cs'), await run('en'))
      const notText = diff.filter((d) => typeof d.cs !== 'string' || !TEXT_KEYS.has(textKey(d.path)))
      expect(notText, 'only texts may differ between the languages').toEqual([])
      const id = `${agent.service}/${agent.name}`
      // An example that names its text's own language (`language`) answers in it whatever lang says.
      if (!NO_TEXTS.has(id) && !('language' in (input as object)))
        expect(diff.length, `${id} gives the same texts in Czech and English`).toBeGreaterThan(0)
    },
    // Two runs of an agent that walks several registers (due_diligence: ~11 s each on a busy machine).
    120_000,
  )

  it('lists only agents that exist', () => {
    const ids = new Set(agents.map((a) => `${a.service}/${a.name}`))
    for (const id of NO_TEXTS) expect(ids).toContain(id)
  })

  it('shows lang in every agent’s input schema', () => {
    for (const a of agents) {
      const props = (a.input as { properties: Record<string, { enum?: string[] }> }).properties
      expect(props.lang?.enum, `${a.service}/${a.name}`).toEqual(['cs', 'en'])
    }
  })
})

describe('Accept-Language', () => {
  it.each([
    [undefined, 'cs'],
    ['', 'cs'],
    ['en-GB', 'en'],
    ['EN', 'en'],
    ['cs-CZ', 'cs'],
    ['cs-CZ,cs;q=0.9,en;q=0.8', 'cs'],
    ['en;q=0.8, cs;q=0.9', 'cs'],
    ['de-DE, en-US;q=0.7, cs;q=0.3', 'en'],
    ['de, fr', 'cs'],
    ['*', 'cs'],
    ['en;q=0, cs;q=0.1', 'cs'],
    ['en;q=0', 'cs'],
    ['en;q=abc', 'cs'],
  ] as const)('%j gives %s', (header, lang) => {
    expect(langFromAcceptLanguage(header)).toBe(lang)
  })

  it('defaults to Czech', () => expect(DEFAULT_LANG).toBe('cs'))
})

describe('nested agent calls', () => {
  const inner = defineAgent({
    service: 'banking',
    name: 'inner',
    description: 'answers with the language it was called in, in words',
    input: Type.Object({}, { additionalProperties: false }),
    output: Type.Object({ lang: Type.String(), text: Type.String() }),
    verdict: 'informational',
    examples: [],
    run: async (_input, ctx) => ({ lang: ctx.lang, text: ctx.say({ cs: 'schváleno', en: 'approved' }) }),
  })
  const outer = defineAgent({
    service: 'orchestrator',
    name: 'outer',
    description: 'calls inner twice: once as it is, once asking for Czech',
    input: Type.Object({}, { additionalProperties: false }),
    output: Type.Object({ plain: Type.Unknown(), czech: Type.Unknown(), deeper: Type.Unknown() }),
    verdict: 'informational',
    examples: [],
    run: async (_input, ctx) => ({
      plain: await ctx.call('banking', 'inner', {}),
      czech: await ctx.call('banking', 'inner', { lang: 'cs' }),
      deeper: await ctx.call('orchestrator', 'middle', {}),
    }),
  })
  const middle = defineAgent({
    service: 'orchestrator',
    name: 'middle',
    description: 'calls inner, two levels below the first caller',
    input: Type.Object({}, { additionalProperties: false }),
    output: Type.Object({ lang: Type.String(), text: Type.String() }),
    verdict: 'informational',
    examples: [],
    run: async (_input, ctx) => (await ctx.call('banking', 'inner', {})) as { lang: string; text: string },
  })
  const d = testDispatcher([inner, outer, middle])

  it('carry the caller’s language down every level unless the call names its own', async () => {
    const { output } = await d.call('orchestrator', 'outer', { lang: 'en' })
    // Each level's answer also carries the result contract: only the language is compared here.
    expect(output).toMatchObject({
      plain: { lang: 'en', text: 'approved' },
      czech: { lang: 'cs', text: 'schváleno' },
      deeper: { lang: 'en', text: 'approved' },
    })
  })

  it('are in Czech when nobody names a language', async () => {
    const { output } = await d.call('orchestrator', 'outer', {})
    expect(output).toMatchObject({ plain: { lang: 'cs' }, deeper: { lang: 'cs' } })
  })

  it('take the dispatcher caller’s default when the input names none', async () => {
    const { output } = await d.call('orchestrator', 'outer', {}, { lang: 'en' })
    expect(output).toMatchObject({ plain: { text: 'approved' }, czech: { text: 'schváleno' } })
  })

  it('refuse a language the platform does not speak, naming the field', async () => {
    await expect(d.call('banking', 'inner', { lang: 'de' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('lang'),
    })
  })
})

describe('the gateway', () => {
  let gw: TestGateway
  let key: string
  beforeAll(async () => {
    gw = await startTestGateway()
    key = (await gw.createKey({ name: 'languages' })).key
  })
  afterAll(() => gw?.stop())

  const call = async (headers: Record<string, string>, body: Record<string, unknown> = {}) => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': key, ...headers },
      payload: { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360, ...body },
    })
    expect(res.statusCode).toBe(200)
    return res.json().result as { monthly_payment: number; rules_applied: { outcome: string }[] }
  }

  it('answers in English for Accept-Language: en-GB and in Czech without the header', async () => {
    const en = await call({ 'accept-language': 'en-GB' })
    const cs = await call({})
    expect(en.rules_applied[0]!.outcome).toMatch(/a month/)
    expect(cs.rules_applied[0]!.outcome).toMatch(/měsíčně/)
    expect(cs.monthly_payment).toBe(en.monthly_payment)
  })

  it('lets the body’s lang win over Accept-Language', async () => {
    const cs = await call({ 'accept-language': 'en-GB' }, { lang: 'cs' })
    expect(cs.rules_applied[0]!.outcome).toMatch(/měsíčně/)
  })

  it('answers 400 naming lang for a language it does not speak', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/banking/mortgage_calculator',
      headers: { 'x-api-key': key },
      payload: { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360, lang: 'de' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('lang')
  })
})
