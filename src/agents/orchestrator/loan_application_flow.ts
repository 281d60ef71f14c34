import { isoDate } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import type { Assumption } from '../result.ts'
import { mortgageRate, mortgageTerm } from '../spec-fields.ts'
import { defineAgent } from '../types.ts'
import { flowInput } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema, type FlowStep, needs, pick, type Request, runFlow } from './flow.ts'

const APPLICANT = ['purpose', 'age', 'birth_number', 'existing_monthly_payments', 'existing_debt']

const LOAN_STEPS: FlowStep[] = [
  {
    id: 'loan',
    service: 'banking',
    agent: 'loan_assessment',
    purpose: {
      cs: 'LTV, DTI a DSTI proti platným limitům ČNB a úvěrové politice',
      en: 'LTV, DTI and DSTI against the ČNB limits in force and the lender policy',
    },
    input: (r) =>
      pick(r, ['amount', 'property_value', 'monthly_income', 'annual_rate_pct', 'term_months', ...APPLICANT]),
  },
  {
    id: 'affordability',
    service: 'banking',
    agent: 'affordability_check',
    purpose: {
      cs: 'nejvyšší úvěr, který příjem a limity dovolí',
      en: 'largest loan the income and the limits allow',
    },
    input: (r) =>
      pick(r, ['monthly_income', 'annual_rate_pct', 'term_months', 'property_value', ...APPLICANT]),
  },
  {
    id: 'schedule',
    service: 'banking',
    agent: 'mortgage_calculator',
    purpose: {
      cs: 'splátka, celkové úroky a splátkový kalendář',
      en: 'instalment, total interest and the repayment schedule',
    },
    input: (r) => pick(r, ['amount', 'annual_rate_pct', 'term_months']),
  },
  {
    id: 'credit',
    service: 'risk',
    agent: 'credit_risk',
    purpose: { cs: 'kreditní scoring žadatele', en: 'credit scorecard of the applicant' },
    input: (r) =>
      pick(r, [
        'amount',
        'monthly_income',
        'annual_rate_pct',
        'term_months',
        'property_value',
        'existing_monthly_payments',
      ]),
  },
  {
    id: 'stress',
    service: 'risk',
    agent: 'collateral_stress',
    purpose: { cs: 'LTV po poklesu cen nemovitostí', en: 'LTV after a fall in property prices' },
    input: (r) => ({ loans: [{ id: 'applicant', amount: r.amount, property_value: r.property_value }] }),
  },
  {
    id: 'investment',
    service: 'real-estate',
    agent: 'investment_mortgage_check',
    purpose: {
      cs: 'jde o investiční hypotéku (3. a další nemovitost, k pronájmu): ČNB LTV 70 % a DTI 7 od 2026-04-01',
      en: 'is it an investment mortgage (3rd+ property, to let): ČNB LTV 70 % and DTI 7 from 2026-04-01',
    },
    input: (r) =>
      needs(r, ['residential_properties_owned', 'to_let']) ??
      pick(r, [
        'amount',
        'property_value',
        'monthly_income',
        'existing_debt',
        'residential_properties_owned',
        'to_let',
        'age',
      ]),
  },
  {
    id: 'aml',
    service: 'legal-aml',
    agent: 'aml_compliance',
    purpose: {
      cs: 'povinnosti věřitele podle AML zákona pro nový vztah (identifikace § 7, kontrola klienta § 9)',
      en: 'AML Act duties of the lender for a new relationship (identification § 7, due diligence § 9)',
    },
    input: (r) => ({
      amount: r.amount,
      new_relationship: true,
      obliged_person: 'credit_institution',
      client_type: 'person',
      ...(typeof r.name === 'string' && r.name.length >= 2 ? { name: r.name } : {}),
    }),
  },
  {
    id: 'address',
    service: 'data',
    agent: 'address_normalizer',
    purpose: {
      cs: 'adresa zajištění ověřená v místopisu RÚIAN',
      en: 'the collateral address checked against the RÚIAN gazetteer',
    },
    input: (r) => needs(r, ['address']) ?? pick(r, ['address']),
  },
]

/** monthly_income, or the annual income divided by 12. */
function withMonthlyIncome(input: Request): Request {
  if (input.monthly_income !== undefined) return input
  if (typeof input.income === 'number')
    return { ...input, monthly_income: Math.round((input.income / 12) * 100) / 100 }
  throw errors.invalid('monthly_income', 'required (or income, the net annual income)')
}

export const loanApplicationFlow = defineAgent({
  service: 'orchestrator',
  name: 'loan_application_flow',
  description:
    'Runs a mortgage application end to end: ČNB-limit assessment, affordability, repayment schedule, credit scorecard, collateral stress test, the investment-mortgage test, the AML duties of the lender and the collateral address, each through its own agent, with every step timed and a roll-up verdict. A failing step is reported and the rest still runs.',
  input: flowInput(
    ['amount', 'property_value'],
    [
      'annual_rate_pct',
      'term_months',
      'monthly_income',
      'income',
      'purpose',
      'age',
      'birth_number',
      'existing_monthly_payments',
      'existing_debt',
      'address',
      'name',
      'residential_properties_owned',
      'to_let',
    ],
  ),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  examples: [
    {
      title: 'A 32-year-old buying a flat in Prague at 80 % LTV',
      input: {
        amount: 4_800_000,
        property_value: 6_000_000,
        monthly_income: 85_000,
        annual_rate_pct: 4.89,
        term_months: 360,
        purpose: 'own_housing',
        age: 32,
        address: 'Vinohradská 1511/230, 100 00 Praha 10',
      },
    },
    {
      title: 'An investment flat at 85 % LTV, income given per year',
      input: {
        amount: 3_400_000,
        property_value: 4_000_000,
        income: 720_000,
        annual_rate_pct: 5.29,
        term_months: 300,
        purpose: 'investment',
        age: 45,
        residential_properties_owned: 2,
        to_let: true,
      },
    },
  ],
  async run(input, ctx) {
    // Rate and term are filled once for the whole flow (the ČNB average on file, 30 years), so every
    // step computes with the same figures; each assumption heads rules_applied with its basis.
    const assumptions: Assumption[] = []
    const request = withMonthlyIncome(input)
    const filled = {
      ...request,
      annual_rate_pct: mortgageRate(
        input.annual_rate_pct as number | undefined,
        isoDate(ctx.now),
        assumptions,
        ctx.say,
      ),
      term_months: mortgageTerm(input.term_months as number | undefined, assumptions, ctx.say),
    }
    const result = await runFlow('loan_application', LOAN_STEPS, filled, ctx)
    return {
      ...result,
      rules_applied: [
        ...assumptions.map((a) => ({
          rule: ctx.say({ cs: `předpoklad ${a.field} = ${a.value}`, en: `assumed ${a.field} = ${a.value}` }),
          source: a.basis,
          outcome: ctx.say({ cs: 'předpoklad', en: 'assumption' }),
        })),
        ...result.rules_applied,
      ],
    }
  },
})
