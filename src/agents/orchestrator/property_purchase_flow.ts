import { defineAgent } from '../types.ts'
import { flowInput } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema, type FlowStep, needs, pick, runFlow } from './flow.ts'

const FINANCE = ['amount', 'monthly_income', 'annual_rate_pct', 'term_months']

const PROPERTY_STEPS: FlowStep[] = [
  {
    id: 'address',
    service: 'data',
    agent: 'address_normalizer',
    purpose: {
      cs: 'adresa ověřená v místopisu RÚIAN (PSČ, obec, okres, kraj)',
      en: 'the address checked against the RÚIAN gazetteer (PSČ, obec, okres, kraj)',
    },
    input: (r) => pick(r, ['address']),
  },
  {
    id: 'valuation',
    service: 'real-estate',
    agent: 'property_valuation',
    purpose: { cs: 'tržní hodnota ze srovnatelných nabídek', en: 'market value from comparable listings' },
    input: (r) =>
      needs(r, ['area_m2']) ??
      pick(r, ['address', 'area_m2', 'disposition', 'latitude', 'longitude', 'property_value']),
  },
  {
    id: 'due_diligence',
    service: 'real-estate',
    agent: 'due_diligence',
    purpose: {
      cs: 'list vlastnictví části A–E, omezení, prodávající, PENB, kolaudace: vyhovuje/nevyhovuje po položkách',
      en: 'title deed parts A–E, encumbrances, seller, PENB, use permit: pass/fail per item',
    },
    input: (r) => ({
      ...pick(r, [
        'property_value',
        'ico',
        'latitude',
        'longitude',
        'disposition',
        'lv_text',
        'energy_class',
        'building_approved',
      ]),
      ...(typeof r.name === 'string' ? { seller_name: r.name } : {}),
    }),
  },
  {
    id: 'aml',
    service: 'legal-aml',
    agent: 'aml_compliance',
    purpose: {
      cs: 'povinnosti realitního zprostředkovatele podle AML zákona pro kupní cenu (identifikace, kontrola klienta)',
      en: "the real-estate agent's AML Act duties for the purchase price (identification, due diligence)",
    },
    input: (r) => ({
      amount: r.property_value,
      new_relationship: true,
      obliged_person: 'real_estate',
      ...(typeof r.name === 'string' && r.name.length >= 2 ? { name: r.name } : {}),
    }),
  },
  {
    id: 'loan',
    service: 'banking',
    agent: 'loan_assessment',
    purpose: { cs: 'hypotéka proti limitům ČNB', en: 'the mortgage against the ČNB limits' },
    input: (r) => needs(r, FINANCE) ?? pick(r, [...FINANCE, 'property_value', 'purpose', 'age']),
  },
  {
    id: 'stress',
    service: 'risk',
    agent: 'collateral_stress',
    purpose: { cs: 'LTV po poklesu cen nemovitostí', en: 'LTV after a fall in property prices' },
    input: (r) =>
      needs(r, ['amount']) ?? {
        loans: [{ id: 'purchase', amount: r.amount, property_value: r.property_value }],
      },
  },
  {
    id: 'insurance',
    service: 'insurance',
    agent: 'premium_calculator',
    purpose: {
      cs: 'pojistné nemovitosti pro povodňovou zónu',
      en: 'property insurance premium for the flood zone',
    },
    input: (r) =>
      needs(r, ['flood_zone']) ?? {
        property_value: r.property_value,
        object: 'flat',
        flood_zone: r.flood_zone,
      },
  },
]

export const propertyPurchaseFlow = defineAgent({
  service: 'orchestrator',
  name: 'property_purchase_flow',
  description:
    'Runs the checks of a flat purchase: the address in the RÚIAN gazetteer, a valuation from comparables, due diligence (title deed, seller, PENB, use permit), the AML duties on the price, the mortgage against the ČNB limits, a collateral stress test and the insurance premium, each through its own agent and timed; steps without their inputs are skipped with the reason.',
  input: flowInput(
    ['address', 'property_value'],
    [
      'area_m2',
      'disposition',
      'latitude',
      'longitude',
      'amount',
      'monthly_income',
      'annual_rate_pct',
      'term_months',
      'purpose',
      'age',
      'flood_zone',
      'ico',
      'name',
      'lv_text',
      'energy_class',
      'building_approved',
    ],
  ),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  examples: [
    {
      title: 'A 2+kk in Brno with a mortgage and insurance',
      input: {
        address: 'Husova 5, 602 00 Brno',
        property_value: 5_200_000,
        area_m2: 54,
        disposition: '2+kk',
        latitude: 49.1937,
        longitude: 16.6024,
        amount: 4_160_000,
        monthly_income: 78_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        age: 30,
        flood_zone: 1,
      },
    },
    {
      title: 'A cash purchase: the mortgage steps are skipped',
      input: {
        address: 'Václavské náměstí 846/1, 110 00 Praha 1',
        property_value: 9_900_000,
        area_m2: 61,
        disposition: '2+1',
      },
    },
  ],
  async run(input, ctx) {
    return runFlow('property_purchase', PROPERTY_STEPS, input, ctx)
  },
})
