import { cadastreCheck } from './cadastre_check.ts'
import { comparablesFinder } from './comparables_finder.ts'
import { dueDiligence } from './due_diligence.ts'
import { investmentMortgageCheck } from './investment_mortgage_check.ts'
import { listingAnalyzer } from './listing_analyzer.ts'
import { priceTrends } from './price_trends.ts'
import { propertyValuation } from './property_valuation.ts'
import { rentalYield } from './rental_yield.ts'
import { undervaluedDetector } from './undervalued_detector.ts'

/** The real-estate agents, one file each. */
export const realEstateAgents = [
  dueDiligence,
  propertyValuation,
  comparablesFinder,
  priceTrends,
  rentalYield,
  undervaluedDetector,
  listingAnalyzer,
  cadastreCheck,
  investmentMortgageCheck,
]
