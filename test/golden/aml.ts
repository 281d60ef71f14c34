/**
 * Golden cases of the AML agents: the thresholds of zákon 253/2008 Sb. (identification 1,000 EUR,
 * due diligence 15,000 EUR, the cash trader 10,000 EUR) at the ČNB rate of the day, the cash limit
 * of zákon 254/2004 Sb. (a payment above 270,000 CZK, one day, the same parties), the EU list of
 * high-risk third countries by version, the beneficial owners of zákon 37/2021 Sb. § 4–5 and the
 * sanctions and registers a company is screened against. The recorded ČNB rate of 2026-11-20 is
 * 24.300 CZK/EUR.
 */
import { approx, type GoldenFile, mentions } from './format.ts'

const DAY = '2026-11-20'
/**
 * Adam holds 60 % of a holding that holds 40 % of the company, Cyril the other 40 % of the holding,
 * Bára 60 % of the company directly; no country given (the EU high-risk list on file starts
 * 2025-01-01).
 */
const ADAM_HOLDING = {
  company: { name: 'Cíl s.r.o.' },
  parties: [
    { id: 'adam', name: 'Adam Malý', type: 'person' },
    { id: 'cyril', name: 'Cyril Dlouhý', type: 'person' },
    { id: 'bara', name: 'Bára Velká', type: 'person' },
    { id: 'holding', name: 'Holding Morava a.s.', type: 'entity' },
  ],
  ownership: [
    { owner: 'adam', owned: 'holding', share_percent: 60 },
    { owner: 'cyril', owned: 'holding', share_percent: 40 },
    { owner: 'holding', owned: 'target', share_percent: 40 },
    { owner: 'bara', owned: 'target', share_percent: 60 },
  ],
}
const cash = (id: string, amount: number, counterparty = 'Auto Dvořák s.r.o.') => ({
  id,
  date: DAY,
  amount,
  method: 'cash',
  direction: 'out',
  counterparty,
})

