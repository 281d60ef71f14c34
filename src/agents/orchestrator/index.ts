import { auditLogger } from './audit_logger.ts'
import { cacheManager } from './cache_manager.ts'
import { companyOnboardingFlow } from './company_onboarding_flow.ts'
import { dueDiligenceFlow } from './due_diligence_flow.ts'
import { intentRouter } from './intent_router.ts'
import { invoicePaymentFlow } from './invoice_payment_flow.ts'
import { loanApplicationFlow } from './loan_application_flow.ts'
import { masterOrchestrator } from './master_orchestrator.ts'
import { narrativeExplainer } from './narrative_explainer.ts'
import { propertyPurchaseFlow } from './property_purchase_flow.ts'
import { rateLimiter } from './rate_limiter.ts'
import { reportBuilder } from './report_builder.ts'
import { resultAggregator } from './result_aggregator.ts'
import { scout } from './scout.ts'
import { taskScheduler } from './task_scheduler.ts'

/** The orchestrator agents, one file each. */
export const orchestratorAgents = [
  masterOrchestrator,
  intentRouter,
  loanApplicationFlow,
  propertyPurchaseFlow,
  companyOnboardingFlow,
  invoicePaymentFlow,
  dueDiligenceFlow,
  scout,
  reportBuilder,
  resultAggregator,
  auditLogger,
  rateLimiter,
  cacheManager,
  taskScheduler,
  narrativeExplainer,
]
