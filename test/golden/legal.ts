/**
 * Golden cases of the legal agents: a flat purchase contract read as a lawyer reads it (OZ § 1105:
 * ownership passes by the entry in the cadastre; § 1159: the unit includes its share of the common
 * parts; zákon 254/2004 Sb., § 4: no cash above 270,000 CZK; zákon 216/1994 Sb.: an arbitrator
 * chosen by one party is not impartial), periods counted under each regime (OZ § 605–607, OSŘ § 57,
 * správní řád § 40, daňový řád § 33) over the days off of zákon 245/2000 Sb. (Good Friday from
 * 2016), and contracts drafted from the templates (OZ § 2254: a deposit of at most three months'
 * rent).
 */
import { type GoldenFile, mentions } from './format.ts'

/** The flat purchase the audit worked out by hand: 9.5 M CZK in cash at signing, ownership on signature, the seller's arbitrator. */
const RISKY_FLAT =
  'Kupní smlouva o převodu bytové jednotky. Prodávající: Petr Svoboda, nar. 12. 3. 1975, bytem Korunní 810/104, Praha 10. ' +
  'Kupující: Jana Dvořáková, nar. 5. 2. 1985, bytem Slezská 1200/45, Praha 2. ' +
  '1. Prodávající prodává kupující jednotku č. 1234/15 v budově č. p. 1234 na pozemku parc. č. 2150, katastrální území Vinohrady, list vlastnictví č. 5678, včetně podílu 550/10000 na společných částech domu. ' +
  '2. Kupní cena 9 500 000 Kč bude zaplacena v hotovosti při podpisu této smlouvy. ' +
  '3. Vlastnické právo přechází na kupující podpisem této smlouvy. ' +
  '4. Spory z této smlouvy rozhodne v rozhodčím řízení rozhodce, kterého jmenuje prodávající. ' +
  '5. Prodávající předá jednotku do 10 dnů, o předání strany sepíší protokol. ' +
  '6. Prodávající neodpovídá za vady, které kupující mohl zjistit prohlídkou. ' +
  '7. Kupující může od smlouvy odstoupit, ukáže-li se jednotka zatíženou právy třetích osob.'

