/**
 * Golden cases of the insurance agents: the Civil Code's insurance sections (zákon 89/2012 Sb.:
 * § 2758 the contract and its cover, § 2788 the insurer's questions, § 2796 the report of a loss,
 * § 2814 the sum insured as the limit, § 2815 the deductible, § 2849 the insurable value, § 2854
 * underinsurance, amended from 1 Apr 2024), the ČAP flood zoning, the WHO BMI classes, and the
 * operator's tariff, triage and underwriting tables (data/reference, not law).
 */
import { type GoldenFile, mentions } from './format.ts'

const HEALTHY = {
  age: 35,
  sum_insured: 3_000_000,
  income: 720_000,
  term_years: 25,
  height_cm: 180,
  weight_kg: 78,
  smoker: false,
  occupation_class: 1,
  conditions: [],
}

export const insurance: GoldenFile = {
  service: 'insurance',
  cases: [
    // ── underwriting ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'underwriting',
      title: 'Healthy non-smoker of 35, office work, 3 M CZK: accepted at standard rates',
      kind: 'positive',
      law: ['policy-insurance-underwriting', 'who-bmi'],
      worked:
        'BMI = 78 / 1.80² = 24.07 → 24.1, WHO normal/pre-obese band 18.5–30: standard. Age 35 within 18–65, at expiry 35 + 25 = 60 ≤ 75. Income multiple at 18–39 is 20: 20 × 720 000 = 14 400 000 ≥ 3 000 000. No loading, nothing referred → accept.',
      input: HEALTHY,
      expect: {
        verdict: 'clear',
        fields: { decision: 'accept', bmi: 24.1, total_loading_pct: 0, max_sum_insured: 14_400_000 },
        rules: [{ basis: 'who-bmi', outcome: 'standard' }],
      },
    },
    {
      agent: 'underwriting',
      title: 'BMI 40.1 (WHO obese class III): declined',
      kind: 'negative',
      law: ['policy-insurance-underwriting', 'who-bmi'],
      worked: 'BMI = 130 / 1.80² = 40.12 → 40.1 ≥ 40, WHO obese class III; the table declines the band.',
      input: { ...HEALTHY, weight_kg: 130 },
      expect: {
        verdict: 'adverse',
        fields: { decision: 'decline', bmi: 40.1, total_loading_pct: 0 },
        rules: [{ basis: 'who-bmi', outcome: 'decline' }],
      },
    },
    {
      agent: 'underwriting',
      title: 'BMI exactly 30.0: the first obese band, loaded 25 %',
      kind: 'edge',
      law: ['policy-insurance-underwriting', 'who-bmi'],
      worked:
        'BMI = 97.2 / 1.80² = 30.0: the WHO classes are [30, 35) for obese class I, so 30.0 is in it, not in pre-obese; the table loads it 25 % → accept with loading.',
      input: { ...HEALTHY, weight_kg: 97.2 },
      expect: {
        verdict: 'review',
        fields: { decision: 'accept_with_loading', bmi: 30, total_loading_pct: 25 },
        rules: [{ basis: 'who-bmi', outcome: 'loading +25 %' }],
      },
    },
    {
      agent: 'underwriting',
      title: 'A declared condition the table does not name (asthma): referred, never accepted',
      kind: 'unrecognised',
      law: ['policy-insurance-underwriting'],
      worked:
        'The table rates hypertension, diabetes, heart disease and a cancer history; a declared condition outside it cannot be rated by rule, so an underwriter rates it.',
      input: { ...HEALTHY, conditions: ['asthma'] },
      expect: {
        verdict: 'review',
        fields: { decision: 'refer', reasons: [mentions('not in the table', 'asthma')] },
      },
    },
    {
      agent: 'underwriting',
      title: 'No occupation declared: referred under § 2788, not rated as office work',
      kind: 'unrecognised',
      law: ['cz-89-2012-s2788'],
      worked:
        'The insurer rates the risk on the answers to its questions (§ 2788); an undeclared occupation is not assumed to be the lowest class, so the case goes to an underwriter.',
      input: { ...HEALTHY, occupation_class: undefined },
      expect: {
        verdict: 'review',
        fields: { decision: 'refer', reasons: [mentions('occupation_class', 'not given')] },
        rules: [{ basis: 'cz-89-2012-s2788', outcome: 'occupation_class' }],
      },
    },
    {
      agent: 'underwriting',
      title: 'No health declaration (conditions not given): referred under § 2788, not accepted as healthy',
      kind: 'unrecognised',
      law: ['cz-89-2012-s2788'],
      worked:
        'The insurer rates the risk on the answers to its questions (§ 2788 zákona 89/2012 Sb.); an applicant who gave no health declaration at all has not said they have none (that is conditions: []), so a condition the table would load or decline may be there: the case goes to an underwriter.',
      input: { ...HEALTHY, conditions: undefined },
      expect: {
        verdict: 'review',
        fields: { decision: 'refer', reasons: [mentions('conditions', 'not given')] },
        rules: [{ basis: 'cz-89-2012-s2788', outcome: 'conditions' }],
      },
    },
    // ── premium_calculator ─────────────────────────────────────────────────────────────────────
    {
      agent: 'premium_calculator',
      title: 'Brick house worth 6 M CZK in flood zone 1, 5 000 CZK deductible: 5 400 CZK a year',
      kind: 'positive',
      law: ['policy-insurance-tariff', 'cap-flood-zones'],
      worked:
        '6 000 000 / 1000 × 0.9 ‰ = 5 400; masonry 1.0 × zone 1 1.0 × deductible 5 000 1.0 → 5 400; 450 a month.',
      input: {
        property_value: 6_000_000,
        object: 'house',
        construction: 'masonry',
        flood_zone: 1,
        deductible: 5000,
      },
      expect: {
        verdict: 'informational',
        fields: { annual_premium: 5400, monthly_premium: 450, base_premium: 5400, assumptions: [] },
      },
    },
    {
      agent: 'premium_calculator',
      title: 'Wooden house in ČAP flood zone 4: the premium multiplied by 4.5',
      kind: 'negative',
      law: ['policy-insurance-tariff', 'cap-flood-zones'],
      worked:
        '4 000 000 / 1000 × 0.9 = 3 600; wood 1.5 × zone 4 (the highest flood risk) 3.0 × deductible 5 000 1.0 = 4.5 → 16 200 a year.',
      input: {
        property_value: 4_000_000,
        object: 'house',
        construction: 'wood',
        flood_zone: 4,
        deductible: 5000,
      },
      expect: {
        verdict: 'informational',
        fields: { annual_premium: 16_200, base_premium: 3600 },
        rules: [{ basis: 'cap-flood-zones', outcome: 'zone 4' }],
      },
    },
    {
      agent: 'premium_calculator',
      title: 'A flat of 100 000 CZK: the minimum premium, and the defaults it assumed',
      kind: 'edge',
      law: ['policy-insurance-tariff'],
      worked:
        '100 000 / 1000 × 0.6 = 60 CZK, below the minimum premium of 1 000 → 1 000. Construction and deductible not given: priced at the reference masonry and 5 000 CZK, both listed in assumptions.',
      input: { property_value: 100_000, object: 'flat', flood_zone: 1 },
      expect: {
        verdict: 'informational',
        fields: {
          annual_premium: 1000,
          assumptions: [
            { field: 'construction', value: 'masonry' },
            { field: 'deductible', value: 5000 },
          ],
        },
      },
    },
    {
      agent: 'premium_calculator',
      title: 'An insurance object the tariff does not know (a boat): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'The tariff has base rates for a house, a flat and a household only.',
      input: { property_value: 500_000, object: 'boat', flood_zone: 1 },
      expect: { refused: { status: 400, field: 'object' } },
    },
    // ── underinsurance_check ───────────────────────────────────────────────────────────────────
    {
      agent: 'underinsurance_check',
      title: 'Insured at full value: the loss paid in full',
      kind: 'positive',
      law: ['cz-89-2012-s2854'],
      worked: 'Sum insured 5 M = insurable value 5 M: no underinsurance, 200 000 paid.',
      input: { sum_insured: 5_000_000, property_value: 5_000_000, amount: 200_000 },
      expect: {
        verdict: 'clear',
        fields: { underinsured: false, payout: 200_000, shortfall: 0, proportional_cut_applied: false },
      },
    },
    {
      agent: 'underinsurance_check',
      title: 'The same total loss with no loss date and no deductible given: both assumptions said',
      kind: 'unrecognised',
      law: ['cz-89-2012-s2854', 'cz-89-2012-s2814'],
      worked:
        'The wording of § 2854 turns on the day of the loss: from 1 Apr 2024 the loss is cut (4 000 000 × 3/4 = 3 000 000), before it the capped benefit (3 000 000 × 3/4 = 2 250 000). With no loss_date the answer takes the day it is given and says so, naming loss_date and that a loss before 2024-04-01 pays less; with no deductible it takes none and says that an agreed deductible (§ 2815) lowers the payout. Underinsured → review.',
      input: { sum_insured: 3_000_000, property_value: 4_000_000, amount: 4_000_000 },
      expect: {
        verdict: 'review',
        fields: {
          payout: 3_000_000,
          assumptions: [
            { field: 'loss_date', basis: mentions('2024-04-01', 'give loss_date') },
            { field: 'deductible', value: 0, basis: mentions('give deductible') },
          ],
        },
      },
    },
    {
      agent: 'underinsurance_check',
      title: 'Total loss of a house insured for 3 of its 4 M, lost on 2024-06-01: 3 M paid',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-89-2012-s2854',
      law: ['cz-89-2012-s2854', 'cz-89-2012-s2814'],
      worked:
        'From 1 Apr 2024 the loss is cut: 4 000 000 × 3/4 = 3 000 000, then capped at the sum insured 3 000 000 (§ 2814) → 3 000 000; shortfall 1 000 000.',
      input: {
        sum_insured: 3_000_000,
        property_value: 4_000_000,
        amount: 4_000_000,
        loss_date: '2024-06-01',
      },
      expect: {
        verdict: 'review',
        fields: { coverage_ratio: 0.75, underinsurance_pct: 25, payout: 3_000_000, shortfall: 1_000_000 },
        rules: [{ basis: 'cz-89-2012-s2854', outcome: '× 0.75', since: '2024-04-01' }],
      },
    },
    {
      agent: 'underinsurance_check',
      title: 'The same total loss on 2024-03-01: the capped benefit is cut, 2.25 M paid',
      kind: 'negative',
      date_side: 'before',
      date_of: 'cz-89-2012-s2854',
      law: ['cz-89-2012-s2854'],
      worked:
        'Before 1 Apr 2024 the benefit was cut: min(4 000 000, 3 000 000) × 3/4 = 2 250 000; shortfall 1 750 000.',
      input: {
        sum_insured: 3_000_000,
        property_value: 4_000_000,
        amount: 4_000_000,
        loss_date: '2024-03-01',
      },
      expect: {
        verdict: 'review',
        fields: { payout: 2_250_000, shortfall: 1_750_000 },
        rules: [{ basis: 'cz-89-2012-s2854', outcome: '× 0.75', since: '2014-01-01' }],
      },
    },
    {
      agent: 'underinsurance_check',
      title: 'Underinsured by 8 % with a 10 % contract tolerance and a 5 000 CZK deductible',
      kind: 'edge',
      law: ['cz-89-2012-s2854', 'cz-89-2012-s2814'],
      worked:
        '4.6 M / 5 M = 0.92: underinsured by 8 % ≤ the agreed 10 %, so the parties agreed no cut (§ 2854 second sentence); the deductible is borne by the insured (§ 2815): 200 000 − 5 000 = 195 000.',
      input: {
        sum_insured: 4_600_000,
        property_value: 5_000_000,
        amount: 200_000,
        tolerance_pct: 10,
        deductible: 5000,
      },
      expect: {
        verdict: 'review',
        fields: { underinsurance_pct: 8, proportional_cut_applied: false, payout: 195_000 },
        rules: [{ basis: 'cz-89-2012-s2815' }],
      },
    },
    {
      agent: 'underinsurance_check',
      title: 'A loss larger than the whole insurable value: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'A loss is a loss of the property’s value (§ 2849: the insurable value is its usual price): 5 M lost of a property worth 4 M is no figure the rule can apply to.',
      input: { sum_insured: 3_000_000, property_value: 4_000_000, amount: 5_000_000 },
      expect: { refused: { status: 400, field: 'amount' } },
    },
    // ── claims_triage ──────────────────────────────────────────────────────────────────────────
    {
      agent: 'claims_triage',
      title: 'Water damage of 18 500 CZK reported in 3 days: fast track',
      kind: 'positive',
      law: ['cz-89-2012-s2758', 'cz-89-2012-s2796', 'policy-claims-triage'],
      worked:
        'Loss 2025-05-10 within the cover from 2022-03-01; reported after 3 days (without undue delay, § 2796); no indicator: score 0 < 20 and 18 500 ≤ 50 000 → fast track.',
      input: {
        claim_type: 'property',
        amount: 18_500,
        sum_insured: 3_000_000,
        policy_start: '2022-03-01',
        loss_date: '2025-05-10',
        report_date: '2025-05-13',
        prior_claims_12m: 0,
        documents_complete: true,
      },
      expect: {
        verdict: 'clear',
        fields: { route: 'fast_track', fraud_score: 0, indicators: [] },
        rules: [
          { basis: 'cz-89-2012-s2758', outcome: 'within' },
          { basis: 'cz-89-2012-s2796', outcome: '3 days' },
        ],
      },
    },
    {
      agent: 'claims_triage',
      title:
        'The same water damage with prior claims and the documents not stated: referred, naming both, not fast-tracked',
      kind: 'unrecognised',
      law: ['policy-claims-triage', 'cz-89-2012-s2758'],
      worked:
        'The triage table (operator policy claims-triage) adds points for prior claims in the last 12 months and for missing documents, and fast-tracks only below 20 points. With prior_claims_12m and documents_complete not given, neither indicator can be scored: reading them as 0 and complete would fast-track on facts nobody stated. Score 0 on what is known, within the cover (§ 2758), but the claim is referred to a handler, the answer naming both fields.',
      input: {
        claim_type: 'property',
        amount: 18_500,
        sum_insured: 3_000_000,
        policy_start: '2022-03-01',
        loss_date: '2025-05-10',
        report_date: '2025-05-13',
      },
      expect: {
        verdict: 'review',
        fields: {
          route: 'refer',
          fraud_score: 0,
          not_given: [mentions('(prior_claims_12m)'), mentions('(documents_complete)')],
        },
        rules: [{ basis: 'policy-claims-triage', outcome: 'refer' }],
      },
    },
    {
      agent: 'claims_triage',
      title: 'Loss three days before the policy started: not covered',
      kind: 'negative',
      law: ['cz-89-2012-s2758'],
      worked:
        'The insurer owes only for an insured event within the cover (§ 2758): 2025-04-28 < start 2025-05-01.',
      input: {
        claim_type: 'motor',
        amount: 60_000,
        sum_insured: 400_000,
        policy_start: '2025-05-01',
        loss_date: '2025-04-28',
        report_date: '2025-05-02',
      },
      expect: {
        verdict: 'adverse',
        fields: { route: 'not_covered' },
        rules: [{ basis: 'cz-89-2012-s2758', outcome: 'outside' }],
      },
    },
    {
      agent: 'claims_triage',
      title: 'Reported exactly 30 days after the loss: not yet a late report',
      kind: 'edge',
      law: ['policy-claims-triage'],
      worked:
        'The table flags a report more than 30 days after the loss: 2025-03-01 → 2025-03-31 is 30 days, not more; 31 500 is no round sum → score 0, fast track.',
      input: {
        claim_type: 'property',
        amount: 31_500,
        sum_insured: 2_000_000,
        policy_start: '2024-01-01',
        loss_date: '2025-03-01',
        report_date: '2025-03-31',
        prior_claims_12m: 0,
        documents_complete: true,
      },
      expect: {
        verdict: 'clear',
        fields: { route: 'fast_track', fraud_score: 0 },
        rules: [{ basis: 'policy-claims-triage', outcome: 'no (reported after 30 days)' }],
      },
    },
    {
      agent: 'claims_triage',
      title: 'Theft 12 days after the start, no police report, a round sum: investigate',
      kind: 'negative',
      law: ['policy-claims-triage'],
      worked:
        'Early loss (12 ≤ 30 days) +30, theft not reported to the police +25, 150 000 a multiple of 10 000 +5 = 60 ≥ 40 → investigate.',
      input: {
        claim_type: 'theft',
        amount: 150_000,
        sum_insured: 500_000,
        policy_start: '2025-04-20',
        loss_date: '2025-05-02',
        report_date: '2025-05-30',
        police_report: false,
        documents_complete: true,
      },
      expect: { verdict: 'review', fields: { route: 'investigate', fraud_score: 60 } },
    },
    {
      agent: 'claims_triage',
      title: 'A claim type the triage does not know: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'The triage table covers property, theft, motor, liability and travel claims only.',
      input: {
        claim_type: 'pet',
        amount: 5_000,
        sum_insured: 50_000,
        policy_start: '2025-01-01',
        loss_date: '2025-05-02',
        report_date: '2025-05-03',
      },
      expect: { refused: { status: 400, field: 'claim_type' } },
    },
  ],
}
