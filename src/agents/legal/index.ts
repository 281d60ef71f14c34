import type { Agent } from '../types.ts'

/** The legal agents, one file each. */
export const legalAgents: Agent[] = []
