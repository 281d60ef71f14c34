/**
 * Loading the dataset at start-up (DISCOVERY_DATASET): a valid file gives /healthz 200 with its
 * data_version; an invalid or missing one logs every problem and makes /healthz and the data
 * endpoints answer 503 with the Error body, while the documents and the preview keep working.
 * Also `gatehouse dataset check FILE`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli.ts'
import { ConfigError, parseEnv } from '../../src/kit/config.ts'
import type { RunningService } from '../../src/kit/service.ts'
import { SHIPPED_DATASET } from '../../src/services/discovery/config.ts'
import { discoveryService } from '../../src/services/discovery/service.ts'
import { Contract, json, type OpenApiDocument } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-discovery-'))
const shipped = JSON.parse(readFileSync(SHIPPED_DATASET, 'utf8'))

/** The shipped file with three problems: an empty title, an impossible date, an unknown field. */
function brokenFile(): string {
  const broken = structuredClone(shipped)
  broken.records[0].title = ''
  broken.records[1].updated = '2026-02-30'
  broken.records[2].author = 'someone'
  const path = join(dir, 'broken.json')
  writeFileSync(path, JSON.stringify(broken))
  return path
}

async function start(env: Record<string, string>) {
  const lines: string[] = []
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk))
        done()
      },
    }),
  )
  const config = parseEnv(discoveryService.spec, { LOG_LEVEL: 'silent', ...env })
  const running = await discoveryService.start(config, { logger })
  await running.app.ready()
  const contract = new Contract(running.app.swagger() as unknown as OpenApiDocument)
  const call = async (url: string, init: { method?: 'GET' | 'POST'; payload?: unknown } = {}) => {
    const res = await running.app.inject({
      url,
      method: init.method ?? 'GET',
      ...(init.payload ? { payload: init.payload as object } : {}),
    })
    contract.check(init.method ?? 'GET', url, res)
    return res
  }
  return { running, lines, call }
}

async function stop(running: RunningService) {
  await running.app.close()
  await running.close?.()
}

describe('a valid dataset', () => {
  let s: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    s = await start({})
  })
  afterAll(() => stop(s.running))

  it('loads the shipped snapshot by default and /healthz answers 200 with its data_version', async () => {
    const res = await s.call('/healthz')
    expect(res.statusCode).toBe(200)
    expect(json(res)).toEqual({ status: 'ok', data_version: shipped.data_version })
  })

  it('says what it loaded', () => {
    expect(s.running.notes?.[0]).toBe(
      `dataset: ${shipped.records.length} records, data_version ${shipped.data_version}`,
    )
  })
})

describe('an invalid dataset', () => {
  let s: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    s = await start({ DISCOVERY_DATASET: brokenFile() })
  })
  afterAll(() => stop(s.running))

  it('logs every problem by record id and field', () => {
    const problems = s.lines.map((l) => JSON.parse(l)).filter((l) => l.level === 50 && l.record)
    expect(problems.map((p) => [p.record, p.field, p.rule])).toEqual([
      [shipped.records[0].id, 'title', 'minLength 1'],
      [shipped.records[1].id, 'updated', 'format date'],
      [shipped.records[2].id, 'author', 'unknown field'],
    ])
    expect(s.running.notes?.[0]).toMatch(/^DATASET INVALID \(3 problems/)
  })

  it('answers /healthz with 503 and the Error body', async () => {
    const res = await s.call('/healthz')
    expect(res.statusCode).toBe(503)
    expect(json(res).error).toMatchObject({
      code: 'service_unavailable',
      details: { reason: 'dataset_invalid', problems: 3 },
    })
  })

  it.each([
    '/.well-known/capabilities.json',
    '/v1/search?q=aml',
    '/v1/services',
    '/v1/content',
    '/v1/content/sluzba-aml-proverka',
  ])('answers %s with 503', async (url) => {
    expect((await s.call(url)).statusCode).toBe(503)
  })

  it('still serves the documents and the inquiry preview', async () => {
    for (const url of [
      '/',
      '/openapi.json',
      '/llms.txt',
      '/.well-known/api-catalog',
      '/.well-known/security.txt',
    ]) {
      expect((await s.call(url)).statusCode, url).toBe(200)
    }
    const res = await s.call('/v1/inquiries/preview', {
      method: 'POST',
      payload: { name: 'Jan Novák', email: 'jan@firma.cz', message: 'Dobrý den, mám dotaz.' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('a missing dataset file', () => {
  it('is reported as a problem and /healthz answers 503', async () => {
    const s = await start({ DISCOVERY_DATASET: join(dir, 'missing.json') })
    try {
      expect((await s.call('/healthz')).statusCode).toBe(503)
      expect(s.lines.join('\n')).toContain('ENOENT')
    } finally {
      await stop(s.running)
    }
  })
})

describe('DISCOVERY_ORIGIN', () => {
  it('moves every canonical_url to the configured origin', async () => {
    const s = await start({ DISCOVERY_ORIGIN: 'https://staging.gatehouse.cz' })
    try {
      const body = json(await s.call('/v1/services'))
      for (const r of body.services) expect(r.canonical_url).toMatch(/^https:\/\/staging\.gatehouse\.cz\//)
    } finally {
      await stop(s.running)
    }
  })

  it('refuses an origin that is not https or carries a path', async () => {
    expect(() => parseEnv(discoveryService.spec, { DISCOVERY_ORIGIN: 'http://gatehouse.cz' })).toThrow(
      ConfigError,
    )
    await expect(start({ DISCOVERY_ORIGIN: 'https://gatehouse.cz/api' })).rejects.toThrow(/DISCOVERY_ORIGIN/)
  })
})

describe('gatehouse dataset check', () => {
  const run = async (args: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await main(['dataset', 'check', ...args], {
      env: {},
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      interactive: false,
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it('exits 0 with a summary for the shipped snapshot', async () => {
    const { code, out } = await run([SHIPPED_DATASET])
    expect(code).toBe(0)
    expect(out).toContain(': valid')
    expect(out).toContain(`records       ${shipped.records.length} (`)
    expect(out).toContain(`data_version  ${shipped.data_version}`)
  })

  it('exits 1 and lists every problem by record id and field', async () => {
    const { code, out } = await run([brokenFile()])
    expect(code).toBe(1)
    expect(out).toMatch(new RegExp(`${shipped.records[0].id} title\\s+minLength 1`))
    expect(out).toMatch(new RegExp(`${shipped.records[1].id} updated\\s+format date`))
    expect(out).toMatch(new RegExp(`${shipped.records[2].id} author\\s+unknown field`))
    expect(out).toContain('3 problems')
  })

  it('exits 1 for a file that is not JSON', async () => {
    const path = join(dir, 'not-json.json')
    writeFileSync(path, 'records: []')
    const { code, out } = await run([path])
    expect(code).toBe(1)
    expect(out).toContain('not valid JSON')
  })

  it('exits 2 without a file', async () => {
    expect((await run([])).code).toBe(2)
  })
})
