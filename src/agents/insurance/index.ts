import { claimsTriage } from './claims_triage.ts'
import { premiumCalculator } from './premium_calculator.ts'
import { underinsuranceCheck } from './underinsurance_check.ts'
import { underwriting } from './underwriting.ts'

/** The insurance agents, one file each. */
export const insuranceAgents = [underwriting, premiumCalculator, underinsuranceCheck, claimsTriage]
