import type { Agent } from '../types.ts'

/** The legal-aml agents, one file each. */
export const legalAmlAgents: Agent[] = []
