import { accountValidator } from './account_validator.ts'
import { affordabilityCheck } from './affordability_check.ts'
import { cashflowAnalysis } from './cashflow_analysis.ts'
import { loanAssessment } from './loan_assessment.ts'
import { mortgageCalculator } from './mortgage_calculator.ts'
import { qrPayment } from './qr_payment.ts'

/** The banking agents, one file each. */
export const bankingAgents = [
  loanAssessment,
  mortgageCalculator,
  affordabilityCheck,
  accountValidator,
  qrPayment,
  cashflowAnalysis,
]
