/**
 * What agents may use beyond their input: the LLM client, outside sources (registries, rates …)
 * and engines. Built once per process by `createAgentDeps(config)` from the variables in
 * `agentSpec`, which the gateway (and any service that runs agents in process) includes in its
 * own spec. Tests build deps pointing at local replay servers.
 */

import type { Parsed } from '../kit/config.ts'
import { LlmClient, llmSettings, llmSpec } from '../kit/llm.ts'

export const agentSpec = {
  ...llmSpec,
}

export type AgentConfig = Parsed<typeof agentSpec>

export interface AgentDeps {
  llm: LlmClient
}

export function createAgentDeps(config: AgentConfig): AgentDeps {
  return {
    llm: new LlmClient(llmSettings(config)),
  }
}
