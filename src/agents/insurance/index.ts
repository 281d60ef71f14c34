import type { Agent } from '../types.ts'

/** The insurance agents, one file each. */
export const insuranceAgents: Agent[] = []
