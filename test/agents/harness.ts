/**
 * Builds agent dependencies and a dispatcher for tests: the gazetteer from the shared data folder,
 * DNS pointed at a local responder (or at a closed port, so nothing leaves the machine), no LLM
 * unless a local one is given, and a fixed clock so results are deterministic.
 */
import { resolve } from 'node:path'
import { type AgentDeps, agentSpec, createAgentDeps } from '../../src/agents/deps.ts'
import { createDispatcher, type Dispatcher } from '../../src/agents/dispatch.ts'
import type { AgentName, ResultNamed } from '../../src/agents/index.ts'
import type { Agent } from '../../src/agents/types.ts'
import { createDnsLookup } from '../../src/engines/contacts/dns.ts'
import { parseEnv } from '../../src/kit/config.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { SANCTIONS_SUBSET } from '../sources/routes.ts'
import { SHARED_DATA } from '../support/shared-data.ts'

export const REGISTRY_DIR = resolve(SHARED_DATA, 'registry')

/** 20 Nov 2026, 10:00 UTC: the clock every agent test runs at. */
export const FIXED_NOW = new Date('2026-11-20T10:00:00Z')

/** A loopback address nothing listens on: lookups fail fast instead of reaching the internet. */
export const CLOSED_DNS = '127.0.0.1:9'

/** A loopback URL nothing listens on: every outside source fails at once with "connection refused". */
export const CLOSED_URL = 'http://127.0.0.1:9'

/**
 * Every outside source (each *_URL variable of the agent spec except the LLM's) points at a closed
 * loopback port, without retries, unless the test gives its own local server.
 */
export function offlineEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of Object.keys(agentSpec))
    if (/_URL$/.test(name) && name !== 'LLM_BASE_URL') env[name] = CLOSED_URL
  for (const name of Object.keys(agentSpec)) if (/_RETRIES$/.test(name)) env[name] = '0'
  return env
}

export function testDeps(env: Record<string, string> = {}, overrides: Partial<AgentDeps> = {}): AgentDeps {
  const config = parseEnv(agentSpec, {
    ...offlineEnv(),
    REGISTRY_DATA_DIR: REGISTRY_DIR,
    DNS_SERVERS: CLOSED_DNS,
    DNS_TIMEOUT_MS: '300',
    // Real lists, but the subset that indexes in seconds (the full set takes half a minute).
    SANCTIONS_PATHS: SANCTIONS_SUBSET,
    ...env,
  })
  const deps = createAgentDeps(config)
  return { ...deps, ...overrides }
}

export function dnsAt(address: string) {
  return createDnsLookup({ servers: [address], timeoutMs: 300, tries: 1 })
}

export const silentLogger = createLogger({ level: 'silent' })

export function testDispatcher(agents: readonly Agent[], deps: AgentDeps = testDeps()): Dispatcher {
  return createDispatcher(agents, deps, silentLogger, { compile: 'lazy' })
}

/**
 * Runs one agent at the fixed clock, its texts in English (the tests compare English texts; the
 * Czech ones are checked side by side in lang.test.ts), and returns its (schema-checked) output.
 */
export async function run<N extends string>(
  d: Dispatcher,
  service: string,
  agent: N,
  input: unknown,
): Promise<ResultFor<N>> {
  return (await d.call(service, agent, input, { now: FIXED_NOW, lang: 'en' })).output as ResultFor<N>
}

/** The result type of a catalogue agent by its name; unknown for a test's own agents. */
export type ResultFor<N extends string> = N extends AgentName ? ResultNamed<N> : unknown

/** The AppError an agent call throws (fails the test when the call succeeds). */
export async function failure(d: Dispatcher, service: string, agent: string, input: unknown) {
  try {
    await d.call(service, agent, input, { now: FIXED_NOW, lang: 'en' })
  } catch (error) {
    return error as { code: string; status: number; message: string; details?: Record<string, unknown> }
  }
  throw new Error(`${service}/${agent} accepted ${JSON.stringify(input)}`)
}
