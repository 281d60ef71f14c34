import type { Agent } from '../types.ts'

/** The data agents, one file each. */
export const dataAgents: Agent[] = []
