import type { Agent } from '../types.ts'

/** The aml agents, one file each. */
export const amlAgents: Agent[] = []
