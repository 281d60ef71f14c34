/**
 * Questions in one language answered by documents in the other, over HTTP: the bilingual term list
 * expands each query (KB_CROSS_LANGUAGE=queries, the default), so an English question reaches a
 * Czech passage and a Czech question an English one.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedTermList } from '../../src/engines/knowledge/terms.ts'
import { LlmClient } from '../../src/kit/llm.ts'
import { type Harness, multipart, OPERATOR, startKnowledge } from './harness.ts'

const LEASE_CS = `# Nájem bytu

## Jistota

Pronajímatel může požadovat jistotu na zaplacení nájemného. Jistota nesmí přesáhnout trojnásobek měsíčního nájemného.

## Výpověď

Nájemce může nájem na dobu neurčitou vypovědět bez udání důvodu s tříměsíční výpovědní dobou.
`
const CASH_CS = `# Omezení plateb v hotovosti

Zákon zakazuje platit v hotovosti částku vyšší než 270 000 Kč za jeden den. Rozdělení jedné platby do několika dnů zákon neobchází.
`
const OWNERS_EN = `# The beneficial-owner register

## Consequences of not registering

An entity whose beneficial owner is not registered cannot pay that owner a profit share, and the unregistered owner cannot exercise voting rights.
`
const RENT_EN = `# Renting out a flat

## Finding tenants

Photograph the flat in daylight, publish the listing on two portals and answer questions within a day.
`

async function withCorpus(h: Harness) {
  for (const [collection, name, content] of [
    ['real_estate', 'najem.md', LEASE_CS],
    ['aml_regulations', 'hotovost.md', CASH_CS],
    ['company_registry', 'owners.md', OWNERS_EN],
    ['real_estate', 'renting.md', RENT_EN],
  ] as const) {
    const form = multipart({ collection }, { name, content })
    const res = await h.app.inject({
      method: 'POST',
      url: '/upload',
      payload: form.payload,
      headers: { ...form.headers, ...OPERATOR },
    })
    expect(res.statusCode).toBe(201)
  }
}

const firstHit = async (h: Harness, query: string, mode = 'hybrid') => {
  const res = await h.app.inject({ method: 'POST', url: '/rag/search', payload: { query, limit: 3, mode } })
  expect(res.statusCode).toBe(200)
  return res.json().data.results[0]?.citation.source as string | undefined
}

describe('searching across Czech and English', () => {
  let withTerms: Harness
  let withoutTerms: Harness
  beforeAll(async () => {
    withTerms = await startKnowledge({
      crossLanguage: { terms: shippedTermList(), queries: true, passages: false },
    })
    withoutTerms = await startKnowledge()
    await withCorpus(withTerms)
    await withCorpus(withoutTerms)
  })
  afterAll(async () => {
    await withTerms.close()
    await withoutTerms.close()
  })

  it('answers an English question from the Czech passage, which it misses without the term list', async () => {
    const question = 'What is the maximum security deposit a landlord can ask for?'
    expect(await firstHit(withTerms, question)).toBe('najem.md')
    expect(await firstHit(withTerms, question, 'keyword')).toBe('najem.md')
    expect(await firstHit(withoutTerms, question, 'keyword')).not.toBe('najem.md')
  })

  it('answers a Czech question from the English passage', async () => {
    expect(await firstHit(withTerms, 'Co hrozí firmě, která nezapíše skutečného majitele?')).toBe('owners.md')
  })

  it('still ranks a passage in the question’s own language first when it answers', async () => {
    expect(await firstHit(withTerms, 'Kolik činí limit plateb v hotovosti za den?')).toBe('hotovost.md')
    expect(await firstHit(withTerms, 'How should I photograph a flat for the listing?')).toBe('renting.md')
  })
})

describe('answering across Czech and English', () => {
  let h: Harness
  let llmServer: Server
  let systems: string[] = []
  beforeAll(async () => {
    // A local OpenAI-compatible chat upstream that records the instructions it is given.
    llmServer = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        systems.push(JSON.parse(body).messages[0].content)
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'x',
            model: 'fake-model',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'At most three months’ rent [1].' },
                finish_reason: 'stop',
              },
            ],
          }),
        )
      })
    })
    await new Promise<void>((r) => llmServer.listen(0, '127.0.0.1', r))
    const llm = new LlmClient({
      baseUrl: `http://127.0.0.1:${(llmServer.address() as AddressInfo).port}/v1`,
      model: 'fake-model',
      timeoutMs: 2000,
      retries: 0,
    })
    h = await startKnowledge({
      llm,
      crossLanguage: { terms: shippedTermList(), queries: true, passages: false },
    })
    await withCorpus(h)
  })
  afterAll(async () => {
    await h.close()
    await new Promise<void>((r) => llmServer.close(() => r()))
  })

  const ask = async (payload: Record<string, unknown>) => {
    const res = await h.app.inject({ method: 'POST', url: '/ask', payload })
    expect(res.statusCode).toBe(200)
    return res.json().data
  }

  it('answers an English question from a Czech passage, says it quotes Czech, and cites its language', async () => {
    const data = await ask({
      question: 'What is the maximum security deposit a landlord can ask for?',
      answer_mode: 'extractive',
    })
    expect(data).toMatchObject({ found: true, answer_mode: 'extractive', language: 'en' })
    expect(data.answer).toMatch(/^The knowledge base answers this in Czech; quoted as written: .*trojnásobek/)
    expect(data.citations[0]).toMatchObject({ source: 'najem.md', language: 'cs', cited: true })
  })

  it('answers a Czech question from an English passage in Czech terms', async () => {
    const data = await ask({
      question: 'Co hrozí firmě, která nezapíše skutečného majitele?',
      answer_mode: 'extractive',
    })
    expect(data).toMatchObject({ found: true, language: 'cs' })
    expect(data.answer).toMatch(/^Znalostní báze na to odpovídá v angličtině; citace v původním znění: /)
    expect(data.citations[0]).toMatchObject({ source: 'owners.md', language: 'en' })
  })

  it('tells the language model to answer in the question’s language, naming each passage’s', async () => {
    systems = []
    const data = await ask({ question: 'What is the maximum security deposit a landlord can ask for?' })
    expect(data).toMatchObject({
      answer_mode: 'generated',
      language: 'en',
      answer: 'At most three months’ rent [1].',
    })
    expect(systems[0]).toMatch(/The question is in English: answer in English/)
  })

  it('gives every search result’s citation its document’s language', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/rag/search',
      payload: { query: 'jistota deposit', limit: 5 },
    })
    const languages = res
      .json()
      .data.results.map((r: { citation: { language: string } }) => r.citation.language)
    expect(languages).toEqual(expect.arrayContaining(['cs']))
    for (const language of languages) expect(['cs', 'en']).toContain(language)
  })
})
