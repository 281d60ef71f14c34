/**
 * The chat's conversations on SQLite and PostgreSQL (PostgreSQL when reachable; required with
 * CI=true): a turn is stored whole with its citations, the history keeps the last messages, and
 * concurrent turns of one conversation number their messages one after the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storages } from '../../../../../test/support/storage.ts'
import type { Database } from '../../../../kit/db.ts'
import type { Citation } from './loop.ts'
import { ConversationStore } from './store.ts'

const citation: Citation = {
  round: 1,
  tool: 'listing_price_stats',
  arguments: { area: 'Brno-střed' },
  ok: true,
  result: { stats: { median_price_per_m2: 109_624 } },
}

describe.each(await storages('domain-chat'))('chat conversations on $name', (storage) => {
  let db: Database
  let store: ConversationStore
  beforeAll(async () => {
    db = storage.open()
    await db.migrate()
    store = new ConversationStore(db, 4)
  })
  afterAll(async () => {
    await db.close()
    await storage.cleanup()
  })

  it('creates a conversation with its first turn and gives the turn back with its citations', async () => {
    const id = store.newId()
    expect(await store.exists(id)).toBe(false)
    await store.appendTurn(id, {
      isNew: true,
      question: 'Kolik?',
      answer: '109 624 Kč/m²',
      citations: [citation],
    })
    expect(await store.exists(id)).toBe(true)
    expect(await store.history(id)).toEqual([
      { role: 'user', content: 'Kolik?', citations: [] },
      { role: 'assistant', content: '109 624 Kč/m²', citations: [citation] },
    ])
  })

  it('keeps only the last messages of a conversation', async () => {
    const id = store.newId()
    for (const n of [1, 2, 3])
      await store.appendTurn(id, { isNew: n === 1, question: `Q${n}`, answer: `A${n}`, citations: [] })
    expect((await store.history(id)).map((m) => m.content)).toEqual(['Q2', 'A2', 'Q3', 'A3'])
    const rows = await db
      .as<{ domain_chat_messages: { conversation_id: string } }>()
      .selectFrom('domain_chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conversation_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(rows.n)).toBe(4)
  })

  it('numbers the messages of concurrent turns of one conversation one after the other', async () => {
    const id = store.newId()
    const wide = new ConversationStore(db, 200)
    await wide.appendTurn(id, { isNew: true, question: 'Q0', answer: 'A0', citations: [] })
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        wide.appendTurn(id, { isNew: false, question: `Q${n + 1}`, answer: `A${n + 1}`, citations: [] }),
      ),
    )
    const history = await wide.history(id)
    expect(history).toHaveLength(22)
    // Each question is followed by its own answer: no turn was interleaved with another.
    for (let k = 0; k < history.length; k += 2)
      expect(history[k + 1]!.content).toBe(`A${history[k]!.content.slice(1)}`)
  })
})
