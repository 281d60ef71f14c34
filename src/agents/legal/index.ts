import { contractGenerator } from './contract_generator.ts'
import { contractReview } from './contract_review.ts'
import { deadlineCalculator } from './deadline_calculator.ts'

/** The legal agents, one file each. */
export const legalAgents = [contractReview, contractGenerator, deadlineCalculator]
