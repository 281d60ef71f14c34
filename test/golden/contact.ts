/**
 * Golden cases of the contact agents: the Internet standards an address or a vCard must meet (RFC
 * 5321, 5322, 7505, 2142, 1035, 6350), telephone numbers by ITU-T E.164 and the Czech numbering plan
 * (ČTÚ), number portability (zákon 127/2005 Sb.), Czech academic titles (zákon 111/1998 Sb., 561/2004
 * Sb.), the legal forms and bodies of companies (zákon 90/2012 Sb., občanský zákoník § 450), the
 * GDPR on a named person's contact data, and Gatehouse's documented tables and methods. Every case
 * runs offline (no DNS lookup).
 */
import { type GoldenFile, mentions } from './format.ts'

const COLLEAGUES = [
  { name: 'Petra Nováková', email: 'petra.novakova@firma.cz' },
  { name: 'Tomáš Svoboda', email: 'tomas.svoboda@firma.cz' },
]

export const contact: GoldenFile = {
  service: 'contact',
  cases: [
    // ── phone_normalizer ───────────────────────────────────────────────────────────────────────
    {
      agent: 'phone_normalizer',
      title: 'A Czech mobile written with the 00 prefix and a slash: +420602123456',
      kind: 'edge',
      law: ['itu-e164', 'cz-ctu-numbering-plan'],
      worked:
        '"00" is the international prefix, so 00420 is +420; the Czech plan is closed, 9 digits after +420 with no trunk 0: 602 123 456 → E.164 +420602123456.',
      input: { phone: '00420 602/123 456' },
      expect: {
        verdict: 'clear',
        fields: { e164: '+420602123456', country: 'CZ', national_number: '602123456', valid: true },
        rules: [{ basis: 'cz-ctu-numbering-plan', outcome: '9 digits', since: '2002-09-22' }],
      },
    },
    {
      agent: 'phone_normalizer',
      title: 'A Czech number of 5 digits: not valid for its country',
      kind: 'negative',
      law: ['cz-ctu-numbering-plan'],
      worked: '+420 601 23 has 5 national digits; the Czech plan has 9 → not valid.',
      input: { phone: '+420 601 23' },
      expect: { verdict: 'adverse', fields: { valid: false, national_number: '60123' } },
    },
    {
      agent: 'phone_normalizer',
      title: 'A number under +882 (an international network, no country): review, never valid',
      kind: 'unrecognised',
      law: ['itu-e164'],
      worked:
        'E.164 gives +882 to international networks, not to a country: there is no national plan to check 3456 7890 against, so a person looks.',
      input: { phone: '+882 3456 7890' },
      expect: {
        verdict: 'review',
        fields: { country: null, country_calling_code: '882' },
        rules: [{ basis: 'itu-e164', outcome: 'review' }],
      },
    },
    // ── phone_classifier ───────────────────────────────────────────────────────────────────────
    {
      agent: 'phone_classifier',
      title: 'A mobile from an O2 (Eurotel) block, ported perhaps since 2006',
      kind: 'positive',
      law: ['cz-ctu-numbering-plan', 'cz-127-2005-s34'],
      worked:
        '602 is a mobile range of the Czech plan, first allocated to Eurotel (today O2); since mobile portability (15 Jan 2006, § 34) the number may be served by another operator.',
      input: { phone: '+420 602 123 456' },
      expect: {
        verdict: 'clear',
        fields: { type: 'mobile', can_receive_sms: true, czech: { matched_prefix: '602' } },
        rules: [{ basis: 'cz-127-2005-s34', since: '2006-01-15' }],
      },
    },
    {
      agent: 'phone_classifier',
      title: 'A 602 mobile on 2006-01-14, the day before mobile portability: the block holder serves it',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-127-2005-s34',
      law: ['cz-ctu-numbering-plan', 'cz-127-2005-s34'],
      worked:
        'Mobile numbers became portable between operators on 15 Jan 2006 (ČTÚ under § 34 zákona 127/2005 Sb.): the day before, a number in the 602 block allocated to Eurotel is served by Eurotel.',
      now: '2006-01-14T10:00:00Z',
      input: { phone: '+420 602 123 456' },
      expect: {
        verdict: 'clear',
        fields: { type: 'mobile', czech: { matched_prefix: '602', original_operator: mentions('Eurotel') } },
        rules: [{ basis: 'cz-127-2005-s34', outcome: 'operator is the block holder', since: '2005-05-01' }],
      },
    },
    {
      agent: 'phone_classifier',
      title: 'A 602 mobile on 2006-01-15, the day mobile portability began: perhaps ported',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-127-2005-s34',
      law: ['cz-ctu-numbering-plan', 'cz-127-2005-s34'],
      worked:
        'From 15 Jan 2006 a subscriber may take the number to another operator (§ 34): Eurotel is only the block’s original holder.',
      now: '2006-01-15T10:00:00Z',
      input: { phone: '+420 602 123 456' },
      expect: {
        verdict: 'clear',
        fields: { type: 'mobile' },
        rules: [{ basis: 'cz-127-2005-s34', outcome: 'original block holder only', since: '2006-01-15' }],
      },
    },
    {
      agent: 'phone_classifier',
      title: 'A +420 number on 2002-09-21, before the closed 9-digit plan: review, its ranges are not held',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-ctu-numbering-plan',
      law: ['cz-ctu-numbering-plan'],
      worked:
        'The closed 9-digit plan without the trunk prefix 0 started on 22 Sep 2002; the day before, Czech numbers followed the earlier plan (area codes of varying length), which the agent does not hold: the type is unknown, reviewed, never read from today’s ranges.',
      now: '2002-09-21T10:00:00Z',
      input: { phone: '+420 541 123 456' },
      expect: {
        verdict: 'review',
        fields: { type: 'unknown', czech: null },
        rules: [{ basis: 'cz-ctu-numbering-plan', outcome: 'before the plan', since: '2002-09-22' }],
      },
    },
    {
      agent: 'phone_classifier',
      title: 'The same +420 number on 2002-09-22, the plan’s first day: a Brno landline',
      kind: 'edge',
      date_side: 'after',
      date_of: 'cz-ctu-numbering-plan',
      law: ['cz-ctu-numbering-plan'],
      worked: 'From 22 Sep 2002 the 9-digit plan applies: 54x is the historical Brno area, a landline.',
      now: '2002-09-22T10:00:00Z',
      input: { phone: '+420 541 123 456' },
      expect: {
        verdict: 'clear',
        fields: { type: 'landline', czech: { matched_prefix: '54' } },
        rules: [{ basis: 'cz-ctu-numbering-plan', since: '2002-09-22' }],
      },
    },
    {
      agent: 'phone_classifier',
      title: 'A premium-rate 900 number: it costs the caller extra',
      kind: 'edge',
      law: ['cz-ctu-numbering-plan'],
      worked: '90x is the Czech premium-rate range: the provider sets the price of the call.',
      input: { phone: '900 123 456' },
      expect: {
        verdict: 'clear',
        fields: { type: 'premium_rate', costs_caller_extra: true, can_receive_sms: false },
      },
    },
    {
      agent: 'phone_classifier',
      title: 'A Czech number of 10 digits: not valid',
      kind: 'negative',
      law: ['method-libphonenumber'],
      worked: '+420 606 123 4567 has 10 national digits, one more than the Czech plan allows.',
      input: { phone: '+420 606 123 4567' },
      expect: { verdict: 'adverse', fields: { valid: false } },
    },
    {
      agent: 'phone_classifier',
      title: 'A +800 freephone of no country: review, the national plan is unknown',
      kind: 'unrecognised',
      law: ['itu-e164'],
      worked: '+800 is the ITU universal freephone code, shared by no country: no national plan types it.',
      input: { phone: '+800 1234 5678' },
      expect: { verdict: 'review', fields: { country: null } },
    },
    // ── name_parser ────────────────────────────────────────────────────────────────────────────
    {
      agent: 'name_parser',
      title: 'doc. Ing. Jana Nováková, Ph.D., MBA: titles on both sides, female by -ová',
      kind: 'positive',
      law: ['cz-111-1998-titles', 'ujc-name-gender'],
      worked:
        'doc. and Ing. go before the name (§ 45–46, § 70–73), Ph.D. after it (§ 47), MBA is a foreign title written after; the surname ends in -ová → female.',
      input: { name: 'doc. Ing. Jana Nováková, Ph.D., MBA' },
      expect: {
        verdict: 'informational',
        fields: {
          titles_before: ['doc.', 'Ing.'],
          titles_after: ['Ph.D.', 'MBA'],
          given_names: ['Jana'],
          surname: 'Nováková',
          gender: 'female',
        },
      },
    },
    {
      agent: 'name_parser',
      title: 'Surname first with a comma: Dvořák, Jiří',
      kind: 'edge',
      law: ['ujc-name-gender'],
      worked: 'A comma after one word puts the surname first; Jiří ends in -í, a male declension.',
      input: { name: 'Dvořák, Jiří' },
      expect: {
        verdict: 'informational',
        fields: { given_names: ['Jiří'], surname: 'Dvořák', gender: 'male', formatted: 'Jiří Dvořák' },
      },
    },
    {
      agent: 'name_parser',
      title: 'Titles and no name: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: '"Ing. Ph.D." are two titles; there is no given name or surname to parse.',
      input: { name: 'Ing. Ph.D.' },
      expect: { refused: { status: 400, field: 'name' } },
    },
    {
      agent: 'name_parser',
      title: 'A name that is not Czech is still split, its gender read only as grammar',
      kind: 'negative',
      law: ['ujc-name-gender'],
      worked:
        'Nikola ends in -a, the female declension in Czech; the register says the gender is grammatical, not a fact about the person.',
      input: { name: 'Nikola Tesla' },
      expect: { verdict: 'informational', fields: { surname: 'Tesla', gender: 'female' } },
    },
    // ── disposable_email_check ─────────────────────────────────────────────────────────────────
    {
      agent: 'disposable_email_check',
      title: 'A subdomain of a throw-away service is disposable',
      kind: 'negative',
      law: ['list-mailchecker'],
      worked: 'abc.mailinator.com is a subdomain of mailinator.com, which the mailchecker list names.',
      input: { email: 'test@abc.mailinator.com' },
      expect: { verdict: 'adverse', fields: { disposable: true, matched_domain: 'mailinator.com' } },
    },
    {
      agent: 'disposable_email_check',
      title: 'seznam.cz is free mail, not throw-away',
      kind: 'edge',
      law: ['list-mailchecker', 'method-email-rules'],
      worked:
        'A free-mail provider keeps the mailbox: not on the throw-away list, but on the free-mail list.',
      input: { domain: 'seznam.cz' },
      expect: { verdict: 'clear', fields: { disposable: false, free_mail: true } },
    },
    {
      agent: 'disposable_email_check',
      title: 'Text that is no address: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'An address is local-part@domain (RFC 5322 § 3.4.1); "not-an-email" has no @.',
      input: { email: 'not-an-email' },
      expect: { refused: { status: 400, field: 'email' } },
    },
    // ── email_verifier ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'email_verifier',
      title: 'Two dots in a row in the local part: invalid',
      kind: 'negative',
      law: ['rfc-5321', 'rfc-5322'],
      worked: 'A dot-atom joins atext by single dots (RFC 5322 § 3.2.3): "jan..novak" has an empty segment.',
      input: { email: 'jan..novak@firma.cz', check_mx: false },
      expect: { verdict: 'adverse', fields: { result: 'invalid', reason: mentions('empty dot segment') } },
    },
    {
      agent: 'email_verifier',
      title: 'A role mailbox at a throw-away domain: disposable',
      kind: 'edge',
      law: ['list-mailchecker', 'rfc-2142'],
      worked: 'mailinator.com is on the throw-away list; info is a role mailbox of RFC 2142 (general).',
      input: { email: 'info@mailinator.com', check_mx: false },
      expect: {
        verdict: 'adverse',
        fields: { result: 'disposable', checks: { disposable: true, role_mailbox: 'general' } },
      },
    },
    {
      agent: 'email_verifier',
      title: 'A well-formed address whose domain was not looked up: incomplete, never valid',
      kind: 'unrecognised',
      law: ['rfc-5321', 'rfc-5322'],
      worked:
        'Syntax passes, but without the MX lookup (RFC 5321 § 5.1) nothing says the domain takes mail, and the mailbox is never probed: result unknown.',
      input: { email: 'jan.novak@firma.cz', check_mx: false },
      expect: { verdict: 'incomplete', fields: { result: 'unknown', checks: { mail_domain: 'unchecked' } } },
    },
    // ── email_pattern_inference ────────────────────────────────────────────────────────────────
    {
      agent: 'email_pattern_inference',
      title: 'Two colleagues follow first.last; the info@ mailbox is left out',
      kind: 'positive',
      law: ['method-email-rules', 'rfc-2142'],
      worked:
        'jiri.dvorak and petra.novakova are {first}.{last} without diacritics (2 of 2); info@ is a role mailbox (RFC 2142), no person’s pattern.',
      input: {
        domain: 'firma.cz',
        examples: [
          { name: 'Ing. Jiří Dvořák', email: 'jiri.dvorak@firma.cz' },
          { name: 'Petra Nováková', email: 'petra.novakova@firma.cz' },
          { name: 'Recepce', email: 'info@firma.cz' },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: { best: 'first.last', examples_used: 2, ignored: [{ email: 'info@firma.cz' }] },
      },
    },
    {
      agent: 'email_pattern_inference',
      title: 'One of two addresses follows no pattern: flast at low confidence',
      kind: 'edge',
      law: ['method-email-rules'],
      worked: 'tsvoboda = {f}{last}; "kaja" for Karel Malý is a nickname: 1 of 2 → flast, share 0.5, low.',
      input: {
        domain: 'stavby-brno.cz',
        examples: [
          { name: 'Tomáš Svoboda', email: 'tsvoboda@stavby-brno.cz' },
          { name: 'Karel Malý', email: 'kaja@stavby-brno.cz' },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: { best: 'flast', confidence: 'low', unmatched: ['kaja@stavby-brno.cz'] },
      },
    },
    {
      agent: 'email_pattern_inference',
      title: 'No example follows a known pattern: incomplete, no guess',
      kind: 'unrecognised',
      law: ['method-email-rules'],
      worked: '"kaja" is neither first, last nor any combination of Karel Malý: no pattern can be learnt.',
      input: { domain: 'firma.cz', examples: [{ name: 'Karel Malý', email: 'kaja@firma.cz' }] },
      expect: { verdict: 'incomplete', fields: { best: null, confidence: 'none' } },
    },
    {
      agent: 'email_pattern_inference',
      title: 'Only a role mailbox: nothing to learn from',
      kind: 'negative',
      law: ['rfc-2142'],
      worked: 'sales@ names a function (RFC 2142), not a person: it is ignored and no pattern follows.',
      input: { domain: 'firma.cz', examples: [{ name: 'Obchod', email: 'sales@firma.cz' }] },
      expect: { verdict: 'incomplete', fields: { best: null, examples_used: 0 } },
    },
    // ── role_classifier ────────────────────────────────────────────────────────────────────────
    {
      agent: 'role_classifier',
      title: 'A jednatel is a statutory body: a decision maker',
      kind: 'positive',
      law: ['method-role-keywords', 'cz-90-2012-bodies'],
      worked:
        'The jednatel is the statutory body of an s.r.o. (§ 194): owner or statutory seniority, management.',
      input: { title: 'Jednatel a obchodní ředitel' },
      expect: {
        verdict: 'informational',
        fields: { department: 'management', seniority: 'owner_or_statutory', decision_maker: true },
      },
    },
    {
      agent: 'role_classifier',
      title: 'A prokurista acts for the business: a decision maker',
      kind: 'edge',
      law: ['cz-89-2012-s450'],
      worked: 'Prokura authorises all legal acts of running the business (OZ § 450), though it is no body.',
      input: { title: 'Prokurista' },
      expect: { verdict: 'informational', fields: { decision_maker: true, seniority: 'owner_or_statutory' } },
    },
    {
      agent: 'role_classifier',
      title: 'A shared invoicing mailbox: finance, and no person',
      kind: 'negative',
      law: ['rfc-2142'],
      worked: 'fakturace@ is a role mailbox of the finance function; a mailbox is no decision maker.',
      input: { email: 'fakturace@firma.cz' },
      expect: {
        verdict: 'informational',
        fields: { department: 'finance', role_mailbox: true, decision_maker: false },
      },
    },
    {
      agent: 'role_classifier',
      title: 'A title no table knows ("Astronaut"): incomplete, never a guess',
      kind: 'unrecognised',
      law: ['method-role-keywords'],
      worked: 'No department or seniority keyword matches: both unknown.',
      input: { title: 'Astronaut' },
      expect: { verdict: 'incomplete', fields: { department: 'unknown', seniority: 'unknown' } },
    },
    // ── domain_guesser ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'domain_guesser',
      title: 'Stavby Brno, s.r.o.: the legal form dropped, three .cz candidates',
      kind: 'positive',
      law: ['cz-90-2012-names', 'rfc-1035'],
      worked:
        'The firm carries its legal form (§ 132); the domain does not. "Stavby Brno" → stavbybrno.cz, stavby-brno.cz, stavby.cz (letters, digits and hyphens only).',
      input: { name: 'Stavby Brno, s.r.o.', tlds: ['cz'], check_dns: false },
      expect: {
        verdict: 'informational',
        fields: {
          core_name: 'Stavby Brno',
          removed_legal_forms: ['s.r.o.'],
          candidates: [{ domain: 'stavbybrno.cz' }, { domain: 'stavby-brno.cz' }, { domain: 'stavby.cz' }],
        },
      },
    },
    {
      agent: 'domain_guesser',
      title: 'Diacritics are dropped: .cz takes no accented names',
      kind: 'edge',
      law: ['cznic-rules'],
      worked: 'Pražská energetika → prazskaenergetika.cz: the .cz rules allow a–z, 0–9 and hyphens only.',
      input: { name: 'Pražská energetika a.s.', tlds: ['cz'], check_dns: false },
      expect: {
        verdict: 'informational',
        fields: { removed_legal_forms: ['a.s.'], candidates: [{ domain: 'prazskaenergetika.cz' }, {}, {}] },
      },
    },
    {
      agent: 'domain_guesser',
      title: 'A name that is only a legal form: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: '"s.r.o." is the legal form alone (§ 132): there is no name to make a domain of.',
      input: { name: 's.r.o.', check_dns: false },
      expect: { refused: { status: 400, field: 'name' } },
    },
    {
      agent: 'domain_guesser',
      title: 'Without a DNS lookup no domain is called the best',
      kind: 'negative',
      law: ['rfc-5321'],
      worked:
        'Which candidate exists and takes mail (MX, RFC 5321 § 5.1) is not known offline: best is null.',
      input: { name: 'Firma s.r.o.', tlds: ['cz'], check_dns: false },
      expect: { verdict: 'informational', fields: { best: null } },
    },
    // ── email_finder ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'email_finder',
      title: 'Learns first.last from two colleagues: jiri.dvorak@firma.cz first',
      kind: 'positive',
      law: ['method-email-rules', 'eu-2016-679-art6', 'eu-2016-679-art14'],
      worked:
        'Both known addresses are {first}.{last}: Ing. Jiří Dvořák, Ph.D. → jiri.dvorak@firma.cz ranks first (titles and diacritics dropped, RFC 5322 atext is ASCII). A named person’s work address is personal data: a lawful basis and notice within a month (GDPR Art. 6, 14).',
      input: {
        name: 'Ing. Jiří Dvořák, Ph.D.',
        domain: 'https://www.firma.cz/kontakty',
        known_emails: COLLEAGUES,
        limit: 3,
        check_mx: false,
      },
      expect: {
        verdict: 'informational',
        fields: {
          domain: 'firma.cz',
          candidates: [{ email: 'jiri.dvorak@firma.cz', rank: 1 }, {}, {}],
        },
        rules: [{ basis: 'eu-2016-679-art14' }],
      },
    },
    {
      agent: 'email_finder',
      title: 'No known addresses: the common patterns, each said not to be observed',
      kind: 'edge',
      law: ['method-email-rules'],
      worked: 'Nothing learnt at stavby-brno.cz: first.last, then flast, by their general frequency.',
      input: { name: 'Lucie Černá', domain: 'stavby-brno.cz', limit: 2, check_mx: false },
      expect: {
        verdict: 'informational',
        fields: {
          candidates: [
            { email: 'lucie.cerna@stavby-brno.cz', basis: mentions('not observed') },
            { email: 'lcerna@stavby-brno.cz' },
          ],
        },
      },
    },
    {
      agent: 'email_finder',
      title: 'A title and no name: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: 'A pattern needs a given name and a surname; "Ing." is a title.',
      input: { name: 'Ing.', domain: 'firma.cz', check_mx: false },
      expect: { refused: { status: 400, field: 'name' } },
    },
    {
      agent: 'email_finder',
      title: 'The domain is not looked up offline: no candidate is called deliverable',
      kind: 'negative',
      law: ['rfc-5321'],
      worked:
        'Whether firma.cz takes mail is its MX (RFC 5321 § 5.1), unknown offline: deliverable_domain null.',
      input: { name: 'Jan Novák', domain: 'firma.cz', limit: 1, check_mx: false },
      expect: {
        verdict: 'informational',
        fields: { mail_domain: 'unchecked', candidates: [{ deliverable_domain: null }] },
      },
    },
    // ── contact_dedup ──────────────────────────────────────────────────────────────────────────
    {
      agent: 'contact_dedup',
      title: 'One person entered three times: by e-mail case and by phone format',
      kind: 'positive',
      law: ['rfc-5321', 'itu-e164', 'eu-2016-679-art5'],
      worked:
        'Jiri.Dvorak@ and jiri.dvorak@ at firma.cz are one address once case-folded (treated as one, as providers do, though RFC 5321 lets the host decide); 602 123 456 and +420602123456 are one E.164 number → contacts 0, 1, 2 are one person; Petra stays apart.',
      input: {
        contacts: [
          { name: 'Ing. Jiří Dvořák', email: 'Jiri.Dvorak@firma.cz', phone: '602 123 456' },
          { name: 'Jiri Dvorak', email: 'jiri.dvorak@firma.cz' },
          { name: 'J. Dvořák', phone: '+420602123456', organization: 'Firma s.r.o.' },
          { name: 'Petra Nováková', email: 'petra.novakova@firma.cz' },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: { unique_count: 2, duplicates_found: 2, groups: [{ members: [0, 1, 2] }] },
      },
    },
    {
      agent: 'contact_dedup',
      title: 'The same name at two different companies: two people',
      kind: 'negative',
      law: ['method-contact-matching'],
      worked: 'A name alone links only with the same organisation or e-mail domain: A s.r.o. ≠ B s.r.o.',
      input: {
        contacts: [
          { name: 'Jan Novák', organization: 'A s.r.o.' },
          { name: 'Jan Novák', organization: 'B s.r.o.' },
        ],
      },
      expect: { verdict: 'informational', fields: { duplicates_found: 0, groups: [] } },
    },
    {
      agent: 'contact_dedup',
      title: 'Gmail ignores dots and +tags: one address',
      kind: 'edge',
      law: ['method-contact-matching'],
      worked: 'lucie.cerna+crm@gmail.com and luciecerna@gmail.com reach one Gmail mailbox.',
      input: {
        contacts: [
          { name: 'Lucie Černá', email: 'lucie.cerna+crm@gmail.com' },
          { name: 'Lucie Cerna', email: 'luciecerna@gmail.com' },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          duplicates_found: 1,
          groups: [{ links: [{ rule: 'same_email', key: 'luciecerna@gmail.com' }] }],
        },
      },
    },
    {
      agent: 'contact_dedup',
      title: 'A contact with only a note: incomplete, it cannot be compared',
      kind: 'unrecognised',
      law: [],
      worked: 'Contact 0 has no name, e-mail, phone or IČO: whether it duplicates another cannot be told.',
      input: { contacts: [{ note: 'volal ve středu' }, { name: 'Jan Novák' }] },
      expect: { verdict: 'incomplete', fields: { not_comparable: [0] } },
    },
    // ── contact_search ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'contact_search',
      title: '"dvorak" finds Dvořák without diacritics, not Dvořáček when not fuzzy',
      kind: 'positive',
      law: ['method-text-search'],
      worked:
        'Folded, Dvořák is "dvorak"; "dvoracek" begins with "dvora", not "dvorak", so it is no prefix match.',
      input: {
        query: 'dvorak',
        contacts: [
          { name: 'Ing. Jiří Dvořák', organization: 'Firma s.r.o.' },
          { name: 'Petra Nováková', organization: 'Firma s.r.o.' },
          { name: 'Tomáš Dvořáček', organization: 'Stavby Brno, s.r.o.' },
        ],
        fuzzy: false,
      },
      expect: {
        verdict: 'informational',
        fields: { total: 1, hits: [{ index: 0, matched_fields: ['name'] }] },
      },
    },
    {
      agent: 'contact_search',
      title: 'A typo within the edit distance: "stavbi" finds Stavby',
      kind: 'edge',
      law: ['method-text-search'],
      worked: '"stavbi" is one edit from "stavby" (6 letters × 0.2 = 1.2 allowed).',
      input: {
        query: 'stavbi brno',
        contacts: [
          { name: 'Tomáš Svoboda', organization: 'Stavby Brno, s.r.o.' },
          { name: 'Lucie Černá', organization: 'Reality Praha a.s.' },
        ],
      },
      expect: { verdict: 'informational', fields: { total: 1, hits: [{ index: 0 }] } },
    },
    {
      agent: 'contact_search',
      title: 'Nothing matches: no hits',
      kind: 'negative',
      law: ['method-text-search'],
      worked: '"zzz" is no prefix of and no edit away from any word of the contacts.',
      input: { query: 'zzz', contacts: [{ name: 'Tomáš Svoboda' }] },
      expect: { verdict: 'informational', fields: { total: 0, hits: [] } },
    },
    {
      agent: 'contact_search',
      title: 'A query of punctuation alone: refused, naming the field',
      kind: 'unrecognised',
      law: [],
      worked: '"!!!" folds to nothing: no contact could match it.',
      input: { query: '!!!', contacts: [{ name: 'A' }] },
      expect: { refused: { status: 400, field: 'query' } },
    },
    // ── vcard_export ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'vcard_export',
      title: 'Titles into N, the phone as a tel: URI, the comma escaped',
      kind: 'positive',
      law: ['rfc-6350'],
      worked:
        'N is surname;given;additional;prefixes;suffixes → Nováková;Jana;;Ing.;Ph.D.; the comma in FN is escaped as \\,; TEL takes tel:+420602123456.',
      input: {
        contacts: [
          {
            name: 'Ing. Jana Nováková, Ph.D.',
            email: 'jana.novakova@firma.cz',
            phone: '602 123 456',
            organization: 'Firma s.r.o.',
          },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          issues: [],
          vcard: mentions(
            'N:Nováková;Jana;;Ing.;Ph.D.',
            'FN:Ing. Jana Nováková\\, Ph.D.',
            'tel:+420602123456',
          ),
        },
      },
    },
    {
      agent: 'vcard_export',
      title: 'Semicolons and commas in a note are escaped',
      kind: 'edge',
      law: ['rfc-6350'],
      worked: 'In a text value , ; and \\ are escaped (RFC 6350 § 3.4): "a, b; c" → a\\, b\\; c.',
      input: { contacts: [{ name: 'Jan Novák', note: 'a, b; c' }] },
      expect: { verdict: 'informational', fields: { vcard: mentions('NOTE:a\\, b\\; c') } },
    },
    {
      agent: 'vcard_export',
      title: 'A postcode that does not exist: the address kept as one line, for review',
      kind: 'unrecognised',
      law: ['ruian-psc'],
      worked:
        'PSČ 999 99 is no postcode of RÚIAN: the address cannot be split into ADR parts, so it is kept whole and flagged.',
      input: { contacts: [{ name: 'Lucie Černá', address: 'Nádražní 12, 999 99 Nikde' }] },
      expect: {
        verdict: 'review',
        fields: { issues: [{ index: 0, field: 'address', issue: mentions('999 99') }] },
      },
    },
    {
      agent: 'vcard_export',
      title: 'A phone number that is not valid: left out, for review',
      kind: 'negative',
      law: [],
      worked: '"12" is no valid number for the Czech plan: a card must not carry it as a tel: URI.',
      input: { contacts: [{ name: 'Jan Novák', phone: '12' }] },
      expect: { verdict: 'review', fields: { issues: [{ field: 'phone', issue: mentions('left out') }] } },
    },
    // ── contact_enrichment ─────────────────────────────────────────────────────────────────────
    {
      agent: 'contact_enrichment',
      title: 'Name, mobile and job title completed; the GDPR duties said',
      kind: 'positive',
      law: ['cz-111-1998-titles', 'eu-2016-679-art6', 'eu-2016-679-art14'],
      worked:
        'Mgr. is a title before the name (§ 46); 731 is a Czech mobile range; "Finanční ředitelka" is finance. The contact of a named person is personal data (GDPR Art. 6, 14).',
      input: {
        name: 'Mgr. Petra Nováková',
        phone: '+420 731 234 567',
        title: 'Finanční ředitelka',
        check_mx: false,
      },
      expect: {
        verdict: 'informational',
        fields: {
          person: { titles_before: ['Mgr.'], gender: 'female' },
          phone: { type: 'mobile' },
          role: { department: 'finance' },
        },
      },
    },
    {
      agent: 'contact_enrichment',
      title: 'A phone that is not valid: the contact goes to review',
      kind: 'negative',
      law: ['method-libphonenumber'],
      worked: '+420 601 23 has 5 digits of the 9 the Czech plan needs: the phone part is adverse.',
      input: { name: 'Jan Novák', phone: '+420 601 23', check_mx: false },
      expect: { verdict: 'review', fields: { phone: { valid: false } } },
    },
    {
      agent: 'contact_enrichment',
      title: 'A phone of no country: review, its plan is unknown',
      kind: 'unrecognised',
      law: ['itu-e164'],
      worked: '+882 is an international network code (E.164): no national plan to classify the number.',
      input: { phone: '+882 3456 7890', check_mx: false },
      expect: { verdict: 'review', fields: { phone: { country: null } } },
    },
    {
      agent: 'contact_enrichment',
      title: 'Only a name: parsed, nothing else to complete',
      kind: 'edge',
      law: ['ujc-name-gender'],
      worked: 'Without an e-mail, phone, title, address or IČO only the name parser runs.',
      input: { name: 'Jan Novák', check_mx: false },
      expect: {
        verdict: 'informational',
        fields: { person: { surname: 'Novák' }, email: null, phone: null, company: null },
      },
    },
  ],
}
