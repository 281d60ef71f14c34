import type { Agent } from '../types.ts'

/** The risk agents, one file each. */
export const riskAgents: Agent[] = []
