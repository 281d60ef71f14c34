/**
 * The sanctions agent and the AML service give the same subject the same risk level, over HTTP:
 * the gateway runs `POST /api/legal-aml/sanctions_screening` in process, the aml service answers
 * `POST /api/aml/screen/complete`, both over the same list files (OFAC SDN 2024, UN, CZ 210/2008
 * from the shared folder) and the same ARES and ISIR stand-in (test/aml/replay).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAll } from '../../src/kit/lifecycle.ts'
import { createLogger } from '../../src/kit/logger.ts'
import type { RunningService } from '../../src/kit/service.ts'
import { amlService } from '../../src/services/aml/service.ts'
import { startTestGateway, type TestGateway } from '../../src/services/gateway/harness.ts'
import { SANCTIONS_SUBSET } from '../sources/routes.ts'
import { haveLists } from './lists.ts'
import { type ReplayServer, startReplayServer } from './replay-server.ts'

describe.skipIf(!haveLists)('the sanctions agent and the AML service agree on the level', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aml-agree-'))
  let replay: ReplayServer
  let aml: RunningService
  let gateway: TestGateway
  let key: string

  beforeAll(async () => {
    replay = await startReplayServer()
    // The aml service reads a folder of lists: the agents' subset, linked (never copied).
    const lists = join(dir, 'lists')
    for (const file of SANCTIONS_SUBSET.split(',')) {
      const folder = join(lists, basename(join(file, '..')))
      mkdirSync(folder, { recursive: true })
      symlinkSync(file, join(folder, basename(file)))
    }
    const registers = { ARES_BASE_URL: replay.aresUrl, ISIR_URL: replay.isirUrl }
    const config = parseAll([amlService], {
      DATA_DIR: join(dir, 'aml'),
      AML_LISTS_DIR: lists,
      AML_RATE_LIMIT_PER_MINUTE: '100',
      ...registers,
    }).get('aml')!
    aml = await amlService.start(config, { logger: createLogger({ level: 'silent' }) })
    gateway = await startTestGateway({
      env: { SANCTIONS_PATHS: SANCTIONS_SUBSET, SOURCES_TIMEOUT_SECONDS: '5', ...registers },
    })
    key = (await gateway.createKey()).key
    for (let i = 0; i < 600; i++) {
      if ((await aml.app.inject({ method: 'GET', url: '/health' })).statusCode === 200) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('the aml service did not load its lists within 60 s')
  }, 120_000)

  afterAll(async () => {
    await gateway?.stop()
    await aml?.app.close()
    await aml?.close?.()
    await replay?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** The level the agent gives, through the gateway's agent route. */
  async function agentLevel(input: Record<string, unknown>): Promise<string> {
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/legal-aml/sanctions_screening',
      headers: { 'x-api-key': key },
      payload: input,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().result.sanctions.level
  }

  /** The level the AML service gives. */
  async function serviceLevel(subject: Record<string, unknown>): Promise<string> {
    const res = await aml.app.inject({ method: 'POST', url: '/api/aml/screen/complete', payload: subject })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().overall_risk.level
  }

  const cases: {
    title: string
    agent: Record<string, unknown>
    service: Record<string, unknown>
    level: string
  }[] = [
    {
      title: 'Nicolas Maduro by name only: a partial-name hit, MEDIUM',
      agent: { name: 'Nicolas Maduro', type: 'person' },
      service: { first_name: 'Nicolas', last_name: 'Maduro' },
      level: 'MEDIUM',
    },
    {
      title: 'Nicolas Maduro with his birth date: CRITICAL',
      agent: { name: 'Nicolas Maduro', type: 'person', birth_date: '1962-11-23' },
      service: { first_name: 'Nicolas', last_name: 'Maduro', birth_date: '1962-11-23' },
      level: 'CRITICAL',
    },
    {
      title: 'a clean Czech name: LOW',
      agent: { name: 'Jana Nováková', type: 'person', birth_date: '1995-03-21' },
      service: { first_name: 'Jana', last_name: 'Nováková', birth_date: '1995-03-21' },
      level: 'LOW',
    },
  ]

  for (const c of cases)
    it(`gives ${c.title} on both`, async () => {
      const [agent, service] = [await agentLevel(c.agent), await serviceLevel(c.service)]
      expect({ agent, service }).toEqual({ agent: c.level, service: c.level })
    })

  it('gives a company by IČO with ARES and ISIR down INCOMPLETE on both: what the registers check is unknown', async () => {
    replay.failWith.ares = 503
    replay.failWith.isir = 503
    try {
      const agent = await agentLevel({ name: 'Alza.cz a.s.', type: 'company', ico: '27082440' })
      const service = await serviceLevel({ company_name: 'Alza.cz a.s.', ico: '27082440' })
      expect({ agent, service }).toEqual({ agent: 'INCOMPLETE', service: 'INCOMPLETE' })
    } finally {
      replay.failWith.ares = 0
      replay.failWith.isir = 0
    }
  })
})
