import { collateralStress } from './collateral_stress.ts'
import { companyRisk } from './company_risk.ts'
import { creditRisk } from './credit_risk.ts'
import { fraudDetection } from './fraud_detection.ts'
import { portfolioRisk } from './portfolio_risk.ts'

/** The risk agents, one file each. */
export const riskAgents = [creditRisk, companyRisk, fraudDetection, portfolioRisk, collateralStress]
