import { isoDate } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { lawRule } from '../contact/shared.ts'
import { cite } from '../law.ts'
import type { AppliedRule, Assumption } from '../result.ts'
import { mortgageRate, mortgageTerm } from '../spec-fields.ts'
import { type AgentContext, defineAgent } from '../types.ts'
import type { Duty } from './duties.ts'
import { flowInput } from './fields.ts'
import {
  FLOW_VERDICT,
  FlowResultSchema,
  type FlowStep,
  flowLaw,
  needs,
  pick,
  type Request,
  runFlow,
} from './flow.ts'

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
      ...pick(r, ['pep', 'country']),
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

/** What a mortgage application asks, section by section, and the steps that do it. */
const LOAN_DUTIES: Duty[] = [
  {
    name: 'creditworthiness',
    text: {
      cs: 'před poskytnutím úvěru věřitel posoudí úvěruschopnost z příjmů, výdajů a dluhů žadatele',
      en: "before granting the credit the lender assesses creditworthiness from the applicant's income, expenses and debts",
    },
    law: ['cz-257-2016-s86', 'cnb-recommendation-2022'],
    steps: ['loan', 'affordability', 'credit'],
  },
  {
    name: 'cnb_limits',
    text: {
      cs: 'úvěr zajištěný rezidenční nemovitostí v mezích ukazatelů ČNB platných v den posouzení: LTV od 2022-04-01, DSTI do 2023-06-30, DTI do 2023-12-31',
      en: 'a loan secured by residential property within the ČNB limits in force on the day judged: LTV from 2022-04-01, DSTI until 2023-06-30, DTI until 2023-12-31',
    },
    law: ['cnb-ltv', 'cnb-dti', 'cnb-dsti'],
    steps: ['loan'],
  },
  {
    name: 'investment_housing',
    text: {
      cs: 'úvěr na investiční bydlení (třetí a další nemovitost, pronájem): od 2026-04-01 LTV nejvýše 70 % a DTI nejvýše 7',
      en: 'a loan for investment housing (a third or further property, to let): from 2026-04-01 LTV at most 70 % and DTI at most 7',
    },
    law: ['cnb-ltv-investment', 'cnb-dti-investment'],
    steps: ['investment'],
  },
  {
    name: 'repayment',
    text: {
      cs: 'anuitní splátka a splátkový kalendář; LTV po poklesu cen nemovitostí',
      en: 'the annuity instalment and the schedule; the LTV after a fall in property prices',
    },
    law: ['method-annuity', 'method-ltv-stress'],
    steps: ['schedule', 'stress'],
  },
  {
    name: 'aml_duties',
    text: {
      cs: 'věřitel identifikuje klienta a provede kontrolu klienta při navázání obchodního vztahu',
      en: 'the lender identifies the client and carries out due diligence when entering the relationship',
    },
    law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
    steps: ['aml'],
  },
  {
    name: 'collateral_address',
    text: {
      cs: 'adresa zajištění je adresní místo základního registru RÚIAN',
      en: 'the collateral address is an address point of the RÚIAN basic register',
    },
    law: ['cz-111-2009-ruian'],
    steps: ['address'],
  },
]

/** The register entry behind each figure the flow assumes when the caller does not give it. */
const ASSUMED: Record<string, 'cnb-arad-mortgage-rates' | 'policy-bank-lending'> = {
  annual_rate_pct: 'cnb-arad-mortgage-rates',
  term_months: 'policy-bank-lending',
}

/**
 * The rate and the term, filled once for the whole flow (the ČNB average on file, 30 years) so every
 * step computes with the same figures: each assumption is a rule citing its basis.
 */
function assumedTerms(request: Request, ctx: AgentContext) {
  const assumptions: Assumption[] = []
  const filled = {
    ...request,
    annual_rate_pct: mortgageRate(
      request.annual_rate_pct as number | undefined,
      isoDate(ctx.now),
      assumptions,
      ctx.say,
    ),
    term_months: mortgageTerm(request.term_months as number | undefined, assumptions, ctx.say),
  }
  const rules: AppliedRule[] = assumptions.map((a) =>
    lawRule(
      ctx.say({ cs: `předpoklad ${a.field} = ${a.value}`, en: `assumed ${a.field} = ${a.value}` }),
      cite(isoDate(ctx.now), ASSUMED[a.field]!),
      a.basis,
    ),
  )
  return { filled, assumptions, rules }
}

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
      'pep',
      'country',
      'residential_properties_owned',
      'to_let',
    ],
  ),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  law: [...flowLaw(LOAN_DUTIES), ...Object.values(ASSUMED)],
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
    const { filled, assumptions, rules } = assumedTerms(withMonthlyIncome(input), ctx)
    const result = await runFlow('loan_application', LOAN_STEPS, LOAN_DUTIES, filled, ctx)
    return { ...result, assumptions, rules_applied: [...rules, ...result.rules_applied] }
  },
})
