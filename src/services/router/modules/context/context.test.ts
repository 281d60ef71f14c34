/**
 * Context sync: renders a source folder into each tool's file with markers, replaces only the
 * managed block, backs up what it changes, dry-runs, and reports in_sync / drifted / missing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, routerHarness } from '../../../../../test/router/harness.ts'
import { BEGIN, END, TARGETS } from '../../../../engines/context-sync/sync.ts'

let h: Harness
let source: string
let target: string
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-context-'))
  source = join(root, 'source')
  target = join(root, 'target')
  mkdirSync(source)
  mkdirSync(target)
  writeFileSync(join(source, 'style.md'), '# Style\n\nSingle quotes.\n')
  writeFileSync(join(source, 'AGENTS.md'), '# Project\n\nGatehouse.\n')
  // A hand-written CLAUDE.md that must survive.
  writeFileSync(join(target, 'CLAUDE.md'), '# My own notes\n\nKeep me.\n')
  h = await routerHarness({ start: false, env: { CONTEXT_DIR: source, CONTEXT_TARGET_DIR: target } })
})
afterAll(async () => {
  await h.close()
  rmSync(join(source, '..'), { recursive: true, force: true })
})

const admin = { 'x-admin-key': ADMIN }
const status = async () =>
  (await h.app.inject({ method: 'GET', url: '/v1/context/status', headers: admin })).json().data

describe('context sync', () => {
  it('reports every target missing or drifted before the first sync', async () => {
    const s = await status()
    expect(s.source.files).toEqual(['AGENTS.md', 'style.md'])
    expect(s.targets).toHaveLength(TARGETS.length)
    expect(s.targets.find((t: { id: string }) => t.id === 'claude').status).toBe('drifted')
    expect(s.targets.find((t: { id: string }) => t.id === 'agents').status).toBe('missing')
  })

  it('needs the admin key', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: '/v1/context/status' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).not.toContain(source)
    expect((await h.app.inject({ method: 'POST', url: '/v1/context/sync', payload: {} })).statusCode).toBe(
      401,
    )
  })

  it('writes nothing on a dry run but says what it would do', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/context/sync',
      headers: admin,
      payload: { dry_run: true },
    })
    const data = res.json().data
    expect(data.dry_run).toBe(true)
    expect(data.results.find((r: { id: string }) => r.id === 'claude').action).toBe('appended')
    expect(data.results.find((r: { id: string }) => r.id === 'cursor').action).toBe('created')
    expect(readFileSync(join(target, 'CLAUDE.md'), 'utf8')).toBe('# My own notes\n\nKeep me.\n')
    expect((await status()).summary.in_sync).toBe(0)
  })

  it('renders the source into every tool’s file, keeps hand-written text and backs it up', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/context/sync', headers: admin, payload: {} })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    const claude = readFileSync(join(target, 'CLAUDE.md'), 'utf8')
    expect(claude.startsWith('# My own notes\n\nKeep me.\n')).toBe(true)
    expect(claude).toContain(BEGIN)
    expect(claude).toContain('<!-- Source: AGENTS.md -->\n\n# Project')
    expect(claude.indexOf('# Project')).toBeLessThan(claude.indexOf('# Style'))
    expect(readFileSync(join(target, data.backup_dir, 'CLAUDE.md'), 'utf8')).toBe(
      '# My own notes\n\nKeep me.\n',
    )
    const cursor = readFileSync(join(target, '.cursor/rules/gatehouse.mdc'), 'utf8')
    expect(cursor.startsWith('---\ndescription:')).toBe(true)
    expect(readFileSync(join(target, '.github/copilot-instructions.md'), 'utf8')).toContain(END)
    expect((await status()).summary).toEqual({ in_sync: TARGETS.length, drifted: 0, missing: 0 })
  })

  it('replaces only the managed block on the next sync and sees hand edits inside it as drift', async () => {
    const path = join(target, 'CLAUDE.md')
    writeFileSync(
      path,
      `${readFileSync(path, 'utf8').replace('Single quotes.', 'Double quotes!')}\nAfter the block.\n`,
    )
    expect((await status()).targets.find((t: { id: string }) => t.id === 'claude').status).toBe('drifted')
    writeFileSync(join(source, 'style.md'), '# Style\n\nSingle quotes, no semicolons.\n')
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/context/sync',
      headers: admin,
      payload: { targets: ['claude'] },
    })
    expect(res.json().data.results).toEqual([expect.objectContaining({ id: 'claude', action: 'updated' })])
    const claude = readFileSync(path, 'utf8')
    expect(claude).toContain('Single quotes, no semicolons.')
    expect(claude).not.toContain('Double quotes!')
    expect(claude).toContain('Keep me.')
    expect(claude).toContain('After the block.')
    const again = await h.app.inject({
      method: 'POST',
      url: '/v1/context/sync',
      headers: admin,
      payload: { targets: ['claude'] },
    })
    expect(again.json().data.results[0].action).toBe('unchanged')
  })

  it('refuses an unknown target, naming the field', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/context/sync',
      headers: admin,
      payload: { targets: ['vim'] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.details.field).toMatch(/^targets/)
  })
})
