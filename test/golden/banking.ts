/**
 * Golden cases of the banking agents: the ČNB limits on loans secured by residential property
 * (binding LTV from 2022-04-01; DSTI off from 2023-07-01, DTI off from 2024-01-01; the investment
 * limits from 2026-04-01), the lender policy, the annuity and RPSN, account numbers and QR payments.
 * Instalments are M = P·r / (1 − (1 + r)^−n), r = rate / 12, worked out beside each case.
 */
import { approx, type GoldenFile, mentions } from './format.ts'

export const banking: GoldenFile = {
  service: 'banking',
  cases: [
    // ── loan_assessment ────────────────────────────────────────────────────────────────────────
    {
      agent: 'loan_assessment',
      title:
        'Applicant of 31 buying own housing at exactly 90 % LTV in 2025: approved at the young-applicant limit',
      kind: 'edge',
      law: ['cnb-ltv', 'policy-bank-lending'],
      worked:
        'LTV = 4 500 000 / 5 000 000 = 90 % = the limit for an applicant under 36 buying own housing (not above it). M at 4.79 %/360 = 23 582.75; DSTI = 23 582.75 / 95 000 = 24.82 % ≤ policy 50 %; stressed at 6.79 %: 30.85 % ≤ 50 %; DTI = 4.5 M / 1.14 M = 3.95 ≤ 9.5; age at maturity 61 ≤ 70.',
      input: {
        amount: 4_500_000,
        property_value: 5_000_000,
        monthly_income: 95_000,
        annual_rate_pct: 4.79,
        term_months: 360,
        age: 31,
        purpose: 'own_housing',
        as_of: '2025-06-01',
      },
      expect: {
        verdict: 'clear',
        fields: {
          decision: 'approve',
          category: 'young',
          ltv: 0.9,
          monthly_payment: approx(23_582.75),
          dsti: approx(0.2482, 0.0001),
          limits: { ltv: 0.9, dti: null, dsti: null },
        },
        rules: [{ basis: 'cnb-ltv', outcome: 'within', since: '2022-04-01' }],
      },
    },
    {
      agent: 'loan_assessment',
      title: 'Investment flat at 80 % LTV on 2026-05-01: declined at the 70 % investment limit',
      kind: 'negative',
      date_side: 'after',
      date_of: 'cnb-ltv-investment',
      law: ['cnb-ltv-investment'],
      worked:
        'From 2026-04-01 a loan for investment housing may not exceed 70 % of the pledged value; 4 000 000 / 5 000 000 = 80 % > 70 % → decline. DTI 4 M / 1.44 M = 2.78 is under the investment DTI of 7.',
      input: {
        amount: 4_000_000,
        property_value: 5_000_000,
        monthly_income: 120_000,
        annual_rate_pct: 4.9,
        term_months: 300,
        age: 45,
        purpose: 'investment',
        as_of: '2026-05-01',
      },
      expect: {
        verdict: 'adverse',
        fields: { decision: 'decline', category: 'investment', ltv: 0.8, limits: { ltv: 0.7, dti: 7 } },
        rules: [
          { basis: 'cnb-ltv-investment', outcome: 'exceeds', since: '2026-04-01' },
          { basis: 'cnb-dti-investment', outcome: 'within', since: '2026-04-01' },
        ],
      },
    },
    {
      agent: 'loan_assessment',
      title: 'The same investment flat on 2026-03-01: approved, the general 80 % LTV still applies',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cnb-ltv-investment',
      law: ['cnb-ltv'],
      worked:
        'Before 2026-04-01 investment loans had no limit of their own: LTV 80 % = the general 80 % limit → within. M at 4.9 %/300 = 23 151.14; DSTI 19.3 %, stressed 23.3 % ≤ policy 45 %; age at maturity 45 + 25 = 70 ≤ 70.',
      input: {
        amount: 4_000_000,
        property_value: 5_000_000,
        monthly_income: 120_000,
        annual_rate_pct: 4.9,
        term_months: 300,
        age: 45,
        purpose: 'investment',
        as_of: '2026-03-01',
      },
      expect: {
        verdict: 'clear',
        fields: { decision: 'approve', ltv: 0.8, limits: { ltv: 0.8, dti: null } },
        rules: [{ basis: 'cnb-ltv', outcome: 'within', since: '2022-04-01' }],
        not_cited: ['cnb-ltv-investment', 'cnb-dti-investment'],
      },
    },
    {
      agent: 'loan_assessment',
      title: 'DTI 9.4 on 2023-12-31: declined by the ČNB DTI limit of 8.5',
      kind: 'negative',
      date_side: 'before',
      date_of: 'cnb-dti',
      law: ['cnb-dti'],
      worked:
        'DTI = 4 500 000 / (40 000 × 12) = 9.375 > 8.5, the limit in force until 31 Dec 2023 for an applicant of 40 → decline.',
      input: {
        amount: 4_500_000,
        property_value: 6_000_000,
        monthly_income: 40_000,
        annual_rate_pct: 4.5,
        term_months: 360,
        age: 40,
        purpose: 'own_housing',
        as_of: '2023-12-31',
      },
      expect: {
        verdict: 'adverse',
        fields: { decision: 'decline', dti: 9.375, limits: { dti: 8.5, dsti: null } },
        rules: [
          { basis: 'cnb-dti', outcome: 'exceeds', since: '2022-04-01' },
          { basis: 'cnb-dsti', outcome: 'not limited', since: '2023-07-01' },
        ],
      },
    },
    {
      agent: 'loan_assessment',
      title: 'The same DTI 9.4 on 2024-01-01: no ČNB DTI limit any more, referred on the lender policy',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cnb-dti',
      law: ['cnb-dti', 'policy-bank-lending'],
      worked:
        'ČNB deactivated its DTI limit from 1 Jan 2024: 9.375 is not limited by ČNB, but the policy caps DTI at 8.5 and DSTI at 45 % (M 22 800.84 / 40 000 = 57 %) → refer, not decline.',
      input: {
        amount: 4_500_000,
        property_value: 6_000_000,
        monthly_income: 40_000,
        annual_rate_pct: 4.5,
        term_months: 360,
        age: 40,
        purpose: 'own_housing',
        as_of: '2024-01-01',
      },
      expect: {
        verdict: 'review',
        fields: { decision: 'refer', dti: 9.375, limits: { dti: null, policy_dti: 8.5 } },
        rules: [
          { basis: 'cnb-dti', outcome: 'not limited', since: '2024-01-01' },
          { basis: 'policy-bank-lending', outcome: 'exceeds' },
        ],
      },
    },
    {
      agent: 'loan_assessment',
      title: 'No purpose given: assessed as own housing, and the answer says it assumed so',
      kind: 'edge',
      law: ['cnb-ltv'],
      worked:
        'The ČNB limits differ by purpose; a caller who does not say it gets the own-housing reading, recorded in assumptions (purpose = own_housing). LTV 3 M / 4.5 M = 66.7 % ≤ 80 %, and ≤ 80 % too for investment housing on that day, so the purpose decides nothing here.',
      input: {
        amount: 3_000_000,
        property_value: 4_500_000,
        monthly_income: 80_000,
        annual_rate_pct: 4.5,
        term_months: 300,
        age: 40,
        as_of: '2025-06-01',
      },
      expect: {
        verdict: 'clear',
        fields: { decision: 'approve', assumptions: [{ field: 'purpose', value: 'own_housing' }] },
      },
    },
    {
      agent: 'loan_assessment',
      title:
        'No purpose given, LTV 75 % on 2026-05-01: the investment-housing limit of 70 % would decline it, so referred naming purpose',
      kind: 'edge',
      law: ['cnb-ltv', 'cnb-ltv-investment'],
      worked:
        'From 2026-04-01 the ČNB caps a loan for investment housing at 70 % LTV (rozhodnutí ze dne 27. 11. 2025), own housing still at 80 %. 3.75 M / 5 M = 75 %: within 80 %, above 70 %. Without a purpose the loan is read as own housing, but that assumption alone would approve what an investment loan may not get, so the answer refers it and asks for purpose.',
      input: {
        amount: 3_750_000,
        property_value: 5_000_000,
        monthly_income: 80_000,
        annual_rate_pct: 4.5,
        term_months: 300,
        age: 45,
        as_of: '2026-05-01',
      },
      expect: {
        verdict: 'review',
        fields: {
          decision: 'refer',
          ltv: 0.75,
          reasons: [mentions('purpose not given', 'investment', '70 %')],
          assumptions: [{ field: 'purpose', value: 'own_housing' }],
        },
        rules: [
          { basis: 'cnb-ltv', outcome: 'within the limit', since: '2022-04-01' },
          { basis: 'cnb-ltv-investment', outcome: 'exceeds', since: '2026-04-01' },
        ],
      },
    },
    {
      agent: 'loan_assessment',
      title: 'A purpose the limits do not know ("commercial"): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'The ČNB limits distinguish own housing and investment housing only; another purpose cannot be placed.',
      input: {
        amount: 3_000_000,
        property_value: 4_500_000,
        monthly_income: 80_000,
        purpose: 'commercial',
      },
      expect: { refused: { status: 400, field: 'purpose' } },
    },
    // ── mortgage_calculator ────────────────────────────────────────────────────────────────────
    {
      agent: 'mortgage_calculator',
      title: '3 M CZK over 30 years at 4.79 %: 15 721.83 a month',
      kind: 'positive',
      law: ['method-annuity'],
      worked:
        'r = 0.0479 / 12; M = 3 000 000 · r / (1 − (1 + r)^−360) = 15 721.83; paid 360 × M ≈ 5 659 860, interest ≈ 2 659 860.',
      input: { amount: 3_000_000, annual_rate_pct: 4.79, term_months: 360 },
      expect: {
        verdict: 'informational',
        fields: { monthly_payment: 15_721.83, total_interest: approx(2_659_860, 2) },
      },
    },
    {
      agent: 'mortgage_calculator',
      title: 'RPSN of 2 M CZK over 20 years at 5.49 % with a 10 000 CZK fee and 150 CZK a month: 5.83 %',
      kind: 'positive',
      law: ['cz-257-2016-s134'],
      worked:
        'M = 13 746.45; RPSN X solves 1 990 000 = Σₖ₌₁²⁴⁰ (13 746.45 + 150) / (1 + X)^(k/12) → X = 5.834 %.',
      input: {
        amount: 2_000_000,
        annual_rate_pct: 5.49,
        term_months: 240,
        upfront_fees: 10_000,
        monthly_fees: 150,
      },
      expect: { verdict: 'informational', fields: { monthly_payment: 13_746.45, apr_pct: 5.83 } },
    },
    {
      agent: 'mortgage_calculator',
      title: 'Interest-free loan: the instalment is the principal over the months',
      kind: 'edge',
      law: ['method-annuity'],
      worked: 'r = 0: M = 1 200 000 / 120 = 10 000, no interest; RPSN 0 %.',
      input: { amount: 1_200_000, annual_rate_pct: 0, term_months: 120 },
      expect: {
        verdict: 'informational',
        fields: { monthly_payment: 10_000, total_interest: 0, apr_pct: 0 },
      },
    },
    {
      agent: 'mortgage_calculator',
      title: 'Fees as large as the loan: refused, there is no advance to price',
      kind: 'negative',
      law: [],
      worked: 'The RPSN discounts the net advance (amount − fees); fees of the whole amount leave none.',
      input: { amount: 100_000, annual_rate_pct: 5, term_months: 12, upfront_fees: 100_000 },
      expect: { refused: { status: 400, field: 'upfront_fees' } },
    },
    {
      agent: 'mortgage_calculator',
      title: 'A fee kind the calculator does not know: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'Only upfront and monthly fees enter the RPSN here; an unknown field is not silently dropped.',
      input: { amount: 100_000, annual_rate_pct: 5, term_months: 12, insurance_fees: 300 },
      expect: { refused: { status: 400, field: 'insurance_fees' } },
    },
    // ── affordability_check ────────────────────────────────────────────────────────────────────
    {
      agent: 'affordability_check',
      title: 'Applicant of 30 earning 60 000 CZK, flat worth 5 M, 2025: 4.5 M, bound by LTV 90 %',
      kind: 'positive',
      law: ['cnb-ltv', 'policy-bank-lending'],
      worked:
        'Young applicant, own housing: LTV cap 90 % × 5 M = 4 500 000. Policy DSTI 50 % → 30 000/month → 5.92 M at 4.5 %/360; stressed at 6.5 % → 4.75 M; policy DTI 9.5 × 720 000 = 6.84 M. The lowest is LTV: 4 500 000; M = 22 800.84.',
      input: {
        monthly_income: 60_000,
        annual_rate_pct: 4.5,
        term_months: 360,
        property_value: 5_000_000,
        age: 30,
        purpose: 'own_housing',
        as_of: '2025-06-01',
      },
      expect: {
        verdict: 'informational',
        fields: {
          max_loan: 4_500_000,
          binding_constraint: 'ltv',
          category: 'young',
          monthly_payment: approx(22_800.84),
          caps: { ltv: 4_500_000, dti: 6_840_000 },
        },
        rules: [{ basis: 'cnb-ltv', since: '2022-04-01' }],
      },
    },
    {
      agent: 'affordability_check',
      title: 'Applicant of 55: the term shortened to 15 years and the stressed DSTI binds',
      kind: 'edge',
      law: ['policy-bank-lending'],
      worked:
        'Repaid by 70: (70 − 55) × 12 = 180 months. DSTI 45 % × 70 000 − 4 000 = 27 500/month → 3.50 M at 4.9 %; stressed at 6.9 % → 3 078 656 → 3 078 000 (whole thousands); DTI 8.5 × 840 000 = 7.14 M.',
      input: {
        monthly_income: 70_000,
        annual_rate_pct: 4.9,
        term_months: 360,
        age: 55,
        existing_monthly_payments: 4_000,
        purpose: 'own_housing',
        as_of: '2025-06-01',
      },
      expect: {
        verdict: 'informational',
        fields: { term_months: 180, max_loan: 3_078_000, binding_constraint: 'stressed_dsti' },
      },
    },
    {
      agent: 'affordability_check',
      title: 'Existing instalments above the DSTI room: nothing can be lent',
      kind: 'negative',
      law: ['policy-bank-lending'],
      worked: 'DSTI 45 % × 20 000 = 9 000 < existing 10 000 a month: no room, max loan 0.',
      input: {
        monthly_income: 20_000,
        annual_rate_pct: 5,
        term_months: 300,
        age: 40,
        existing_monthly_payments: 10_000,
        purpose: 'own_housing',
        as_of: '2025-06-01',
      },
      expect: { verdict: 'informational', fields: { max_loan: 0, monthly_payment: 0 } },
    },
    {
      agent: 'affordability_check',
      title: 'A purpose the limits do not know: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'The ČNB limits distinguish own housing and investment housing only.',
      input: { monthly_income: 60_000, annual_rate_pct: 4.5, term_months: 360, purpose: 'holiday_home' },
      expect: { refused: { status: 400, field: 'purpose' } },
    },
    // ── account_validator ──────────────────────────────────────────────────────────────────────
    {
      agent: 'account_validator',
      title: '19-2000145399/0800 is a valid Česká spořitelna account: CZ65 0800 0000 1920 0014 5399',
      kind: 'positive',
      law: ['cz-cnb-169-2011', 'cnb-bank-codes'],
      worked:
        'Prefix 000019 with weights 10,5,8,4,2,1: 1·2 + 9·1 = 11 ≡ 0 mod 11; number 2000145399 with weights 6,3,7,9,10,5,8,4,2,1: 12 + 0 + 0 + 0 + 10 + 20 + 40 + 12 + 18 + 9 = 121 = 11 × 11 ≡ 0; code 0800 = Česká spořitelna. IBAN check digits 65 make CZ65 0800 000019 2000145399 ≡ 1 mod 97.',
      input: { account: '19-2000145399/0800' },
      expect: {
        verdict: 'clear',
        fields: {
          valid: true,
          iban: 'CZ6508000000192000145399',
          bank_code: '0800',
          bank_code_known: true,
          bank_name: mentions('Česká spořitelna'),
        },
      },
    },
    {
      agent: 'account_validator',
      title: 'Bank code 1234, which the ČNB list does not name: review, never valid',
      kind: 'unrecognised',
      law: ['cnb-bank-codes'],
      worked:
        'The checksum of 2000145399 passes, but 1234 is no code in the ČNB list: no bank holds the account, unless a bank got the code after the list on file — a person checks the current list.',
      input: { account: '2000145399/1234' },
      expect: {
        verdict: 'review',
        fields: { valid: false, bank_code: '1234', bank_code_known: false, bank_name: null },
        rules: [{ basis: 'cnb-bank-codes', outcome: 'not in the ČNB list' }],
      },
    },
    {
      agent: 'account_validator',
      title: 'A number that fails the mod-11 test: refused, naming the rule',
      kind: 'negative',
      law: [],
      worked: 'Changing the last digit of 2000145399 to 8 breaks the weighted sum ≡ 0 mod 11.',
      input: { account: '19-2000145398/0800' },
      expect: { refused: { status: 400, field: 'account' } },
    },
    {
      agent: 'account_validator',
      title: 'A German IBAN: valid by mod 97, no Czech bank code to check',
      kind: 'edge',
      law: ['iso-13616'],
      worked: 'DE89 3704 0044 0532 0130 00 is the standard example IBAN; rearranged it is ≡ 1 mod 97.',
      input: { account: 'DE89 3704 0044 0532 0130 00' },
      expect: {
        verdict: 'clear',
        fields: { valid: true, country: 'DE', bank_code_known: null, czech_account: null },
      },
    },
    {
      agent: 'account_validator',
      title: 'An IBAN beginning XX, no country: refused naming account, though its check digits hold',
      kind: 'unrecognised',
      law: ['iso-13616'],
      worked:
        'An IBAN is a country code, two check digits and the national account (ISO 13616). XX46 3704 0044 0532 0130 00 is the German example’s account behind XX with check digits 46, chosen so that, rearranged, it is ≡ 1 mod 97 — but XX is no ISO 3166 country: no country’s banks issue it, so it is not an IBAN → 400 naming account, not clear.',
      input: { account: 'XX46 3704 0044 0532 0130 00' },
      expect: { refused: { status: 400, field: 'account' } },
    },
    // ── qr_payment ─────────────────────────────────────────────────────────────────────────────
    {
      agent: 'qr_payment',
      title: 'Invoice of 799.50 CZK with a variable symbol and due date: the SPAYD string',
      kind: 'positive',
      law: ['cba-spayd', 'cnb-bank-codes'],
      worked:
        'SPAYD 1.0: header SPD*1.0, then ACC (the IBAN of 19-2000145399/0800), AM with two decimals, CC, DT as YYYYMMDD, MSG and X-VS, keys in alphabetical order.',
      input: {
        account: '19-2000145399/0800',
        amount: 799.5,
        vs: '2025000123',
        message: 'Faktura 2025000123',
        due_date: '2025-07-15',
        svg: false,
      },
      expect: {
        verdict: 'informational',
        fields: {
          spayd:
            'SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*DT:20250715*MSG:Faktura 2025000123*X-VS:2025000123',
        },
      },
    },
    {
      agent: 'qr_payment',
      title: 'Instant payment: the PT:IP field',
      kind: 'edge',
      law: ['cba-spayd'],
      worked: 'SPAYD marks an instant payment with PT:IP; the recipient name goes in RN.',
      input: {
        account: 'CZ6508000000192000145399',
        amount: 1500,
        name: 'Jan Novák',
        instant: true,
        svg: false,
      },
      expect: {
        verdict: 'informational',
        fields: { spayd: 'SPD*1.0*ACC:CZ6508000000192000145399*AM:1500.00*CC:CZK*PT:IP*RN:Jan Novák' },
      },
    },
    {
      agent: 'qr_payment',
      title: 'A variable symbol with letters: refused',
      kind: 'negative',
      law: [],
      worked: 'Payment symbols are digits only, at most 10 (vyhláška ČNB 169/2011 Sb.).',
      input: { account: '19-2000145399/0800', amount: 10, vs: 'INV-7' },
      expect: { refused: { status: 400, field: 'vs' } },
    },
    {
      agent: 'qr_payment',
      title: 'An account at bank code 1234: refused, no bank can receive the payment',
      kind: 'unrecognised',
      law: [],
      worked: 'The ČNB list names no bank with code 1234; a QR payment to it would fail at the payer’s bank.',
      input: { account: '2000145399/1234', amount: 10 },
      expect: { refused: { status: 400, field: 'account' } },
    },
    // ── cashflow_analysis ──────────────────────────────────────────────────────────────────────
    {
      agent: 'cashflow_analysis',
      title: 'Three months of salary with a loan repayment: regular income, no flags',
      kind: 'positive',
      law: ['method-cashflow-categories'],
      worked:
        'MZDA in 3 of 3 months (≥ 2/3, at least 2) → regular salary, median 52 000; loan repayments 3 × 8 500 / 3 months = 8 500 a month of debt service; income 157 500 / 3 = 52 500 a month.',
      input: {
        transactions: [
          { date: '2025-03-10', amount: 52_000, description: 'MZDA 03/2025', counterparty: 'ACME s.r.o.' },
          { date: '2025-03-15', amount: -8_500, description: 'Splátka úvěru', counterparty: 'Home Credit' },
          { date: '2025-04-10', amount: 52_000, description: 'MZDA 04/2025', counterparty: 'ACME s.r.o.' },
          { date: '2025-04-15', amount: -8_500, description: 'Splátka úvěru', counterparty: 'Home Credit' },
          { date: '2025-05-10', amount: 53_500, description: 'MZDA 05/2025', counterparty: 'ACME s.r.o.' },
          { date: '2025-05-15', amount: -8_500, description: 'Splátka úvěru', counterparty: 'Home Credit' },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          months: 3,
          average_monthly_income: 52_500,
          monthly_debt_service: 8_500,
          regular_income: { category: 'salary', monthly_median: 52_000, months_seen: 3 },
          flags: [],
        },
      },
    },
    {
      agent: 'cashflow_analysis',
      title: 'Gambling deposits and an enforcement deduction: flagged for review',
      kind: 'negative',
      law: ['cz-257-2016-s86'],
      worked:
        'TIPSPORT and Fortuna are gambling (2 transactions, 11 000 CZK); "Srážka exekuce" is an enforcement deduction (1, 4 000 CZK): the creditworthiness assessment weighs both.',
      input: {
        transactions: [
          { date: '2025-01-05', amount: 30_000, description: 'Výplata' },
          { date: '2025-01-06', amount: -5_000, description: 'TIPSPORT vklad' },
          { date: '2025-01-20', amount: -4_000, description: 'Srážka exekuce č.j. 123 EX 45/24' },
          { date: '2025-02-05', amount: 30_000, description: 'Výplata' },
          { date: '2025-02-07', amount: -6_000, description: 'Fortuna sázky' },
        ],
      },
      expect: {
        verdict: 'review',
        fields: { flags: [mentions('gambling', '2 transaction', '11000'), mentions('collections', '4000')] },
      },
    },
    {
      agent: 'cashflow_analysis',
      title: 'One month only: no income can be called regular',
      kind: 'edge',
      law: ['method-cashflow-categories'],
      worked: 'Regular income needs the category in at least 2 months; one month of salary is not enough.',
      input: {
        transactions: [
          { date: '2025-03-10', amount: 52_000, description: 'MZDA 03/2025' },
          { date: '2025-03-20', amount: -3_200, description: 'Platba kartou ALBERT' },
        ],
      },
      expect: { verdict: 'review', fields: { regular_income: null, flags: [mentions('no regular income')] } },
    },
    {
      agent: 'cashflow_analysis',
      title: 'Salary in January and June only: six months, no regular income, the empty months named',
      kind: 'unrecognised',
      law: ['method-cashflow-categories', 'cz-257-2016-s86'],
      worked:
        'The period runs from 2025-01 to 2025-06: six calendar months, four of them (02–05) with no transaction at all. MZDA is seen in 2 of 6 months, fewer than 2/3 (4) → no regular income; income 104 000 / 6 = 17 333.33 a month, debt service 17 000 / 6 = 2 833.33. Counting only the two months with transactions would have read salary in 2 of 2 months as regular at 52 000. The empty months are named: a page of the statement may be missing.',
      input: {
        transactions: [
          { date: '2025-01-10', amount: 52_000, description: 'MZDA 01/2025' },
          { date: '2025-01-15', amount: -8_500, description: 'Splátka úvěru' },
          { date: '2025-06-10', amount: 52_000, description: 'MZDA 06/2025' },
          { date: '2025-06-15', amount: -8_500, description: 'Splátka úvěru' },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          months: 6,
          average_monthly_income: 17_333.33,
          monthly_debt_service: 2_833.33,
          regular_income: null,
          flags: [mentions('no regular income'), mentions('2025-02', '2025-05', 'statement')],
        },
      },
    },
    {
      agent: 'cashflow_analysis',
      title: 'Regular credits the table does not recognise: review, the source of income is unknown',
      kind: 'unrecognised',
      law: ['method-cashflow-categories'],
      worked:
        'Three monthly credits "Převod XYZ" match no income category: they recur, but whether they are income a lender may count (salary, pension, rent) is not known → a person checks.',
      input: {
        transactions: [
          { date: '2025-03-10', amount: 40_000, description: 'Převod XYZ' },
          { date: '2025-04-10', amount: 40_000, description: 'Převod XYZ' },
          { date: '2025-05-10', amount: 40_000, description: 'Převod XYZ' },
        ],
      },
      expect: {
        verdict: 'review',
        fields: { regular_income: { category: 'other_income' }, flags: [mentions('not recognised')] },
      },
    },
  ],
}
