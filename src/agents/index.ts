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
import type { ResultOf } from './types.ts'

export const agents = [
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

type Catalogue = (typeof agents)[number]

/** An agent's name (unique across the services). */
export type AgentName = Catalogue['name']

/** The result type of the agent named N: its own fields and the result contract. */
export type ResultNamed<N extends AgentName> = ResultOf<Extract<Catalogue, { name: N }>>
