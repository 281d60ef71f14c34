import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Replay, startReplay } from '../../../test/sources/replay.ts'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import type { Dispatcher } from '../dispatch.ts'
import type { ResultOf } from '../types.ts'
import { adverseMedia } from './adverse_media.ts'

const completion = (content: string) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  })

let llm: Replay
let rules: Dispatcher
let withLlm: Dispatcher
beforeAll(async () => {
  llm = await startReplay([
    {
      method: 'POST',
      path: '/v1/chat/completions',
      bodyIncludes: 'Petr Novák',
      body: completion(
        JSON.stringify({
          mentions_subject: true,
          categories: ['fraud', 'not_a_category'],
          proceedings: true,
          evidence: 'Detektivové obvinili Petra Nováka',
        }),
      ),
    },
    {
      method: 'POST',
      path: '/v1/chat/completions',
      bodyIncludes: 'Jana Svobodová',
      body: completion('not json'),
    },
  ])
  rules = testDispatcher([adverseMedia], replayDeps('http://127.0.0.1:9'))
  withLlm = testDispatcher(
    [adverseMedia],
    replayDeps('http://127.0.0.1:9', { LLM_BASE_URL: `${llm.url}/v1` }),
  )
})
afterAll(() => llm.close())

const call = async (input: unknown, d = rules) =>
  (await d.call('aml', 'adverse_media', input, { now: NOW, lang: 'en' })).output as ResultOf<
    typeof adverseMedia
  >
const example = (i: number) => adverseMedia.examples[i]!.input

describe('aml/adverse_media', () => {
  it('example: finds fraud and money laundering near the declined name "Petra Nováka", with charges', async () => {
    const out = await call(example(0))
    expect(out).toMatchObject({
      method: 'rules',
      adverse_articles: 1,
      categories: ['fraud', 'money_laundering'],
      risk: 'high',
    })
    expect(out.articles[0]).toMatchObject({ mentions_subject: true, adverse: true, proceedings: true })
    expect(out.articles[0]!.categories[1]).toMatchObject({
      category: 'money_laundering',
      terms: ['legalizac vynos'],
    })
  })

  it('example: a neutral mention and an article about someone else are not adverse', async () => {
    const out = await call(example(1))
    expect(out).toMatchObject({ adverse_articles: 0, risk: 'none', verdict: 'clear', warnings: [] })
    expect(out.articles.map((a: { mentions_subject: boolean }) => a.mentions_subject)).toEqual([true, false])
  })

  it('is incomplete, never clear, when no article names the subject: nothing about them was screened', async () => {
    const out = await call({
      name: 'Jana Svobodová',
      articles: [{ title: 'Soud poslal do vězení podvodníka', text: 'Krajský soud odsoudil Karla Dvořáka.' }],
    })
    expect(out).toMatchObject({ risk: 'none', adverse_articles: 0, verdict: 'incomplete' })
    expect(out.warnings).toEqual([
      'Jana Svobodová is named in none of the 1 article(s) given: nothing about the subject was screened; give articles that name them, or check the spelling of the name',
    ])
    expect(out.rules_applied[0]).toMatchObject({ outcome: 'adverse articles: 0 (the subject named in none)' })
  })

  it('does not read "drogerie" as drugs', async () => {
    const out = await call({
      name: 'Jan Malý',
      articles: [{ title: 'Drogerie', text: 'Jan Malý otevřel drogerii na náměstí.' }],
    })
    expect(out.adverse_articles).toBe(0)
  })

  it('uses the language model when configured, keeping only known categories', async () => {
    const out = await call(example(0), withLlm)
    expect(out).toMatchObject({
      method: 'llm',
      categories: ['fraud'],
      sources: [{ name: 'llm', status: 'ok' }],
    })
    expect(out.articles[0]!.evidence).toBe('Detektivové obvinili Petra Nováka')
  })

  it('falls back to the term list when the model answers nonsense, and says so', async () => {
    const out = await call(example(1), withLlm)
    expect(out).toMatchObject({ method: 'rules', partial: true })
    expect(out.sources[0]).toMatchObject({ name: 'llm', status: 'failed' })
  })

  it('method "rules" never calls the model', async () => {
    const before = llm.requests.length
    const input = { ...(example(0) as object), method: 'rules' }
    expect((await call(input, withLlm)).method).toBe('rules')
    expect(llm.requests.length).toBe(before)
  })

  it('answers 400 for an empty article list', async () => {
    await expect(call({ name: 'Jan Malý', articles: [] })).rejects.toMatchObject({ code: 'invalid_request' })
  })
})
