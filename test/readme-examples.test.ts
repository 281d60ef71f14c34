/**
 * The READMEs' shell commands as a reader runs them on a fresh clone: every one runs as written
 * (test/e2e/serve.test.ts runs the curl examples against `npm start`).
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { READMES, shellBlocks } from './support/readme.ts'

const root = resolve(import.meta.dirname, '..')

describe('README commands run as written on a fresh clone', () => {
  it.each(READMES)('%s: no bare gatehouse, no dated ids, no endless loop', (readme) => {
    const problems: string[] = []
    for (const command of shellBlocks(readFileSync(join(root, readme), 'utf8')).flat()) {
      const where = `${readme}:${command.line} ${command.text.split('\n')[0]!.slice(0, 80)}`
      // The command is installed in node_modules/.bin, which a fresh shell does not have on PATH.
      if (/^gatehouse\s/.test(command.text)) problems.push(`${where}: gatehouse without npx`)
      // An id of a record the reader has not created (AML ids carry the day they were made).
      if (/\bAML[AB]?-(?!00000000)\d{8}-\d+/.test(command.text.replace(/#.*$/gm, '')))
        problems.push(`${where}: a dated id; take it from an earlier answer`)
      if (/^(until|while)\s/.test(command.text)) problems.push(`${where}: a loop that may never end`)
    }
    expect(problems).toEqual([])
  })
})
