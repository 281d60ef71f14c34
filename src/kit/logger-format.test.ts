import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { wantsPrettyLogs } from './logger.ts'

const run = promisify(execFile)

describe('log format', () => {
  it('is readable lines at a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(wantsPrettyLogs('auto', true)).toBe(true)
    expect(wantsPrettyLogs('auto', false)).toBe(false)
    expect(wantsPrettyLogs('json', true)).toBe(false)
    expect(wantsPrettyLogs('pretty', false)).toBe(true)
  })

  it('writes a pretty line a person reads, and still redacts credentials', async () => {
    const logger = resolve(import.meta.dirname, 'logger.ts')
    const code = `import { createLogger } from '${logger}'
const log = createLogger({ level: 'info', pretty: true })
log.info({ headers: { 'x-api-key': 'gk_secret_value' } }, 'gateway listening')`
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code])
    expect(stdout).toMatch(/INFO.*gateway listening/)
    expect(stdout).not.toMatch(/^\{"level"/m)
    expect(stdout).not.toContain('gk_secret_value')
  })
})
