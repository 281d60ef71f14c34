import { amlCompliance } from './aml_compliance.ts'
import { pepScreening } from './pep_screening.ts'
import { sanctionsScreening } from './sanctions_screening.ts'
import { suspiciousActivityRules } from './suspicious_activity_rules.ts'
import { uboVerification } from './ubo_verification.ts'

/** The legal-aml agents, one file each. */
export const legalAmlAgents = [
  amlCompliance,
  pepScreening,
  sanctionsScreening,
  uboVerification,
  suspiciousActivityRules,
]
