import type { Agent } from '../types.ts'

/** The compliance agents, one file each. */
export const complianceAgents: Agent[] = []
