/**
 * Golden cases of the risk agents: the operator's credit scorecard, counterparty weights and fraud
 * rules (data/reference, not law) beside the law they apply — the public registers (zákon 111/2009
 * Sb., 304/2013 Sb., the insolvency register of zákon 182/2006 Sb.), transaction monitoring under
 * Delegated Regulation (EU) 2018/389 Art. 2, large exposures under CRR Art. 392 and 395, the binding
 * ČNB LTV limit from 2022-04-01 — and the methods they use (HHI, the LTV stress test).
 */
import { approx, type GoldenFile, mentions } from './format.ts'

const pay = (id: string, timestamp: string, amount: number, merchant: string, country: string) => ({
  id,
  timestamp,
  account: 'card-7',
  amount,
  merchant,
  country,
})

export const risk: GoldenFile = {
  service: 'risk',
  cases: [
    // ── credit_risk ────────────────────────────────────────────────────────────────────────────
    {
      agent: 'credit_risk',
      title: 'Employed applicant, DSTI 24.5 %, LTV 70 %, clean history: 880 points, grade A',
      kind: 'positive',
      law: ['policy-credit-scorecard', 'cnb-recommendation-2022'],
      worked:
        'M = 3 500 000 at 4.79 %/360 = 18 342.14; DSTI = 18 342.14 / 75 000 = 24.46 % ≤ 25 % → +120; LTV 3.5 M / 5 M = 70 % ≤ 80 % → +60; permanent +80; 6 years +60; no missed payment +60. 500 + 380 = 880 ≥ 800 → A, approve.',
      input: {
        amount: 3_500_000,
        monthly_income: 75_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        property_value: 5_000_000,
        employment: 'permanent',
        employment_years: 6,
        delinquencies_12m: 0,
      },
      expect: {
        verdict: 'clear',
        fields: { score: 880, grade: 'A', recommendation: 'approve', ltv: 0.7, dsti: approx(0.2446, 0.0001) },
      },
    },
    {
      agent: 'credit_risk',
      title: 'Self-employed half a year, a missed payment, DSTI 49.6 %, unsecured: 290 points, grade E',
      kind: 'negative',
      law: ['policy-credit-scorecard'],
      worked:
        'M = 1 200 000 at 6.9 %/120 = 13 871.3; DSTI = (13 871.3 + 2 000) / 32 000 = 49.6 % in the 45–50 % band → −40; no collateral: LTV unknown, its worst band −100; self-employed +20; 0.5 years −30; one missed payment −60. 500 − 210 = 290 < 500 → E, decline.',
      input: {
        amount: 1_200_000,
        monthly_income: 32_000,
        annual_rate_pct: 6.9,
        term_months: 120,
        existing_monthly_payments: 2_000,
        employment: 'self_employed',
        employment_years: 0.5,
        delinquencies_12m: 1,
      },
      expect: {
        verdict: 'adverse',
        fields: {
          score: 290,
          grade: 'E',
          recommendation: 'decline',
          ltv: null,
          not_scored: [mentions('ltv')],
        },
      },
    },
    {
      agent: 'credit_risk',
      title: 'LTV exactly 80 % stays in the 60–80 % band: 730 points, grade B',
      kind: 'edge',
      law: ['policy-credit-scorecard'],
      worked:
        'LTV 2 000 000 / 2 500 000 = 80 %: the band is "at most 80 %" → +60, not the 80–90 % band (+10). M at 4.79 %/360 = 10 481.22, DSTI 17.5 % → +120; pensioner +50; 6 years +60; one missed payment −60. 500 + 230 = 730 → B (700–799), approve.',
      input: {
        amount: 2_000_000,
        monthly_income: 60_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        property_value: 2_500_000,
        employment: 'pensioner',
        employment_years: 6,
        delinquencies_12m: 1,
      },
      expect: {
        verdict: 'clear',
        fields: {
          score: 730,
          grade: 'B',
          ltv: 0.8,
          characteristics: [
            { name: 'dsti', points: 120 },
            { name: 'ltv', points: 60 },
            { name: 'employment', points: 50 },
            { name: 'employment_years', points: 60 },
            { name: 'delinquencies_12m', points: -60 },
          ],
        },
      },
    },
    {
      agent: 'credit_risk',
      title: 'Missed payments not given (delinquencies_12m): scored at the worst band, 660 points, grade C',
      kind: 'unrecognised',
      law: ['policy-credit-scorecard'],
      worked:
        'M = 3 500 000 at 4.79 %/360 = 18 342.14; DSTI 24.46 % → +120; LTV 3.5 M / 6 M = 58.3 % ≤ 60 % → +100; permanent +80; 6 years +60. The applicant did not say how many payments were missed: the scorecard scores an unknown characteristic as the worst answer of its table, "two or more" → −200 (not one missed payment, −60, which would give 800 → A though four missed payments give 660 → C). 500 + 160 = 660 → C (600–699), approve with conditions: an underwriter.',
      input: {
        amount: 3_500_000,
        monthly_income: 75_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        property_value: 6_000_000,
        employment: 'permanent',
        employment_years: 6,
      },
      expect: {
        verdict: 'review',
        fields: {
          score: 660,
          grade: 'C',
          recommendation: 'approve with conditions',
          not_scored: [mentions('delinquencies_12m')],
          characteristics: [
            { name: 'dsti', points: 120 },
            { name: 'ltv', points: 100 },
            { name: 'employment', points: 80 },
            { name: 'employment_years', points: 60 },
            { name: 'delinquencies_12m', points: -200 },
          ],
        },
        rules: [{ basis: 'policy-credit-scorecard', outcome: '-200' }],
      },
    },
    {
      agent: 'credit_risk',
      title: 'An employment the scorecard does not know ("student"): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'The scorecard has points for permanent, fixed-term, self-employed, pensioner and unemployed only; another status cannot be scored.',
      input: {
        amount: 500_000,
        monthly_income: 30_000,
        annual_rate_pct: 6,
        term_months: 120,
        employment: 'student',
      },
      expect: { refused: { status: 400, field: 'employment' } },
    },
    // ── company_risk ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'company_risk',
      title: 'ČEZ, a. s., active since 1992, no insolvency: low risk',
      kind: 'positive',
      law: ['policy-company-risk-flags'],
      worked:
        'ARES: active, founded 1992-05-06 (34 years: no age flag), not in ISIR; its activities as ARES lists them (CZ-NACE 35110, 35140: electricity), none in a higher-risk sector of the CDD table: no flag, score 0 ≤ 19 → low.',
      input: { ico: '45274649' },
      expect: {
        verdict: 'clear',
        fields: { risk_level: 'low', score: 0, flags: [], not_verified: [], partial: false },
      },
    },
    {
      agent: 'company_risk',
      title: 'No CZ-NACE activities from ARES and none given: the sector is not verified, reviewed',
      kind: 'unrecognised',
      law: ['policy-company-risk-flags', 'policy-cdd-risk-factors'],
      worked:
        'A spolek (26468131, written for the tests) founded in 2005, whose ARES record lists no activities: the higher-risk-sector flag (+20, medium, the sectors of the operator\'s cdd-risk-factors) could have fired and was never checked, so score 0 → low is not a finding that the sector is ordinary. not_verified names nace and what to give; the sector rule\'s outcome is "not verified"; low with a check not made → review.',
      input: { ico: '26468131' },
      expect: {
        verdict: 'review',
        fields: { risk_level: 'low', score: 0, not_verified: [mentions('nace', 'give nace')] },
        rules: [{ basis: 'policy-cdd-risk-factors', outcome: 'not verified' }],
      },
    },
    {
      agent: 'company_risk',
      title: 'A company in the insolvency register: high risk',
      kind: 'negative',
      law: ['policy-company-risk-flags', 'cz-182-2006-insolvency'],
      worked:
        'UMATEX (26863154) is listed in the public insolvency register (§ 419–421): the insolvency flag +60, severity high; 60 is in 50–99 → high.',
      input: { ico: '26863154' },
      expect: {
        verdict: 'adverse',
        fields: { risk_level: 'high', flags: [{ flag: 'insolvency', points: 60 }] },
        rules: [{ basis: 'cz-182-2006-insolvency', outcome: '+60' }],
      },
    },
    {
      agent: 'company_risk',
      title:
        'A proceeding with no end date in a state the insolvency check does not recognise (ZRUŠENO VS): reviewed, naming it, never low and clear',
      kind: 'unrecognised',
      law: ['policy-company-risk-flags', 'cz-182-2006-s419'],
      worked:
        'Zkušební obchodní s.r.o. (27182819, ARES and ISIR answers written for the tests): active, founded 2011, ARES shows no ISIR/CEU registration, sector 46900 not higher-risk: no flag, score 0 → low. But its only ISIR proceeding, 91 INS 4711/2025, is in state ZRUŠENO VS (the high court quashed the decision) with no end date — neither running nor finished, so whether it still runs is not read from the register (§ 419–425 publish the stage). The insolvency flag (+60) is not verified: not_verified names in_insolvency, the proceeding and where to read it; low with a check not made → review.',
      input: { ico: '27182819' },
      expect: {
        verdict: 'review',
        fields: {
          risk_level: 'low',
          score: 0,
          flags: [],
          partial: false,
          not_verified: [
            mentions('in_insolvency', '91 INS 4711/2025', 'ZRUŠENO VS', 'read its state in ISIR'),
          ],
        },
        rules: [{ basis: 'cz-182-2006-s419', outcome: 'not verified' }],
      },
    },
    {
      agent: 'company_risk',
      title: 'An IČO with a right checksum that ARES does not know: critical',
      kind: 'negative',
      law: ['cz-111-2009-s24'],
      worked:
        '12345679 passes the mod-11 checksum, but no person in the register of persons carries it (§ 24): a counterparty that does not exist as named is the critical flag.',
      input: { ico: '12345679' },
      expect: {
        verdict: 'adverse',
        fields: { risk_level: 'critical', flags: [{ flag: 'not_found' }] },
        rules: [{ basis: 'cz-111-2009-s24', outcome: '12345679' }],
      },
    },
    {
      agent: 'company_risk',
      title: 'ARES unreachable: the level is unknown, never low',
      kind: 'edge',
      sources: 'down',
      law: ['cz-111-2009-s24'],
      worked: 'Without the register no flag can be ruled out: risk level unknown, the failed source named.',
      input: { ico: '45274649' },
      expect: {
        verdict: 'incomplete',
        fields: { risk_level: 'unknown', partial: true },
        rules: [{ basis: 'cz-111-2009-s24', outcome: 'unavailable' }],
      },
    },
    {
      agent: 'company_risk',
      title: 'An IČO whose checksum fails: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        '12345678: weights 8…2 give 112, 112 mod 11 = 2, so the check digit must be (11 − 2) mod 10 = 9, not 8.',
      input: { ico: '12345678' },
      expect: { refused: { status: 400, field: 'ico' } },
    },
    // ── fraud_detection ────────────────────────────────────────────────────────────────────────
    {
      agent: 'fraud_detection',
      title: 'Three ordinary payments at home by day: all allowed',
      kind: 'positive',
      law: ['policy-fraud-rules', 'eu-2018-389-art2'],
      worked:
        'Hours apart (no velocity, no duplicate), one country, only two earlier payments (a spike needs 3), all between 10:10 and 19:45 Prague time: score 0 each.',
      input: {
        transactions: [
          pay('t1', '2025-05-12T08:10:00Z', 420, 'Albert', 'CZ'),
          pay('t2', '2025-05-12T12:30:00Z', 189, 'Lidl', 'CZ'),
          pay('t3', '2025-05-13T17:45:00Z', 650, 'Shell', 'CZ'),
        ],
      },
      expect: { verdict: 'clear', fields: { summary: { allow: 3, review: 0, block: 0 } } },
    },
    {
      agent: 'fraud_detection',
      title: 'A spike in Nigeria 20 minutes after a payment in Prague, then its duplicate: both blocked',
      kind: 'negative',
      law: ['policy-fraud-rules', 'eu-2018-389-art2'],
      worked:
        'a4: median of 300, 250, 280 is 280; 24 990 > 5 × 280 → spike +30; CZ → NG within 20 min → impossible travel +50: 80 ≥ 70 → block. a5: same amount and merchant 4 min after a4 → duplicate +30; median of the 4 before is 290 → spike +30; CZ (a3) → NG within 24 min +50: 110 → block.',
      input: {
        transactions: [
          pay('a1', '2025-05-10T09:00:00Z', 300, 'Billa', 'CZ'),
          pay('a2', '2025-05-11T09:00:00Z', 250, 'Billa', 'CZ'),
          pay('a3', '2025-05-12T09:00:00Z', 280, 'Billa', 'CZ'),
          pay('a4', '2025-05-12T09:20:00Z', 24_990, 'ElectroShop', 'NG'),
          pay('a5', '2025-05-12T09:24:00Z', 24_990, 'ElectroShop', 'NG'),
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: {
          summary: { allow: 3, review: 0, block: 2 },
          results: [{}, {}, {}, { id: 'a4', score: 80 }, { id: 'a5', score: 110, decision: 'block' }],
        },
      },
    },
    {
      agent: 'fraud_detection',
      title: 'At 4:59 Prague time a payment is night-time, at 5:00 it is not',
      kind: 'edge',
      law: ['policy-fraud-rules'],
      worked:
        'Night is 0:00–5:00 Europe/Prague (CEST, UTC+2 in May): 02:59Z is 4:59 → +10, still below review at 30 → allow; 03:00Z is 5:00 → no points.',
      input: {
        transactions: [
          pay('n1', '2025-05-12T02:59:00Z', 500, 'Shell', 'CZ'),
          pay('n2', '2025-05-13T03:00:00Z', 500, 'Shell', 'CZ'),
        ],
      },
      expect: {
        verdict: 'clear',
        fields: {
          results: [
            { id: 'n1', score: 10, decision: 'allow', reasons: ['at 4:00 local time'] },
            { id: 'n2', score: 0, reasons: [] },
          ],
        },
      },
    },
    {
      agent: 'fraud_detection',
      title: 'A country code that names no country ("XX"): the payment goes to review',
      kind: 'unrecognised',
      law: ['iso-3166-1'],
      worked:
        'XX is not an ISO 3166-1 code: the travel rule cannot place the payment, so a person looks at it even though it scores 0.',
      input: { transactions: [pay('x1', '2025-05-12T10:00:00Z', 800, 'Shop', 'XX')] },
      expect: {
        verdict: 'review',
        fields: {
          results: [{ id: 'x1', score: 0, decision: 'review', reasons: [mentions('XX', 'ISO 3166-1')] }],
        },
        rules: [{ basis: 'iso-3166-1', outcome: '1 not recognised' }],
      },
    },
    {
      agent: 'fraud_detection',
      title:
        'A payment with no country 20 minutes after one in Prague on the same card: the travel rule could not judge it, so review',
      kind: 'unrecognised',
      law: ['policy-fraud-rules', 'eu-2018-389-art2'],
      worked:
        'Commission Delegated Regulation (EU) 2018/389, Art. 2 asks monitoring to weigh an unusual location of the payer; the operator’s table judges it by impossible travel (two countries on one account within 60 min). b2 follows b1 (CZ) by 20 min with no country, so the rule could not compare them: b2 scores 0 on what is known, but it is reviewed and the reason names country; the rule’s outcome counts it as not judged. b1 has nothing before it and stays allowed.',
      input: {
        transactions: [
          pay('b1', '2025-05-12T09:00:00Z', 420, 'Albert', 'CZ'),
          { id: 'b2', timestamp: '2025-05-12T09:20:00Z', account: 'card-7', amount: 650, merchant: 'Shop' },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          summary: { allow: 1, review: 1, block: 0 },
          results: [
            { id: 'b1', decision: 'allow' },
            { id: 'b2', score: 0, decision: 'review', reasons: [mentions('(country)', 'impossible-travel')] },
          ],
        },
        rules: [{ basis: 'policy-fraud-rules', outcome: '1 not judged (country not given)' }],
      },
    },
    // ── portfolio_risk ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'portfolio_risk',
      title:
        'Five borrowers of 20 % each on 2023-12-17, under the 2010 Horizontal Merger Guidelines: HHI 2,000 is moderate',
      kind: 'edge',
      date_side: 'before',
      date_of: 'doj-ftc-hhi',
      law: ['doj-ftc-hhi-2010'],
      worked:
        'HHI = 5 × 20² = 2,000. The 2010 Horizontal Merger Guidelines (§ 5.3), in force until 17 Dec 2023: below 1,500 unconcentrated, 1,500–2,500 moderately concentrated, above 2,500 highly → moderate.',
      now: '2023-12-17T10:00:00Z',
      input: {
        loans: ['A', 'B', 'C', 'D', 'E'].map((b) => ({
          id: b.toLowerCase(),
          borrower: b,
          amount: 2_000_000,
        })),
      },
      expect: {
        verdict: 'informational',
        fields: { borrower: { hhi: 2000, level: 'moderate' } },
        rules: [{ basis: 'doj-ftc-hhi-2010', outcome: 'borrower 2000', since: '2010-08-19' }],
        not_cited: ['doj-ftc-hhi'],
      },
    },
    {
      agent: 'portfolio_risk',
      title:
        'The same portfolio on 2023-12-18, under the 2023 Merger Guidelines: HHI 2,000 is highly concentrated',
      kind: 'edge',
      date_side: 'after',
      date_of: 'doj-ftc-hhi',
      law: ['doj-ftc-hhi'],
      worked:
        'HHI = 5 × 20² = 2,000. The Merger Guidelines of 18 Dec 2023 (§ 2.1): above 1,800 highly concentrated, 1,000–1,800 moderately → high.',
      now: '2023-12-18T10:00:00Z',
      input: {
        loans: ['A', 'B', 'C', 'D', 'E'].map((b) => ({
          id: b.toLowerCase(),
          borrower: b,
          amount: 2_000_000,
        })),
      },
      expect: {
        verdict: 'informational',
        fields: { borrower: { hhi: 2000, level: 'high' } },
        rules: [{ basis: 'doj-ftc-hhi', outcome: 'borrower 2000', since: '2023-12-18' }],
        not_cited: ['doj-ftc-hhi-2010'],
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'Large exposures on 2021-06-27, the last day before CRR2: measured against eligible capital',
      kind: 'edge',
      date_side: 'before',
      date_of: 'eu-575-2013-art395',
      law: ['eu-575-2013-art392', 'eu-575-2013-art395'],
      worked:
        'Until 27 Jun 2021 CRR Art. 392 and 395 measure against eligible capital (60 M): A 14 M = 23.3 % (large, ≤ 25 %), B 6 M = 10.0 % (large), C 5 M = 8.3 % (not large). No breach: informational.',
      now: '2021-06-27T10:00:00Z',
      input: {
        tier1_capital: 50_000_000,
        eligible_capital: 60_000_000,
        loans: [
          { id: 'a', borrower: 'A', amount: 14_000_000 },
          { id: 'b', borrower: 'B', amount: 6_000_000 },
          { id: 'c', borrower: 'C', amount: 5_000_000 },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          capital_base: 'eligible_capital',
          large_exposures: [
            { borrower: 'A', share_of_capital: approx(0.2333, 0.0001), breaches_limit: false },
            { borrower: 'B', share_of_capital: approx(0.1, 0.0001), breaches_limit: false },
          ],
        },
        rules: [{ basis: 'eu-575-2013-art395', outcome: 'eligible capital', since: '2014-01-01' }],
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'The same portfolio on 2021-06-28, CRR2’s first day: against Tier 1, A breaches 25 %',
      kind: 'edge',
      date_side: 'after',
      date_of: 'eu-575-2013-art395',
      law: ['eu-575-2013-art392', 'eu-575-2013-art395'],
      worked:
        'From 28 Jun 2021 (Regulation (EU) 2019/876) the base is Tier 1 capital (50 M): A 14 M = 28 % > 25 % (breach), B 12 %, C 10 % (both large). A breach: review.',
      now: '2021-06-28T10:00:00Z',
      input: {
        tier1_capital: 50_000_000,
        eligible_capital: 60_000_000,
        loans: [
          { id: 'a', borrower: 'A', amount: 14_000_000 },
          { id: 'b', borrower: 'B', amount: 6_000_000 },
          { id: 'c', borrower: 'C', amount: 5_000_000 },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          capital_base: 'tier1_capital',
          large_exposures: [
            { borrower: 'A', share_of_capital: approx(0.28, 0.0001), breaches_limit: true },
            { borrower: 'B', share_of_capital: approx(0.12, 0.0001), breaches_limit: false },
            { borrower: 'C', share_of_capital: approx(0.1, 0.0001), breaches_limit: false },
          ],
        },
        rules: [{ basis: 'eu-575-2013-art395', outcome: 'Tier 1', since: '2021-06-28' }],
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'Before CRR2 with only Tier 1 given: large exposures not checked, reviewed',
      kind: 'unrecognised',
      law: ['eu-575-2013-art395'],
      worked:
        'On 2021-06-27 the limit is against eligible capital; the call gives Tier 1 only, which is not the base of the day: the check is not made and says why — review, never a pass.',
      now: '2021-06-27T10:00:00Z',
      input: { tier1_capital: 50_000_000, loans: [{ id: 'a', borrower: 'A', amount: 14_000_000 }] },
      expect: {
        verdict: 'review',
        fields: { capital_base: null, large_exposures: [] },
        rules: [{ basis: 'eu-575-2013-art395', outcome: 'eligible_capital' }],
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'A developer loan of 28 % of Tier 1 capital: a large exposure above the 25 % limit',
      kind: 'negative',
      law: ['eu-575-2013-art392', 'eu-575-2013-art395'],
      worked:
        'Tier 1 50 M: Rezidence Vltava 14 M = 28 % ≥ 10 % (large, Art. 392) and > 25 % (limit, Art. 395) → review. The largest mortgage, 4.1 M, is 8.2 % < 10 %: not large. Total exposure 29 M.',
      input: {
        tier1_capital: 50_000_000,
        loans: [
          { id: 'm1', borrower: 'Novák', amount: 3_200_000, property_value: 4_500_000, sector: 'household' },
          {
            id: 'm2',
            borrower: 'Svobodová',
            amount: 2_800_000,
            property_value: 3_200_000,
            sector: 'household',
          },
          { id: 'm3', borrower: 'Dvořák', amount: 4_100_000, property_value: 5_000_000, sector: 'household' },
          { id: 'm4', borrower: 'Černá', amount: 1_900_000, property_value: 4_000_000, sector: 'household' },
          {
            id: 'm5',
            borrower: 'Procházka',
            amount: 3_000_000,
            property_value: 3_100_000,
            sector: 'household',
          },
          {
            id: 'd1',
            borrower: 'Rezidence Vltava s.r.o.',
            amount: 14_000_000,
            property_value: 20_000_000,
            sector: '41',
          },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          total_exposure: 29_000_000,
          large_exposures: [
            {
              borrower: 'Rezidence Vltava s.r.o.',
              amount: 14_000_000,
              share_of_capital: 0.28,
              breaches_limit: true,
            },
          ],
        },
        rules: [{ basis: 'eu-575-2013-art395', outcome: '1 above the limit', since: '2021-06-28' }],
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'An exposure of exactly 25 % of Tier 1: large, but within the limit',
      kind: 'edge',
      law: ['eu-575-2013-art392', 'eu-575-2013-art395'],
      worked:
        '10 M / 40 M = 25 %: a large exposure (≥ 10 %), and the limit is "may not exceed 25 %" → not breached; 2 M / 40 M = 5 % is not large.',
      input: {
        tier1_capital: 40_000_000,
        loans: [
          { id: 'a', borrower: 'A', amount: 10_000_000 },
          { id: 'b', borrower: 'B', amount: 2_000_000 },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: { large_exposures: [{ borrower: 'A', share_of_capital: 0.25, breaches_limit: false }] },
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'Four equal loans in three sectors: sector HHI 3 750, highly concentrated',
      kind: 'positive',
      law: ['doj-ftc-hhi'],
      worked:
        'Sector shares 50 % (47), 25 % (62), 25 % (10): HHI = 50² + 25² + 25² = 3 750 > 1 800 → high; borrowers 4 × 25² = 2 500 → high.',
      input: {
        loans: [
          { id: 'a', borrower: 'A', amount: 1_000_000, sector: '47' },
          { id: 'b', borrower: 'B', amount: 1_000_000, sector: '47' },
          { id: 'c', borrower: 'C', amount: 1_000_000, sector: '62' },
          { id: 'd', borrower: 'D', amount: 1_000_000, sector: '10' },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          sector: { hhi: 3750, level: 'high' },
          borrower: { hhi: 2500, level: 'high' },
          weighted_ltv_pct: null,
        },
      },
    },
    {
      agent: 'portfolio_risk',
      title: 'A sector that is no CZ-NACE code ("retail"): refused, naming the loan’s field',
      kind: 'unrecognised',
      law: [],
      worked:
        'Concentration by sector joins loans by their CZ-NACE section or division; "retail" is neither (retail trade is division 47, section G), so it would be a sector of its own.',
      input: { loans: [{ id: 'a', borrower: 'A', amount: 1_000_000, sector: 'retail' }] },
      expect: { refused: { status: 400, field: 'loans/0/sector' } },
    },
    // ── collateral_stress ──────────────────────────────────────────────────────────────────────
    {
      agent: 'collateral_stress',
      title: 'Three mortgages under a 30 % price fall: two in negative equity, 1.45 M uncovered',
      kind: 'positive',
      law: ['cnb-ltv', 'method-ltv-stress'],
      worked:
        'LTVs 80 %, 50 %, 90 %: one above the 80 % limit at the start. At −30 %: 3.6 / 3.15 = 114.3 %, 2 / 2.8 = 71.4 %, 4.5 / 3.5 = 128.6 % → 2 above the limit, 2 above 100 %; uncovered 0.45 M + 1.0 M = 1.45 M. Weighted LTV at the start (2.88 + 1 + 4.05) / 10.1 = 78.5 %.',
      input: {
        loans: [
          { id: 'm1', amount: 3_600_000, property_value: 4_500_000 },
          { id: 'm2', amount: 2_000_000, property_value: 4_000_000 },
          { id: 'm3', amount: 4_500_000, property_value: 5_000_000 },
        ],
        shocks_pct: [30],
      },
      expect: {
        verdict: 'informational',
        fields: {
          ltv_limit: 0.8,
          baseline: { weighted_ltv: approx(0.7851, 0.0001), above_limit: 1, negative_equity: 0 },
          scenarios: [
            { shock_pct: 30, above_limit: 2, negative_equity: 2, uncovered_exposure: approx(1_450_000, 1) },
          ],
        },
      },
    },
    {
      agent: 'collateral_stress',
      title: 'A 90 % loan under a 25 % fall: LTV 120 %, 450 000 uncovered',
      kind: 'negative',
      law: ['method-ltv-stress'],
      worked:
        '2.7 M / (3 M × 0.75) = 2.7 / 2.25 = 120 % > 100 %: negative equity of 2.7 M − 2.25 M = 450 000.',
      input: { loans: [{ id: 'x', amount: 2_700_000, property_value: 3_000_000 }], shocks_pct: [25] },
      expect: {
        verdict: 'informational',
        fields: {
          baseline: { above_limit: 1 },
          scenarios: [
            { negative_equity: 1, uncovered_exposure: approx(450_000, 1), worst: [{ id: 'x', ltv: 1.2 }] },
          ],
        },
      },
    },
    {
      agent: 'collateral_stress',
      title: 'On 2022-04-01, the first day of the binding limit, a loan at exactly 80 % is not above it',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cnb-ltv',
      law: ['cnb-ltv'],
      worked:
        'The binding ČNB LTV limit of 80 % applies from 1 Apr 2022; 4 M / 5 M = 80 % does not exceed it.',
      input: { loans: [{ id: 'e', amount: 4_000_000, property_value: 5_000_000 }], as_of: '2022-04-01' },
      expect: {
        verdict: 'informational',
        fields: { ltv_limit: 0.8, baseline: { above_limit: 0 } },
        rules: [{ basis: 'cnb-ltv', outcome: '0', since: '2022-04-01' }],
      },
    },
    {
      agent: 'collateral_stress',
      title: 'On 2022-03-31, before the binding limit: refused, no limit on file to test against',
      kind: 'unrecognised',
      date_side: 'before',
      date_of: 'cnb-ltv',
      law: [],
      worked:
        'Before 1 Apr 2022 the LTV limit was a ČNB recommendation, not a binding measure, and no limits are on file for that day: the date is refused, naming as_of.',
      input: { loans: [{ id: 'e', amount: 4_000_000, property_value: 5_000_000 }], as_of: '2022-03-31' },
      expect: { refused: { status: 400, field: 'as_of' } },
    },
  ],
}
