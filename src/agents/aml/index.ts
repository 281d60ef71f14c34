import { adverseMedia } from './adverse_media.ts'
import { cashThresholdCheck } from './cash_threshold_check.ts'
import { companyScreening } from './company_screening.ts'
import { countryRisk } from './country_risk.ts'
import { structuringDetection } from './structuring_detection.ts'
import { transactionMonitoring } from './transaction_monitoring.ts'
import { uboAnalysis } from './ubo_analysis.ts'

/** The aml agents, one file each. */
export const amlAgents = [
  companyScreening,
  transactionMonitoring,
  countryRisk,
  cashThresholdCheck,
  structuringDetection,
  uboAnalysis,
  adverseMedia,
]
