/**
 * The catalogue: all 88 agents of the 11 services (AGENT_SERVICE_COUNTS in types.ts).
 */

import { amlAgents } from './aml/index.ts'
import { bankingAgents } from './banking/index.ts'
import { complianceAgents } from './compliance/index.ts'
import { contactAgents } from './contact/index.ts'
import { dataAgents } from './data/index.ts'
import { insuranceAgents } from './insurance/index.ts'
import { legalAgents } from './legal/index.ts'
import { legalAmlAgents } from './legal-aml/index.ts'
import { orchestratorAgents } from './orchestrator/index.ts'
import { realEstateAgents } from './real-estate/index.ts'
import { riskAgents } from './risk/index.ts'
import type { Agent, ResultOf } from './types.ts'

/**
 * Declared as Agent[] so tsc does not infer (and subtype-reduce) the union of 88 agent types for
 * the literal; the typed union lives in Catalogue below.
 */
export const agents: readonly Agent[] = [
  ...bankingAgents,
  ...legalAmlAgents,
  ...realEstateAgents,
  ...insuranceAgents,
  ...complianceAgents,
  ...riskAgents,
  ...amlAgents,
  ...legalAgents,
  ...dataAgents,
  ...contactAgents,
  ...orchestratorAgents,
]

/** Every agent's own type, as a plain union (no subtype reduction across the 88 members). */
type Catalogue =
  | (typeof bankingAgents)[number]
  | (typeof legalAmlAgents)[number]
  | (typeof realEstateAgents)[number]
  | (typeof insuranceAgents)[number]
  | (typeof complianceAgents)[number]
  | (typeof riskAgents)[number]
  | (typeof amlAgents)[number]
  | (typeof legalAgents)[number]
  | (typeof dataAgents)[number]
  | (typeof contactAgents)[number]
  | (typeof orchestratorAgents)[number]

/** An agent's name (unique across the services). */
export type AgentName = Catalogue['name']

/** The result type of the agent named N: its own fields and the result contract. */
export type ResultNamed<N extends AgentName> = ResultOf<Extract<Catalogue, { name: N }>>
