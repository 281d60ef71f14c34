import type { Agent } from '../types.ts'

/** The orchestrator agents, one file each. */
export const orchestratorAgents: Agent[] = []
