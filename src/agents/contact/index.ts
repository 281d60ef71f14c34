import type { Agent } from '../types.ts'

/** The contact agents, one file each. */
export const contactAgents: Agent[] = []
