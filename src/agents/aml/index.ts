import type { Agent } from '../types.ts'
import { cashThresholdCheck } from './cash_threshold_check.ts'
import { countryRisk } from './country_risk.ts'
import { structuringDetection } from './structuring_detection.ts'
import { transactionMonitoring } from './transaction_monitoring.ts'

/** The aml agents, one file each. */
export const amlAgents: Agent[] = [
  transactionMonitoring,
  countryRisk,
  cashThresholdCheck,
  structuringDetection,
]
