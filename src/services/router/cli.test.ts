/**
 * `gatehouse truth-log verify` over the storage in DATA_DIR: exit 0 with the head hash when the
 * chain holds, exit 1 naming the first broken entry after tampering.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { TruthLog } from '../../engines/truth-log/chain.ts'
import type { CommandIO } from '../../kit/command.ts'
import { openDatabase } from '../../kit/db.ts'
import { truthLogVerify } from './cli.ts'

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-truth-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function verify(): Promise<{ code: number; out: string[] }> {
  const out: string[] = []
  const io: CommandIO = {
    env: { DATA_DIR: dir },
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    interactive: false,
  }
  const code = await truthLogVerify.run([], io)
  return { code, out }
}

describe('gatehouse truth-log verify', () => {
  it('reports an intact chain with its length and head hash', async () => {
    const db = openDatabase({ dataDir: dir })
    await db.migrate()
    const log = new TruthLog(db)
    let head = ''
    for (let i = 0; i < 5; i++)
      head = (await log.append({ worker: 'w', task: `t${i}`, content: `c${i}`, status: 'ok' })).hash
    await db.close()
    const { code, out } = await verify()
    expect(code).toBe(0)
    expect(out.join('\n')).toBe(`truth log intact: 5 entries, head ${head}`)
  })

  it('exits 1 and names the first entry that was changed', async () => {
    const db = openDatabase({ dataDir: dir })
    await sql`update router_truth_log set status = 'forged' where seq = 3`.execute(
      db.as<Record<string, never>>(),
    )
    await db.close()
    const { code, out } = await verify()
    expect(code).toBe(1)
    expect(out[0]).toMatch(/^truth log BROKEN at entry 3 \([0-9a-f-]{36}\): hash does not match/)
  })
})
