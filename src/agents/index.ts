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
import type { Agent } from './types.ts'

export const agents: Agent[] = [
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