export const aml: GoldenFile = {
  service: 'aml',
  cases: [
    // ── cash_threshold_check ───────────────────────────────────────────────────────────────────
    {
      agent: 'cash_threshold_check',
      title: 'Exactly 270,000 CZK in cash: not above the limit, but the cash trader identifies the payer',
      kind: 'edge',
      law: ['cz-254-2004-s4', 'cz-253-2008-s2', 'cz-253-2008-s7'],
      worked:
        '§ 4 zákona 254/2004 Sb. forbids cash payments that EXCEED 270,000 CZK: 270,000 is not above it. In EUR 270,000 / 24.300 = 11,111.11 ≥ 10,000 (a trader accepting it identifies the payer, § 2) and ≥ 1,000 (identification, § 7), < 15,000 (no due diligence for an occasional transaction, § 9).',
      input: { amount: 270_000, method: 'cash', date: DAY },
      expect: {
        verdict: 'clear',
        fields: {
          cash_limit_exceeded: false,
          identification_required: true,
          due_diligence_required: false,
          amount_eur: approx(11_111.11),
        },
        rules: [
          { basis: 'cz-254-2004-s4', outcome: 'does not apply', since: '2014-12-01' },
          { basis: 'cz-253-2008-s2', outcome: 'applies', since: '2024-05-01' },
        ],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: '270,001 CZK in cash: above the limit, the payment must go through an account',
      kind: 'negative',
      law: ['cz-254-2004-s4'],
      worked: '270,001 > 270,000 CZK: the payer must pay without cash and the payee may not accept it (§ 4).',
      input: { amount: 270_001, method: 'cash', date: DAY },
      expect: {
        verdict: 'adverse',
        fields: { cash_limit_exceeded: true },
        rules: [{ basis: 'cz-254-2004-s4', outcome: 'applies' }],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: '300,000 CZK in cash on 2014-11-30: under the 350,000 CZK limit then in force',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-254-2004-s4',
      law: ['cz-254-2004-s4'],
      worked:
        'Until 30 Nov 2014 § 4 zákona 254/2004 Sb. forbade cash payments above 350,000 CZK: 300,000 is not above it, so the payment could be made in cash (the limit fell to 270,000 CZK only on 1 Dec 2014, by zákon 261/2014 Sb.). The CZK limit needs no rate; no ČNB rate for that day is on file, so the EUR thresholds are taken as reached (fail closed): incomplete, not clear.',
      input: { amount: 300_000, method: 'cash', date: '2014-11-30' },
      expect: {
        verdict: 'incomplete',
        fields: { cash_limit_exceeded: false },
        rules: [{ basis: 'cz-254-2004-s4', outcome: 'does not apply', since: '2011-05-27' }],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: 'The same 300,000 CZK in cash on 2014-12-01: above the 270,000 CZK limit from that day',
      kind: 'negative',
      date_side: 'after',
      date_of: 'cz-254-2004-s4',
      law: ['cz-254-2004-s4'],
      worked:
        'From 1 Dec 2014 (zákon 261/2014 Sb.) § 4 forbids cash payments above 270,000 CZK and the payee may not accept them: 300,000 > 270,000, so the payment must go through an account.',
      input: { amount: 300_000, method: 'cash', date: '2014-12-01' },
      expect: {
        verdict: 'adverse',
        fields: { cash_limit_exceeded: true },
        rules: [{ basis: 'cz-254-2004-s4', outcome: 'applies', since: '2014-12-01' }],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: '12,000 EUR paid in a virtual asset on 2024-04-30: not cash, no trader duty',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-253-2008-s2',
      law: ['cz-253-2008-s2', 'cz-253-2008-s7'],
      worked:
        'Until 30 Apr 2024 only banknotes and coins were cash for § 2 of the AML Act: a trader accepting 12,000 EUR in a virtual asset was not thereby an obliged person. Identification (§ 7) applies from 1,000 EUR; 12,000 < 15,000 (no due diligence, § 9). The cash limit of zákon 254/2004 Sb. concerns banknotes and coins, so it does not apply either. No ČNB rate for that day is on file, so the amount in CZK is unknown and the answer is incomplete, not clear.',
      input: { amount: 12_000, currency: 'EUR', method: 'crypto', date: '2024-04-30' },
      expect: {
        verdict: 'incomplete',
        fields: { identification_required: true, due_diligence_required: false, cash_limit_exceeded: false },
        rules: [{ basis: 'cz-253-2008-s2', outcome: 'does not apply', since: '2017-01-01' }],
      },
    },
    {
      agent: 'cash_threshold_check',
      title:
        'The same 12,000 EUR in a virtual asset on 2024-05-01: counts as cash, the trader identifies the payer',
      kind: 'positive',
      date_side: 'after',
      date_of: 'cz-253-2008-s2',
      law: ['cz-253-2008-s2', 'cz-254-2004-s4'],
      worked:
        'From 1 May 2024 (zákon 107/2024 Sb.) a payment in a virtual asset counts as a cash payment for the AML Act: 12,000 EUR ≥ 10,000 EUR, so a trader accepting it is an obliged person and identifies the payer (§ 2). The cash limit of zákon 254/2004 Sb. (270,000 CZK) concerns banknotes and coins and is not exceeded by it. No ČNB rate for that day is on file (amount in CZK unknown): incomplete, with the trader duty.',
      input: { amount: 12_000, currency: 'EUR', method: 'crypto', date: '2024-05-01' },
      expect: {
        verdict: 'incomplete',
        fields: { identification_required: true, cash_limit_exceeded: false },
        rules: [
          { basis: 'cz-253-2008-s2', outcome: 'applies', since: '2024-05-01' },
          { basis: 'cz-254-2004-s4', outcome: 'does not apply' },
        ],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: 'A 20,000 EUR transfer, occasional: identification and due diligence, no cash limit',
      kind: 'positive',
      law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
      worked:
        '20,000 EUR ≥ 15,000 EUR (§ 9) and ≥ 1,000 EUR (§ 7); a transfer is not cash: 254/2004 Sb. does not apply.',
      input: { amount: 20_000, currency: 'EUR', method: 'transfer', date: DAY },
      expect: {
        verdict: 'clear',
        fields: { identification_required: true, due_diligence_required: true, cash_limit_exceeded: false },
        rules: [{ basis: 'cz-253-2008-s9', outcome: 'applies', since: '2008-09-01' }],
      },
    },
    {
      agent: 'cash_threshold_check',
      title:
        'Offline, 100,000 CZK transfer: EUR thresholds taken as reached, and the answer says the rate was assumed',
      kind: 'edge',
      sources: 'down',
      law: ['cz-253-2008-s7', 'cnb-fx-rates'],
      worked:
        'Without the ČNB rate 100,000 CZK cannot be put in EUR: the identification (1,000 EUR) and due diligence (15,000 EUR) duties apply until the amount is shown below them (fail closed), and assumptions name the rate. The CZK cash limit needs no rate, and a transfer is not cash.',
      input: { amount: 100_000, method: 'transfer', date: DAY },
      expect: {
        verdict: 'incomplete',
        fields: {
          cash_limit_exceeded: false,
          identification_required: true,
          amount_eur: null,
          assumptions: [{ field: 'eur_rate', basis: mentions('ČNB', 'unavailable') }],
        },
      },
    },
    {
      agent: 'cash_threshold_check',
      title: '12,000 EUR in cash on 2016-12-31: below the trader threshold of 15,000 EUR then in force',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-253-2008-s2',
      law: ['cz-253-2008-s2', 'cz-253-2008-s7', 'cz-254-2004-s4'],
      worked:
        'Until 31 Dec 2016 § 2 made a trader an obliged person only for a cash payment of 15,000 EUR or more: 12,000 < 15,000, so the trader duty does not apply; identification (§ 7, 1,000 EUR) does. No ČNB rate is on file for that day, so the CZK cash limit is taken as exceeded (fail closed; 12,000 EUR is above 270,000 CZK at any rate over 22.5 CZK/EUR): adverse, partial.',
      input: { amount: 12_000, currency: 'EUR', method: 'cash', date: '2016-12-31' },
      expect: {
        verdict: 'adverse',
        fields: { identification_required: true, due_diligence_required: false, amount_eur: 12_000 },
        rules: [
          { basis: 'cz-253-2008-s2', outcome: 'does not apply', since: '2008-09-01' },
          { basis: 'cz-253-2008-s7', outcome: 'applies', since: '2008-09-01' },
        ],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: 'The same 12,000 EUR in cash on 2017-01-01: the trader threshold lowered to 10,000 EUR applies',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-253-2008-s2',
      law: ['cz-253-2008-s2', 'cz-253-2008-s7', 'cz-254-2004-s4'],
      worked:
        'From 1 Jan 2017 (zákon 368/2016 Sb.) the threshold is 10,000 EUR: 12,000 ≥ 10,000, so the trader accepting it identifies the payer. The cash limit as on the day before: adverse, partial.',
      input: { amount: 12_000, currency: 'EUR', method: 'cash', date: '2017-01-01' },
      expect: {
        verdict: 'adverse',
        fields: { identification_required: true, due_diligence_required: false, amount_eur: 12_000 },
        rules: [
          { basis: 'cz-253-2008-s2', outcome: 'applies', since: '2017-01-01' },
          { basis: 'cz-253-2008-s7', outcome: 'applies', since: '2008-09-01' },
        ],
      },
    },
    {
      agent: 'cash_threshold_check',
      title: 'A currency ČNB does not quote (XYZ): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'The EUR thresholds need the ČNB rate of the currency; one ČNB does not quote cannot be placed.',
      input: { amount: 5_000, currency: 'XYZ', method: 'cash', date: DAY },
      expect: { refused: { status: 400, field: 'currency' } },
    },
    // ── country_risk ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'country_risk',
      title: 'Russia on 2026-01-28: not yet on the EU list',
      kind: 'edge',
      date_side: 'before',
      date_of: 'eu-2016-1675',
      law: ['eu-2016-1675'],
      worked:
        'Delegated Regulations (EU) 2026/46 and 2026/83 added Russia from 2026-01-29; the day before, the version of 2025-08-05 applies and does not list it.',
      input: { country: 'RU', date: '2026-01-28' },
      expect: {
        verdict: 'clear',
        fields: { eu_high_risk: false, list_version: { effective_from: '2025-08-05' } },
        rules: [{ basis: 'eu-2016-1675', outcome: 'not listed', since: '2025-08-05' }],
      },
    },
    {
      agent: 'country_risk',
      title: 'Russia on 2026-01-29: listed, enhanced due diligence',
      kind: 'negative',
      date_side: 'after',
      date_of: 'eu-2016-1675',
      law: ['eu-2016-1675', 'cz-253-2008-s9a'],
      worked:
        'From 2026-01-29 Russia is on the list: a client established there needs enhanced due diligence (§ 9a).',
      input: { country: 'Russia', date: '2026-01-29' },
      expect: {
        verdict: 'review',
        fields: { country_code: 'RU', eu_high_risk: true, enhanced_due_diligence: true },
        rules: [{ basis: 'eu-2016-1675', outcome: 'listed', since: '2026-01-29' }],
      },
    },
    {
      agent: 'country_risk',
      title: 'United Arab Emirates on the day it was delisted (2025-08-05): not listed',
      kind: 'edge',
      law: ['eu-2016-1675'],
      worked:
        'Delegated Regulation (EU) 2025/1184 removed the UAE from 2025-08-05: on that day the new version applies.',
      input: { country: 'AE', date: '2025-08-05' },
      expect: {
        verdict: 'clear',
        fields: {
          eu_high_risk: false,
          history: [
            { date: '2025-01-01', change: 'listed' },
            { date: '2025-08-05', change: 'delisted' },
          ],
        },
      },
    },
    {
      agent: 'country_risk',
      title: 'A country that does not exist (Atlantis): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'The list is of ISO 3166 countries; a name none of them has cannot be judged.',
      input: { country: 'Atlantis' },
      expect: { refused: { status: 400, field: 'country' } },
    },
    // ── structuring_detection ──────────────────────────────────────────────────────────────────
    {
      agent: 'structuring_detection',
      title:
        'Three cash payments to one dealer on one day (150k + 120k + 90k CZK): split over the cash limit',
      kind: 'negative',
      law: ['cz-254-2004-s4', 'cz-253-2008-s2'],
      worked:
        'Payments between the same parties on one day count together (§ 4 odst. 4 zákona 254/2004 Sb.): 360,000 > 270,000 CZK, each part under it → high. In EUR 360,000 / 24.3 = 14,814.81 ≥ 10,000 in parts each under 10,000 → the trader threshold split too.',
      input: { transactions: [cash('t1', 150_000), cash('t2', 120_000), cash('t3', 90_000)] },
      expect: {
        verdict: 'adverse',
        fields: {
          risk: 'high',
          alerts: [
            { rule_id: 'split_cash_over_daily_limit', total_czk: 360_000, basis: ['cz-254-2004-s4'] },
            { rule_id: 'split_cash_under_trader_threshold', total_eur: approx(14_814.81) },
          ],
        },
      },
    },
    {
      agent: 'structuring_detection',
      title:
        'Two payments of 135,000 CZK in a virtual asset: cash for the AML Act, split under the trader threshold',
      kind: 'negative',
      law: ['cz-253-2008-s2'],
      worked:
        'Since 2024-05-01 (zákon 107/2024 Sb.) a payment in a virtual asset counts as cash for the AML Act. In EUR each is 135,000 / 24.3 = 5,555.56 < 10,000 and together 11,111.11 ≥ 10,000 → split under the trader threshold: medium, reviewed. The cash limit of zákon 254/2004 Sb. concerns banknotes and coins, so no cash-limit alert either way.',
      input: {
        transactions: [
          {
            id: 'a',
            date: DAY,
            amount: 135_000,
            direction: 'in',
            method: 'crypto',
            counterparty: 'Jan Dvořák',
          },
          {
            id: 'b',
            date: DAY,
            amount: 135_000,
            direction: 'in',
            method: 'crypto',
            counterparty: 'Jan Dvořák',
          },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          risk: 'medium',
          alerts: [{ rule_id: 'split_cash_under_trader_threshold', total_eur: approx(11_111.11) }],
        },
      },
    },
    {
      agent: 'structuring_detection',
      title:
        'Two cash payments of 135,000 CZK: exactly the limit, but over the cash trader threshold in parts',
      kind: 'edge',
      law: ['cz-254-2004-s4', 'cz-253-2008-s2'],
      worked:
        '135,000 × 2 = 270,000 CZK is not above the limit (no cash-limit alert). In EUR each is 5,555.56 < 10,000 and together 11,111.11 ≥ 10,000 → split under the trader threshold: medium, reviewed.',
      input: { transactions: [cash('a', 135_000), cash('b', 135_000)] },
      expect: {
        verdict: 'review',
        fields: {
          risk: 'medium',
          alerts: [{ rule_id: 'split_cash_under_trader_threshold', total_eur: approx(11_111.11) }],
        },
        rules: [{ basis: 'cz-254-2004-s4', outcome: '0' }],
      },
    },
    {
      agent: 'structuring_detection',
      title: 'Rent paid twice in a month by transfer: nothing to report',
      kind: 'positive',
      law: ['cz-253-2008-s9'],
      worked:
        '25,000 CZK = 1,028.81 EUR each, 18 days apart (outside the 7-day window), no cash: no rule fires.',
      input: {
        transactions: [
          { id: 'x', date: '2026-11-02', amount: 25_000, counterparty: 'Nájemce' },
          { id: 'y', date: DAY, amount: 25_000, counterparty: 'Nájemce' },
        ],
      },
      expect: { verdict: 'clear', fields: { risk: 'none', alerts: [] } },
    },
    {
      agent: 'structuring_detection',
      title: 'A transaction in a currency ČNB does not quote: refused, naming the item',
      kind: 'unrecognised',
      law: [],
      worked: 'Thresholds are in EUR at the ČNB rate; an amount in an unquoted currency cannot be placed.',
      input: { transactions: [{ id: 'z', date: DAY, amount: 1_000, currency: 'XYZ' }] },
      expect: { refused: { status: 400, field: 'transactions/0/currency' } },
    },
    // ── transaction_monitoring ─────────────────────────────────────────────────────────────────
    {
      agent: 'transaction_monitoring',
      title: 'A payment to Vietnam: an EU high-risk third country, enhanced due diligence',
      kind: 'negative',
      law: ['eu-2016-1675', 'cz-253-2008-s9a'],
      worked: 'Vietnam is on the list in force on 2026-11-20 (version 2026-01-29): high alert, risk high.',
      input: {
        transactions: [
          { id: 'v1', date: DAY, amount: 50_000, direction: 'out', counterparty: 'Hanoi', country: 'VN' },
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: { risk: 'high', alerts: [{ rule_id: 'high_risk_third_country', since: '2026-01-29' }] },
        rules: [{ basis: 'eu-2016-1675', outcome: '1', since: '2026-01-29' }],
      },
    },
    {
      agent: 'transaction_monitoring',
      title:
        'A transfer to a counterparty given by one word, “Hamas”: a listed organisation’s exact name, adverse',
      kind: 'negative',
      law: ['cz-69-2006'],
      worked:
        'Zákon 69/2006 Sb. (§ 7–8) bars funds to a sanctioned person, so counterparties are screened by name. Listed organisations often go by one word, and “Hamas” is the whole name of an entry on the lists on file (OFAC SDN “HAMAS”): an exact match (score 1) of a one-word counterparty to an organisation is a high alert on w1, and a high alert makes the batch adverse. The payment itself (20,000 CZK, Czech counterparty) raises nothing else.',
      input: {
        transactions: [
          { id: 'w1', date: DAY, amount: 20_000, direction: 'out', counterparty: 'Hamas', country: 'CZ' },
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: {
          alerts: [{ rule_id: 'sanctioned_counterparty', severity: 'high', transaction_ids: ['w1'] }],
          warnings: [],
        },
        rules: [{ basis: 'cz-69-2006', outcome: '1 match(es)' }],
      },
    },
    {
      agent: 'transaction_monitoring',
      title:
        'A transfer to a counterparty given by one word that is no listed organisation (“Nájem”): clear, saying how it was screened',
      kind: 'edge',
      law: ['cz-69-2006'],
      worked:
        'A counterparty field is free text ("Nájem", "Pokladna"). One word is screened only as an organisation’s whole name, exactly: a near match of one word would make hits of ordinary words. “Nájem” (rent) is no listed organisation’s name, so nothing alerts; the answer says in warnings that it was screened only as an organisation’s exact name, not as a person, naming the counterparty and its transaction, and the sanctions rule’s outcome names it.',
      input: {
        transactions: [
          { id: 'w1', date: DAY, amount: 20_000, direction: 'out', counterparty: 'Nájem', country: 'CZ' },
        ],
      },
      expect: {
        verdict: 'clear',
        fields: {
          alerts: [],
          warnings: [
            mentions(
              '“Nájem” screened against the sanctions lists only as an organisation’s exact name',
              '(w1)',
            ),
          ],
        },
        rules: [{ basis: 'cz-69-2006', outcome: 'one word, as an organisation’s exact name only: Nájem' }],
      },
    },
    {
      agent: 'transaction_monitoring',
      title: 'A single cash deposit of exactly 270,000 CZK in a business relationship: no alert',
      kind: 'edge',
      law: ['cz-254-2004-s4'],
      worked:
        '270,000 CZK is not above the limit; one payment is not a split; in a business relationship the per-transaction identification thresholds do not apply (ongoing due diligence).',
      input: {
        transactions: [{ id: 'd1', date: DAY, amount: 270_000, method: 'cash', counterparty: 'Pokladna' }],
      },
      expect: { verdict: 'clear', fields: { risk: 'none', alerts: [] } },
    },
    {
      agent: 'transaction_monitoring',
      title: 'A counterparty country that cannot be read ("Atlantis"): reviewed, not passed as low risk',
      kind: 'unrecognised',
      law: ['eu-2016-1675'],
      worked:
        'A country the agent cannot place was not checked against the high-risk list: a medium alert says so.',
      input: {
        transactions: [
          {
            id: 'u1',
            date: DAY,
            amount: 20_000,
            direction: 'out',
            counterparty: 'Poseidon',
            country: 'Atlantis',
          },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          risk: 'medium',
          alerts: [{ rule_id: 'country_not_recognised', description: mentions('Atlantis') }],
        },
      },
    },
    {
      agent: 'transaction_monitoring',
      title:
        'A transfer out with no counterparty country: reviewed, not passed as low risk (a cash deposit needs none)',
      kind: 'unrecognised',
      law: ['eu-2016-1675', 'cz-253-2008-s9a'],
      worked:
        '§ 9a zákona 253/2008 Sb. asks for enhanced due diligence for business with a person established in a high-risk third country of the EU list (Regulation (EU) 2016/1675). The 40,000 CZK transfer to "Kish Trading" says no country, so whether the payee sits in one (Iran is listed on 2026-11-20) cannot be told: a medium alert names t1 and asks for the country, and the batch is reviewed. The cash deposit is paid in person at the counter: no counterparty country to check.',
      input: {
        transactions: [
          { id: 't1', date: DAY, amount: 40_000, direction: 'out', counterparty: 'Kish Trading' },
          { id: 't2', date: DAY, amount: 20_000, method: 'cash', counterparty: 'Pokladna' },
        ],
      },
      expect: {
        verdict: 'review',
        fields: {
          risk: 'medium',
          alerts: [
            {
              rule_id: 'country_not_given',
              transaction_ids: ['t1'],
              description: mentions('t1', 'high-risk'),
            },
          ],
        },
        rules: [{ basis: 'eu-2016-1675', outcome: 'country not given: 1' }],
      },
    },
    // ── ubo_analysis ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'ubo_analysis',
      title:
        'Adam owns 60 % of a holding that owns 40 %: beneficial owner by control, though 24 % multiplied',
      kind: 'edge',
      law: ['cz-37-2021-s4-5'],
      worked:
        '§ 4 odst. 1 písm. c) zákona 37/2021 Sb.: whoever exercises decisive influence in corporations holding more than 25 % is a beneficial owner. Adam holds 60 % of the votes of Holding (control), Holding holds 40 % > 25 % → Adam is one, although 60 % × 40 % = 24 % < 25 %. Bára holds 60 % directly. Cyril (40 % of Holding → 16 %) controls nothing.',
      input: {
        company: { name: 'Cíl s.r.o.' },
        parties: [
          { id: 'adam', name: 'Adam Malý', type: 'person', country: 'CZ' },
          { id: 'cyril', name: 'Cyril Dlouhý', type: 'person', country: 'CZ' },
          { id: 'bara', name: 'Bára Velká', type: 'person', country: 'CZ' },
          { id: 'holding', name: 'Holding Morava a.s.', type: 'entity', country: 'CZ' },
        ],
        ownership: [
          { owner: 'adam', owned: 'holding', share_percent: 60 },
          { owner: 'cyril', owned: 'holding', share_percent: 40 },
          { owner: 'holding', owned: 'target', share_percent: 40 },
          { owner: 'bara', owned: 'target', share_percent: 60 },
        ],
      },
      expect: {
        verdict: 'clear',
        fields: {
          beneficial_owners: [
            { id: 'adam', effective_share_percent: 24, control: true, controlled_share_percent: 40 },
            { id: 'bara', effective_share_percent: 60 },
          ],
          persons_below_threshold: [{ id: 'cyril', effective_share_percent: 16 }],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: '2', since: '2022-10-01' }],
      },
    },
    {
      agent: 'ubo_analysis',
      title:
        'The same structure on 2022-09-30, before zákon 245/2022 Sb.: the chain rule of the original wording is not held, every holder is assessed by a person',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-37-2021-s4-5',
      law: ['cz-37-2021-s4-5'],
      worked:
        'Until 30 Sep 2022 zákon 37/2021 Sb. named the beneficial owner as the "koncový příjemce" or the "osoba s koncovým vlivem" (§ 2 in its original wording), with its own rules for chains in § 4 odst. 2–4; that wording is not held here, so the agent names no beneficial owner by itself: Adam (24 % multiplied, controls a holding with 40 %), Cyril (16 %) and Bára (60 % directly) are listed with their figures for a person to assess (review). The rule cited is the act as in force from 1 Jun 2021.',
      input: { ...ADAM_HOLDING, as_of: '2022-09-30' },
      expect: {
        verdict: 'review',
        fields: {
          beneficial_owners: [],
          persons_below_threshold: [],
          fallback_to_statutory_body: false,
          to_assess: [
            { id: 'adam', effective_share_percent: 24, controlled_share_percent: 40 },
            { id: 'cyril', effective_share_percent: 16 },
            { id: 'bara', effective_share_percent: 60 },
          ],
          warnings: [mentions('2022-10-01', 'koncový příjemce'), mentions('Adam Malý', 'high-risk')],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: 'assessed by a person', since: '2021-06-01' }],
      },
    },
    {
      agent: 'ubo_analysis',
      title:
        'The same structure on 2022-10-01, the day zákon 245/2022 Sb. took effect: Adam is a beneficial owner by control',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-37-2021-s4-5',
      law: ['cz-37-2021-s4-5'],
      worked:
        'From 1 Oct 2022 § 4 odst. 1 písm. c) as amended: whoever exercises decisive influence in corporations holding more than 25 % owns the company. Adam holds 60 % of the votes of the holding (control), which holds 40 % > 25 % → beneficial owner although 60 % × 40 % = 24 %; Bára holds 60 % > 25 % directly; Cyril (16 %, no control) is below. No country is given, so the EU high-risk list (§ 9a zákona 253/2008 Sb.) is not checked: review, not clear.',
      input: { ...ADAM_HOLDING, as_of: '2022-10-01' },
      expect: {
        verdict: 'review',
        fields: {
          beneficial_owners: [
            { id: 'adam', effective_share_percent: 24, control: true, controlled_share_percent: 40 },
            { id: 'bara', effective_share_percent: 60 },
          ],
          persons_below_threshold: [{ id: 'cyril', effective_share_percent: 16 }],
          to_assess: [],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: '2', since: '2022-10-01' }],
      },
    },
    {
      agent: 'ubo_analysis',
      title:
        'The same structure with no country given: the owners are found, but the EU high-risk list cannot be checked, so review (the first case, with every country given, is clear)',
      kind: 'edge',
      law: ['cz-37-2021-s4-5', 'eu-2016-1675', 'cz-253-2008-s9a'],
      worked:
        '§ 4 zákona 37/2021 Sb. names Adam (control of a 40 % holder) and Bára (60 %) as before. § 9a zákona 253/2008 Sb. asks for enhanced due diligence where a beneficial owner or a company in the structure is established in a high-risk third country of the EU list (Regulation (EU) 2016/1675); with no country given for Adam, Bára or the holding that cannot be decided, so the answer names them and is reviewed, not cleared.',
      input: ADAM_HOLDING,
      expect: {
        verdict: 'review',
        fields: {
          beneficial_owners: [
            { id: 'adam', country: null, eu_high_risk_country: false },
            { id: 'bara', country: null, eu_high_risk_country: false },
          ],
          warnings: [mentions('Adam Malý', 'Bára Velká', 'Holding Morava a.s.', 'high-risk')],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: '2', since: '2022-10-01' }],
      },
    },
    {
      agent: 'ubo_analysis',
      title: 'Four equal owners of exactly 25 %: none is above the threshold, the director is reported',
      kind: 'edge',
      law: ['cz-37-2021-s4-5'],
      worked:
        '"More than 25 %": 25 % is not more. Nobody controls (no majority). § 5: the members of the statutory body are reported; the fallback makes the structure reviewed.',
      input: {
        company: { name: 'Čtyřlístek s.r.o.' },
        parties: ['a', 'b', 'c', 'd'].map((id) => ({
          id,
          name: `Osoba ${id.toUpperCase()}ová`,
          type: 'person',
        })),
        ownership: ['a', 'b', 'c', 'd'].map((owner) => ({ owner, owned: 'target', share_percent: 25 })),
        statutory_body: ['Osoba Aová'],
      },
      expect: {
        verdict: 'review',
        fields: {
          fallback_to_statutory_body: true,
          beneficial_owners: [{ id: 'statutory_body/0', name: 'Osoba Aová' }],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: 'applied' }],
      },
    },
    {
      agent: 'ubo_analysis',
      title: 'The sole owner lives in Vietnam: an EU high-risk third country, adverse',
      kind: 'negative',
      law: ['cz-37-2021-s4-5', 'eu-2016-1675', 'cz-253-2008-s9a'],
      worked:
        '100 % > 25 %: the owner is the beneficial owner; Vietnam is on the EU list → enhanced due diligence, risk high.',
      input: {
        company: { name: 'Saigon Trade s.r.o.' },
        parties: [{ id: 'n', name: 'Nguyen Van An', type: 'person', country: 'VN' }],
        ownership: [{ owner: 'n', owned: 'target', share_percent: 100 }],
      },
      expect: {
        verdict: 'adverse',
        fields: { risk: 'high', beneficial_owners: [{ id: 'n', eu_high_risk_country: true }] },
        rules: [{ basis: 'eu-2016-1675', outcome: 'applies' }],
      },
    },
    {
      agent: 'ubo_analysis',
      title: 'An owner whose country cannot be read: refused, naming the party',
      kind: 'unrecognised',
      law: [],
      worked:
        'The owner’s country decides enhanced due diligence; a country the agent cannot place is not passed over.',
      input: {
        company: { name: 'Neznámo s.r.o.' },
        parties: [{ id: 'x', name: 'Xaver Neznámý', type: 'person', country: 'Atlantis' }],
        ownership: [{ owner: 'x', owned: 'target', share_percent: 100 }],
      },
      expect: { refused: { status: 400, field: 'parties/0/country' } },
    },
    // ── company_screening ──────────────────────────────────────────────────────────────────────
    {
      agent: 'company_screening',
      title: 'Alza.cz a.s.: in ARES, not in insolvency, a reliable VAT payer, no sanctions hit',
      kind: 'positive',
      law: ['cz-304-2013', 'cz-182-2006-insolvency', 'cz-235-2004-s106a', 'cz-69-2006'],
      worked: 'Every register answers and none raises a flag: risk low.',
      input: { ico: '27082440' },
      expect: { verdict: 'clear', fields: { risk: 'low', flags: [], insolvency: { active: false } } },
    },
    {
      agent: 'company_screening',
      title: 'OKD, a.s.: a running insolvency proceeding',
      kind: 'negative',
      law: ['cz-182-2006-insolvency'],
      worked: 'ISIR shows a running proceeding: a high flag (the creditors’ claims come first), risk high.',
      input: { ico: '26863154' },
      expect: {
        verdict: 'adverse',
        fields: { risk: 'high', insolvency: { active: true } },
        rules: [{ basis: 'cz-182-2006-insolvency', outcome: 'running' }],
      },
    },
    {
      agent: 'company_screening',
      title:
        'A proceeding with no end date in a state the screening does not recognise (ZRUŠENO VS): a medium flag naming it, reviewed, not low',
      kind: 'unrecognised',
      law: ['cz-182-2006-insolvency'],
      worked:
        'Zkušební obchodní s.r.o. (27182819, ARES and ISIR answers written for the tests) is in ARES, not dissolved, with no sanctions hit and a director and sole partner not listed. Its only ISIR proceeding, 91 INS 4711/2025, is in state ZRUŠENO VS with no end date: neither a running state (a high flag) nor a finished one, so it is not taken as over — a medium flag naming it and where to read it; risk medium → review.',
      input: { ico: '27182819' },
      expect: {
        verdict: 'review',
        fields: {
          risk: 'medium',
          insolvency: { active: false, proceedings: 1, not_recognised: ['91 INS 4711/2025'] },
          flags: [
            {
              flag: 'insolvency_state_not_recognised',
              severity: 'medium',
              reason: mentions('91 INS 4711/2025', 'ZRUŠENO VS', 'read its state in ISIR'),
            },
          ],
        },
        rules: [{ basis: 'cz-182-2006-insolvency', outcome: 'state not recognised: 91 INS 4711/2025' }],
      },
    },
    {
      agent: 'company_screening',
      title:
        'UMATEX GROUP EUROPE s.r.o., on the OFAC SDN list only by its IČO: a possible match, reviewed, not frozen',
      kind: 'edge',
      law: ['method-sanctions-match', 'method-foreign-sanctions', 'cz-69-2006'],
      worked:
        'The IČO 05556121 equals the OFAC SDN entry 40863: the identity is certain, but OFAC does not bind a Czech person by itself (no freezing duty under zákon 69/2006 Sb., § 7–8), so it is a possible match reviewed with the correspondent-banking note — the reading of sanctions_screening and the AML service. A medium flag: risk medium.',
      input: { ico: '05556121' },
      expect: {
        verdict: 'review',
        fields: { risk: 'medium', sanctions: { status: 'possible_match' } },
        rules: [{ basis: 'method-foreign-sanctions', outcome: 'US or UK lists only' }],
      },
    },
    {
      agent: 'company_screening',
      title: 'Alza.cz with every register down: each unasked register is a medium flag, never low',
      kind: 'edge',
      sources: 'down',
      law: ['cz-69-2006'],
      worked:
        'ARES, ISIR and the VAT register fail: what they check is unknown, so the answer is reviewed and partial.',
      input: { ico: '27082440' },
      expect: { verdict: 'review', fields: { risk: 'medium', partial: true } },
    },
    {
      agent: 'company_screening',
      title:
        'A company given by name alone, no IČO and no seat country: reviewed, its seat never checked against the EU high-risk list',
      kind: 'unrecognised',
      law: ['eu-2016-1675', 'cz-253-2008-s9a'],
      worked:
        '§ 9a zákona 253/2008 Sb.: enhanced due diligence for a company established in a high-risk third country of the EU list (Regulation (EU) 2016/1675). Without an IČO the company cannot be placed in Czechia, and no country is given, so whether its seat is on the list cannot be told; the name screens clean, but the answer carries a medium flag naming what to give and is reviewed, not low.',
      input: { name: 'Nordwind Handels GmbH' },
      expect: {
        verdict: 'review',
        fields: {
          risk: 'medium',
          eu_high_risk_country: null,
          flags: [{ flag: 'country_not_given', severity: 'medium', reason: mentions('IČO', 'high-risk') }],
        },
        rules: [{ basis: 'eu-2016-1675', outcome: 'no country given' }],
      },
    },
    {
      agent: 'company_screening',
      title: 'An IČO whose check digit is wrong (12345678): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'IČO weights 8..2: 112 mod 11 = 2 → check digit 9; 12345678 is no IČO.',
      input: { ico: '12345678' },
      expect: { refused: { status: 400, field: 'ico' } },
    },
    // ── adverse_media ──────────────────────────────────────────────────────────────────────────
    {
      agent: 'adverse_media',
      title: 'A Czech article on charges for subsidy fraud and money laundering: adverse',
      kind: 'negative',
      law: ['cz-253-2008-s9a', 'eu-2018-1673'],
      worked:
        'The subject is named ("Petra Nováka") next to "dotačního podvodu" (fraud) and "legalizace výnosů" (money laundering), and "obvinili" reports proceedings: high.',
      input: {
        name: 'Petr Novák',
        method: 'rules',
        articles: [
          {
            title: 'Policie obvinila podnikatele z dotačního podvodu',
            text: 'Detektivové obvinili Petra Nováka, jednatele stavební firmy, z dotačního podvodu a legalizace výnosů z trestné činnosti. Podle policie firma vylákala 12 milionů korun.',
          },
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: { method: 'rules', adverse_articles: 1, articles: [{ proceedings: true }] },
      },
    },
    {
      agent: 'adverse_media',
      title: 'A fraud report about someone else beside a neutral one about the subject: clear',
      kind: 'edge',
      law: ['method-adverse-media-terms'],
      worked:
        'Jana Svobodová is named only in the article about a new branch; the fraud article names Karel Dvořák: a category counts only near the subject’s name.',
      input: {
        name: 'Jana Svobodová',
        method: 'rules',
        articles: [
          {
            title: 'Nová pobočka v Brně',
            text: 'Ředitelka Jana Svobodová otevřela novou pobočku firmy v Brně a přijala 20 zaměstnanců.',
          },
          {
            title: 'Soud poslal do vězení podvodníka',
            text: 'Krajský soud odsoudil Karla Dvořáka za podvod na seniorech.',
          },
        ],
      },
      expect: { verdict: 'clear', fields: { adverse_articles: 0, risk: 'none', warnings: [] } },
    },
    {
      agent: 'adverse_media',
      title:
        'Only an article about someone else: the subject is named nowhere, so nothing was screened — incomplete, not clear',
      kind: 'unrecognised',
      law: ['cz-253-2008-s9', 'method-adverse-media-terms'],
      worked:
        'A category counts only near the subject’s name (the term-list method); the fraud article names Karel Dvořák and never Jana Svobodová, so it says nothing about her either way. With no article naming the subject, "no adverse media" would rest on nothing (§ 9 asks for information on the client, not on someone else): the answer says so and is incomplete.',
      input: {
        name: 'Jana Svobodová',
        method: 'rules',
        articles: [
          {
            title: 'Soud poslal do vězení podvodníka',
            text: 'Krajský soud odsoudil Karla Dvořáka za podvod na seniorech.',
          },
        ],
      },
      expect: {
        verdict: 'incomplete',
        fields: {
          adverse_articles: 0,
          risk: 'none',
          articles: [{ mentions_subject: false }],
          warnings: [mentions('Jana Svobodová', 'named in none')],
        },
        rules: [{ basis: 'cz-253-2008-s9', outcome: 'named in none' }],
      },
    },
    {
      agent: 'adverse_media',
      title: 'A classification method the agent does not have: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'Only the term list (rules) or the language model (auto) classify; another method is not silently replaced.',
      input: { name: 'Petr Novák', method: 'oracle', articles: [{ title: 'x', text: 'y' }] },
      expect: { refused: { status: 400, field: 'method' } },
    },
  ],
}
