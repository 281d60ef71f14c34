import { defineAgent } from '../types.ts'
import { validIco } from './company_onboarding_flow.ts'
import { flowInput } from './fields.ts'
import { FlowResultSchema, type FlowStep, pick, type Request, runFlow, skip } from './flow.ts'

const withIco = (fields: string[]) => (r: Request, done: Record<string, unknown>) => {
  const bad = validIco(done)
  return bad ? skip(bad) : pick(r, fields)
}

export const DUE_DILIGENCE_STEPS: FlowStep[] = [
  {
    id: 'ico',
    service: 'data',
    agent: 'ico_validator',
    purpose: 'IČO checksum',
    input: (r) => pick(r, ['ico']),
  },
  {
    id: 'ares',
    service: 'data',
    agent: 'ares_lookup',
    purpose: 'ARES record: status, seat, legal form, registrations',
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'insolvency',
    service: 'data',
    agent: 'insolvency_check',
    purpose: 'insolvency register (ISIR)',
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'vat',
    service: 'data',
    agent: 'vat_payer_check',
    purpose: 'VAT register: unreliable payer status',
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'screening',
    service: 'aml',
    agent: 'company_screening',
    purpose: 'sanctions and register roll-up',
    after: ['ico'],
    input: withIco(['ico', 'name']),
  },
  {
    id: 'ubo',
    service: 'aml',
    agent: 'ubo_analysis',
    purpose: 'ownership structure and beneficial owners',
    after: ['ico'],
    input: withIco(['ico']),
  },
  {
    id: 'risk',
    service: 'risk',
    agent: 'company_risk',
    purpose: 'company risk flags',
    after: ['ico'],
    input: withIco(['ico', 'name']),
  },
]

export const dueDiligenceFlow = defineAgent({
  service: 'orchestrator',
  name: 'due_diligence_flow',
  description:
    'Due diligence on a Czech company before a deal: IČO checksum, ARES record, insolvency register, VAT register, AML screening, ownership and company risk, run in parallel where they can be, each timed, with a roll-up verdict that names any source that failed.',
  input: flowInput(['ico'], ['name']),
  output: FlowResultSchema,
  examples: [
    { title: 'A company by its IČO', input: { ico: '27074358' } },
    { title: 'A seven-digit IČO (zero-padded)', input: { ico: '0064581' } },
  ],
  async run(input, ctx) {
    return runFlow('due_diligence', DUE_DILIGENCE_STEPS, input, ctx)
  },
})
