/**
 * Golden cases of the orchestrator's routing and its five flows. A flow judges nothing itself: it
 * runs its steps, rolls their verdicts up (the least favourable decides) and reports each duty the
 * law asks of it with what its steps found. So each case gives the agents a flow calls stand-in
 * answers (`stubs`) — the verdicts the worked text names — and checks the roll-up, which steps ran
 * or were skipped and why, and the duties' rules; the agents' own judgements have golden cases of
 * their own.
 */
import type { GoldenCase } from './format.ts'

const clear = (fields: Record<string, unknown> = {}) => ({ verdict: 'clear', ...fields })
const info = (fields: Record<string, unknown> = {}) => ({ verdict: 'informational', ...fields })

/** The loan flow's steps answering favourably: a clear assessment, a computed schedule. */
const LOAN_OK = {
  'banking/loan_assessment': clear({ decision: 'approve', ltv: 0.8 }),
  'banking/affordability_check': info({ max_loan: 5_100_000 }),
  'banking/mortgage_calculator': info({ monthly_payment: 25_456.12 }),
  'risk/credit_risk': clear({ grade: 'B' }),
  'risk/collateral_stress': info({ worst_ltv: 1.0 }),
  'legal-aml/aml_compliance': clear({ obligations: ['identification'] }),
}

/** A mortgage without the rate: the flow assumes the ČNB average on file. */
const LOAN_NO_RATE = {
  amount: 4_800_000,
  property_value: 6_000_000,
  monthly_income: 85_000,
  term_months: 360,
  age: 32,
}
const LOAN = { ...LOAN_NO_RATE, annual_rate_pct: 4.89 }

/** The person's due diligence answering favourably. */
const PERSON_OK = {
  'compliance/kyc': clear({ recommendation: 'proceed' }),
  'legal-aml/sanctions_screening': clear({ status: 'no_match' }),
}

/** The company checks answering favourably. */
const COMPANY_OK = {
  'data/ares_lookup': info({ found: true, company: { name: 'Firma s.r.o.' } }),
  'data/insolvency_check': clear({ in_insolvency: false }),
  'data/vat_payer_check': clear({ unreliable: false }),
  'aml/company_screening': clear({ risk: 'low' }),
  'risk/company_risk': clear({ risk_level: 'low' }),
  'legal-aml/ubo_verification': clear({ status: 'verified' }),
  'legal-aml/aml_compliance': clear({ obligations: ['identification'] }),
  'compliance/kyc': clear({ recommendation: 'proceed' }),
  'compliance/cdd_risk_scoring': clear({ risk_level: 'low' }),
  'data/address_normalizer': clear({ found: true }),
  'contact/contact_enrichment': info({ person: { name: 'Jan Novák' } }),
}

const PERSON = { name: 'Jana Nováková', address: 'Korunní 810/104, 101 00 Praha 10' }

