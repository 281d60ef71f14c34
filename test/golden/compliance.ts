/**
 * Golden cases of the compliance agents: retention periods (AML Act § 16, zákon o účetnictví § 31,
 * ZDPH § 35) with storage limitation under zákon 101/2000 Sb. before 25 May 2018 and the GDPR from
 * then, the CDD risk score with the EU list of high-risk third countries by version, identity
 * documents (ICAO 9303 check digits, national formats), the audit-log review and KYC against the
 * recorded registers and sanctions lists.
 */
import { type GoldenFile, mentions } from './format.ts'

const JANA = {
  subject_type: 'person',
  name: 'Jana Nováková',
  address: 'Korunní 810/104, 101 00 Praha 10',
  birth_number: '955321/0007',
  birth_date: '1995-03-21',
  birth_place: 'Praha',
  sex: 'F',
  nationality: 'CZ',
  pep: false,
  document: { type: 'id_card', number: '123456789', issuing_country: 'CZ', expiry_date: '2031-04-30' },
}
const SPECIMEN_TD3 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F3204153ZE184226B<<<<<16',
]
const login = (timestamp: string, outcome = 'denied') => ({
  timestamp,
  actor: 'x-bot',
  action: 'login',
  outcome,
})
const KENYA = {
  customer_type: 'company',
  countries: ['CZ', 'KE'],
  product: 'money_transfer',
  channel: 'remote_verified',
}

