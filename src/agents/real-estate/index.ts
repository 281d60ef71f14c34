import type { Agent } from '../types.ts'

/** The real-estate agents, one file each. */
export const realEstateAgents: Agent[] = []
