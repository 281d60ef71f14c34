import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { csv, haveSharedData, REGISTRY_DIR, SAMPLE } from '../../../test/domain/fixtures.ts'
import type { CommandIO } from '../../kit/command.ts'
import { realestateImport } from './cli.ts'

function io(env: Record<string, string>): { io: CommandIO; lines: string[]; errs: string[] } {
  const lines: string[] = []
  const errs: string[] = []
  return { io: { env, interactive: false, out: (l) => lines.push(l), err: (l) => errs.push(l) }, lines, errs }
}

describe.skipIf(!haveSharedData)('gatehouse realestate import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'domain-cli-'))
  const env = { DATA_DIR: dir, REGISTRY_DATA_DIR: REGISTRY_DIR }
  const file = join(dir, 'listings.csv')
  writeFileSync(file, `${csv(SAMPLE)};9;x;1;1;4;2+kk;50.0;praha-x;10.0;10.0;100;2024-04-12 22:34:45\n`)

  it('imports a file with progress, reports rejected rows by line, and is idempotent by code', async () => {
    const first = io(env)
    expect(await realestateImport.run([file], first.io)).toBe(0)
    expect(first.errs).toContain('  12/12 listings')
    expect(first.errs).toContain('line 14: latitude/longitude: 10.0, 10.0 is not in Czechia')
    expect(first.lines).toEqual([
      '13 rows read: 12 new, 0 already present (refreshed), 1 rejected; 0 without a kraj',
    ])
    const again = io(env)
    expect(await realestateImport.run([file], again.io)).toBe(0)
    expect(again.lines[0]).toMatch(/^13 rows read: 0 new, 12 already present/)
  })

  it('fails with a message for a missing file, a file that is not a listings file, or no argument', async () => {
    const missing = io(env)
    expect(await realestateImport.run([join(dir, 'nope.csv')], missing.io)).toBe(1)
    expect(missing.errs.join('\n')).toMatch(/no such file/)
    const other = join(dir, 'other.csv')
    writeFileSync(other, 'a;b\n1;2\n')
    const wrong = io(env)
    expect(await realestateImport.run([other], wrong.io)).toBe(1)
    expect(wrong.errs.join('\n')).toMatch(/not a listings file: missing column\(s\) code/)
    expect(await realestateImport.run([], io(env).io)).toBe(2)
  })
})
