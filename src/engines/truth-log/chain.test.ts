/**
 * The truth log's chain on every storage: appends link to the previous hash, concurrent appends
 * from two instances keep one unbroken chain, and verify names the first entry that was tampered
 * with or removed.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storages } from '../../../test/support/storage.ts'
import type { Database } from '../../kit/db.ts'
import { GENESIS_HASH, TruthLog } from './chain.ts'

const all = await storages('router', { file: 'router.db', poolSize: 5 })

describe.each(all.map((b) => [b.name, b] as const))('truth log on %s', (_name, backend) => {
  let a: Database
  let b: Database
  beforeAll(async () => {
    a = backend.open()
    await a.migrate()
    b = backend.open()
  })
  afterAll(async () => {
    await a.close()
    await b.close()
    await backend.cleanup()
  })

  it('links each entry to the previous one and verifies the whole chain', async () => {
    const log = new TruthLog(a)
    const first = await log.append({ worker: 'w1', task: 't1', content: 'checked ARES', status: 'ok' })
    const second = await log.append({ worker: 'w1', task: 't2', content: 'screened', status: 'ok' })
    expect(first.seq).toBe(1)
    expect(first.prev_hash).toBe(GENESIS_HASH)
    expect(second.prev_hash).toBe(first.hash)
    const result = await log.verify()
    expect(result).toMatchObject({ ok: true, entries: 2, head_hash: second.hash })
  })

  it('keeps one unbroken chain when two instances append at once', async () => {
    const logs = [new TruthLog(a), new TruthLog(b)]
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        logs[i % 2]!.append({ worker: `w${i % 2}`, task: `task-${i}`, content: `entry ${i}`, status: 'ok' }),
      ),
    )
    const result = await logs[0]!.verify()
    expect(result.ok).toBe(true)
    expect(result.entries).toBe(62)
  })

  it('records a job outcome only once however often it is asked', async () => {
    const log = new TruthLog(a)
    const one = await log.append({
      worker: 'w',
      task: 'job',
      content: '{}',
      status: 'SUCCEEDED',
      autoJobId: 'job-1',
    })
    const two = await log.append({
      worker: 'w',
      task: 'job',
      content: '{}',
      status: 'SUCCEEDED',
      autoJobId: 'job-1',
    })
    expect(two.seq).toBe(one.seq)
    expect((await log.verify()).ok).toBe(true)
  })

  it('names the first entry whose content was changed', async () => {
    const log = new TruthLog(a)
    const kysely = a.as<Record<string, never>>()
    await sql`update router_truth_log set content = 'rewritten' where seq = 5`.execute(kysely)
    const result = await log.verify()
    expect(result.ok).toBe(false)
    expect(result.broken).toMatchObject({ seq: 5, reason: expect.stringMatching(/hash does not match/) })
  })

  it('names the place where an entry was removed', async () => {
    const log = new TruthLog(a)
    const kysely = a.as<Record<string, never>>()
    // Undo the previous test's change: seq 5 is one of the concurrent entries, 'entry <i>' of task-<i>.
    const row = await sql<{ task: string }>`select task from router_truth_log where seq = 5`.execute(kysely)
    const i = Number(row.rows[0]!.task.replace('task-', ''))
    await sql`update router_truth_log set content = ${`entry ${i}`} where seq = 5`.execute(kysely)
    expect((await log.verify()).ok).toBe(true)
    await sql`delete from router_truth_log where seq = 9`.execute(kysely)
    const result = await log.verify()
    expect(result.ok).toBe(false)
    expect(result.broken).toMatchObject({ seq: 9, reason: expect.stringMatching(/missing/) })
  })
})
