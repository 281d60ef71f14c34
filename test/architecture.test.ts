/**
 * The boundaries of ARCHITECTURE.md, checked on every import in src/:
 * - the kit depends on nothing of the platform (no engines, agents or services);
 * - engines hold no HTTP (no Fastify) and import no service and no agent (agents use engines);
 * - agents import no service (a service runs agents, never the other way round);
 * - a service never imports another service (services talk HTTP like any client).
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
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]!)
}

/** 'src/services/gateway/app.ts' → ['services', 'gateway']. */
function area(path: string): string[] {
  return relative(src, path).split('/').slice(0, 2)
}

const violations: string[] = []
for (const file of files(src)) {
  const [layer, unit] = area(file)
  for (const spec of imports(file)) {
    const target = spec.startsWith('.') ? resolve(dirname(file), spec) : undefined
    const [tLayer, tUnit] = target ? area(target) : []
    const where = `${relative(root, file)} imports ${spec}`
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
    expect(imports(join(src, 'cli.ts'))).toContain('./kit/lifecycle.ts')
  })
})
