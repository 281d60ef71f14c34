/**
 * The whole agent catalogue: every agent of every service runs each of its examples through the
 * gateway's dispatcher and through the gateway's HTTP app (with a generated API key), and each
 * result is checked against the agent's output schema by a validator that never coerces. The
 * catalogue must hold exactly the spec's number of agents per service (88 in all).
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agents } from '../../src/agents/index.ts'
import { AGENT_SERVICE_COUNTS, AGENT_SERVICES } from '../../src/agents/types.ts'
import { startTestGateway, type TestGateway } from '../../src/services/gateway/harness.ts'
import { SANCTIONS_SUBSET } from '../sources/routes.ts'
import { CLOSED_DNS, offlineEnv, REGISTRY_DIR, testDispatcher } from './harness.ts'

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const ajv = new Ajv2020({ strict: false, coerceTypes: false, useDefaults: false })
addFormats(ajv)
const outputValidators = new Map(agents.map((a) => [`${a.service}/${a.name}`, ajv.compile(a.output)]))

function checkOutput(service: string, name: string, output: unknown): string | null {
  const validate = outputValidators.get(`${service}/${name}`)!
  if (validate(structuredClone(output))) return null
  const e = validate.errors![0]!
  return `${service}/${name}: output ${e.instancePath || '/'} ${e.message}`
}

const cases = agents.flatMap((a) =>
  a.examples.map((example, i) => ({
    service: a.service,
    name: a.name,
    i,
    title: example.title,
    input: example.input,
  })),
)

describe('the agent catalogue', () => {
  it('holds exactly the spec’s number of agents per service (88 in all)', () => {
    const counts = Object.fromEntries(
      AGENT_SERVICES.map((s) => [s, agents.filter((a) => a.service === s).length]),
    )
    const missing = AGENT_SERVICES.filter((s) => counts[s] !== AGENT_SERVICE_COUNTS[s]).map(
      (s) => `${s}: ${counts[s]} of ${AGENT_SERVICE_COUNTS[s]}`,
    )
    expect(missing, `services whose agent count differs from the spec: ${missing.join('; ')}`).toEqual([])
    expect(agents).toHaveLength(88)
  })

  it('has unique snake_case names and the spec’s example agents', () => {
    const keys = agents.map((a) => `${a.service}/${a.name}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const a of agents) expect(a.name).toMatch(/^[a-z][a-z0-9_]*$/)
    for (const key of [
      'banking/loan_assessment',
      'legal-aml/aml_compliance',
      'real-estate/due_diligence',
      'insurance/underwriting',
      'compliance/kyc',
      'risk/credit_risk',
      'aml/company_screening',
      'legal/contract_review',
      'data/ares_lookup',
      'contact/email_finder',
      'orchestrator/master_orchestrator',
    ])
      expect(keys, `the spec names ${key}`).toContain(key)
  })

  it('gives every agent a description, a closed input schema and at least two examples', () => {
    const problems: string[] = []
    for (const a of agents) {
      const id = `${a.service}/${a.name}`
      if (a.description.length < 40) problems.push(`${id}: description shorter than 40 characters`)
      if ((a.input as { additionalProperties?: unknown }).additionalProperties !== false)
        problems.push(`${id}: input schema allows unknown fields`)
      if (a.examples.length < 2) problems.push(`${id}: ${a.examples.length} example(s)`)
    }
    expect(problems).toEqual([])
  })
})

describe('every example through the dispatcher', () => {
  const d = testDispatcher(agents)

  it.each(cases)('$service/$name example $i: $title', async ({ service, name, input }) => {
    // The real clock, as the gateway runs agents: examples must hold on any day they are run.
    const { output } = await d.call(service, name, input)
    expect(checkOutput(service, name, output)).toBeNull()
  })
})

describe('every example through the gateway HTTP app', () => {
  let gw: TestGateway
  let key: string

  beforeAll(async () => {
    gw = await startTestGateway({
      env: {
        ...offlineEnv(),
        REGISTRY_DATA_DIR: REGISTRY_DIR,
        DNS_SERVERS: CLOSED_DNS,
        DNS_TIMEOUT_MS: '300',
        // Real lists, but the subset that indexes in seconds (the full set takes half a minute).
        SANCTIONS_PATHS: SANCTIONS_SUBSET,
      },
    })
    key = (await gw.createKey({ name: 'catalogue walk', rate_limit: -1, requests_per_minute: -1 })).key
  })
  afterAll(() => gw?.stop())

  it('lists the same catalogue', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/agents', headers: { 'x-api-key': key } })
    expect(res.statusCode).toBe(200)
    const listed = (res.json().agents as { service: string; name: string }[]).map(
      (a) => `${a.service}/${a.name}`,
    )
    expect(listed.sort()).toEqual(agents.map((a) => `${a.service}/${a.name}`).sort())
  })

  it.each(cases)('POST /api/$service/$name example $i', async ({ service, name, input }) => {
    const res = await gw.app.inject({
      method: 'POST',
      url: `/api/${service}/${name}`,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ service, agent: name })
    expect(body.execution_time_ms).toBeGreaterThanOrEqual(0)
    expect(checkOutput(service, name, body.result)).toBeNull()
  })

  it('answers 400 naming the field for a body that breaks an input schema', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/contact/email_finder',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ domain: 'firma.cz' }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('name')
  })
})
