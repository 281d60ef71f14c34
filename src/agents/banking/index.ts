import type { Agent } from '../types.ts'

/** The banking agents, one file each. */
export const bankingAgents: Agent[] = []
