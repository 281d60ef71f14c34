/**
 * The boundaries of ARCHITECTURE.md, checked on every import in src/:
 * - the kit depends on nothing of the platform (no engines, agents or services);
 * - engines hold no HTTP (no Fastify) and import no service and no agent (agents use engines);
 * - agents import no service (a service runs agents, never the other way round);
 * - a service never imports another service (services talk HTTP like any client): what one
 *   service knows of another is the callee's generated types in src/client/types, imported as
 *   types only, so nothing of the callee runs in the caller and a changed field fails compilation;
 * - the typed client (src/client) is for callers outside: no service, engine, agent or kit
 *   imports its code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const src = join(root, 'src')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s([^'"]*?)from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

interface Import {
  spec: string
  /** `import type { … }` or `export type { … }`: erased, nothing of the target runs. */
  typeOnly: boolean
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].map((m) => ({
    spec: m[2] ?? m[3]!,
    typeOnly: m[1] !== undefined && /^type\s/.test(m[1]),
  }))
}

function imports(file: string): string[] {
  return importsOf(file).map((i) => i.spec)
}

/** 'src/services/gateway/app.ts' → ['services', 'gateway']. */
function area(path: string): string[] {
  return relative(src, path).split('/').slice(0, 2)
}

const violations: string[] = []
for (const file of files(src)) {
  const [layer, unit] = area(file)
  for (const { spec, typeOnly } of importsOf(file)) {
    const target = spec.startsWith('.') ? resolve(dirname(file), spec) : undefined
    const [tLayer, tUnit] = target ? area(target) : []
    const where = `${relative(root, file)} imports ${spec}`
    if (layer !== 'client' && tLayer === 'client') {
      const generated = target!.startsWith(join(src, 'client', 'types'))
      if (!generated) violations.push(`${layer} → the typed client's code: ${where}`)
      else if (!typeOnly) violations.push(`generated types imported as values: ${where}`)
    }
    if (layer === 'kit' && target && ['engines', 'agents', 'services'].includes(tLayer!))
      violations.push(`kit → ${tLayer}: ${where}`)
    if (layer === 'engines' && (/^(fastify|@fastify\/)/.test(spec) || tLayer === 'services')) {
      violations.push(`engine → HTTP/service: ${where}`)
    }
    if (layer === 'engines' && tLayer === 'agents') violations.push(`engine → agent: ${where}`)
    if (layer === 'agents' && tLayer === 'services') violations.push(`agent → service: ${where}`)
    if (
      layer === 'services' &&
      unit !== 'index.ts' &&
      tLayer === 'services' &&
      tUnit !== unit &&
      tUnit !== 'index.ts'
    ) {
      violations.push(`service → another service: ${where}`)
    }
  }
}

describe('architecture boundaries', () => {
  it('keeps the kit, engines and services inside their boundaries', () => {
    expect(violations).toEqual([])
  })

  it('finds the imports it checks (the scan itself works)', () => {
    expect(imports(join(src, 'cli.ts'))).toContain('./services/gateway/cli.ts')
    expect(imports(join(src, 'commands.ts'))).toContain('./kit/lifecycle.ts')
    const calls = importsOf(join(src, 'services', 'router', 'service-clients.ts'))
    expect(calls).toContainEqual({ spec: '../../client/types/aml.ts', typeOnly: true })
    expect(calls).toContainEqual({ spec: '../../kit/errors.ts', typeOnly: false })
  })
})
