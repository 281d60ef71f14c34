/**
 * The service as `gatehouse serve knowledge` starts it (configuration, migrations, the starting
 * corpus in the background, the change-log poller), and `gatehouse kb ingest` writing into the same
 * storage while it runs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli.ts'
import { parseEnv } from '../../src/kit/config.ts'
import { knowledgeService } from '../../src/services/knowledge/service.ts'
import { silentLogger } from './harness.ts'

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-kb-start-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function io(env: Record<string, string>) {
  const out: string[] = []
  const err: string[] = []
  return {
    io: { env, out: (l: string) => out.push(l), err: (l: string) => err.push(l), interactive: false },
    out,
    err,
  }
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('timed out waiting')
}

describe('knowledge service start-up', () => {
  it('ingests the starting corpus on first start and follows documents the CLI adds while it runs', async () => {
    const env = { DATA_DIR: join(dir, 'data'), KB_SYNC_INTERVAL_MS: '100', LOG_LEVEL: 'silent' }
    const config = parseEnv(knowledgeService.spec, env)
    const running = await knowledgeService.start(config, { logger: silentLogger })
    try {
      const get = async (url: string) => (await running.app.inject({ method: 'GET', url })).json().data
      await waitFor(async () => (await get('/rag/health')).status === 'ok')
      const stats = await get('/stats')
      expect(stats.documents).toBeGreaterThanOrEqual(30)
      expect(stats.collections.every((c: { documents: number }) => c.documents > 0)).toBe(true)

      const folder = join(dir, 'inbox')
      mkdirSync(folder, { recursive: true })
      writeFileSync(
        join(folder, 'smernice.md'),
        '# Vnitřní směrnice\n\nKontaktní osobou pro FAÚ je Jana Modrá z právního oddělení.',
      )
      writeFileSync(join(folder, 'notes.txt'), 'Interní poznámka: revize směrnice proběhne v lednu.')
      const cli = io(env)
      const code = await main(
        ['kb', 'ingest', folder, '--collection', 'due_diligence', '--metadata', '{"tags":["internal"]}'],
        cli.io,
      )
      expect(code).toBe(0)
      expect(cli.err.join('\n')).toMatch(/\[1\/2\] notes.txt: created/)
      expect(cli.out.join('\n')).toMatch(
        /due_diligence \(sqlite, hash-ngram-v1\/256\): 2 created, 0 replaced, 0 unchanged, 0 failed/,
      )

      await waitFor(async () => {
        const res = await running.app.inject({
          method: 'POST',
          url: '/rag/search',
          payload: { query: 'kontaktní osoba FAÚ Jana Modrá', filter: { tags: 'internal' } },
        })
        return res.json().data.count > 0
      })
      const again = io(env)
      expect(await main(['kb', 'ingest', folder, '--collection', 'due_diligence'], again.io)).toBe(0)
      expect(again.out.join('\n')).toMatch(/0 created, 0 replaced, 2 unchanged/)
    } finally {
      await running.app.close()
      await running.close?.()
    }
  })

  it('refuses a collection the service does not have and a missing path', async () => {
    const env = { DATA_DIR: join(dir, 'data2') }
    const bad = io(env)
    expect(await main(['kb', 'ingest', 'x.md', '--collection', 'recipes'], bad.io)).toBe(2)
    expect(bad.err.join('\n')).toMatch(/--collection must be one of: reality_scan_core/)
    const missing = io(env)
    expect(await main(['kb', 'ingest', join(dir, 'absent.md'), '--collection', 'glossary'], missing.io)).toBe(
      2,
    )
    expect(missing.err.join('\n')).toMatch(/no such file or folder/)
  })

  it('stops start-up with a clear message when KB_EMBEDDER is unknown or needs what is not configured', async () => {
    expect(() => parseEnv(knowledgeService.spec, { KB_EMBEDDER: 'bert' })).toThrow(
      /KB_EMBEDDER must be one of hash, transformers, openai/,
    )
    const config = parseEnv(knowledgeService.spec, {
      KB_EMBEDDER: 'transformers',
      DATA_DIR: join(dir, 'data3'),
    })
    await expect(knowledgeService.start(config, { logger: silentLogger })).rejects.toThrow(
      /KB_EMBEDDER=transformers needs EMBEDDINGS_MODEL_DIR/,
    )
    const missing = parseEnv(knowledgeService.spec, {
      KB_EMBEDDER: 'transformers',
      EMBEDDINGS_MODEL_DIR: join(dir, 'no-model'),
    })
    await expect(knowledgeService.start(missing, { logger: silentLogger })).rejects.toThrow(
      /config.json is missing/,
    )
  })
})
