/**
 * `npm install` stays quiet and predictable: every dependency with an install script is either
 * allowed or declined in package.json's allowScripts (npm warns about the rest and runs them), and
 * the root package declares its runtime as devEngines, which npm does not hold against the Node
 * that runs npm itself. The typed client installs on its own (packages/client): only it and
 * openapi-fetch, and the README's example compiles against it under the strictest settings.
 */
import { execFile } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

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

/** The settings of @tsconfig/strictest and more: what the strictest integrator compiles with. */
const STRICTEST = {
  target: 'es2022',
  lib: ['es2022', 'dom'],
  module: 'nodenext',
  moduleResolution: 'nodenext',
  types: ['node'],
  typeRoots: [fileURLToPath(new URL('node_modules/@types', root))],
  noEmit: true,
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  noFallthroughCasesInSwitch: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  allowUnreachableCode: false,
  allowUnusedLabels: false,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
}

describe('the client package (packages/client)', () => {
  const run = promisify(execFile)
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-client-package-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('installs into an empty project with openapi-fetch only, and the README example compiles there under the strictest settings', async () => {
    const client = fileURLToPath(new URL('packages/client', root))
    // npm pack builds dist/ from src/client (prepack) under the strictest settings too.
    const { stdout } = await run('npm', ['pack', client, '--pack-destination', dir, '--silent'], { cwd: dir })
    const tarball = join(dir, stdout.trim().split('\n').at(-1)!)
    const app = join(dir, 'app')
    await run('mkdir', [app])
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
    await run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--silent'], {
      cwd: app,
    })
    const installed = readdirSync(join(app, 'node_modules'), { recursive: true, encoding: 'utf8' })
      .filter(
        (path) =>
          /^(@[^/]+\/)?[^/@]+$/.test(path) && existsSync(join(app, 'node_modules', path, 'package.json')),
      )
      .sort()
    expect(installed).toEqual(['@gatehouse/client', 'openapi-fetch', 'openapi-typescript-helpers'])

    copyFileSync(fileURLToPath(new URL('examples/client.ts', root)), join(app, 'client.ts'))
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: STRICTEST, files: ['client.ts'] }),
    )
    const tsc = fileURLToPath(new URL('node_modules/typescript/bin/tsc', root))
    const compiled = await run(process.execPath, [tsc, '-p', app]).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    expect(compiled).toBe('')

    // And it runs: the package's JavaScript loads without TypeScript.
    const loaded = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('@gatehouse/client'); console.log(typeof m.gatehouse, typeof m.GatehouseError)",
      ],
      { cwd: app },
    )
    expect(loaded.stdout.trim()).toBe('function function')
  }, 180_000)
})
