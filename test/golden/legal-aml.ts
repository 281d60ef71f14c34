/**
 * Golden cases of the legal-AML agents: who is a politically exposed person (zákon 253/2008 Sb.,
 * § 4 odst. 5; FAÚ's reading of "vedoucí představitel územní samosprávy" as covering a mayor), what
 * a sanctions hit obliges a Czech person to do (freezing under the EU regulations, zákon 69/2006
 * Sb. and zákon 1/2023 Sb. only for a corroborated identity on an EU, UN or Czech list; OFAC/UK or
 * name-only hits reviewed), the duties of an obliged person for one transaction (§ 7, 9, 9a, 18),
 * beneficial owners against the register (zákon 37/2021 Sb.) and the § 6 indicators. The recorded
 * ČNB rate of 2026-11-20 is 24.300 CZK/EUR; the sanctions lists are the shared snapshot.
 */
import { approx, type GoldenFile, mentions } from './format.ts'

const NOW_DAY = '2026-11-20'

export const legalAml: GoldenFile = {
  service: 'legal-aml',
  cases: [
    // ── pep_screening ──────────────────────────────────────────────────────────────────────────
    {
      agent: 'pep_screening',
      title:
        'A Czech member of parliament on 2016-12-31: before domestic PEPs, reviewed for residence, not a PEP by the function',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-253-2008-s4-5',
      law: ['cz-253-2008-s4-5'],
      worked:
        'Until 31 Dec 2016 § 4 odst. 5 made a PEP of a person in a prominent function abroad or resident abroad; a function held in the Czech Republic did not make its holder a PEP by itself. The residence is not given: a person checks it (review), is_pep false.',
      input: {
        name: 'Jan Novák',
        positions: [{ function: 'poslanec Poslanecké sněmovny', country: 'CZ', start_date: '2013-10-26' }],
        as_of: '2016-12-31',
      },
      expect: {
        verdict: 'review',
        fields: {
          is_pep: false,
          review_required: true,
          edd_required: false,
          functions: [{ status: 'review', counts: false }],
        },
        rules: [{ basis: 'cz-253-2008-s4-5', outcome: 'resident abroad', since: '2008-09-01' }],
      },
    },
    {
      agent: 'pep_screening',
      title: 'The same member of parliament on 2017-01-01: a domestic PEP under zákon 368/2016 Sb.',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-253-2008-s4-5',
      law: ['cz-253-2008-s4-5'],
      worked:
        'From 1 Jan 2017 § 4 odst. 5 covers domestic functions: a sitting member of the Chamber of Deputies is a PEP, enhanced due diligence (§ 9a).',
      input: {
        name: 'Jan Novák',
        positions: [{ function: 'poslanec Poslanecké sněmovny', country: 'CZ', start_date: '2013-10-26' }],
        as_of: '2017-01-01',
      },
      expect: {
        verdict: 'review',
        fields: { is_pep: true, edd_required: true, functions: [{ status: 'pep', counts: true }] },
        rules: [{ basis: 'cz-253-2008-s4-5', outcome: 'in office', since: '2017-01-01' }],
      },
    },
    {
      agent: 'pep_screening',
      title:
        'A function given in German, "Mitglied des Bundestages für Düsseldorf": not read, so reviewed rather than passed as not public',
      kind: 'unrecognised',
      law: ['cz-253-2008-s4-5', 'policy-pep-review'],
      worked:
        '§ 4 odst. 5 písm. a) names a member of parliament, in Czechia or abroad; the function table is Czech and English, so a member of the German Bundestag written in German matches none of its words and would read as no public function. Its letters (ü) are neither Czech nor English: the agent cannot read it, so the function is reviewed with that reason and what to give (the function in Czech or English), never cleared as not public.',
      input: {
        name: 'Hans Müller',
        positions: [{ function: 'Mitglied des Bundestages für Düsseldorf', country: 'DE' }],
      },
      expect: {
        verdict: 'review',
        fields: {
          is_pep: false,
          review_required: true,
          functions: [{ status: 'review', category: null }],
        },
        rules: [{ basis: 'policy-pep-review', outcome: 'letters Czech and English do not use (ü)' }],
      },
    },
    {
      agent: 'pep_screening',
      title: 'The statute’s own words, "člen statutárního orgánu obchodní korporace ovládané státem": a PEP',
      kind: 'negative',
      law: ['cz-253-2008-s4-5'],
      worked:
        '§ 4 odst. 5 písm. a) names a member of the statutory body of a state-controlled business corporation: in office → PEP, enhanced due diligence (§ 9a).',
      input: {
        name: 'Karel Veselý',
        positions: [{ function: 'člen statutárního orgánu obchodní korporace ovládané státem' }],
      },
      expect: {
        verdict: 'review',
        fields: {
          is_pep: true,
          edd_required: true,
          functions: [{ category: mentions('state-controlled'), status: 'pep' }],
        },
      },
    },
    {
      agent: 'pep_screening',
      title: '"člen představenstva ČEZ, a. s.": a board member of a company the state controls is a PEP',
      kind: 'negative',
      law: ['cz-253-2008-s4-5'],
      worked:
        'The state holds about 70 % of ČEZ, a. s. (a majority of the votes: control); a member of its board (představenstvo, the statutory body of an a.s.) holds a function of § 4 odst. 5 písm. a).',
      input: { name: 'Jana Černá', positions: [{ function: 'člen představenstva ČEZ, a. s.' }] },
      expect: {
        verdict: 'review',
        fields: { is_pep: true, functions: [{ category: mentions('state-controlled'), status: 'pep' }] },
      },
    },
    {
      agent: 'pep_screening',
      title: '"starosta obce": a leading representative of territorial self-government, as FAÚ reads it',
      kind: 'edge',
      law: ['cz-253-2008-s4-5', 'fau-pep-guidance'],
      worked:
        '§ 4 odst. 5 names "vedoucí představitel územní samosprávy"; FAÚ’s methodology reads it to cover the head of a municipality (starosta), as well as primátor and hejtman. The reading is documented in the register (fau-pep-guidance).',
      input: { name: 'Josef Malý', positions: [{ function: 'starosta obce Horní Lhota' }] },
      expect: {
        verdict: 'review',
        fields: {
          is_pep: true,
          functions: [{ category: mentions('territorial self-government'), status: 'pep' }],
        },
        rules: [{ basis: 'fau-pep-guidance', outcome: 'in office' }],
      },
    },
    {
      agent: 'pep_screening',
      title:
        '"generální ředitel státního podniku": a PEP as the state enterprise’s statutory body, not as a general',
      kind: 'edge',
      law: ['cz-253-2008-s4-5'],
      worked:
        'The ředitel is the statutory body of a státní podnik (zákon 77/1997 Sb.): the state-controlled category. "generální" is not "generál" (the armed forces category it was read as).',
      input: { name: 'Pavel Král', positions: [{ function: 'generální ředitel státního podniku Lesy ČR' }] },
      expect: {
        verdict: 'review',
        fields: { is_pep: true, functions: [{ category: mentions('state-controlled'), status: 'pep' }] },
      },
    },
    {
      agent: 'pep_screening',
      title:
        'A head of department of a regional authority: in the public sphere, not named: reviewed, never clear',
      kind: 'unrecognised',
      law: ['policy-pep-review'],
      worked:
        '"vedoucí odboru krajského úřadu" names a public body (a regional authority) but no category of § 4 odst. 5: a person decides.',
      input: { name: 'Eva Novotná', positions: [{ function: 'vedoucí odboru krajského úřadu' }] },
      expect: {
        verdict: 'review',
        fields: { is_pep: false, review_required: true, functions: [{ status: 'review' }] },
      },
    },
    {
      agent: 'pep_screening',
      title: 'A minister who left office exactly 12 months ago: still a PEP on the last day',
      kind: 'edge',
      law: ['cz-253-2008-s4-5', 'eu-2015-849-pep'],
      worked:
        'Left on 2025-11-20; PEP status lasts 12 months (Art. 22 of the directive): until 2026-11-20, the day judged.',
      input: {
        name: 'Tomáš Dvořák',
        positions: [{ function: 'ministr zemědělství', start_date: '2021-12-17', end_date: '2025-11-20' }],
        as_of: NOW_DAY,
      },
      expect: {
        verdict: 'review',
        fields: { is_pep: true, functions: [{ pep_until: NOW_DAY, counts: true }] },
      },
    },
    {
      agent: 'pep_screening',
      title: 'A software developer: no public function, clear',
      kind: 'positive',
      law: ['cz-253-2008-s4-5'],
      worked: 'The function names no public body, office or state-controlled company.',
      input: { name: 'Jan Král', positions: [{ function: 'vývojář software' }] },
      expect: { verdict: 'clear', fields: { is_pep: false, review_required: false } },
    },
    // ── sanctions_screening ────────────────────────────────────────────────────────────────────
    {
      agent: 'sanctions_screening',
      title: 'Itziar Alberdi Uranga with her birth date: on the Czech 210/2008 list, corroborated: freeze',
      kind: 'negative',
      law: ['cz-69-2006', 'method-sanctions-match'],
      worked:
        'A binding (Czech) list, the full name and the birth date agree: a match. Funds are frozen and FAÚ notified (zákon 69/2006 Sb., § 7–8). The AML service gives the same subject CRITICAL.',
      input: { name: 'Itziar Alberdi Uranga', type: 'person', birth_date: '1963-10-07' },
      expect: {
        verdict: 'adverse',
        fields: { screening: 'match', sanctions: { level: 'CRITICAL', binding: true } },
        rules: [{ basis: 'cz-69-2006', outcome: 'freeze' }],
      },
    },
    {
      agent: 'sanctions_screening',
      title: 'Nicolas Maduro by name only: an OFAC-only, name-only hit is a possible match, not a freeze',
      kind: 'edge',
      law: ['method-foreign-sanctions', 'method-sanctions-match'],
      worked:
        'Maduro is on the OFAC SDN list only; OFAC does not bind a Czech person by itself and the name alone (no birth date) does not corroborate the identity: a possible match, reviewed, with a note that US measures matter for correspondent banking. The AML service gives the same subject MEDIUM 40.',
      input: { name: 'Nicolas Maduro', type: 'person' },
      expect: {
        verdict: 'review',
        fields: {
          screening: 'possible_match',
          sanctions: { level: 'MEDIUM', score: 40, foreign_only: true, binding: false },
          obligations: [mentions('possible match'), mentions('correspondent banking')],
        },
        rules: [{ basis: 'cz-69-2006', outcome: 'does not apply' }],
      },
    },
    {
      agent: 'sanctions_screening',
      title: 'An ordinary Czech name with a birth date: clear',
      kind: 'positive',
      law: ['method-sanctions-match'],
      worked: 'No hit at the engine threshold on any list.',
      input: { name: 'Jana Nováková', type: 'person', birth_date: '1995-03-21' },
      expect: { verdict: 'clear', fields: { screening: 'clear', sanctions: { level: 'LOW' } } },
    },
    {
      agent: 'sanctions_screening',
      title: 'A nationality that cannot be read: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'Nationality corroborates a hit; one the agent cannot place is not silently dropped.',
      input: { name: 'Jana Nováková', type: 'person', nationality: 'Atlantis' },
      expect: { refused: { status: 400, field: 'nationality' } },
    },
    {
      agent: 'sanctions_screening',
      title:
        'A person from Iran whom no list names: the AML level is MEDIUM (an EU high-risk third country), so reviewed, not clear',
      kind: 'unrecognised',
      law: ['method-sanctions-match', 'cz-253-2008-s9a', 'eu-2016-1675'],
      worked:
        'Jana Nováková, born 1995-03-21, is on no list: screening clear. Her nationality IR is on the EU list of high-risk third countries (Delegated Regulation 2016/1675), which the AML engine scores 100 in its high_risk_country module with a floor of 40 → MEDIUM (25 ≤ 40 < 50); a client established in such a country needs enhanced due diligence (zákon 253/2008 Sb., § 9a). The verdict follows the level the answer reports → review, with the level reason in sanctions.level_reason and an obligation naming it.',
      input: { name: 'Jana Nováková', type: 'person', birth_date: '1995-03-21', nationality: 'IR' },
      expect: {
        verdict: 'review',
        fields: {
          screening: 'clear',
          sanctions: { level: 'MEDIUM', score: 40, level_reason: mentions('high_risk_country: IR') },
          obligations: [mentions('sanctions.level_reason', 'enhanced due diligence', '§ 9a')],
        },
        rules: [{ basis: 'cz-253-2008-s9a', outcome: 'MEDIUM (score 40)' }],
      },
    },
    {
      agent: 'sanctions_screening',
      title: 'A placeholder for a name ("N/A"): refused, naming name, never screened clear',
      kind: 'unrecognised',
      law: ['method-sanctions-match', 'cz-69-2006'],
      worked:
        'The lists are matched by name. "N/A" (like "unknown", "neznámý", "xxx", "test") is what a form holds when nobody gave a name: no entry of any list comes close to it, so the screening would say clear (level LOW) of a subject nobody identified, and that clear would stand in the record as a screening of the client. No property may be made available to a listed person (zákon 69/2006 Sb.), which a screening of no name cannot rule out → 400 naming name and what to give (the full name as on the identity document or in the register).',
      input: { name: 'N/A', type: 'person' },
      expect: { refused: { status: 400, field: 'name' } },
    },
    {
      agent: 'sanctions_screening',
      title: 'A name with no letters ("--"): refused, naming name, never screened clear',
      kind: 'unrecognised',
      law: ['method-sanctions-match', 'cz-69-2006'],
      worked:
        'The lists are matched by name, folded across scripts and diacritics; "--" holds no letter to match, so no entry of any list can come close and the screening would say clear of a person nobody named. No property may be made available to a listed person (zákon 69/2006 Sb.), which a screening of no name cannot rule out → 400 naming name.',
      input: { name: '--', type: 'person' },
      expect: { refused: { status: 400, field: 'name' } },
    },
    // ── aml_compliance ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'aml_compliance',
      title: '50,000 CZK by a Czech client: identify, nothing more',
      kind: 'positive',
      law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
      worked:
        '50,000 / 24.300 = 2,057.61 EUR ≥ 1,000 (identification, § 7), < 15,000 (no due diligence by amount, § 9); a Czech client who is no PEP: no § 9a trigger; the client’s name is on no sanctions list.',
      input: {
        amount: 50_000,
        currency: 'CZK',
        country: 'CZ',
        pep: false,
        name: 'Jana Nováková',
        client_type: 'person',
        transaction_date: NOW_DAY,
      },
      expect: {
        verdict: 'clear',
        fields: {
          decision: 'proceed',
          amount_eur: approx(2_057.61),
          identification_required: true,
          due_diligence: 'none',
        },
      },
    },
    {
      agent: 'aml_compliance',
      title: 'Exactly 15,000 EUR, occasional: standard due diligence',
      kind: 'edge',
      law: ['cz-253-2008-s9'],
      worked: '§ 9 applies from 15,000 EUR "or more": 15,000 reaches it.',
      input: {
        amount: 15_000,
        currency: 'EUR',
        country: 'CZ',
        pep: false,
        name: 'Jana Nováková',
        transaction_date: NOW_DAY,
      },
      expect: { verdict: 'clear', fields: { decision: 'proceed_with_cdd', due_diligence: 'standard' } },
    },
    {
      agent: 'aml_compliance',
      title: 'A client from Iran on the Czech list, birth date agreeing: stop and report',
      kind: 'negative',
      law: ['cz-253-2008-s9a', 'cz-69-2006', 'cz-253-2008-s18'],
      worked:
        'Iran is an EU high-risk third country (§ 9a: enhanced); the client is on the Czech 210/2008 list with the birth date agreeing: a match, so freeze and report to FAÚ within 5 days (2026-11-25).',
      input: {
        amount: 20_000,
        currency: 'EUR',
        country: 'Iran',
        name: 'Itziar Alberdi Uranga',
        client_type: 'person',
        birth_date: '1963-10-07',
        transaction_date: NOW_DAY,
      },
      expect: {
        verdict: 'adverse',
        fields: { decision: 'stop_and_report', due_diligence: 'enhanced', report_deadline: '2026-11-25' },
      },
    },
    {
      agent: 'aml_compliance',
      title:
        'Offline, 50,000 CZK: identification and due diligence apply until the amount is shown below them',
      kind: 'edge',
      sources: 'down',
      law: ['cz-253-2008-s7', 'cz-253-2008-s9'],
      worked:
        'Without the ČNB rate the EUR thresholds cannot be checked: both duties apply (fail closed), the answer is partial.',
      input: { amount: 50_000, country: 'CZ', pep: false, name: 'Jana Nováková', transaction_date: NOW_DAY },
      expect: {
        verdict: 'incomplete',
        fields: { decision: 'proceed_with_cdd', identification_required: true, amount_eur: null },
      },
    },
    {
      agent: 'aml_compliance',
      title:
        'The same 50,000 CZK with neither the client’s country nor its PEP status given: reviewed, never proceed',
      kind: 'unrecognised',
      law: ['cz-253-2008-s9a', 'eu-2016-1675'],
      worked:
        '§ 9a zákona 253/2008 Sb.: enhanced due diligence for a politically exposed person and for a person established in a high-risk third country of the EU list (Regulation (EU) 2016/1675). With no country and no PEP status neither trigger can be ruled out, so the level of due diligence cannot be decided: the answer names both fields to give and is reviewed (enhanced_review), not proceed. The amount alone still gives identification (2,057.61 EUR ≥ 1,000, § 7). No name is given either, so the client was not screened against the sanctions lists, which the answer also says.',
      input: { amount: 50_000, currency: 'CZK', transaction_date: NOW_DAY },
      expect: {
        verdict: 'review',
        fields: {
          decision: 'enhanced_review',
          identification_required: true,
          obligations: [
            mentions('identify the client'),
            mentions('(name)', 'sanctions lists'),
            mentions('(country)', 'high-risk'),
            mentions('(pep)', 'politically exposed'),
            mentions('10 years'),
          ],
        },
        rules: [{ basis: 'cz-253-2008-s9a', outcome: 'not given: country, pep' }],
      },
    },
    {
      agent: 'aml_compliance',
      title:
        'The same 50,000 CZK by a Czech client who is no PEP, the name not given: not screened against the sanctions lists, reviewed',
      kind: 'unrecognised',
      law: ['cz-69-2006', 'eu-269-2014'],
      worked:
        'Zákon 69/2006 Sb. (§ 7–8) and the EU sanctions regulations (e.g. Regulation (EU) No 269/2014, Art. 2) forbid making funds available to a listed person, so the obliged person checks who the client is against the lists before it proceeds. With no name nobody can be looked up: the sanctions check was not made (not_checked), the answer says so and names the field to give, and it is reviewed (enhanced_review), not proceed. Identification (2,057.61 EUR ≥ 1,000, § 7) stands.',
      input: { amount: 50_000, currency: 'CZK', country: 'CZ', pep: false, transaction_date: NOW_DAY },
      expect: {
        verdict: 'review',
        fields: {
          decision: 'enhanced_review',
          identification_required: true,
          sanctions: { status: 'not_checked' },
          obligations: [
            mentions('identify the client'),
            mentions('(name)', 'not screened against the sanctions lists'),
            mentions('10 years'),
          ],
        },
        rules: [{ basis: 'cz-69-2006', outcome: 'not screened: name not given' }],
      },
    },
    {
      agent: 'aml_compliance',
      title: 'A client country that cannot be read: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked:
        'The client’s country decides enhanced due diligence (§ 9a); an unknown one is not passed over.',
      input: { amount: 50_000, country: 'Atlantis', transaction_date: NOW_DAY },
      expect: { refused: { status: 400, field: 'country' } },
    },
    // ── ubo_verification ───────────────────────────────────────────────────────────────────────
    {
      agent: 'ubo_verification',
      title: 'Two owners 60/40 as in the register extract: verified',
      kind: 'positive',
      law: ['cz-37-2021-s4-5', 'cz-253-2008-s9'],
      worked: '60 % and 40 % are both more than 25 %: both are beneficial owners, both in the extract.',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', ownership_pct: 60 },
          { name: 'Eva Malá', ownership_pct: 40 },
        ],
        esm_owners: ['Novák Jan', 'Malá Eva'],
      },
      expect: { verdict: 'clear', fields: { verified: true, discrepancies: [] } },
    },
    {
      agent: 'ubo_verification',
      title:
        'The same two owners with sanctions screening turned off by the caller: not verified, reviewed with the reason',
      kind: 'edge',
      law: ['cz-37-2021-s4-5', 'cz-69-2006', 'method-sanctions-match'],
      worked:
        'Both owners qualify (60 % and 40 % > 25 %, zákon 37/2021 Sb. § 4–5) and both are in the extract, but the caller asked not to screen them (screen_sanctions: false). Zákon 69/2006 Sb. (§ 7–8) bars making property available to a sanctioned person, so owners nobody screened are not verified owners: the answer says screening was skipped at the caller’s request and is reviewed, not verified.',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', ownership_pct: 60 },
          { name: 'Eva Malá', ownership_pct: 40 },
        ],
        esm_owners: ['Novák Jan', 'Malá Eva'],
        screen_sanctions: false,
      },
      expect: {
        verdict: 'review',
        fields: {
          verified: false,
          discrepancies: [],
          review_reasons: [mentions('skipped at the caller’s request', '(screen_sanctions: false)')],
        },
        rules: [{ basis: 'cz-69-2006', outcome: 'not screened: skipped at the caller’s request' }],
      },
    },
    {
      agent: 'ubo_verification',
      title: 'A 30 % owner missing from the register extract: a discrepancy to report',
      kind: 'negative',
      law: ['cz-37-2021-s4-5'],
      worked: '30 % > 25 %: Petr Svoboda is a beneficial owner, and the extract lacks him.',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', ownership_pct: 70 },
          { name: 'Petr Svoboda', ownership_pct: 30 },
        ],
        esm_owners: ['Jan Novák'],
      },
      expect: {
        verdict: 'review',
        fields: { verified: false, discrepancies: [mentions('Petr Svoboda', '30 %')] },
      },
    },
    {
      agent: 'ubo_verification',
      title: 'An owner of exactly 25 % left out of the extract: not a beneficial owner, no discrepancy',
      kind: 'edge',
      law: ['cz-37-2021-s4-5'],
      worked: '"More than 25 %": 25 % does not qualify, so its absence from the extract is no discrepancy.',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', ownership_pct: 75 },
          { name: 'Petr Svoboda', ownership_pct: 25 },
        ],
        esm_owners: ['Jan Novák'],
      },
      expect: {
        verdict: 'clear',
        fields: { verified: true, owners: [{ qualifies: true }, { qualifies: false, in_esm: false }] },
      },
    },
    {
      agent: 'ubo_verification',
      title:
        'Adam with 24 % through a holding he controls that holds 40 %, judged on 2022-09-30: before zákon 245/2022 Sb., assessed by a person',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-37-2021-s4-5',
      law: ['cz-37-2021-s4-5'],
      worked:
        'Adam holds 60 % of a holding that holds 40 % of the company (24 % multiplied), Bára 60 % directly. Until 30 Sep 2022 zákon 37/2021 Sb. named the beneficial owner as the "koncový příjemce" or the "osoba s koncovým vlivem", with its own rules for chains (§ 4 odst. 2–4) that are not held here: who qualifies is left to a person (qualifies null), so the declaration is not verified (review) though both names are in the extract.',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Adam Malý', ownership_pct: 24, controlled_pct: 40 },
          { name: 'Bára Velká', ownership_pct: 60 },
        ],
        esm_owners: ['Adam Malý', 'Bára Velká'],
        as_of: '2022-09-30',
      },
      expect: {
        verdict: 'review',
        fields: {
          verified: false,
          discrepancies: [],
          owners: [
            { name: 'Adam Malý', qualifies: null, in_esm: true },
            { name: 'Bára Velká', qualifies: null, in_esm: true },
          ],
          review_reasons: [mentions('2022-10-01', 'koncový příjemce')],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: 'assessed by a person', since: '2021-06-01' }],
      },
    },
    {
      agent: 'ubo_verification',
      title:
        'The same declaration judged on 2022-10-01: Adam qualifies by decisive influence in the holding, verified',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-37-2021-s4-5',
      law: ['cz-37-2021-s4-5', 'cz-253-2008-s9'],
      worked:
        'From 1 Oct 2022 § 4 odst. 1 písm. c) as amended: decisive influence (60 % of the votes) in a corporation holding 40 % > 25 % makes Adam a beneficial owner although 60 % × 40 % = 24 %; Bára’s 60 % > 25 %. Both are in the extract: verified.',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Adam Malý', ownership_pct: 24, controlled_pct: 40 },
          { name: 'Bára Velká', ownership_pct: 60 },
        ],
        esm_owners: ['Adam Malý', 'Bára Velká'],
        as_of: '2022-10-01',
      },
      expect: {
        verdict: 'clear',
        fields: {
          verified: true,
          discrepancies: [],
          review_reasons: [],
          owners: [
            { name: 'Adam Malý', qualifies: true, basis: mentions('decisive influence', '40 %') },
            { name: 'Bára Velká', qualifies: true },
          ],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: '2 of 2', since: '2022-10-01' }],
      },
    },
    {
      agent: 'ubo_verification',
      title:
        'A 60 % owner and an owner declared by name alone: the second left to a person, no statutory body named',
      kind: 'unrecognised',
      law: ['cz-37-2021-s4-5'],
      worked:
        'Bára’s 60 % > 25 % (§ 4 odst. 1): she qualifies. For Adam no share, vote, controlled holding or control is given: he may hold more than 25 %, so he is neither passed over as below 25 % nor replaced by the statutory body (§ 5 applies only when nobody qualifies) — qualifies null with the reason, not verified (review).',
      input: {
        ico: '45274649',
        declared_owners: [{ name: 'Adam Malý' }, { name: 'Bára Velká', ownership_pct: 60 }],
        esm_owners: ['Adam Malý', 'Bára Velká'],
        as_of: '2026-11-20',
      },
      expect: {
        verdict: 'review',
        fields: {
          verified: false,
          discrepancies: [],
          owners: [
            { name: 'Adam Malý', qualifies: null, basis: 'no share, vote or control given' },
            { name: 'Bára Velká', qualifies: true },
          ],
          review_reasons: [mentions('Adam Malý', 'to be assessed by a person')],
        },
        rules: [{ basis: 'cz-37-2021-s4-5', outcome: '1 of 2 qualify, to be assessed by a person: 1' }],
      },
    },
    {
      agent: 'ubo_verification',
      title: 'An IČO whose check digit is wrong: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: '12345678: the weighted sum 112 mod 11 = 2 → check digit 9.',
      input: { ico: '12345678', declared_owners: [{ name: 'Jan Novák', ownership_pct: 100 }] },
      expect: { refused: { status: 400, field: 'ico' } },
    },
    // ── suspicious_activity_rules ──────────────────────────────────────────────────────────────
    {
      agent: 'suspicious_activity_rules',
      title: 'A salary account with ordinary payments: nothing to report',
      kind: 'positive',
      law: ['cz-253-2008-s6'],
      worked: 'No § 6 indicator: no pass-through, no cash, no high-risk country, income as declared.',
      input: {
        customer: { name: 'Jana Nováková', type: 'person', declared_monthly_income: 52_000 },
        transactions: [
          {
            id: 't1',
            date: '2026-11-02',
            amount: 52_000,
            direction: 'in',
            counterparty: 'ACME s.r.o.',
            counterparty_country: 'CZ',
          },
          {
            id: 't2',
            date: '2026-11-16',
            amount: 12_000,
            direction: 'out',
            counterparty: 'SVJ Korunní',
            counterparty_country: 'CZ',
          },
        ],
      },
      expect: { verdict: 'clear', fields: { score: 0, report_required: false } },
    },
    {
      agent: 'suspicious_activity_rules',
      title: 'Pass-through to Iran and cash split below 10,000 EUR: report to FAÚ within 5 days',
      kind: 'negative',
      law: ['cz-253-2008-s6', 'cz-253-2008-s18'],
      worked:
        '1.2 M CZK in on 11-19 and 1.15 M out on 11-20 (pass-through); three cash deposits of 9,671–9,712 EUR within 4 days (just below 10,000 EUR); Iran on the EU list; 1,905,500 CZK in against 80,000 declared: 140 points → report by 2026-11-25.',
      input: {
        customer: { name: 'Vltava Trading s.r.o.', type: 'company', declared_monthly_income: 80_000 },
        transactions: [
          { id: 'c1', date: '2026-11-16', amount: 235_000, direction: 'in', cash: true },
          { id: 'c2', date: '2026-11-18', amount: 236_000, direction: 'in', cash: true },
          { id: 'c3', date: '2026-11-19', amount: 234_500, direction: 'in', cash: true },
          {
            id: 'w1',
            date: '2026-11-19',
            amount: 1_200_000,
            direction: 'in',
            counterparty: 'Orion Ltd',
            counterparty_country: 'AE',
          },
          {
            id: 'w2',
            date: NOW_DAY,
            amount: 1_150_000,
            direction: 'out',
            counterparty: 'Kish Trading',
            counterparty_country: 'IR',
          },
        ],
      },
      expect: {
        verdict: 'adverse',
        fields: { score: 140, report_required: true, report_deadline: '2026-11-25' },
        rules: [{ basis: 'cz-253-2008-s18', outcome: '2026-11-25' }],
      },
    },
    {
      agent: 'suspicious_activity_rules',
      title: 'Offline: no report on what could be checked is inconclusive, never clear',
      kind: 'edge',
      sources: 'down',
      law: ['cz-253-2008-s6'],
      worked:
        'Without the ČNB rate the amount indicators cannot be evaluated: the answer lists them and is incomplete.',
      input: {
        customer: { name: 'X Y', type: 'person', declared_monthly_income: 40_000 },
        transactions: [{ id: 'a', date: NOW_DAY, amount: 1_000, direction: 'in', cash: true }],
      },
      expect: { verdict: 'incomplete', fields: { conclusive: false, report_required: false } },
    },
    {
      agent: 'suspicious_activity_rules',
      title:
        'A transfer with no counterparty country and a client with no declared income: both indicators named as not run, incomplete',
      kind: 'unrecognised',
      law: ['cz-253-2008-s6', 'eu-2016-1675'],
      worked:
        '§ 6 zákona 253/2008 Sb. counts among suspicious transactions a turnover that does not match the client’s known income or business and a payment to or from a high-risk third country (Regulation (EU) 2016/1675). A 1,000 CZK transfer in from ACME s.r.o. with no counterparty_country cannot be placed against the EU list, and with no declared_monthly_income the inflow cannot be weighed against the income: neither indicator ran, so “nothing found” is not “nothing to find” — both are listed as unevaluated, naming the field, and the answer is incomplete, not clear. The cash deposit needs no counterparty country.',
      input: {
        customer: { name: 'X Y', type: 'person' },
        transactions: [
          { id: 'a', date: NOW_DAY, amount: 1_000, direction: 'in', counterparty: 'ACME s.r.o.' },
          { id: 'b', date: NOW_DAY, amount: 500, direction: 'in', cash: true },
        ],
      },
      expect: {
        verdict: 'incomplete',
        fields: {
          score: 0,
          report_required: false,
          conclusive: false,
          unevaluated: [
            mentions('high-risk country indicator for a', '(counterparty_country)'),
            mentions('(customer.declared_monthly_income)'),
          ],
        },
        rules: [
          { basis: 'eu-2016-1675', outcome: 'not checked for a: counterparty_country not given' },
          { basis: 'cz-253-2008-s6', outcome: 'declared_monthly_income not given' },
        ],
      },
    },
    {
      agent: 'suspicious_activity_rules',
      title:
        'A client whose name is a possible sanctions match (Maduro, OFAC only, no birth date): reviewed by a person',
      kind: 'edge',
      law: ['method-sanctions-match', 'method-foreign-sanctions', 'cz-253-2008-s6'],
      worked:
        'The lists were searched and answered: "Nicolas Maduro" is on the OFAC SDN list only and by name only, so it is a possible match, not a corroborated one (no freezing, no strong indicator) — the check was made, and what it found needs a person to compare the identifiers. Review, not incomplete.',
      input: {
        customer: { name: 'Nicolas Maduro', type: 'person', declared_monthly_income: 40_000 },
        transactions: [{ id: 'a', date: NOW_DAY, amount: 1_000, direction: 'in', cash: true }],
      },
      expect: {
        verdict: 'review',
        fields: { report_required: false, conclusive: true, unevaluated: [] },
      },
    },
    {
      agent: 'suspicious_activity_rules',
      title: 'A counterparty country that cannot be read: refused, naming the item',
      kind: 'unrecognised',
      law: [],
      worked:
        'Payments to high-risk countries are an indicator; a country the agent cannot place is not passed over.',
      input: {
        customer: { name: 'X Y', type: 'person' },
        transactions: [
          { id: 'a', date: NOW_DAY, amount: 1_000, direction: 'out', counterparty_country: 'Atlantis' },
        ],
      },
      expect: { refused: { status: 400, field: 'transactions/0/counterparty_country' } },
    },
  ],
}