export const flowCases: GoldenCase[] = [
  // ── master_orchestrator ────────────────────────────────────────────────────────────────────
  {
    agent: 'master_orchestrator',
    title: "A person's name and address route to the person's due diligence (KYC and sanctions)",
    kind: 'positive',
    law: ['cz-253-2008-s5', 'cz-253-2008-s7', 'method-verdict-rollup'],
    worked:
      'No IČO, a name and an address: due_diligence_flow scores 3 × 2 = 6 by its alternative group (name, address), property_purchase_flow 1 (address is optional to it); 6 ≥ 5 and ≥ 2 × 1 → high. The flow identifies the person (AML Act § 5, § 7: compliance/kyc) and screens them (sanctions_screening); the company steps do not apply. Both clear → clear.',
    stubs: PERSON_OK,
    input: PERSON,
    expect: {
      verdict: 'clear',
      fields: {
        flow: 'due_diligence',
        routing: { method: 'rules', confidence: 'high' },
        fields_used: ['name', 'address'],
        counts: { ok: 2 },
      },
      rules: [{ basis: 'cz-253-2008-s5', outcome: 'kyc: clear' }],
    },
  },
  {
    agent: 'master_orchestrator',
    title: 'The person is on a sanctions list: adverse',
    kind: 'negative',
    law: ['eu-269-2014', 'method-verdict-rollup'],
    worked:
      'The same routing; sanctions_screening answers adverse (a listed person: Regulation 269/2014 Art. 2 freezes their funds). The least favourable verdict decides → adverse.',
    stubs: {
      ...PERSON_OK,
      'legal-aml/sanctions_screening': { verdict: 'adverse', status: 'match' },
    },
    input: PERSON,
    expect: {
      verdict: 'adverse',
      fields: {
        flow: 'due_diligence',
        verdict_basis: [
          { source: 'compliance/kyc', verdict: 'clear' },
          { source: 'legal-aml/sanctions_screening', verdict: 'adverse' },
        ],
      },
      rules: [{ basis: 'eu-269-2014', outcome: 'person_sanctions: adverse' }],
    },
  },
  {
    agent: 'master_orchestrator',
    title: 'An explicit flow gets only the fields its schema names; the others are listed as ignored',
    kind: 'edge',
    law: ['cz-cnb-169-2011', 'method-flow-runner', 'cz-235-2004-s109'],
    worked:
      'flow = invoice_payment_flow: account and amount are its fields, flood_zone is not → fields_ignored [flood_zone]. The account 19-2000145399/0800 passes both mod-11 checks (vyhl. 169/2011 Sb.), the QR code is made; no IČO or DIČ → the VAT register was not asked whether the supplier is an unreliable payer (liable whatever the amount, § 106a, § 109), which paying a supplier owes → review, naming dic and ico.',
    input: {
      flow: 'invoice_payment_flow',
      account: '19-2000145399/0800',
      amount: 12_100,
      flood_zone: 2,
    },
    expect: {
      verdict: 'review',
      fields: {
        flow: 'invoice_payment',
        routing: { method: 'explicit' },
        fields_used: ['amount', 'account'],
        fields_ignored: ['flood_zone'],
      },
    },
  },
  {
    agent: 'master_orchestrator',
    title: 'A request in words no flow knows and no fields: refused, naming flow',
    kind: 'unrecognised',
    law: [],
    worked:
      '"Dobrý den, jak se máte?" matches no keyword and carries no field: every flow scores 0 < 3, intent_router routes nowhere, and the caller is asked to name the flow — never a guessed one.',
    input: { request: 'Dobrý den, jak se máte?' },
    expect: { refused: { status: 400, field: 'flow' } },
  },
  // ── intent_router ──────────────────────────────────────────────────────────────────────────
  {
    agent: 'intent_router',
    title: 'A mortgage in Czech with the loan fields: the loan flow, 9 against 5',
    kind: 'positive',
    law: ['method-intent-routing'],
    worked:
      '"Chci si vzít hypotéku na byt": loan — keyword hypotek (2) + required amount, property_value (3 × 2) + optional monthly_income (1) = 9; property — keyword byt (2) + required property_value (3) = 5; invoice — required amount (3) = 3. 9 ≥ 5 but 9 < 2 × 5 → not high; 9 ≥ 4 → medium.',
    input: {
      request: 'Chci si vzít hypotéku na byt',
      fields: ['amount', 'property_value', 'monthly_income'],
    },
    expect: {
      verdict: 'informational',
      fields: {
        flow: 'loan_application_flow',
        confidence: 'medium',
        scores: [
          { flow: 'loan_application_flow', score: 9, keywords: ['hypotek'] },
          { flow: 'property_purchase_flow', score: 5, keywords: ['byt'] },
          { flow: 'invoice_payment_flow', score: 3, keywords: [] },
          { flow: 'company_onboarding_flow', score: 0 },
          { flow: 'due_diligence_flow', score: 0 },
        ],
      },
      rules: [{ basis: 'method-intent-routing', outcome: 'loan_application_flow (9)' }],
    },
  },
  {
    agent: 'intent_router',
    title: 'A bare IČO ties onboarding and due diligence at 3: tie_break picks due diligence, low confidence',
    kind: 'edge',
    law: ['method-intent-routing'],
    worked:
      'fields [ico]: company_onboarding_flow and due_diligence_flow each score 3 (one required field) = min_score 3. A tie at the minimum goes to the tied flow first in tie_break — due_diligence_flow, which only reads registers — with confidence low.',
    input: { fields: ['ico'] },
    expect: {
      verdict: 'informational',
      fields: { flow: 'due_diligence_flow', confidence: 'low' },
      rules: [{ basis: 'method-intent-routing', outcome: 'tie broken by tie_break' }],
    },
  },
  {
    agent: 'intent_router',
    title: 'One keyword alone ("faktura") scores 2, below the minimum 3: no flow',
    kind: 'negative',
    law: ['method-intent-routing'],
    worked:
      'invoice_payment_flow: keyword faktur (2) and no field = 2 < min_score 3 → routes nowhere → incomplete.',
    input: { request: 'faktura' },
    expect: {
      verdict: 'incomplete',
      fields: { flow: null, confidence: 'none' },
      rules: [{ basis: 'method-intent-routing', outcome: 'no flow at or above the minimum' }],
    },
  },
  {
    agent: 'intent_router',
    title: 'A request in words the table does not know: incomplete, never a guess',
    kind: 'unrecognised',
    law: ['method-intent-routing'],
    worked: '"Dobrý den, jak se máte?" matches no keyword of any flow and carries no field: all scores 0.',
    input: { request: 'Dobrý den, jak se máte?' },
    expect: { verdict: 'incomplete', fields: { flow: null, method: 'rules' } },
  },
  // ── loan_application_flow ──────────────────────────────────────────────────────────────────
  {
    agent: 'loan_application_flow',
    title: 'A 32-year-old at 80 % LTV: every step favourable → clear',
    kind: 'positive',
    law: ['cz-257-2016-s86', 'cnb-ltv', 'method-verdict-rollup'],
    worked:
      'LTV = 4 800 000 / 6 000 000 = 80 % = the general ČNB limit. The lender assesses creditworthiness (zákon 257/2016 Sb., § 86) through loan_assessment, affordability_check and credit_risk: clear, informational, clear; the schedule and the stress test inform. No investment fields, no address: those steps do not apply. Roll-up → clear.',
    stubs: LOAN_OK,
    input: LOAN,
    expect: {
      verdict: 'clear',
      fields: { flow: 'loan_application', counts: { ok: 6, failed: 0, skipped: 2 } },
      rules: [
        { basis: 'cz-257-2016-s86', outcome: 'loan: clear; affordability: informational; credit: clear' },
        { basis: 'cz-111-2009-ruian', outcome: 'address: not run (needs address)' },
      ],
    },
  },
  {
    agent: 'loan_application_flow',
    title: 'The ČNB limit assessment declines (LTV 95 %): adverse',
    kind: 'negative',
    law: ['cnb-ltv', 'method-verdict-rollup'],
    worked:
      'LTV = 5 700 000 / 6 000 000 = 95 % > 90 % (the young-applicant limit, the highest): loan_assessment answers adverse; the least favourable verdict decides → adverse.',
    stubs: { ...LOAN_OK, 'banking/loan_assessment': { verdict: 'adverse', decision: 'decline', ltv: 0.95 } },
    input: { ...LOAN, amount: 5_700_000 },
    expect: {
      verdict: 'adverse',
      rules: [{ basis: 'cnb-ltv', outcome: 'loan: adverse' }],
    },
  },
  {
    agent: 'loan_application_flow',
    title: 'No rate given on 2025-10-01: the ČNB average of December 2024 (4.8 %) is assumed',
    kind: 'edge',
    date_side: 'before',
    date_of: 'cnb-arad-mortgage-rates',
    law: ['cnb-arad-mortgage-rates'],
    worked:
      'cnb-mortgage-rates.json: the version published 2025-02-05 (period 2024-12, 4.8 %) is in force until the next, 2025-11-05. On 2025-10-01 the flow assumes 4.8 % and says so, citing ČNB ARAD since 2025-02-05.',
    now: '2025-10-01T10:00:00Z',
    stubs: LOAN_OK,
    input: LOAN_NO_RATE,
    expect: {
      verdict: 'clear',
      fields: { assumptions: [{ field: 'annual_rate_pct', value: 4.8 }] },
      rules: [{ basis: 'cnb-arad-mortgage-rates', outcome: 'period 2024-12', since: '2025-02-05' }],
    },
  },
  {
    agent: 'loan_application_flow',
    title: 'No rate given on 2026-11-20: the ČNB average of September 2025 (4.6 %) is assumed',
    kind: 'edge',
    date_side: 'after',
    date_of: 'cnb-arad-mortgage-rates',
    law: ['cnb-arad-mortgage-rates'],
    worked:
      'The version published 2025-11-05 (period 2025-09, 4.6 %) replaced 4.8 %: on 2026-11-20 the flow assumes 4.6 %, citing ČNB ARAD since 2025-11-05.',
    stubs: LOAN_OK,
    input: LOAN_NO_RATE,
    expect: {
      verdict: 'clear',
      fields: { assumptions: [{ field: 'annual_rate_pct', value: 4.6 }] },
      rules: [{ basis: 'cnb-arad-mortgage-rates', outcome: 'period 2025-09', since: '2025-11-05' }],
    },
  },
  {
    agent: 'loan_application_flow',
    title: 'A step answers without a verdict: the roll-up cannot read it → incomplete',
    kind: 'unrecognised',
    law: ['method-verdict-rollup', 'cz-257-2016-s86'],
    worked:
      'credit_risk answers { grade: "C" } and no verdict of the shared vocabulary: the roll-up cannot count it, so the flow is incomplete (not clear), and the creditworthiness duty reports "credit: no verdict".',
    stubs: { ...LOAN_OK, 'risk/credit_risk': { grade: 'C' } },
    input: LOAN,
    expect: {
      verdict: 'incomplete',
      rules: [{ basis: 'cz-257-2016-s86', outcome: 'credit: no verdict' }],
    },
  },
  // ── property_purchase_flow ─────────────────────────────────────────────────────────────────
  {
    agent: 'property_purchase_flow',
    title: 'A cash purchase with a clean title deed: clear, the mortgage steps not applicable',
    kind: 'positive',
    law: ['cz-256-2013', 'cz-253-2008-s9', 'method-verdict-rollup'],
    worked:
      'Address, due diligence of the title deed (ownership passes by the entry in the cadastre, zákon 256/2013 Sb.; OZ § 1105) and the AML duties on the price 9 900 000 CZK (above 15 000 EUR: due diligence, § 9) all clear; no area, no loan fields, no flood zone → valuation, loan, stress and insurance do not apply → clear.',
    stubs: {
      'data/address_normalizer': clear({ found: true }),
      'real-estate/due_diligence': clear({ items: [] }),
      'legal-aml/aml_compliance': clear({ obligations: ['identification', 'due_diligence'] }),
    },
    input: { address: 'Václavské náměstí 846/1, 110 00 Praha 1', property_value: 9_900_000 },
    expect: {
      verdict: 'clear',
      fields: { counts: { ok: 3, skipped: 4 } },
      rules: [
        { basis: 'cz-256-2013', outcome: 'due_diligence: clear' },
        { basis: 'cnb-ltv', outcome: 'loan: not run' },
      ],
    },
  },
  {
    agent: 'property_purchase_flow',
    title: 'The title deed shows an execution (exekuce): adverse',
    kind: 'negative',
    law: ['cz-256-2013', 'method-verdict-rollup'],
    worked:
      'due_diligence reads part C of the list vlastnictví: an execution order forbids disposal → adverse; the least favourable verdict decides.',
    stubs: {
      'data/address_normalizer': clear({ found: true }),
      'real-estate/due_diligence': { verdict: 'adverse', items: [{ item: 'encumbrances', pass: false }] },
      'legal-aml/aml_compliance': clear({ obligations: ['identification'] }),
    },
    input: { address: 'Václavské náměstí 846/1, 110 00 Praha 1', property_value: 9_900_000 },
    expect: { verdict: 'adverse', rules: [{ basis: 'cz-256-2013', outcome: 'due_diligence: adverse' }] },
  },
  {
    agent: 'property_purchase_flow',
    title: 'A mortgage within the limit but a flood zone 4 premium: the insurance step runs and informs',
    kind: 'edge',
    law: ['cap-flood-zones', 'cnb-ltv'],
    worked:
      'LTV = 4 160 000 / 5 200 000 = 80 %: the loan step runs (all of amount, monthly_income, annual_rate_pct, term_months given) and is clear; flood_zone 4 is given, so the premium is computed (informational); the stress test informs → clear.',
    stubs: {
      'data/address_normalizer': clear({ found: true }),
      'real-estate/due_diligence': clear({ items: [] }),
      'legal-aml/aml_compliance': clear({ obligations: ['identification'] }),
      'banking/loan_assessment': clear({ decision: 'approve', ltv: 0.8 }),
      'risk/collateral_stress': info({ worst_ltv: 1.0 }),
      'insurance/premium_calculator': info({ annual_premium: 9_360 }),
    },
    input: {
      address: 'Husova 5, 602 00 Brno',
      property_value: 5_200_000,
      amount: 4_160_000,
      monthly_income: 78_000,
      annual_rate_pct: 4.79,
      term_months: 360,
      flood_zone: 4,
    },
    expect: {
      verdict: 'clear',
      rules: [
        { basis: 'cap-flood-zones', outcome: 'insurance: informational' },
        { basis: 'cnb-ltv', outcome: 'loan: clear; stress: informational' },
      ],
    },
  },
  {
    agent: 'property_purchase_flow',
    title: 'An address RÚIAN cannot place: review, never clear',
    kind: 'unrecognised',
    law: ['cz-111-2009-ruian', 'method-verdict-rollup'],
    worked:
      '"Nikde 999, 000 00 Nikdo" names no municipality, street or PSČ of the RÚIAN register: address_normalizer answers review; with the title and the AML duties clear, the least favourable verdict is review.',
    stubs: {
      'real-estate/due_diligence': clear({ items: [] }),
      'legal-aml/aml_compliance': clear({ obligations: ['identification'] }),
    },
    input: { address: 'Nikde 999, 000 00 Nikdo', property_value: 5_200_000 },
    expect: { verdict: 'review', rules: [{ basis: 'cz-111-2009-ruian', outcome: 'address: review' }] },
  },
  {
    agent: 'property_purchase_flow',
    title:
      'The buyer named on a sanctions list, the seller named apart: the buyer is screened, not the seller',
    kind: 'negative',
    law: ['cz-253-2008-s7', 'cz-253-2008-s9', 'cz-256-2013'],
    worked:
      'A real-estate agent identifies and checks its client, here the buyer who pays the price (AML Act § 7, § 9), and screens the client against the sanctions lists (zákon 69/2006 Sb.); the seller is checked against the owner in part A of the title deed (zákon 256/2013 Sb.). buyer_name "Itziar Alberdi Uranga", a name on the EU list, goes to aml_compliance; seller_name "Petr Dvořák" to due_diligence. With one `name` for both, the seller\'s name was screened in the buyer\'s place. Without a birth date the hit is not corroborated: the AML step is not clear, and the least favourable verdict decides.',
    stubs: {
      'data/address_normalizer': clear({ found: true }),
      'real-estate/due_diligence': clear({ items: [] }),
    },
    input: {
      address: 'Václavské náměstí 846/1, 110 00 Praha 1',
      property_value: 9_900_000,
      buyer_name: 'Itziar Alberdi Uranga',
      seller_name: 'Petr Dvořák',
      pep: false,
      country: 'ES',
    },
    expect: {
      verdict: 'review',
      rules: [{ basis: 'cz-253-2008-s9', outcome: 'aml: review' }],
    },
  },
  // ── company_onboarding_flow ────────────────────────────────────────────────────────────────
  {
    agent: 'company_onboarding_flow',
    title: 'A company with its representative: every check clear',
    kind: 'positive',
    law: ['cz-253-2008-s7', 'cz-253-2008-s8', 'cz-304-2013', 'cz-253-2008-s9'],
    worked:
      '27074358: 2·8+7·7+0·6+7·5+4·4+3·3+5·2 = 135; 135 mod 11 = 3; (11 − 3) mod 10 = 8 = the last digit → valid. Entering the relationship the client is identified (AML Act § 7, § 8: register data and the person acting for it, ares + kyc), screened, its declared beneficial owner checked (§ 9 odst. 2 písm. b), ubo), scored (§ 9) → all clear.',
    stubs: COMPANY_OK,
    input: {
      ico: '27074358',
      name: 'Firma s.r.o.',
      address: 'Vinohradská 1511/230, 100 00 Praha 10',
      representative: 'Ing. Jan Novák',
      product: 'current_account',
      channel: 'remote_verified',
      beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }],
    },
    expect: {
      verdict: 'clear',
      rules: [
        { basis: 'cz-253-2008-s8', outcome: 'ares: informational; kyc: clear' },
        { basis: 'cz-253-2008-s9', outcome: 'cdd: clear; risk: clear' },
      ],
    },
  },
  {
    agent: 'company_onboarding_flow',
    title: 'An IČO with a wrong check digit (27074357): adverse, the company lookups skipped',
    kind: 'negative',
    law: ['cz-111-2009-s24'],
    worked:
      'The same weighted sum 135 gives check digit 8, not 7 → ico_validator adverse. Every step that needs the company is skipped, saying the IČO fails its checksum.',
    input: { ico: '27074357' },
    expect: {
      verdict: 'adverse',
      rules: [
        { basis: 'cz-111-2009-s24', outcome: 'ico: adverse' },
        { basis: 'cz-304-2013', outcome: 'fails its checksum' },
      ],
    },
  },
  {
    agent: 'company_onboarding_flow',
    title: 'The public register could not be read: the screening answers partially → incomplete',
    kind: 'edge',
    law: ['cz-304-2013', 'method-verdict-rollup'],
    worked:
      'company_screening names ares_vr as failed and answers partial: true with review; a partially answered step is not a full check → incomplete (no step adverse).',
    stubs: { ...COMPANY_OK, 'aml/company_screening': { verdict: 'review', partial: true, risk: 'medium' } },
    input: { ico: '27074358', name: 'Firma s.r.o.' },
    expect: { verdict: 'incomplete', fields: { partial: true } },
  },
  {
    agent: 'company_onboarding_flow',
    title: 'An IČO no register knows: ARES answers review → review',
    kind: 'unrecognised',
    law: ['cz-304-2013'],
    worked:
      '12345679 passes the checksum (1·8+2·7+3·6+4·5+5·4+6·3+7·2 = 112; 112 mod 11 = 2; (11 − 2) mod 10 = 9) but ARES finds no subject: a client that cannot be found in the public register cannot be identified from it (§ 8) → ares_lookup review → review.',
    stubs: { ...COMPANY_OK, 'data/ares_lookup': { verdict: 'review', found: false } },
    input: { ico: '12345679' },
    expect: { verdict: 'review', rules: [{ basis: 'cz-304-2013', outcome: 'ares: review' }] },
  },
  {
    agent: 'company_onboarding_flow',
    title:
      'A company given by its IČO alone, every company check clear: not identified, not scored → review, naming name, product and channel',
    kind: 'unrecognised',
    law: ['cz-253-2008-s7', 'cz-253-2008-s8', 'cz-253-2008-s9'],
    worked:
      'Entering a business relationship the client is always identified (AML Act § 7), a legal person through its data in the public register and the person acting for it (§ 8), and due diligence is done (§ 9), its extent by the risk of the client, product and channel. 27074358 is valid (sum 135, check 8) and ARES, the screening and the company risk answer clear, but with no name the kyc step cannot run and with no product or channel the cdd step cannot: the identification and due-diligence duties were not carried out → each reviews, naming the fields to give → review, not clear. With name, product and channel given the same company is clear (the first case).',
    stubs: COMPANY_OK,
    input: { ico: '27074358' },
    expect: {
      verdict: 'review',
      rules: [
        { basis: 'cz-253-2008-s8', outcome: 'review: name not given' },
        { basis: 'cz-253-2008-s9', outcome: 'review: product or channel not given' },
      ],
    },
  },
  {
    agent: 'company_onboarding_flow',
    title:
      'A company identified and scored but with no beneficial owner given: review, naming beneficial_owners',
    kind: 'unrecognised',
    law: ['cz-37-2021-s4-5', 'cz-253-2008-s9'],
    worked:
      'Due diligence on a legal person includes identifying its beneficial owner (zákon 253/2008 Sb., § 9 odst. 2 písm. b); zákon 37/2021 Sb., § 4–5 says who it is). The same request as the first case without beneficial_owners: the ubo step has nothing to check and is not run, every other check clear, yet the owner was neither declared nor found → review, naming beneficial_owners and what to give, not clear.',
    stubs: COMPANY_OK,
    input: {
      ico: '27074358',
      name: 'Firma s.r.o.',
      address: 'Vinohradská 1511/230, 100 00 Praha 10',
      representative: 'Ing. Jan Novák',
      product: 'current_account',
      channel: 'remote_verified',
    },
    expect: {
      verdict: 'review',
      rules: [
        { basis: 'cz-37-2021-s4-5', outcome: 'ubo: not run (needs beneficial_owners)' },
        { basis: 'cz-253-2008-s9', outcome: 'review: beneficial_owners not given' },
      ],
    },
  },
  // ── invoice_payment_flow ───────────────────────────────────────────────────────────────────
  {
    agent: 'invoice_payment_flow',
    title: 'A supplier invoice to a valid account of a reliable payer: clear, with the QR code',
    kind: 'positive',
    law: ['cz-cnb-169-2011', 'cz-235-2004-s109', 'cba-spayd'],
    worked:
      'Account 19-2000145399/0800 (vyhl. 169/2011 Sb.): prefix 000019 × weights 10,5,8,4,2,1 = 1·2 + 9·1 = 11 ≡ 0 mod 11; number 2000145399 × weights 6,3,7,9,10,5,8,4,2,1 = 12 + 10 + 20 + 40 + 12 + 18 + 9 = 121 = 11 · 11 → valid. IČO 27074358 valid (sum 135, check 8). vat_payer_check: not unreliable, 12 100 CZK ≤ 540 000 (§ 109) → clear. The QR payment is made (SPAYD) → clear.',
    stubs: { 'data/vat_payer_check': clear({ unreliable: false }) },
    input: { account: '19-2000145399/0800', amount: 12_100, vs: '2026110001', ico: '27074358' },
    expect: {
      verdict: 'clear',
      fields: { counts: { ok: 4, failed: 0, skipped: 0 } },
      rules: [
        { basis: 'cz-cnb-169-2011', outcome: 'account: clear' },
        { basis: 'cba-spayd', outcome: 'qr: informational' },
      ],
    },
  },
  {
    agent: 'invoice_payment_flow',
    title: 'A mistyped account number: refused by the account check, no QR code → incomplete',
    kind: 'negative',
    law: ['cz-cnb-169-2011', 'cba-spayd'],
    worked:
      '2000145398 fails the mod-11 check of vyhl. 169/2011 Sb. (weights 6,3,7,9,10,5,8,4,2,1: 121 − 1 = 120, 120 mod 11 = 10): account_validator refuses it, naming account → the step fails, the QR step that needs it is skipped, no IČO or DIČ is given (the IČO check does not apply; the VAT check paying a supplier owes is not done, review): no step succeeded, the flow failed and cannot pass the payment → incomplete.',
    input: { account: '19-2000145398/0800', amount: 500 },
    expect: {
      verdict: 'incomplete',
      fields: { status: 'failed', counts: { ok: 0, failed: 1, skipped: 3 } },
      rules: [
        { basis: 'cz-cnb-169-2011', outcome: 'account: failed (invalid_request)' },
        { basis: 'cba-spayd', outcome: 'qr: not run (depends on account (failed))' },
      ],
    },
  },
  {
    agent: 'invoice_payment_flow',
    title: 'An unreliable VAT payer: adverse, the buyer would be liable for the VAT',
    kind: 'edge',
    law: ['cz-235-2004-s106a', 'cz-235-2004-s109'],
    worked:
      'vat_payer_check finds the supplier published as unreliable (§ 106a): whoever pays it is liable for its unpaid VAT (§ 109) whatever the amount → adverse.',
    stubs: { 'data/vat_payer_check': { verdict: 'adverse', unreliable: true } },
    input: { account: '19-2000145399/0800', amount: 600_000, dic: 'CZ27074358' },
    expect: { verdict: 'adverse', rules: [{ basis: 'cz-235-2004-s109', outcome: 'vat: adverse' }] },
  },
  {
    agent: 'invoice_payment_flow',
    title:
      'A supplier given by neither DIČ nor IČO: its VAT status not checked, review, though the QR code is made',
    kind: 'unrecognised',
    law: ['cz-235-2004-s106a', 'cz-235-2004-s109'],
    worked:
      'The account passes its mod-11 checks and the QR payment is made, but with no DIČ or IČO the VAT register is never asked whether the supplier is published as an unreliable payer (§ 106a), whose unpaid VAT the one who pays is liable for whatever the amount (§ 109 odst. 3), nor whether the account is published: a check not made is not a supplier found reliable → review, naming dic and ico.',
    input: { account: '19-2000145399/0800', amount: 12_100, vs: '2026110001' },
    expect: {
      verdict: 'review',
      fields: { counts: { ok: 2, failed: 0, skipped: 2 } },
      rules: [
        { basis: 'cz-235-2004-s109', outcome: 'vat: not run (needs dic or ico)' },
        { basis: 'cz-235-2004-s109', outcome: 'review: the supplier is given by neither dic nor ico' },
      ],
    },
  },
  {
    agent: 'invoice_payment_flow',
    title: 'The VAT register cannot be asked: incomplete, never a pass',
    kind: 'unrecognised',
    law: ['cz-235-2004-s106a', 'method-verdict-rollup'],
    worked:
      'With every source down vat_payer_check cannot tell whether the supplier is unreliable or the account published: it fails or answers partially → the roll-up is incomplete.',
    sources: 'down',
    input: { account: '19-2000145399/0800', amount: 12_100, ico: '27074358' },
    expect: { verdict: 'incomplete', fields: { partial: true } },
  },
  // ── due_diligence_flow ─────────────────────────────────────────────────────────────────────
  {
    agent: 'due_diligence_flow',
    title: 'A company, its declared owner and a 2 million CZK deal: all clear',
    kind: 'positive',
    law: ['cz-37-2021-s4-5', 'cz-253-2008-s9', 'cz-182-2006-s419'],
    worked:
      '27074358 valid (sum 135, check 8). ARES, ISIR, the VAT register, the screening, the declared beneficial owner with his 100 % (zákon 37/2021 Sb.; AML Act § 9) and the AML duties for 2 000 000 CZK (above 15 000 EUR: due diligence) all clear → clear.',
    stubs: COMPANY_OK,
    input: {
      ico: '27074358',
      amount: 2_000_000,
      beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }],
    },
    expect: {
      verdict: 'clear',
      rules: [
        { basis: 'cz-37-2021-s4-5', outcome: 'ubo: clear' },
        { basis: 'cz-182-2006-s419', outcome: 'insolvency: clear' },
      ],
    },
  },
  {
    agent: 'due_diligence_flow',
    title: 'A company in insolvency: adverse',
    kind: 'negative',
    law: ['cz-182-2006-s419'],
    worked: 'ISIR publishes a running proceeding against the debtor → insolvency_check adverse → adverse.',
    stubs: { ...COMPANY_OK, 'data/insolvency_check': { verdict: 'adverse', in_insolvency: true } },
    input: { ico: '26863154' },
    expect: { verdict: 'adverse', rules: [{ basis: 'cz-182-2006-s419', outcome: 'insolvency: adverse' }] },
  },
  {
    agent: 'due_diligence_flow',
    title: 'A company without declared beneficial owners: review, the owner is not established',
    kind: 'edge',
    law: ['cz-37-2021-s4-5', 'cz-253-2008-s9'],
    worked:
      'Without beneficial_owners the ubo step has nothing to verify and is not run ("ubo: not run (needs beneficial_owners)"). Identifying the beneficial owner is part of customer due diligence (zákon 253/2008 Sb., § 9 odst. 2 písm. b); zákon 37/2021 Sb., § 4–5 says who it is): every other check clear, yet a company whose owner was neither declared nor found is not clear → review, with the reason.',
    stubs: COMPANY_OK,
    input: { ico: '27074358' },
    expect: {
      verdict: 'review',
      rules: [
        { basis: 'cz-37-2021-s4-5', outcome: 'ubo: not run (needs beneficial_owners)' },
        {
          basis: 'cz-253-2008-s9',
          outcome: 'review: no beneficial owner declared or found (ubo: not run (needs beneficial_owners))',
        },
      ],
    },
  },
  {
    agent: 'due_diligence_flow',
    title: 'The beneficial-owner check fails: incomplete, naming the failed step',
    kind: 'unrecognised',
    law: ['cz-37-2021-s4-5', 'cz-253-2008-s9'],
    worked:
      'The owner is declared but ubo_verification fails (its source times out): the beneficial owner could not be established (zákon 253/2008 Sb., § 9 odst. 2 písm. b)) → incomplete, the duty naming the step and its error code; the other checks clear do not make it clear.',
    stubs: { ...COMPANY_OK, 'legal-aml/ubo_verification': { fails: 'timeout' } },
    input: {
      ico: '27074358',
      amount: 2_000_000,
      beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }],
    },
    expect: {
      verdict: 'incomplete',
      rules: [
        { basis: 'cz-37-2021-s4-5', outcome: 'ubo: failed (upstream_timeout)' },
        {
          basis: 'cz-253-2008-s9',
          outcome:
            'incomplete: the beneficial owner could not be established (ubo: failed (upstream_timeout))',
        },
      ],
    },
  },
  {
    agent: 'due_diligence_flow',
    title:
      'A company and its declared owner with no deal amount: review, the AML duties not decided, naming amount',
    kind: 'unrecognised',
    law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
    worked:
      'The deal opens a relationship with a new client, which owes identification (AML Act § 7) and due diligence (§ 9), enhanced for a PEP or a high-risk country (§ 9a); the aml step decides them for the deal amount and cannot run without it. 27074358 is valid (sum 135, check 8) and every company check and the declared owner answer clear, but with no amount the AML duties were not decided → review, naming amount and what to give, not clear. The same request with amount 2 000 000 is the first case: clear.',
    stubs: COMPANY_OK,
    input: { ico: '27074358', beneficial_owners: [{ name: 'Jan Novák', ownership_pct: 100 }] },
    expect: {
      verdict: 'review',
      rules: [
        { basis: 'cz-253-2008-s9', outcome: 'ubo: clear' },
        { basis: 'cz-253-2008-s7', outcome: 'review: amount not given' },
      ],
    },
  },
  {
    agent: 'due_diligence_flow',
    title: 'Neither an IČO nor a name: refused, naming ico',
    kind: 'unrecognised',
    law: [],
    worked: 'Due diligence needs a subject: a company by IČO or a person by name (and address).',
    input: { amount: 100_000 },
    expect: { refused: { status: 400, field: 'ico' } },
  },
]
