/**
 * `npm install` stays quiet and predictable: every dependency with an install script is either
 * allowed or declined in package.json's allowScripts (npm warns about the rest and runs them), and
 * the root package declares its runtime as devEngines, which npm does not hold against the Node
 * that runs npm itself.
 */
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const root = new URL('../', import.meta.url)
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'))

describe('npm install', () => {
  it('has a decision in allowScripts for every package that carries an install script', () => {
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    expect(withScripts.length).toBeGreaterThan(0)
    const undecided = withScripts.filter((name) => typeof pkg.allowScripts?.[name] !== 'boolean')
    expect(undecided).toEqual([])
  })

  it('declares the Node it runs on as devEngines, matching engines and the pinned node package', () => {
    expect(pkg.devEngines.runtime).toMatchObject({ name: 'node', version: pkg.engines.node })
    const pinned = Number(String(pkg.dependencies.node).replace(/^\D+/, '').split('.')[0])
    expect(pkg.engines.node).toBe(`>=${pinned}`)
  })

  it('has no project .npmrc key npm does not know (npm warns about one on every command)', () => {
    expect(existsSync(new URL('.npmrc', root))).toBe(false)
  })
})
