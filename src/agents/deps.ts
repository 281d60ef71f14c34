/**
 * What agents may use beyond their input: the LLM client, outside sources (registries, rates …)
 * and engines. Built once per process by `createAgentDeps(config)` from the variables in
 * `agentSpec`, which the gateway (and any service that runs agents in process) includes in its
 * own spec. Tests build deps pointing at local replay servers.
 */

import { createDnsLookup, type DnsLookup } from '../engines/contacts/dns.ts'
import { env, type Parsed } from '../kit/config.ts'
import { LlmClient, llmSettings, llmSpec } from '../kit/llm.ts'

export const agentSpec = {
  ...llmSpec,
  DNS_SERVERS: env.optionalString({
    doc: 'comma-separated DNS servers (host or host:port) for MX checks; the system resolver when unset',
  }),
  DNS_TIMEOUT_MS: env.int({ default: 3000, min: 100, max: 30_000, doc: 'per DNS query attempt' }),
  REGISTRY_DATA_DIR: env.string({
    default: '../shared/data/registry',
    doc: 'folder holding psc-list.csv, the RÚIAN postcode gazetteer',
  }),
  WEB_FETCH_TIMEOUT_SECONDS: env.int({ default: 10, min: 1, max: 120, doc: 'web pages read by agents' }),
  WEB_FETCH_ALLOW_PRIVATE: env.bool({
    default: false,
    doc: 'let agents fetch private and loopback addresses (off: guards against SSRF)',
  }),
}

export type AgentConfig = Parsed<typeof agentSpec>

export interface AgentDeps {
  llm: LlmClient
  /** MX and address lookups (contact agents). */
  dns: DnsLookup
  /** Folder of the postcode gazetteer (psc-list.csv). */
  registryDir: string
  /** Web pages fetched by agents: per-request timeout and whether private addresses are allowed. */
  web: { timeoutMs: number; allowPrivate: boolean }
}

export function createAgentDeps(config: AgentConfig): AgentDeps {
  return {
    llm: new LlmClient(llmSettings(config)),
    dns: createDnsLookup({
      servers: (config.DNS_SERVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      timeoutMs: config.DNS_TIMEOUT_MS,
    }),
    registryDir: config.REGISTRY_DATA_DIR,
    web: { timeoutMs: config.WEB_FETCH_TIMEOUT_SECONDS * 1000, allowPrivate: config.WEB_FETCH_ALLOW_PRIVATE },
  }
}