export const compliance: GoldenFile = {
  service: 'compliance',
  cases: [
    // ── record_retention ───────────────────────────────────────────────────────────────────────
    {
      agent: 'record_retention',
      title: 'An AML file of a relationship ended 30 June 2015: may be destroyed on 1 July 2025',
      kind: 'positive',
      law: ['cz-253-2008-s16', 'eu-2016-679-art5'],
      worked:
        '§ 16: 10 years from the end of the relationship: 2015-06-30 + 10 years = 2025-06-30; on 2025-07-01 the period is over, and storage limitation (GDPR Art. 5(1)(e)) says destroy or anonymise.',
      input: { record_type: 'aml_identification', event_date: '2015-06-30', as_of: '2025-07-01' },
      expect: {
        verdict: 'informational',
        fields: { keep_until: '2025-06-30', may_destroy: true, retention_years: 10 },
        rules: [
          { basis: 'cz-253-2008-s16', since: '2017-01-01' },
          { basis: 'eu-2016-679-art5', outcome: 'destroy or anonymise' },
        ],
      },
    },
    {
      agent: 'record_retention',
      title: 'On the last day of the period itself the file is still kept',
      kind: 'edge',
      law: ['cz-253-2008-s16'],
      worked:
        '2016-03-15 + 10 years = 2026-03-15; on 2026-03-15 the period has not ended yet (it ends with that day).',
      input: { record_type: 'aml_identification', event_date: '2016-03-15', as_of: '2026-03-15' },
      expect: { verdict: 'informational', fields: { keep_until: '2026-03-15', may_destroy: false } },
    },
    {
      agent: 'record_retention',
      title: 'An invoice of 10 February 2024 of a quarterly VAT payer: kept until 31 March 2034',
      kind: 'negative',
      law: ['cz-235-2004-s35', 'cz-235-2004-s99'],
      worked:
        'ZDPH § 35: 10 years from the end of the tax period of the supply; a quarterly payer’s (§ 99a) period of February 2024 ends 2024-03-31 → 2034-03-31; on 2026-11-20 it may not be destroyed.',
      input: { record_type: 'vat_documents', event_date: '2024-02-10', tax_period: 'quarter' },
      expect: {
        verdict: 'informational',
        fields: { counted_from: '2024-03-31', keep_until: '2034-03-31', may_destroy: false },
        rules: [{ basis: 'cz-235-2004-s35', since: '2004-05-01' }],
      },
    },
    {
      agent: 'record_retention',
      title: 'Storage limitation judged on 24 May 2018: zákon 101/2000 Sb.',
      kind: 'edge',
      date_side: 'before',
      date_of: 'eu-2016-679-art5',
      law: ['cz-563-1991-s31', 'cz-101-2000-s5'],
      worked:
        'Accounting documents of 2017: 5 years from 2017-12-31 (§ 31) → 2022-12-31. On 2018-05-24 the GDPR did not yet apply; the same duty was in zákon 101/2000 Sb. § 5 odst. 1 písm. e).',
      input: { record_type: 'accounting_documents', event_date: '2017-06-01', as_of: '2018-05-24' },
      expect: {
        verdict: 'informational',
        fields: { keep_until: '2022-12-31', may_destroy: false },
        rules: [{ basis: 'cz-101-2000-s5', outcome: 'retention running', since: '2000-06-01' }],
        not_cited: ['eu-2016-679-art5'],
      },
    },
    {
      agent: 'record_retention',
      title: 'Storage limitation judged on 25 May 2018: the GDPR',
      kind: 'edge',
      date_side: 'after',
      date_of: 'eu-2016-679-art5',
      law: ['cz-563-1991-s31', 'eu-2016-679-art5'],
      worked:
        'The same record a day later: from 2018-05-25 Art. 5(1)(e) GDPR applies directly and is cited instead.',
      input: { record_type: 'accounting_documents', event_date: '2017-06-01', as_of: '2018-05-25' },
      expect: {
        verdict: 'informational',
        fields: { keep_until: '2022-12-31' },
        rules: [{ basis: 'eu-2016-679-art5', outcome: 'retention running', since: '2018-05-25' }],
        not_cited: ['cz-101-2000-s5'],
      },
    },
    {
      agent: 'record_retention',
      title:
        'An invoice of 15 January 2014 judged on 15 February 2024, tax_period not given: a monthly payer may destroy it, a quarterly one may not → review',
      kind: 'unrecognised',
      law: ['cz-235-2004-s35', 'cz-235-2004-s99'],
      worked:
        '§ 35: a tax document is kept 10 years from the end of the tax period of the supply. § 99–99a: the period is the calendar month unless the payer chose the quarter. A month: 2014-01-31 + 10 years = 2024-01-31, over on 2024-02-15; a quarter: 2014-03-31 + 10 years = 2024-03-31, still running. The answer turns on the tax period nobody gave → not_given names tax_period → review, not a destruction on the month assumed. With tax_period: month it is informational, may be destroyed.',
      input: { record_type: 'vat_documents', event_date: '2014-01-15', as_of: '2024-02-15' },
      expect: {
        verdict: 'review',
        fields: {
          keep_until: '2024-01-31',
          not_given: [mentions('tax_period', '2024-03-31', 'month or quarter')],
        },
        rules: [{ basis: 'cz-235-2004-s35', outcome: 'until 2024-01-31' }],
      },
    },
    {
      agent: 'record_retention',
      title:
        'An accounting document of 2 April 2019 judged on 1 February 2025, period_end not given: the calendar year lets it go, a business year may not → review',
      kind: 'unrecognised',
      law: ['cz-563-1991-s31', 'cz-563-1991-s3'],
      worked:
        '§ 31: accounting documents are kept 5 years from the end of the accounting period they relate to. § 3 odst. 2: the period is the calendar year or a business year of 12 months. The calendar year assumed: 2019-12-31 + 5 years = 2024-12-31, over on 2025-02-01; but a business year from April 2019 ends 2020-03-31, keeping the document until 2025-03-31. The answer turns on the period nobody gave → not_given names period_end → review. With period_end 2019-12-31 it is informational, may be destroyed.',
      input: { record_type: 'accounting_documents', event_date: '2019-04-02', as_of: '2025-02-01' },
      expect: {
        verdict: 'review',
        fields: {
          keep_until: '2024-12-31',
          not_given: [mentions('period_end', '2020-03-31', '2025-03-31')],
        },
        rules: [{ basis: 'cz-563-1991-s3', outcome: 'until 2024-12-31' }],
      },
    },
    {
      agent: 'record_retention',
      title: 'A record type no schedule knows (e-mails): refused, naming record_type',
      kind: 'unrecognised',
      law: [],
      worked: 'No statute on file gives e-mails as such a period; guessing one would be inventing law.',
      input: { record_type: 'emails', event_date: '2017-06-01' },
      expect: { refused: { status: 400, field: 'record_type' } },
    },
    // ── cdd_risk_scoring ───────────────────────────────────────────────────────────────────────
    {
      agent: 'cdd_risk_scoring',
      title: 'A Czech resident opening a current account in a branch: 5 points, simplified',
      kind: 'positive',
      law: ['policy-cdd-risk-factors', 'cz-253-2008-s13'],
      worked:
        'Only the product scores (current account 5); the client is declared no PEP; 5 < 20 → low → simplified due diligence (§ 13), review every 3 years.',
      input: {
        customer_type: 'person',
        countries: ['CZ'],
        pep: false,
        product: 'current_account',
        channel: 'face_to_face',
      },
      expect: {
        verdict: 'clear',
        fields: { score: 5, level: 'low', cdd_measure: 'simplified', review_years: 3, undecided: [] },
        rules: [{ basis: 'cz-253-2008-s13' }],
      },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'The same Czech resident with pep not given: still 5 points, but reviewed, not cleared',
      kind: 'edge',
      law: ['cz-253-2008-s9a', 'policy-cdd-risk-factors'],
      worked:
        '§ 9a zákona 253/2008 Sb. makes a politically exposed person a case of enhanced due diligence whatever the other factors; the table adds 40 points and forces the enhanced band. With pep not given the 5 points stand, but low (simplified, § 13) cannot be relied on: the answer names pep as undecided and is reviewed.',
      input: {
        customer_type: 'person',
        countries: ['CZ'],
        product: 'current_account',
        channel: 'face_to_face',
      },
      expect: {
        verdict: 'review',
        fields: { score: 5, level: 'low', undecided: [mentions('(pep)', 'politically exposed', '§ 9a')] },
        rules: [{ basis: 'cz-253-2008-s9a', outcome: 'not given' }],
      },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'A foreign PEP investing remotely without documented funds: 85 points, enhanced',
      kind: 'negative',
      law: ['cz-253-2008-s9a', 'policy-cdd-risk-factors'],
      worked:
        'US third country 15 + PEP 40 + investment 10 + remote verified 5 + undocumented funds 15 = 85 ≥ 50 → high; a PEP forces enhanced due diligence (§ 9a) anyway.',
      input: {
        customer_type: 'person',
        countries: ['US'],
        pep: true,
        product: 'investment',
        channel: 'remote_verified',
        source_of_funds_documented: false,
      },
      expect: {
        verdict: 'adverse',
        fields: {
          score: 85,
          level: 'high',
          cdd_measure: 'enhanced',
          mandatory_edd: ['politically exposed person'],
        },
        rules: [{ basis: 'cz-253-2008-s9a', outcome: 'PEP' }],
      },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'A company with a Kenyan link on 4 August 2025: a third country, standard due diligence',
      kind: 'edge',
      date_side: 'before',
      date_of: 'eu-2016-1675',
      law: ['eu-2016-1675', 'policy-cdd-risk-factors'],
      worked:
        'Kenya is not on the EU list in force until 4 August 2025: third country 15 + company 5 + money transfer 20 + remote verified 5 = 45 < 50 → medium, standard.',
      input: { ...KENYA, as_of: '2025-08-04' },
      expect: {
        verdict: 'review',
        fields: { score: 45, level: 'medium', cdd_measure: 'standard', mandatory_edd: [] },
        rules: [{ basis: 'eu-2016-1675', outcome: 'none listed', since: '2025-01-01' }],
      },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'The same company on 5 August 2025: Kenya listed, enhanced due diligence',
      kind: 'negative',
      date_side: 'after',
      date_of: 'eu-2016-1675',
      law: ['eu-2016-1675', 'cz-253-2008-s9a'],
      worked:
        'From 5 August 2025 Kenya is on the EU list: high-risk country 50 + 5 + 20 + 5 = 80, and business with a listed country requires enhanced due diligence (§ 9a).',
      input: { ...KENYA, as_of: '2025-08-05' },
      expect: {
        verdict: 'adverse',
        fields: {
          score: 80,
          level: 'high',
          cdd_measure: 'enhanced',
          mandatory_edd: ['high-risk third country (KE)'],
        },
        rules: [{ basis: 'eu-2016-1675', outcome: 'listed: KE', since: '2025-08-05' }],
      },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'Private banking alone: exactly 20 points is no longer low',
      kind: 'edge',
      law: ['policy-cdd-risk-factors', 'cz-253-2008-s9'],
      worked: 'Private banking 20; the low band is below 20, so 20 → medium → standard due diligence (§ 9).',
      input: {
        customer_type: 'person',
        countries: ['CZ'],
        product: 'private_banking',
        channel: 'face_to_face',
      },
      expect: { verdict: 'review', fields: { score: 20, level: 'medium', cdd_measure: 'standard' } },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'A NACE code of a division CZ-NACE does not have (04.10): refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'CZ-NACE Rev. 2 (sdělení ČSÚ 244/2007 Sb.) has divisions 01–03 and 05–09 in section A and B: there is no division 04, so the code names no activity. The sector factor (gambling, real estate, cars, jewellery …) cannot be judged, and scoring it as an ordinary sector would pass it over.',
      input: {
        customer_type: 'company',
        countries: ['CZ'],
        pep: false,
        product: 'current_account',
        channel: 'face_to_face',
        nace: '04.10',
      },
      expect: { refused: { status: 400, field: 'nace' } },
    },
    {
      agent: 'cdd_risk_scoring',
      title: 'A country code ISO 3166-1 does not know (XX): refused, naming it',
      kind: 'unrecognised',
      law: [],
      worked:
        'XX names no country, so neither the EU list nor the EEA can place it; scoring it as some third country would guess its risk.',
      input: {
        customer_type: 'person',
        countries: ['CZ', 'XX'],
        product: 'mortgage',
        channel: 'face_to_face',
      },
      expect: { refused: { status: 400, field: 'countries/1' } },
    },
    // ── document_validator ─────────────────────────────────────────────────────────────────────
    {
      agent: 'document_validator',
      title: 'The ICAO 9303 specimen passport (TD3): every check digit right, valid',
      kind: 'positive',
      law: ['icao-9303', 'cz-253-2008-s8'],
      worked:
        'Check digits by weights 7-3-1: number L898902C3 → 6, birth 740812 → 2, expiry 320415 → 3, composite 6; all as printed; valid until 2032-04-15.',
      input: {
        document_type: 'passport',
        number: 'L898902C3',
        issuing_country: 'DE',
        expiry_date: '2032-04-15',
        birth_date: '1974-08-12',
        mrz: SPECIMEN_TD3,
      },
      expect: {
        verdict: 'clear',
        fields: { status: 'valid', mrz_format: 'TD3', number_format: 'generic', days_to_expiry: 1973 },
        rules: [{ basis: 'icao-9303', outcome: 'all correct' }],
      },
    },
    {
      agent: 'document_validator',
      title: 'A Czech ID card that expired on 1 May 2025: not acceptable',
      kind: 'negative',
      law: ['cz-253-2008-s8', 'cz-269-2021'],
      worked:
        'Identification needs a valid document (§ 8); 2025-05-01 is 568 days before 2026-11-20 → expired.',
      input: {
        document_type: 'id_card',
        number: '123456789',
        issuing_country: 'CZ',
        issue_date: '2015-05-01',
        expiry_date: '2025-05-01',
      },
      expect: {
        verdict: 'adverse',
        fields: { status: 'expired', acceptable_for_kyc: false, days_to_expiry: -568, validity_years: 10 },
        rules: [{ basis: 'cz-253-2008-s8', outcome: 'expired' }],
      },
    },
    {
      agent: 'document_validator',
      title: 'An ID card expiring on the day judged: still valid',
      kind: 'edge',
      law: ['cz-253-2008-s8'],
      worked:
        'The card is valid through its expiry date: 2026-11-20 is not before 2026-11-20 → valid, 0 days left.',
      input: {
        document_type: 'id_card',
        number: '123456789',
        issuing_country: 'CZ',
        issue_date: '2016-11-20',
        expiry_date: '2026-11-20',
      },
      expect: {
        verdict: 'clear',
        fields: { status: 'valid', days_to_expiry: 0, validity_years: 10, validity_within_law: true },
      },
    },
    {
      agent: 'document_validator',
      title:
        'A Czech ID card valid for 20 years from issue: longer than the law sets for an adult’s card, reviewed',
      kind: 'edge',
      law: ['cz-269-2021', 'cz-253-2008-s8'],
      worked:
        'Zákon 269/2021 Sb. sets an adult’s občanský průkaz at 10 years (the document table on file); issued 2020-01-10, expiring 2040-01-10 is 20 years. The number has the 9-digit format and the card has not expired, but a card whose validity the law does not allow an adult is not what § 8 zákona 253/2008 Sb. verifies identity on without a look: a person checks it.',
      input: {
        document_type: 'id_card',
        number: '123456789',
        issuing_country: 'CZ',
        issue_date: '2020-01-10',
        expiry_date: '2040-01-10',
      },
      expect: {
        verdict: 'review',
        fields: {
          status: 'valid',
          validity_years: 20,
          validity_within_law: false,
          warnings: [mentions('no MRZ'), mentions('10 years')],
        },
        rules: [{ basis: 'cz-269-2021', outcome: 'longer than the law allows' }],
      },
    },
    {
      agent: 'document_validator',
      title: 'A document of a country with no format on file and no MRZ: review',
      kind: 'unrecognised',
      law: ['icao-9303'],
      worked:
        'No national number format for XX and no machine-readable zone: only the date can be checked, which proves nothing about the document.',
      input: {
        document_type: 'id_card',
        number: 'AB1234567',
        issuing_country: 'XX',
        expiry_date: '2030-01-01',
      },
      expect: {
        verdict: 'review',
        fields: { status: 'valid', number_format: 'generic', warnings: [mentions('cannot be verified')] },
      },
    },
    {
      agent: 'document_validator',
      title: 'A specimen MRZ with a wrong number check digit: refused, naming mrz',
      kind: 'negative',
      law: [],
      worked:
        'The check digit of L898902C3 is 6 (ICAO 9303 weights 7-3-1), the zone says 7: the zone was misread or altered.',
      input: {
        document_type: 'passport',
        number: 'L898902C3',
        issuing_country: 'DE',
        expiry_date: '2032-04-15',
        mrz: [SPECIMEN_TD3[0], 'L898902C37UTO7408122F3204153ZE184226B<<<<<16'],
      },
      expect: { refused: { status: 400, field: 'mrz' } },
    },
    // ── audit_report ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'audit_report',
      title: 'A quiet working morning: no findings',
      kind: 'positive',
      law: ['iso-27001-a8-15', 'policy-audit-review'],
      worked:
        'Two successful events at 10:15 and 11:40 Prague time on Wednesday 14 May 2025: inside 7:00–19:00, no privileged action, no failures.',
      input: {
        events: [
          { timestamp: '2025-05-14T08:15:00Z', actor: 'jana', action: 'screening.run', outcome: 'success' },
          { timestamp: '2025-05-14T09:40:00Z', actor: 'petr', action: 'report.view', outcome: 'success' },
        ],
      },
      expect: { verdict: 'clear', fields: { total: 2, findings: [] } },
    },
    {
      agent: 'audit_report',
      title: 'Five failed or denied logins within exactly 10 minutes: a burst',
      kind: 'negative',
      law: ['policy-audit-review'],
      worked:
        'The policy’s burst is 5 failed or denied attempts by one actor within 10 minutes; 08:00 → 08:10 is 10 minutes, inside the window.',
      input: {
        events: [
          login('2025-05-14T08:00:00Z'),
          login('2025-05-14T08:01:00Z'),
          login('2025-05-14T08:02:00Z', 'failure'),
          login('2025-05-14T08:03:00Z'),
          login('2025-05-14T08:10:00Z'),
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: { findings: [{ severity: 'high', actor: 'x-bot', finding: mentions('within 10 minutes') }] },
        rules: [{ basis: 'policy-audit-review', outcome: '1 found' }],
      },
    },
    {
      agent: 'audit_report',
      title: 'The fifth attempt one second after the window: no burst',
      kind: 'edge',
      law: ['policy-audit-review'],
      worked:
        '08:00:00 → 08:10:01 is 10 minutes 1 second, outside the 10-minute window: no burst, and failures alone are no other finding.',
      input: {
        events: [
          login('2025-05-14T08:00:00Z'),
          login('2025-05-14T08:01:00Z'),
          login('2025-05-14T08:02:00Z', 'failure'),
          login('2025-05-14T08:03:00Z'),
          login('2025-05-14T08:10:01Z'),
        ],
      },
      expect: {
        verdict: 'clear',
        fields: { findings: [] },
        rules: [{ basis: 'policy-audit-review', outcome: '0 found' }],
      },
    },
    {
      agent: 'audit_report',
      title: 'A key created on 8 May (Den vítězství): a privileged action on a public holiday',
      kind: 'edge',
      law: ['cz-245-2000', 'policy-audit-review'],
      worked:
        '8 May is a public holiday (zákon 245/2000 Sb.); key.create is privileged; privileged on a day off → high.',
      input: {
        events: [
          { timestamp: '2025-05-08T10:00:00Z', actor: 'admin', action: 'key.create', outcome: 'success' },
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: { findings: [{ severity: 'high', actor: 'admin', finding: mentions('public holiday') }] },
        rules: [{ basis: 'cz-245-2000', outcome: '1 events outside' }],
      },
    },
    {
      agent: 'audit_report',
      title: 'A timestamp in Czech notation: refused, naming the event’s field',
      kind: 'unrecognised',
      law: [],
      worked:
        '"14.05.2025 08:00" has no time zone and is no ISO 8601 date-time: the event cannot be placed in Prague time.',
      input: { events: [{ timestamp: '14.05.2025 08:00', actor: 'x', action: 'login', outcome: 'denied' }] },
      expect: { refused: { status: 400, field: 'events.0.timestamp' } },
    },
    // ── kyc ────────────────────────────────────────────────────────────────────────────────────
    {
      agent: 'kyc',
      title: 'A Czech citizen with every identification datum, no list hit and no insolvency: proceed',
      kind: 'positive',
      law: ['cz-253-2008-s5', 'cz-133-2000-s13', 'cz-182-2006-insolvency', 'cz-253-2008-s8'],
      worked:
        '§ 5 data complete; 9553210007 mod 11 = 0; the ID card valid until 2031; the recorded sanctions lists give no hit and ISIR no proceeding; no PEP list is configured and the client declares not being a PEP (pep: false) → proceed.',
      input: JANA,
      expect: {
        verdict: 'clear',
        fields: { status: 'complete', recommendation: 'proceed', insolvency: { active: false } },
        rules: [
          { basis: 'cz-253-2008-s5', outcome: 'complete' },
          { basis: 'cz-182-2006-insolvency', outcome: '0 past' },
        ],
      },
    },
    {
      agent: 'kyc',
      title: 'A person on a sanctions list (Deripaska): do not proceed',
      kind: 'negative',
      law: ['eu-269-2014', 'cz-69-2006'],
      worked:
        'Name, birth date 1968-01-02 and nationality RU match the recorded OFAC SDN entry: business with a sanctioned person is barred. No PEP declaration is given either, which the answer also names.',
      input: {
        subject_type: 'person',
        name: 'Oleg Děripaska',
        address: 'Moskva',
        birth_date: '1968-01-02',
        birth_place: 'Dzeržinsk',
        sex: 'M',
        nationality: 'RU',
        document: { type: 'passport', number: '123456789', issuing_country: 'RU', expiry_date: '2031-04-30' },
      },
      expect: {
        verdict: 'adverse',
        fields: {
          recommendation: 'do_not_proceed',
          findings: [mentions('DERIPASKA'), mentions('(pep)', 'not known')],
        },
        rules: [{ basis: 'eu-269-2014', outcome: 'hit' }],
      },
    },
    {
      agent: 'kyc',
      title: 'The same complete person with the registers not asked: review, never proceed',
      kind: 'edge',
      law: ['cz-253-2008-s5'],
      worked:
        'check_registry false: the data are complete, but no list or register was asked, so nothing says the client is clear.',
      input: { ...JANA, check_registry: false },
      expect: {
        verdict: 'review',
        fields: { status: 'complete', recommendation: 'review', insolvency: null },
      },
    },
    {
      agent: 'kyc',
      title:
        'The same complete person with no PEP list configured and no PEP declaration: reviewed, naming pep',
      kind: 'unrecognised',
      law: ['cz-253-2008-s4-5', 'cz-253-2008-s9a'],
      worked:
        '§ 9a zákona 253/2008 Sb.: a politically exposed person (§ 4 odst. 5) needs enhanced due diligence. No PEP list is configured, so only the client’s declaration can tell; none is given, so the PEP status is unknown and the level of due diligence cannot be decided: review, naming pep, never proceed on the clean identity alone.',
      input: (({ pep: _pep, ...rest }) => rest)(JANA),
      expect: {
        verdict: 'review',
        fields: {
          status: 'complete',
          recommendation: 'review',
          findings: [mentions('(pep)', 'no PEP list is configured')],
        },
        rules: [{ basis: 'cz-253-2008-s9a', outcome: 'no declaration given (pep)' }],
      },
    },
    {
      agent: 'kyc',
      title: 'A company whose name is on the OFAC list (Banco Nacional de Cuba): screened and reviewed',
      kind: 'negative',
      law: ['cz-69-2006'],
      worked:
        'Zákon 69/2006 Sb. (§ 7–8): no property may be made available to a sanctioned person, so the client company is screened by name (and IČO when given). The recorded OFAC SDN list names Banco Nacional de Cuba; OFAC does not bind a Czech person by itself and the hit is by name only, so it is a possible match a person reviews, not a freeze.',
      input: {
        subject_type: 'company',
        name: 'Banco Nacional de Cuba',
        address: 'Aguiar 456, La Habana',
        statutory_body: ['Joaquín Alonso'],
      },
      expect: {
        verdict: 'review',
        fields: { recommendation: 'review', findings: [mentions('ofac_sdn')] },
        rules: [{ basis: 'cz-69-2006', outcome: 'possible match' }],
      },
    },
    {
      agent: 'kyc',
      title: 'A company whose IČO the public register does not know: review',
      kind: 'unrecognised',
      law: ['cz-111-2009-s24', 'cz-304-2013'],
      worked:
        '12345679 passes the checksum (sum 145, check 9) but ARES has no such subject: its statutory body cannot be checked.',
      input: { subject_type: 'company', name: 'Neznámá s.r.o.', address: 'Praha', ico: '12345679' },
      expect: {
        verdict: 'review',
        fields: { status: 'mismatch', findings: ['ARES has no subject with IČO 12345679'] },
      },
    },
    {
      agent: 'kyc',
      title: 'A birth number failing its checksum: refused, naming birth_number',
      kind: 'negative',
      law: [],
      worked: '9553210008 mod 11 = 1 ≠ 0: no such birth number (zákon 133/2000 Sb. § 13).',
      input: { subject_type: 'person', name: 'Jana Nováková', birth_number: '955321/0008' },
      expect: { refused: { status: 400, field: 'birth_number' } },
    },
  ],
}
