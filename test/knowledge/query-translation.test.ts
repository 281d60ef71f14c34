/**
 * Query translation by the language model (KB_QUERY_TRANSLATION), against a local fake
 * OpenAI-compatible upstream: a word the term list does not know is found in the other language
 * through the model's translation; a slow model costs a search at most its deadline; without a
 * model the option is off and /stats says why.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedTermList } from '../../src/engines/knowledge/terms.ts'
import { QueryTranslator } from '../../src/engines/knowledge/translate.ts'
import { LlmClient } from '../../src/kit/llm.ts'
import { type Harness, multipart, OPERATOR, startKnowledge } from './harness.ts'

const GARDEN_CS = `# Zahrada

Zahradník zalévá rajčata každé ráno před východem slunce.
`
const OFFICE_EN = `# The office

The receptionist opens the office at eight.
`
// What the fake model answers, by the question it is given.
const TRANSLATIONS: Record<string, string> = {
  'When does the gardener water the tomatoes?': 'Kdy zahradník zalévá rajčata?',
}

const cross = { terms: shippedTermList(), queries: true, passages: false }

describe('query translation by the language model', () => {
  let server: Server
  let url: string
  const requests: Array<{ messages: Array<{ role: string; content: string }> }> = []
  let stall = false
  let translated: Harness
  let termsOnly: Harness
  let slow: Harness

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        const request = JSON.parse(body)
        requests.push(request)
        if (stall) return // never answers: the search's deadline must end the wait
        const question = request.messages.at(-1).content as string
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'x',
            model: 'fake-model',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: TRANSLATIONS[question] ?? question },
                finish_reason: 'stop',
              },
            ],
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    const llm = new LlmClient({ baseUrl: url, model: 'fake-model', timeoutMs: 5000, retries: 0 })
    translated = await startKnowledge({
      crossLanguage: cross,
      llm,
      translator: new QueryTranslator({ llm, mode: 'auto', timeoutMs: 5000 }),
    })
    termsOnly = await startKnowledge({
      crossLanguage: cross,
      translator: new QueryTranslator({ llm: undefined, mode: 'auto', timeoutMs: 5000 }),
    })
    // A model client that waits for a minute: only the translator's 300 ms deadline ends the
    // wait for a model that does not answer. With the 5 s client of the others, a search that
    // ignored the deadline took 5 s, too near a cap that must leave a loaded machine room.
    const patient = new LlmClient({ baseUrl: url, model: 'fake-model', timeoutMs: 60_000, retries: 0 })
    slow = await startKnowledge({
      crossLanguage: cross,
      llm: patient,
      translator: new QueryTranslator({ llm: patient, mode: 'auto', timeoutMs: 300 }),
    })
    for (const h of [translated, termsOnly, slow]) {
      for (const [name, content] of [
        ['zahrada.md', GARDEN_CS],
        ['office.md', OFFICE_EN],
      ] as const) {
        const form = multipart({ collection: 'service_knowledge' }, { name, content })
        const res = await h.app.inject({
          method: 'POST',
          url: '/upload',
          payload: form.payload,
          headers: { ...form.headers, ...OPERATOR },
        })
        expect(res.statusCode).toBe(201)
      }
    }
  })
  afterAll(async () => {
    for (const h of [translated, termsOnly, slow]) await h?.close()
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  const search = async (h: Harness, query: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/rag/search',
      payload: { query, limit: 2, mode: 'keyword' },
    })
    expect(res.statusCode).toBe(200)
    return res.json().data as { results: Array<{ citation: { source: string } }>; warnings?: string[] }
  }

  it('finds the Czech passage through the model’s translation of an English question the term list cannot translate', async () => {
    const question = 'When does the gardener water the tomatoes?'
    const withModel = await search(translated, question)
    expect(withModel.results[0]?.citation.source).toBe('zahrada.md')
    const asked = requests.at(-1)!
    expect(asked.messages[0]!.content).toContain('into Czech')
    expect(asked.messages.at(-1)!.content).toBe(question)
    const without = await search(termsOnly, question)
    expect(without.results.map((r) => r.citation.source)).not.toContain('zahrada.md')
  })

  it('asks the model once for a repeated question', async () => {
    const before = requests.length
    await search(translated, 'When does the gardener water the tomatoes?')
    expect(requests.length).toBe(before)
  })

  it('answers from the term list alone, with a warning, when the model does not answer in time', async () => {
    stall = true
    try {
      const started = performance.now()
      const res = await search(slow, 'Who opens the office?')
      // The 300 ms deadline and the search, with seconds of slack for a loaded machine (a 4 s cap
      // was a few pauses away); the model client alone would wait 60 s.
      expect(performance.now() - started).toBeLessThan(10_000)
      expect(res.results[0]?.citation.source).toBe('office.md')
      expect(res.warnings?.join(' ')).toMatch(/query translation skipped/)
    } finally {
      stall = false
    }
  })

  it('is off without a language model and /stats says so', async () => {
    const stats = (await termsOnly.app.inject({ method: 'GET', url: '/stats' })).json().data
    expect(stats.query_translation).toEqual({
      enabled: false,
      reason: expect.stringContaining('no language model is configured'),
    })
    const on = (await translated.app.inject({ method: 'GET', url: '/stats' })).json().data
    expect(on.query_translation).toMatchObject({ enabled: true })
  })
})
