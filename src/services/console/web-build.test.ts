import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ensureWebBuild, isCurrent, loadWebFiles, sourceHash } from './web-build.ts'

describe('the console web build', () => {
  it('builds into a folder keyed by the sources’ hash, and does nothing while the hash matches', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'console-web-')), 'console')
    expect(isCurrent(out)).toBe(false)
    const first = await ensureWebBuild({ out })
    expect(first.built).toBe(true)
    expect(readFileSync(join(out, '.source-hash'), 'utf8')).toBe(sourceHash())
    expect(isCurrent(out)).toBe(true)
    // Nothing built the second time: the same folder, its hash file unwritten. Not a time cap
    // (500 ms on a call of a few ms), which a loaded machine breaks while the worker waits for a
    // core; a build replaces the folder (a new inode) and writes the hash file anew.
    const before = { folder: statSync(out).ino, hash: statSync(join(out, '.source-hash')).mtimeMs }
    const second = await ensureWebBuild({ out })
    expect(second).toMatchObject({ built: false })
    expect({ folder: statSync(out).ino, hash: statSync(join(out, '.source-hash')).mtimeMs }).toEqual(before)
    const files = loadWebFiles(out)
    const index = files.get('index.html')!.body.toString()
    // No inline script: the page loads only its own bundle (the CSP allows nothing else).
    expect(index).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const script = /src="\/(assets\/[^"]+\.js)"/.exec(index)![1]!
    expect(files.get(script)?.type).toBe('text/javascript; charset=utf-8')
    expect(index).not.toMatch(/https?:\/\//)
    expect(existsSync(`${out}.staging`)).toBe(false)

    // React's production build, even when built under a test runner (NODE_ENV=test here).
    const scripts = [...files].filter(([name]) => name.endsWith('.js'))
    expect(scripts.some(([, f]) => f.body.includes('jsxDEV'))).toBe(false)
    expect(scripts.some(([, f]) => f.body.includes('react-dom-client.development'))).toBe(false)
    // Every script and style sheet compressed once, at build: the first script sent is ≤ 250 KB.
    for (const [name, f] of files)
      if (/\.(js|css|html)$/.test(name) && f.body.length > 1024) {
        expect(f.br && f.br.length < f.body.length, name).toBe(true)
        expect(f.gzip && f.gzip.length < f.body.length, name).toBe(true)
      }
    expect(files.get(script)!.br!.length).toBeLessThanOrEqual(250 * 1024)
  }, 120_000)
})