export const legal: GoldenFile = {
  service: 'legal',
  cases: [
    // ── contract_review ────────────────────────────────────────────────────────────────────────
    {
      agent: 'contract_review',
      title:
        'Flat bought for 9.5 M CZK in cash at signing, ownership "on signature", the seller’s arbitrator: adverse',
      kind: 'negative',
      law: ['cz-254-2004-s4', 'cz-89-2012-s1105', 'cz-216-1994-s7'],
      worked:
        '9,500,000 > 270,000 CZK in cash (zákon 254/2004 Sb., § 4; also an AML red flag, zákon 253/2008 Sb., § 6). Ownership of a unit passes by the entry in the cadastre (OZ § 1105), not on signature. An arbitrator the seller alone appoints is not impartial. The unit’s share "podílu 550/10000 na společných částech" is there (OZ § 1159), the price and its payment are there, and the arbitration clause settles where disputes go: none of these is missing.',
      input: { method: 'rules', text: RISKY_FLAT },
      expect: {
        verdict: 'adverse',
        fields: {
          contract_type: 'flat_purchase',
          risk_level: 'high',
          recognised: true,
          missing: ['termination'],
        },
        rules: [
          { basis: 'cz-254-2004-s4', outcome: 'high' },
          { basis: 'cz-89-2012-s1105', outcome: 'high' },
          { basis: 'cz-216-1994-s7', outcome: 'high' },
        ],
      },
    },
    {
      agent: 'contract_review',
      title: 'A service contract with payment in 14 days, notice and Czech law: nothing serious',
      kind: 'positive',
      law: ['cz-89-2012-s1963', 'eu-593-2008-art3'],
      worked:
        'Payment in 14 days (≤ 60, OZ § 1963), termination by notice, choice of Czech law: every recommended clause, none risky.',
      input: {
        method: 'rules',
        text:
          'Smlouva o dílo. 1. Zhotovitel provede pro objednatele dílo podle přílohy. ' +
          '2. Cena je splatná do 14 dnů od doručení faktury. ' +
          '3. Smlouvu lze vypovědět s výpovědní dobou jeden měsíc. ' +
          '4. Smlouva se řídí právním řádem České republiky.',
      },
      expect: { verdict: 'clear', fields: { risk_level: 'low', missing: [], recognised: true } },
    },
    {
      agent: 'contract_review',
      title:
        'The same service contract payable "do tří měsíců": a term not in days is counted by a person, review, not clear',
      kind: 'unrecognised',
      law: ['cz-89-2012-s1963', 'policy-contract-review'],
      worked:
        'Between businesses a payment term over 60 days must be expressly agreed and not grossly unfair to the creditor (OZ § 1963 odst. 1), and the review table rates such a term medium. Three months from delivery of the invoice is 89 to 92 days depending on the months, over 60 — but the clause gives no number of days to compare, so the agent cannot read it as within 60: the payment clause is medium, its note says to count the term in days and compare it with 60 → review. Termination and Czech law are as in the clear case.',
      input: {
        method: 'rules',
        text:
          'Smlouva o dílo. 1. Zhotovitel provede pro objednatele dílo podle přílohy. ' +
          '2. Cena je splatná do tří měsíců od doručení faktury. ' +
          '3. Smlouvu lze vypovědět s výpovědní dobou jeden měsíc. ' +
          '4. Smlouva se řídí právním řádem České republiky.',
      },
      expect: {
        verdict: 'review',
        fields: {
          risk_level: 'medium',
          missing: [],
          clauses: [
            { type: 'jurisdiction', risk: 'low' },
            { type: 'termination', risk: 'low' },
            {
              type: 'payment_terms',
              risk: 'medium',
              note: mentions('not given in a number of days', 'compare it with 60', 'do tří měsíců'),
            },
          ],
        },
      },
    },
    {
      agent: 'contract_review',
      title:
        'An English NDA with arbitration: jurisdiction is not missing, the arbitration clause settles it',
      kind: 'edge',
      law: ['cz-216-1994-s3'],
      worked:
        'An arbitration clause (zákon 216/1994 Sb.) decides where disputes go, so "jurisdiction" is not a missing clause; only payment terms are (an NDA may have none). Arbitration is medium risk: void in a consumer contract since 2016-12-01.',
      input: {
        method: 'rules',
        text:
          'Mutual Non-Disclosure Agreement. The parties shall keep all Confidential Information secret for five years. ' +
          'Limitation of liability: neither party shall be liable for indirect damages. ' +
          'Any dispute shall be finally settled by arbitration in Prague. ' +
          'Either party may terminate this Agreement with 30 days written notice.',
      },
      expect: { verdict: 'review', fields: { risk_level: 'medium', missing: ['payment_terms'] } },
    },
    {
      agent: 'contract_review',
      title: 'A text in which no clause is recognised: reviewed by a person, never clear',
      kind: 'unrecognised',
      law: ['policy-contract-review'],
      worked:
        'No clause of the checklist and no flat purchase is found: the review cannot say the text is sound.',
      input: { method: 'rules', text: 'Dnes je krásný den a na zahradě kvetou tulipány a narcisy.' },
      expect: { verdict: 'review', fields: { recognised: false, risk_level: 'low' } },
    },
    // ── deadline_calculator ────────────────────────────────────────────────────────────────────
    {
      agent: 'deadline_calculator',
      title:
        '15 days in civil procedure from 2025-04-03 end on Good Friday: moved past Easter to Tuesday 22 April',
      kind: 'edge',
      law: ['cz-99-1963-s57', 'cz-245-2000'],
      worked:
        'Day 1 = 4 April, day 15 = 18 April 2025 (Good Friday, a day off); Saturday, Sunday and Easter Monday follow → Tuesday 2025-04-22 (OSŘ § 57 odst. 2).',
      input: { event_date: '2025-04-03', amount: 15, unit: 'days', regime: 'civil_procedure' },
      expect: {
        verdict: 'informational',
        fields: { deadline: '2025-04-22' },
        rules: [{ basis: 'cz-99-1963-s57', since: '1964-04-01' }],
      },
    },
    {
      agent: 'deadline_calculator',
      title: 'A civil period ending on Good Friday 2015 (3 April): not yet a day off, it ends that day',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-245-2000',
      law: ['cz-89-2012-s605'],
      worked:
        'From 2015-03-19 + 15 days = 2015-04-03, Good Friday; Good Friday became a day off only in 2016, so the period ends on it.',
      input: { event_date: '2015-03-19', amount: 15, unit: 'days', regime: 'civil' },
      expect: { verdict: 'informational', fields: { deadline: '2015-04-03' }, not_cited: ['cz-245-2000'] },
    },
    {
      agent: 'deadline_calculator',
      title:
        'A civil period ending on Good Friday 2016 (25 March): a day off since 2016, moved to Tuesday 29 March',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-245-2000',
      law: ['cz-89-2012-s605', 'cz-245-2000'],
      worked:
        '2016-03-10 + 15 days = 2016-03-25, Good Friday, a day off from 2016 (zákon 245/2000 Sb. as amended); then Saturday, Sunday, Easter Monday → 2016-03-29 (OZ § 607).',
      input: { event_date: '2016-03-10', amount: 15, unit: 'days', regime: 'civil' },
      expect: {
        verdict: 'informational',
        fields: { deadline: '2016-03-29' },
        rules: [{ basis: 'cz-245-2000', since: '2016-01-01' }],
      },
    },
    {
      agent: 'deadline_calculator',
      title: 'One month from 31 January 2025: the last day of February (a Friday), no shift',
      kind: 'negative',
      law: ['cz-89-2012-s605'],
      worked:
        'February has no 31st: the period ends on its last day, 2025-02-28, a working day (OZ § 605 odst. 2).',
      input: { event_date: '2025-01-31', amount: 1, unit: 'months', regime: 'civil' },
      expect: { verdict: 'informational', fields: { deadline: '2025-02-28' } },
    },
    {
      agent: 'deadline_calculator',
      title: 'A regime the calculator does not know (criminal): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'Criminal procedure counts periods by its own rules (zákon 141/1961 Sb., § 60), which the calculator does not hold.',
      input: { event_date: '2025-01-31', amount: 1, unit: 'months', regime: 'criminal' },
      expect: { refused: { status: 400, field: 'regime' } },
    },
    {
      agent: 'deadline_calculator',
      title:
        'An administrative period from 2 May 2012, before the counting rules on file: refused, naming event_date',
      kind: 'unrecognised',
      law: ['cz-500-2004-s40'],
      worked:
        'The table of counting rules (data/reference/deadline-rules.json) starts on 2014-01-01, when NOZ § 605–607 took effect; for an event in 2012 it holds no version, so no period is computed and the refusal names the field the caller gave, event_date, with the first day covered — not as_of, which this agent does not take.',
      input: { event_date: '2012-05-02', amount: 15, unit: 'days', regime: 'administrative' },
      expect: { refused: { status: 400, field: 'event_date' } },
    },
    // ── contract_generator ─────────────────────────────────────────────────────────────────────
    {
      agent: 'contract_generator',
      title: 'A flat lease with a deposit of exactly three months’ rent: allowed',
      kind: 'edge',
      law: ['cz-89-2012-s2254'],
      worked:
        'OZ § 2254: the deposit may not exceed three times the monthly rent; 43,500 = 3 × 14,500 is the most allowed.',
      input: {
        template: 'lease',
        parties: [
          { name: 'Petr Svoboda', address: 'Lidická 12, 602 00 Brno' },
          { name: 'Eva Malá', address: 'Cejl 5, 602 00 Brno' },
        ],
        property_address: 'Údolní 33, 602 00 Brno, byt č. 7',
        rent: 14_500,
        deposit: 43_500,
        signing_date: '2025-06-01',
      },
      expect: {
        verdict: 'informational',
        rules: [{ basis: 'cz-89-2012-s2254', outcome: '43 500 Kč ≤ 43 500 Kč' }],
      },
    },
    {
      agent: 'contract_generator',
      title: 'A deposit of four months’ rent: refused, naming the field and the rule',
      kind: 'negative',
      law: ['cz-89-2012-s2254'],
      worked: '58,000 > 3 × 14,500 = 43,500: the clause would break OZ § 2254.',
      input: {
        template: 'lease',
        parties: [
          { name: 'Petr Svoboda', address: 'Lidická 12, 602 00 Brno' },
          { name: 'Eva Malá', address: 'Cejl 5, 602 00 Brno' },
        ],
        property_address: 'Údolní 33, 602 00 Brno, byt č. 7',
        rent: 14_500,
        deposit: 58_000,
        signing_date: '2025-06-01',
      },
      expect: { refused: { status: 400, field: 'deposit' } },
    },
    {
      agent: 'contract_generator',
      title: 'A loan of 200,000 CZK at 6 % to be repaid on 2026-06-30',
      kind: 'positive',
      law: ['cz-89-2012-s2390'],
      worked: 'A zápůjčka (OZ § 2390): the amount, the interest and the day of repayment after the signing.',
      input: {
        template: 'loan',
        parties: [
          { name: 'ČEZ, a. s.', address: 'Duhová 1444/2, 140 00 Praha 4', ico: '45274649' },
          { name: 'Jana Nováková', address: 'Korunní 810/104, 101 00 Praha 10', birth_number: '955321/0007' },
        ],
        amount: 200_000,
        interest_rate_pct: 6,
        repayment_date: '2026-06-30',
        signing_date: '2025-06-01',
      },
      expect: { verdict: 'informational', fields: { text: mentions('200 000') } },
    },
    {
      agent: 'contract_generator',
      title: 'A template the generator does not have: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'Only the templates on file (loan, lease, NDA) can be drafted; another is not guessed.',
      input: {
        template: 'purchase',
        parties: [
          { name: 'Petr Svoboda', address: 'Lidická 12, 602 00 Brno' },
          { name: 'Eva Malá', address: 'Cejl 5, 602 00 Brno' },
        ],
      },
      expect: { refused: { status: 400, field: 'template' } },
    },
  ],
}
