/**
 * The generated types (src/client/types) are the one contract between services: the router and
 * the console call the AML service through its typed client, so a field the AML service renames
 * fails compilation in both. The test renames a field of the subject and one of the answer in a
 * copy of the sources and type-checks the callers there.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-contract-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The AML types with `from` renamed `to` inside one route's block only. */
function renamed(source: string, route: string, from: RegExp, to: string): string {
  const start = source.indexOf(`\n  '${route}': {`)
  const end = source.indexOf("\n  '/", start + 1)
  expect(start, route).toBeGreaterThan(0)
  const block = source.slice(start, end)
  expect(block).toMatch(from)
  return source.slice(0, start) + block.replace(from, to) + source.slice(end)
}

function typeCheck(project: string): Promise<string> {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsc, '--noEmit', '-p', '.'],
      { cwd: project, maxBuffer: 8 << 20 },
      (_error, stdout) => resolve(stdout),
    )
  })
}

describe('one contract between services', () => {
  it('a field the AML service renames fails compilation in the router and in the console', async () => {
    cpSync(join(root, 'src'), join(dir, 'src'), {
      recursive: true,
      filter: (path) => !path.endsWith('.test.ts') && !path.includes('/console/web'),
    })
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    symlinkSync(join(root, 'data'), join(dir, 'data'))
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    const types = join(dir, 'src', 'client', 'types', 'aml.ts')
    let source = readFileSync(types, 'utf8')
    // The subject's last_name becomes surname; the answer's screening_id becomes id.
    source = renamed(source, '/api/aml/screen/complete', /\blast_name\?: string/, 'surname?: string')
    source = renamed(source, '/api/aml/screen/complete', /\bscreening_id: string/, 'id: string')
    writeFileSync(types, source)
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.json'),
        include: [],
        files: ['src/services/router/tool-catalogue.ts', 'src/services/console/routes/screening.ts'],
      }),
    )
    const errors = (await typeCheck(dir)).split('\n').filter((line) => /error TS\d+/.test(line))
    const at = (file: string) => errors.filter((line) => line.startsWith(file)).join('\n')
    // The router's AML tool sends last_name; the console relays a subject with last_name and
    // records the answer's screening_id.
    expect(at('src/services/router/tool-catalogue.ts')).toMatch(/last_name/)
    expect(at('src/services/console/schemas.ts')).not.toBe('')
    expect(at('src/services/console/routes/screening.ts')).toMatch(/screening_id/)
  }, 240_000)
})
