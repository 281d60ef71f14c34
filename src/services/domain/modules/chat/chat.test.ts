/**
 * POST /api/chat over HTTP (inject) against a local OpenAI-compatible server written here: it
 * answers each chat completion from a script (tool calls, then a final answer that may read the
 * tool results it was sent), records what it was sent, and can stall or fail.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  csv,
  haveSharedData,
  REGISTRY_DIR,
  SAMPLE,
  SHARED_LISTINGS,
} from '../../../../../test/domain/fixtures.ts'
import { saleListings } from '../../../../engines/realestate/comparables.ts'
import { loadGazetteer } from '../../../../engines/realestate/regions.ts'
import { type Valuer, valuerFor } from '../../../../engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { LlmClient } from '../../../../kit/llm.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp, type DomainDeps } from '../../app.ts'
import { buildSnapshot, type Snapshot } from '../../state.ts'
import { ContactStore } from '../contacts/store.ts'
import { VariableSymbolStore } from '../payments/store.ts'
import { importListingsFile } from '../reality/importer.ts'
import { ListingStore } from '../reality/store.ts'
import { PLAIN_FIELDS, unitOfField } from './grounding.ts'
import type { ChatLimits } from './loop.ts'
import { ConversationStore } from './store.ts'
import { dataTools } from './tools.ts'

interface Sent {
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[]
  tools?: { function: { name: string } }[]
  model: string
}
type Reply =
  | { tool_calls: { name: string; arguments: unknown }[] }
  | { content: string | ((sent: Sent) => string) }
  | { status: number }
  | { delayMs: number; content: string }

/** The local OpenAI-compatible upstream: replies from `script` in order, `requests` as received. */
async function startUpstream() {
  const script: Reply[] = []
  const requests: Sent[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end()
      return
    }
    const sent = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Sent
    requests.push(sent)
    const next = script.shift() ?? { content: 'Nevím.' }
    if ('status' in next) {
      res.writeHead(next.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: 'overloaded' } }))
      return
    }
    if ('delayMs' in next) await new Promise((r) => setTimeout(r, next.delayMs))
    const message =
      'tool_calls' in next
        ? {
            role: 'assistant',
            content: null,
            tool_calls: next.tool_calls.map((c, i) => ({
              id: `call_${requests.length}_${i}`,
              type: 'function',
              function: { name: c.name, arguments: JSON.stringify(c.arguments) },
            })),
          }
        : {
            role: 'assistant',
            content: typeof next.content === 'function' ? next.content(sent) : next.content,
          }
    if (res.destroyed) return
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: sent.model,
        choices: [{ index: 0, message, finish_reason: 'tool_calls' in next ? 'tool_calls' : 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    script,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The last tool result the model was sent, parsed. */
const lastToolResult = (sent: Sent) =>
  JSON.parse(sent.messages.filter((m) => m.role === 'tool').at(-1)!.content!) as Record<string, any>

/** 115000 → "115 000", as a Czech text writes it (a no-break space between thousands). */
const czech = (n: number) => n.toLocaleString('cs-CZ')

describe.skipIf(!haveSharedData)('POST /api/chat', () => {
  let db: Database
  let upstream: Awaited<ReturnType<typeof startUpstream>>
  let snapshot: Snapshot
  let store: ListingStore
  let valuer: Valuer
  const apps: App[] = []

  // Time limits no test here reaches by load alone: counting the HIGH opportunities took 2.8 s on
  // a busy two-core machine, and 5.9 s with two more processes spinning, past the 5 s deadline
  // these were (504, no data). The deadline test sets its own.
  const limits: ChatLimits = { maxRounds: 3, deadlineMs: 20_000, callTimeoutMs: 20_000 }
  async function appWith(chat: DomainDeps['chat'] | undefined): Promise<App> {
    const app = await buildApp({
      logger: createLogger({ level: 'silent' }),
      store,
      contacts: new ContactStore(db),
      symbols: new VariableSymbolStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot,
      valuer,
      ...(chat ? { chat } : {}),
      logRequests: false,
    })
    apps.push(app)
    return app
  }
  const chatOf = (over: Partial<ChatLimits> = {}, baseUrl: string | null = upstream.url) => ({
    llm: new LlmClient({ baseUrl: baseUrl ?? undefined, model: 'test-model', timeoutMs: 20_000, retries: 0 }),
    conversations: new ConversationStore(db, 4),
    limits: { ...limits, ...over },
  })
  let app: App
  const ask = async (target: App, body: unknown) => {
    const res = await target.inject({ method: 'POST', url: '/api/chat', payload: body as object })
    return { status: res.statusCode, body: res.json() as Record<string, any> }
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'domain-chat-'))
    const file = join(dir, 'listings.csv')
    writeFileSync(file, csv(SAMPLE))
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    store = new ListingStore(db)
    const gazetteer = loadGazetteer(REGISTRY_DIR)
    await importListingsFile(store, file, gazetteer)
    snapshot = buildSnapshot(await store.all(), gazetteer)
    // Too few synthetic sales to fit on: the model of the shared file answers valuations here.
    valuer = valuerFor(saleListings(SHARED_LISTINGS))
    upstream = await startUpstream()
    app = await appWith(chatOf())
  }, 60_000)
  afterAll(async () => {
    for (const a of apps) await a.close()
    await upstream.close()
    await db.close()
  })
  beforeEach(() => {
    upstream.script.length = 0
    upstream.requests.length = 0
  })

  it('runs the tool the model asks for and cites its arguments and exact figures', async () => {
    upstream.script.push(
      {
        tool_calls: [{ name: 'listing_price_stats', arguments: { area: 'Brno-střed', disposition: '2+kk' } }],
      },
      {
        content: (sent) =>
          `2+kk v Brně-středu stojí v mediánu ${czech(lastToolResult(sent).stats.median_price_per_m2)} Kč/m² (${lastToolResult(sent).stats.count} inzerát).`,
      },
    )
    const { status, body } = await ask(app, { message: 'Kolik stojí 2+kk za m² v Brně-středu?' })
    expect(status).toBe(200)
    // One listing there: 2001, 6 900 000 CZK for 60 m² = 115 000 CZK/m² (Veveří lies in Brno-střed).
    expect(body.data.answer).toBe('2+kk v Brně-středu stojí v mediánu 115\u00a0000 Kč/m² (1 inzerát).')
    expect(body.data.grounded).toBe(true)
    expect(body.data.ungrounded_numbers).toEqual([])
    expect(body.data.citations).toEqual([
      {
        round: 1,
        tool: 'listing_price_stats',
        arguments: { area: 'Brno-střed', disposition: '2+kk' },
        ok: true,
        result: {
          as_of: '2024-04-12',
          region: null,
          area: 'Brno-střed (Brno)',
          disposition: '2+kk',
          stats: {
            count: 1,
            median_price_per_m2: 115_000,
            q1_price_per_m2: 115_000,
            q3_price_per_m2: 115_000,
            median_price: 6_900_000,
            median_area_m2: 60,
          },
        },
      },
    ])
    expect(body.data).toMatchObject({ rounds: 2, model: 'test-model', history_messages: 0 })
    expect(body.data.usage).toEqual({ prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 })
    // The model was offered the tools, told to use only their figures, and sent the result.
    const [first, second] = upstream.requests
    expect(first!.tools!.map((t) => t.function.name)).toEqual([
      'listing_price_stats',
      'search_listings',
      'opportunities',
      'estimate_value',
    ])
    expect(first!.messages[0]!.content).toMatch(/Use only figures returned by the tools/)
    expect(JSON.parse(second!.messages.at(-1)!.content!)).toEqual(body.data.citations[0].result)
  })

  it('gives the same figures as the listings route the tool stands for', async () => {
    upstream.script.push(
      {
        tool_calls: [
          { name: 'search_listings', arguments: { locality: 'Praha 5 - Smíchov', sort: '-price', limit: 2 } },
        ],
      },
      { content: (sent) => `Nejdražší je ${lastToolResult(sent).items[0].code}.` },
    )
    const { body } = await ask(app, { message: 'Které byty na Smíchově jsou nejdražší?' })
    const route = await app.inject({
      method: 'GET',
      url: '/api/reality/ads?locality=praha-smichov&sort=-price&limit=2',
    })
    const cited = body.data.citations[0].result
    expect(cited.total).toBe(route.json().data.total)
    expect(cited.items.map((i: { code: string }) => i.code)).toEqual(
      route.json().data.items.map((i: { code: string }) => i.code),
    )
    expect(body.data.grounded).toBe(true)
  })

  it('flags an answer quoting a number no tool returned', async () => {
    upstream.script.push(
      {
        tool_calls: [{ name: 'listing_price_stats', arguments: { area: 'Brno-střed', disposition: '2+kk' } }],
      },
      { content: 'Medián je 115 000 Kč/m², ale v centru až 134 500 Kč/m² a nájem 25,5 tis. Kč.' },
    )
    const { status, body } = await ask(app, { message: 'Kolik stojí 2+kk za m² v Brně-středu?' })
    expect(status).toBe(200)
    expect(body.data.grounded).toBe(false)
    expect(body.data.ungrounded_numbers).toEqual(['134 500', '25,5 tis.'])
  })

  describe('grounding that cannot be fooled', () => {
    // Praha: eight flats in Smíchov of four dispositions (labels "1+kk", "3+1" …, counts of 1).
    const stats = { tool_calls: [{ name: 'listing_price_stats', arguments: { region: 'Praha' } }] }
    const median = (sent: Sent) => lastToolResult(sent).stats.median_price_per_m2 as number
    /** The median rounded down to one significant digit: 155 172 → 100 000 (35 % off). */
    const oneDigit = (n: number) =>
      10 ** Math.floor(Math.log10(n)) * Math.floor(n / 10 ** Math.floor(Math.log10(n)))

    it.each([
      ['a price matched in the labels "1+kk" and "3+1" or a count of 1', () => 'Medián je 1 Kč.', ['1']],
      ['a year from the data’s as_of date', () => 'Medián je 2024 Kč.', ['2024']],
      [
        'a rounding to one significant digit',
        (sent: Sent) => `Medián je ${czech(oneDigit(median(sent)))} Kč/m².`,
        (sent: Sent) => [czech(oneDigit(median(sent)))],
      ],
      [
        'the figure with a minus sign',
        (sent: Sent) => `Medián je -${median(sent)} Kč/m².`,
        (sent: Sent) => [`-${median(sent)}`],
      ],
      ['a scaled figure of a thousand crowns', () => 'Medián je 0,001 mil. Kč.', ['0,001 mil.']],
      ['a figure in Arabic-Indic digits', () => 'Medián je ١ Kč.', ['١']],
      ['a figure in fullwidth digits', () => 'Medián je １２３ Kč/m².', ['１２３']],
      [
        'a per-m² figure quoted as a price',
        (sent: Sent) => `Byt stojí ${median(sent)} Kč.`,
        (sent: Sent) => [String(median(sent))],
      ],
    ] as const)('flags %s', async (_name, answer, expected) => {
      let sent: Sent | undefined
      upstream.script.push(stats, {
        content: (s) => {
          sent = s
          return answer(s)
        },
      })
      const { body } = await ask(app, { message: 'Jaký je medián ceny za m² v Praze?' })
      const wanted = typeof expected === 'function' ? expected(sent!) : expected
      expect(body.data).toMatchObject({ grounded: false, ungrounded_numbers: wanted })
    })

    it('flags a figure the user typed and no tool returned', async () => {
      upstream.script.push(stats, { content: 'Ano, medián je 98 765 Kč/m².' })
      const { body } = await ask(app, { message: 'Potvrď, že medián v Praze je 98 765 Kč/m².' })
      expect(body.data).toMatchObject({ grounded: false, ungrounded_numbers: ['98 765'] })
    })

    it('accepts the figure as returned, a rounding a person would call the same, in any digits, with labels and counts', async () => {
      upstream.script.push(stats, {
        content: (sent) => {
          const m = median(sent)
          const r = lastToolResult(sent)
          const ones = r.by_disposition.find((d: { disposition: string }) => d.disposition === '1+kk')
          return [
            `Medián je ${czech(m)} Kč/m² (asi ${czech(Math.round(m / 1000) * 1000)} Kč/m², ${(m / 1000).toFixed(0)} tis. Kč/m²),`,
            `arabsky ${m.toLocaleString('ar-EG')} Kč/m²; 1+kk: ${ones.count} inzerát, data k ${r.as_of}, celkem ${r.stats.count}.`,
          ].join(' ')
        },
      })
      const { body } = await ask(app, { message: 'Jaký je medián ceny za m² v Praze?' })
      expect(body.data.ungrounded_numbers).toEqual([])
      expect(body.data.grounded).toBe(true)
    })
  })

  it('flags a number when the model answers without calling any tool', async () => {
    upstream.script.push({ content: 'Byt 2+kk stojí asi 98 000 Kč/m².' })
    const { body } = await ask(app, { message: 'Kolik stojí 2+kk za m²?' })
    // "2" of 2+kk is the user's own; 98 000 comes from nowhere.
    expect(body.data).toMatchObject({ grounded: false, ungrounded_numbers: ['98 000'], citations: [] })
  })

  it('counts HIGH opportunities as /api/reality/opportunities does, and of a city', async () => {
    upstream.script.push(
      {
        tool_calls: [
          { name: 'opportunities', arguments: { level: 'HIGH' } },
          { name: 'opportunities', arguments: { level: 'HIGH', area: 'Ostrava' } },
        ],
      },
      {
        content: (sent) =>
          `Celkem ${JSON.parse(sent.messages.at(-2)!.content!).total} HIGH, v Ostravě ${lastToolResult(sent).total}.`,
      },
    )
    const { body } = await ask(app, { message: 'Kolik je HIGH příležitostí, a kolik v Ostravě?' })
    // On a loaded machine this once answered without data, its error unseen: the error shows here.
    expect(body.error).toBeUndefined()
    const route = (
      await app.inject({ method: 'GET', url: '/api/reality/opportunities?level=HIGH&limit=5' })
    ).json()
    const [all, ostrava] = body.data.citations.map((c: { result: Record<string, any> }) => c.result)
    expect(all.total).toBeGreaterThan(0)
    expect(all.total).toBe(route.data.total)
    expect(all.items.map((i: { code: string }) => i.code)).toEqual(
      route.data.items.map((i: { code: string }) => i.code),
    )
    expect(all.thresholds).toEqual({
      high_below: route.data.thresholds.high_below,
      medium_below: route.data.thresholds.medium_below,
    })
    // The model here is the shared file's, whose sales carry no municipality: none lies in Ostrava.
    expect(ostrava).toMatchObject({ area: 'Ostrava', level: 'HIGH', total: 0 })
    expect(body.data.answer).toBe(`Celkem ${all.total} HIGH, v Ostravě 0.`)
    expect(body.data.grounded).toBe(true)
  })

  it('values a flat by address with the valuation tool, as /api/estimate does', async () => {
    const args = { area_m2: 60, disposition: '2+kk', address: 'Praha 5 - Smíchov' }
    upstream.script.push(
      { tool_calls: [{ name: 'estimate_value', arguments: args }] },
      { content: (sent) => `Odhad: ${czech(lastToolResult(sent).estimate)} Kč.` },
    )
    const { body } = await ask(app, { message: 'Kolik má hodnotu byt 2+kk 60 m² na Praze 5 - Smíchov?' })
    const route = await app.inject({
      method: 'GET',
      url: `/api/estimate?area_m2=60&disposition=2%2Bkk&address=${encodeURIComponent('Praha 5 - Smíchov')}`,
    })
    const cited = body.data.citations[0].result
    expect(cited.estimate).toBe(route.json().data.estimate)
    expect(cited.location).toMatchObject({ source: 'gazetteer', precision: 'part' })
    expect(body.data.grounded).toBe(true)
  })

  it('tells the model what was wrong with its arguments, and lets it call again', async () => {
    upstream.script.push(
      {
        tool_calls: [
          { name: 'listing_price_stats', arguments: { region: 'Atlantida' } },
          { name: 'no_such_tool', arguments: {} },
        ],
      },
      { tool_calls: [{ name: 'listing_price_stats', arguments: { region: 'Jihomoravský' } }] },
      { content: (sent) => `Počet: ${lastToolResult(sent).stats.count}.` },
    )
    const { body } = await ask(app, { message: 'Kolik bytů je v Jihomoravském kraji?' })
    const [bad, unknown, good] = body.data.citations
    expect(bad).toMatchObject({
      ok: false,
      result: { error: expect.stringMatching(/not a kraj with listings/) },
    })
    expect(unknown).toMatchObject({
      ok: false,
      result: { error: expect.stringMatching(/no tool "no_such_tool"/) },
    })
    expect(good).toMatchObject({ round: 2, ok: true, result: { stats: { count: 3 } } })
    expect(body.data.answer).toBe('Počet: 3.')
  })

  it('continues a conversation: the earlier turns go upstream as history, their figures stay citable', async () => {
    upstream.script.push(
      {
        tool_calls: [{ name: 'listing_price_stats', arguments: { area: 'Brno-střed', disposition: '2+kk' } }],
      },
      { content: 'Medián je 115 000 Kč/m².' },
    )
    const first = await ask(app, { message: 'Kolik stojí 2+kk za m² v Brně-středu?' })
    const id = first.body.data.conversation_id
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    upstream.script.push({ content: 'Jak jsem psal: 115 000 Kč/m².' })
    const second = await ask(app, { message: 'A znovu?', conversation_id: id })
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({ conversation_id: id, history_messages: 2, grounded: true })
    const sent = upstream.requests.at(-1)!.messages.map((m) => [m.role, m.content])
    expect(sent.slice(1)).toEqual([
      ['user', 'Kolik stojí 2+kk za m² v Brně-středu?'],
      ['assistant', 'Medián je 115 000 Kč/m².'],
      ['user', 'A znovu?'],
    ])
  })

  it('keeps only the last messages of a conversation as its history', async () => {
    // The store here keeps 4 messages: two turns.
    let id: string | undefined
    for (const n of [1, 2, 3]) {
      upstream.script.push({ content: `Odpověď ${n}.` })
      const { body } = await ask(app, { message: `Otázka ${n}`, ...(id ? { conversation_id: id } : {}) })
      id = body.data.conversation_id
    }
    upstream.script.push({ content: 'Konec.' })
    const { body } = await ask(app, { message: 'Otázka 4', conversation_id: id })
    expect(body.data.history_messages).toBe(4)
    expect(
      upstream.requests
        .at(-1)!
        .messages.map((m) => m.content)
        .slice(1),
    ).toEqual(['Otázka 2', 'Odpověď 2.', 'Otázka 3', 'Odpověď 3.', 'Otázka 4'])
  })

  it('answers 404 for an unknown conversation, and stores nothing of a failed turn', async () => {
    const missing = await ask(app, {
      message: 'Ahoj',
      conversation_id: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
    expect(upstream.requests).toHaveLength(0)

    upstream.script.push({ status: 500 })
    const failed = await ask(app, { message: 'Ahoj' })
    expect(failed.status).toBe(502)
    const rows = await db
      .as<{ domain_chat_messages: { content: string } }>()
      .selectFrom('domain_chat_messages')
      .select('content')
      .where('content', '=', 'Ahoj')
      .execute()
    expect(rows).toEqual([])
  })

  it('stops after the round limit: the last call offers no tools, and still asking for them is a 502', async () => {
    const target = await appWith(chatOf({ maxRounds: 2 }))
    const call = { tool_calls: [{ name: 'listing_price_stats', arguments: {} }] }
    upstream.script.push(call, call, call)
    const { status, body } = await ask(target, { message: 'Kolik?' })
    expect(status).toBe(502)
    expect(body.error.message).toMatch(/after 2 rounds of tool calls/)
    expect(upstream.requests).toHaveLength(3)
    expect(upstream.requests.map((r) => r.tools !== undefined)).toEqual([true, true, false])
  })

  it('answers after the round limit when the model, offered no tools, answers', async () => {
    const target = await appWith(chatOf({ maxRounds: 1 }))
    upstream.script.push(
      { tool_calls: [{ name: 'listing_price_stats', arguments: { region: 'Praha' } }] },
      { content: (sent) => `Počet: ${lastToolResult(sent).stats.count}.` },
    )
    const { status, body } = await ask(target, { message: 'Kolik bytů je v Praze?' })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ answer: 'Počet: 8.', rounds: 2, grounded: true })
  })

  it('answers 504 within the overall deadline when the upstream stalls', async () => {
    // Only the 400 ms deadline can end this: the model answers after 20 s, and the client and
    // the call wait a minute. Within 10 s, seconds of slack for a loaded machine, where a 1.5 s
    // cap against an answer at 3 s left 1.1 s.
    const stalled = chatOf({ deadlineMs: 400, callTimeoutMs: 60_000 })
    const llm = new LlmClient({ baseUrl: upstream.url, model: 'test-model', timeoutMs: 60_000, retries: 0 })
    const target = await appWith({ ...stalled, llm })
    upstream.script.push({ delayMs: 20_000, content: 'pozdě' })
    const started = Date.now()
    const { status, body } = await ask(target, { message: 'Kolik?' })
    expect(status).toBe(504)
    expect(body.error.message).toMatch(/deadline of 0.4 s/)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('answers 503 naming LLM_BASE_URL without a model, while the other routes still answer', async () => {
    for (const target of [await appWith(undefined), await appWith(chatOf({}, null))]) {
      const { status, body } = await ask(target, { message: 'Kolik stojí 2+kk?' })
      expect(status).toBe(503)
      expect(body).toMatchObject({ success: false, error: { details: { variable: 'LLM_BASE_URL' } } })
      expect(body.error.message).toMatch(/set LLM_BASE_URL/)
      const stats = await target.inject({ method: 'GET', url: '/api/reality/stats' })
      expect(stats.statusCode).toBe(200)
    }
    expect(upstream.requests).toHaveLength(0)
  })

  it.each([
    [{}, 'message', 'required'],
    [{ message: '' }, 'message', 'minLength 1'],
    [{ message: 'x'.repeat(2001) }, 'message', 'maxLength 2000'],
    [{ message: 'Ahoj', conversation_id: 'abc' }, 'conversation_id', 'format uuid'],
    [{ message: 'Ahoj', model: 'gpt-5' }, 'model', expect.any(String)],
    [{ message: 42 }, 'message', expect.stringMatching(/string/)],
  ])('answers 400 naming the field and rule for %j', async (payload, field, rule) => {
    const { status, body } = await ask(app, payload)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      success: false,
      error: { code: 'INVALID_REQUEST', details: { field, rule } },
    })
  })

  it('says so when no valuation model is loaded, in the tools that need one', async () => {
    const tools = dataTools({ snapshot, store, valuer: null, now: () => new Date('2026-01-01') })
    const byName = new Map(tools.map((t) => [t.name, t]))
    for (const [name, args] of [
      ['opportunities', { level: 'HIGH' }],
      ['estimate_value', { area_m2: 60, disposition: '2+kk', address: 'Praha Smíchov' }],
    ] as const) {
      expect(await byName.get(name)!.run({ ...args })).toEqual({
        available: false,
        error: expect.stringMatching(/no valuation model is loaded/),
      })
    }
  })

  it('knows the unit of every numeric field the tools return, or that it has none', async () => {
    const tools = new Map(
      dataTools({ snapshot, store, valuer, now: () => new Date('2026-01-01') }).map((t) => [t.name, t]),
    )
    const results = [
      await tools.get('listing_price_stats')!.run({ region: 'Praha' }),
      await tools.get('search_listings')!.run({ locality: 'Praha Smíchov' }),
      await tools.get('opportunities')!.run({}),
      await tools
        .get('estimate_value')!
        .run({ area_m2: 60, disposition: '2+kk', address: 'Praha 5 - Smíchov', price: 9e6 }),
    ]
    const fields = new Set<string>()
    const walk = (value: unknown, key: string): void => {
      if (typeof value === 'number') fields.add(key)
      else if (Array.isArray(value)) for (const v of value) walk(v, key)
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k)
    }
    walk(results, '')
    expect(fields.size).toBeGreaterThan(15)
    const unknown = [...fields].filter((f) => unitOfField(f) === null && !PLAIN_FIELDS.has(f))
    expect(unknown).toEqual([])
  })

  it('is described in the OpenAPI document with its request and response', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const op = doc.paths['/api/chat'].post
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['message'])
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '502', '503', '504']),
    )
  })
})
