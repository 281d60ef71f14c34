import { auditReport } from './audit_report.ts'
import { cddRiskScoring } from './cdd_risk_scoring.ts'
import { documentValidator } from './document_validator.ts'
import { kyc } from './kyc.ts'
import { recordRetention } from './record_retention.ts'

/** The compliance agents, one file each. */
export const complianceAgents = [kyc, cddRiskScoring, documentValidator, recordRetention, auditReport]
