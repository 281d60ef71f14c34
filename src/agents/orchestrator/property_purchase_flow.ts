import { defineAgent } from '../types.ts'
import type { Duty } from './duties.ts'
import { flowInput } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema, type FlowStep, flowLaw, needs, pick, runFlow } from './flow.ts'

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
      ...(typeof (r.seller_name ?? r.name) === 'string' ? { seller_name: r.seller_name ?? r.name } : {}),
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
      ...pick(r, ['pep', 'country']),
      ...(typeof r.buyer_name === 'string'
        ? { name: r.buyer_name }
        : typeof r.name === 'string' && r.name.length >= 2
          ? { name: r.name }
          : {}),
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

/** What a flat purchase asks, section by section, and the steps that do it. */
const PROPERTY_DUTIES: Duty[] = [
  {
    name: 'address',
    text: {
      cs: 'adresa je adresní místo základního registru RÚIAN',
      en: 'the address is an address point of the RÚIAN basic register',
    },
    law: ['cz-111-2009-ruian'],
    steps: ['address'],
  },
  {
    name: 'market_value',
    text: {
      cs: 'cena porovnaná s odhadem z nabídkových cen srovnatelných bytů',
      en: 'the price compared with an estimate from the asking prices of comparable flats',
    },
    law: ['method-asking-price-valuation'],
    steps: ['valuation'],
  },
  {
    name: 'title',
    text: {
      cs: 'vlastnictví přechází zápisem do katastru; list vlastnictví ukáže vlastníka a omezení',
      en: 'ownership passes by the entry in the cadastre; the title deed shows the owner and the encumbrances',
    },
    law: ['cz-256-2013', 'cz-89-2012-s1105'],
    steps: ['due_diligence'],
  },
  {
    name: 'aml_duties',
    text: {
      cs: 'identifikace klienta při obchodu od 1 000 EUR, kontrola klienta od 15 000 EUR',
      en: 'the client identified for a deal from 1,000 EUR, due diligence from 15,000 EUR',
    },
    law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
    steps: ['aml'],
  },
  {
    name: 'mortgage_limits',
    text: {
      cs: 'hypotéka do limitu LTV ČNB; LTV po poklesu cen',
      en: 'the mortgage within the ČNB LTV limit; the LTV after a fall in prices',
    },
    law: ['cnb-ltv', 'method-ltv-stress'],
    steps: ['loan', 'stress'],
  },
  {
    name: 'flood_insurance',
    text: {
      cs: 'pojistné podle povodňové zóny ČAP',
      en: 'the premium by the ČAP flood zone',
    },
    law: ['cap-flood-zones'],
    steps: ['insurance'],
  },
]

export const propertyPurchaseFlow = defineAgent({
  service: 'orchestrator',
  name: 'property_purchase_flow',
  description:
    'Runs the checks of a flat purchase: the address in the RÚIAN gazetteer, a valuation from comparables, due diligence (title deed, seller, PENB, use permit), the AML duties on the price, the mortgage against the ČNB limits, a collateral stress test and the insurance premium, each through its own agent and timed; steps without their inputs are skipped with the reason. Two people are named: the seller (`seller_name`, with `ico` for a company seller) is checked against the title deed, the buyer (`buyer_name`, with `pep` and `country`) is the client of the AML step; `name` alone stands for whichever of the two is not given, as before.',
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
      'buyer_name',
      'seller_name',
      'pep',
      'country',
      'lv_text',
      'energy_class',
      'building_approved',
    ],
  ),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  law: flowLaw(PROPERTY_DUTIES),
  examples: [
    {
      title: 'A 2+kk in Brno to live in, with a mortgage and insurance',
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
        purpose: 'own_housing',
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
    return runFlow('property_purchase', PROPERTY_STEPS, PROPERTY_DUTIES, input, ctx)
  },
})
