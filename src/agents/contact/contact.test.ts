import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DnsTestServer, startDnsServer } from '../../../test/agents/dns-server.ts'
import { dnsAt, failure, run, testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import { startReplay } from '../../../test/sources/replay.ts'
import { replayDeps, SOURCE_ROUTES } from '../../../test/sources/routes.ts'
import type { ResultNamed } from '../index.ts'
import { agents } from '../index.ts'
import type { SourceStatus } from '../result.ts'
import { contactAgents } from './index.ts'

// The whole catalogue: contact agents compose others (data/address_normalizer, data/ares_lookup).
const d = testDispatcher(agents)
const ex = (name: string, i: number) => contactAgents.find((a) => a.name === name)!.examples[i]!.input
let dns: DnsTestServer
let online: ReturnType<typeof testDispatcher>

beforeAll(async () => {
  dns = await startDnsServer({
    'firma.cz': { mx: [{ priority: 10, exchange: 'mx1.firma.cz' }] },
    'jen-web.cz': { a: ['192.0.2.10'] },
    'nullmx.cz': { mx: [{ priority: 0, exchange: '' }] },
    'stavbybrno.cz': { a: ['192.0.2.20'] },
    'stavby-brno.cz': { mx: [{ priority: 5, exchange: 'mail.stavby-brno.cz' }] },
    'rozbita.cz': { servfail: true },
  })
  online = testDispatcher(agents, testDeps({}, { dns: dnsAt(dns.address) }))
})
afterAll(() => dns.close())

describe('contact agents: catalogue entries', () => {
  it('has 13 agents, each with a description and at least two examples', () => {
    expect(contactAgents).toHaveLength(13)
    for (const a of contactAgents) {
      expect(a.description.length).toBeGreaterThan(40)
      expect(a.examples.length).toBeGreaterThanOrEqual(2)
      expect((a.input as { additionalProperties?: boolean }).additionalProperties).toBe(false)
    }
  })
})

describe('email_finder', () => {
  it('ranks the pattern learnt from colleagues first and strips diacritics (example 1)', async () => {
    const out = await run(d, 'contact', 'email_finder', ex('email_finder', 0))
    expect(out.domain).toBe('firma.cz')
    expect(out.name).toEqual({ given: 'Jiří', surname: 'Dvořák' })
    expect(out.candidates.map((c) => c.email)).toEqual([
      'jiri.dvorak@firma.cz',
      'jdvorak@firma.cz',
      'j.dvorak@firma.cz',
    ])
    expect(out.candidates[0]!.basis).toBe('pattern of 2 of 2 known addresses at firma.cz')
    expect(out.mail_domain).toBe('unchecked')
    expect(out.not_verified.some((s: string) => s.includes('no SMTP RCPT probe'))).toBe(true)
  })

  it('falls back to the common order without known addresses (example 2)', async () => {
    const out = await run(d, 'contact', 'email_finder', ex('email_finder', 1))
    expect(out.candidates.map((c) => c.pattern)).toEqual(['first.last', 'flast', 'f.last', 'first'])
    expect(out.candidates[1]!.email).toBe('lcerna@stavby-brno.cz')
  })

  it('checks the MX of the domain against DNS and marks candidates deliverable', async () => {
    const out = await run(online, 'contact', 'email_finder', {
      name: 'Jan Novák',
      domain: 'firma.cz',
      limit: 2,
    })
    expect(out.mail_domain).toBe('mx')
    expect(out.mx).toEqual([{ exchange: 'mx1.firma.cz', priority: 10 }])
    expect(out.candidates.every((c) => c.deliverable_domain === true)).toBe(true)
    expect(out.verified).toContain('mail domain (MX): mx')
    expect(out.partial).toBe(false)
  })

  it('answers partially and names DNS when the resolver fails', async () => {
    const out = await run(online, 'contact', 'email_finder', {
      name: 'Jan Novák',
      domain: 'rozbita.cz',
      limit: 1,
    })
    expect(out.partial).toBe(true)
    expect(out.sources).toEqual([expect.objectContaining({ name: 'dns', status: 'failed' })])
    expect(out.candidates[0]!.deliverable_domain).toBeNull()
    expect(out.candidates[0]!.email).toBe('jan.novak@rozbita.cz')
  })

  it('finds the domain from the company name through domain_guesser, then checks its MX', async () => {
    const out = await run(online, 'contact', 'email_finder', {
      name: 'Tomáš Svoboda',
      company: 'Stavby Brno, s.r.o.',
      limit: 1,
    })
    expect(out).toMatchObject({
      domain: 'stavbybrno.cz',
      domain_source: 'contact/domain_guesser',
      mail_domain: 'implicit_mx',
    })
    expect(out.candidates[0]).toMatchObject({
      email: 'tomas.svoboda@stavbybrno.cz',
      deliverable_domain: true,
    })
    expect(out.sources[0]).toEqual({ name: 'contact/domain_guesser', status: 'ok' })
  })

  it('suggests nothing when no domain of the company exists, and says so', async () => {
    const out = await run(online, 'contact', 'email_finder', {
      name: 'Tomáš Svoboda',
      company: 'Neznámá firma a.s.',
    })
    expect(out).toMatchObject({ domain: null, candidates: [], partial: false })
    expect(out.warnings[0]).toBe(
      'no domain of Neznámá firma a.s. could be confirmed in DNS: give the domain to get candidates',
    )
  })

  it('needs a domain, a company or an IČO', async () => {
    const e = await failure(d, 'contact', 'email_finder', { name: 'Jan Novák' })
    expect(e.details).toMatchObject({ field: 'domain', rule: 'required (or company, or ico)' })
  })

  it('suggests nothing at a free-mail provider', async () => {
    const out = await run(d, 'contact', 'email_finder', { name: 'Jan Novák', domain: 'seznam.cz' })
    expect(out.candidates).toEqual([])
    expect(out.warnings[0]).toContain('free-mail provider')
  })

  it('rejects a bad domain and a name without a surname with 400', async () => {
    const bad = await failure(d, 'contact', 'email_finder', { name: 'Jan Novák', domain: 'no_such domain' })
    expect(bad.status).toBe(400)
    expect(bad.details).toMatchObject({ field: 'domain' })
    const one = await failure(d, 'contact', 'email_finder', { name: 'Ing. Novák', domain: 'firma.cz' })
    expect(one.details).toMatchObject({ field: 'name', rule: 'needs a given name and a surname' })
    const extra = await failure(d, 'contact', 'email_finder', {
      name: 'Jan Novák',
      domain: 'firma.cz',
      smtp: true,
    })
    expect(extra.status).toBe(400)
  })
})

describe('email_pattern_inference', () => {
  it('finds first.last and sets the role mailbox aside (example 1)', async () => {
    const out = await run(d, 'contact', 'email_pattern_inference', ex('email_pattern_inference', 0))
    expect(out.best).toBe('first.last')
    expect(out.confidence).toBe('medium')
    expect(out.patterns).toEqual([
      { pattern: 'first.last', template: '{first}.{last}', matches: 2, share: 1 },
    ])
    expect(out.ignored).toEqual([
      { email: 'info@firma.cz', reason: "role mailbox (general), not a person's address" },
    ])
  })

  it('sets the role mailbox aside with a Czech reason and counts it in Czech too', async () => {
    const out = await run(d, 'contact', 'email_pattern_inference', {
      ...(ex('email_pattern_inference', 0) as object),
      lang: 'cs',
    })
    expect(out.ignored).toEqual([
      { email: 'info@firma.cz', reason: 'funkční schránka (general), ne adresa osoby' },
    ])
    expect(out.rules_applied.map((r: { outcome?: string }) => r.outcome)).toContain('vyřazeno: 1')
  })

  it('reports the address no pattern explains (example 2)', async () => {
    const out = await run(d, 'contact', 'email_pattern_inference', ex('email_pattern_inference', 1))
    expect(out.best).toBe('flast')
    expect(out.patterns[0]!.share).toBe(0.667)
    expect(out.unmatched).toEqual(['kaja@stavby-brno.cz'])
  })

  it('rejects an empty example list with 400 naming the field', async () => {
    const e = await failure(d, 'contact', 'email_pattern_inference', { domain: 'firma.cz', examples: [] })
    expect(e.status).toBe(400)
    expect(e.details).toMatchObject({ field: 'examples' })
  })
})

describe('email_verifier', () => {
  it('flags a throw-away domain and a role mailbox (example 1)', async () => {
    const out = await run(d, 'contact', 'email_verifier', ex('email_verifier', 0))
    expect(out.result).toBe('disposable')
    expect(out.checks).toMatchObject({
      syntax: true,
      disposable: true,
      role_mailbox: 'general',
      mail_domain: 'unchecked',
    })
  })

  it('rejects an empty dot segment as invalid syntax (example 2)', async () => {
    const out = await run(d, 'contact', 'email_verifier', ex('email_verifier', 1))
    expect(out.result).toBe('invalid')
    expect(out.reason).toBe('syntax: local part has an empty dot segment')
  })

  it('says why the syntax fails in Czech when asked for Czech', async () => {
    const out = await run(d, 'contact', 'email_verifier', {
      ...(ex('email_verifier', 1) as object),
      lang: 'cs',
    })
    expect(out.result).toBe('invalid')
    expect(out.reason).toBe('syntaxe: místní část má prázdný úsek mezi tečkami')
  })

  it('accepts a domain with MX, the A fallback, and rejects a null MX', async () => {
    const mx = await run(online, 'contact', 'email_verifier', { email: 'Jan.Novak@FIRMA.cz' })
    expect(mx.result).toBe('domain_accepts_mail')
    expect(mx.normalized).toBe('Jan.Novak@firma.cz')
    const implicit = await run(online, 'contact', 'email_verifier', { email: 'jan@jen-web.cz' })
    expect(implicit.checks.mail_domain).toBe('implicit_mx')
    expect(implicit.result).toBe('domain_accepts_mail')
    expect(implicit.verified).toContain('mail domain (MX): implicit_mx')
    const none = await run(online, 'contact', 'email_verifier', { email: 'jan@nullmx.cz' })
    expect(none.result).toBe('invalid')
    expect(none.reason).toContain('null MX')
    const nx = await run(online, 'contact', 'email_verifier', { email: 'jan@neexistuje.cz' })
    expect(nx.reason).toBe('domain neexistuje.cz does not exist')
  })

  it('says unknown, not invalid, when DNS fails', async () => {
    const out = await run(online, 'contact', 'email_verifier', { email: 'jan@rozbita.cz' })
    expect(out.result).toBe('unknown')
    expect(out.partial).toBe(true)
    expect(out.sources[0]).toMatchObject({ name: 'dns', status: 'failed' })
  })
})

describe('disposable_email_check', () => {
  it('matches a parent domain on the list (example 1)', async () => {
    const out = await run(d, 'contact', 'disposable_email_check', ex('disposable_email_check', 0))
    expect(out).toMatchObject({
      domain: 'abc.mailinator.com',
      disposable: true,
      matched_domain: 'mailinator.com',
    })
    expect(out.list.domains).toBeGreaterThan(10_000)
  })

  it('tells a free-mail provider from a throw-away one (example 2)', async () => {
    const out = await run(d, 'contact', 'disposable_email_check', ex('disposable_email_check', 1))
    expect(out).toMatchObject({ domain: 'seznam.cz', disposable: false, free_mail: true })
  })

  it('needs an email or a domain, and rejects a bad address', async () => {
    expect((await failure(d, 'contact', 'disposable_email_check', {})).details).toMatchObject({
      field: 'email',
    })
    const bad = await failure(d, 'contact', 'disposable_email_check', { email: 'bez-zavinace' })
    expect(bad.details).toMatchObject({ field: 'email', rule: 'must be local-part@domain' })
  })
})

describe('phone_normalizer and phone_classifier', () => {
  it('normalises 00420 with a slash to E.164 (example 1)', async () => {
    const out = await run(d, 'contact', 'phone_normalizer', ex('phone_normalizer', 0))
    expect(out).toMatchObject({
      e164: '+420602123456',
      international: '+420 602 123 456',
      country: 'CZ',
      valid: true,
    })
  })

  it('keeps the extension (example 2)', async () => {
    const out = await run(d, 'contact', 'phone_normalizer', ex('phone_normalizer', 1))
    expect(out).toMatchObject({ e164: '+420224000111', extension: '12', national_number: '224000111' })
  })

  it('says a too-short Czech number is not valid and rejects letters with 400', async () => {
    const short = await run(d, 'contact', 'phone_normalizer', { phone: '602 123 45' })
    expect(short.valid).toBe(false)
    const letters = await failure(d, 'contact', 'phone_normalizer', { phone: 'call me maybe' })
    expect(letters.status).toBe(400)
    expect(letters.details).toMatchObject({ field: 'phone' })
    const country = await failure(d, 'contact', 'phone_normalizer', {
      phone: '602123456',
      default_country: 'XX',
    })
    expect(country.details).toMatchObject({ field: 'default_country' })
  })

  it('classifies an O2 mobile block, a Brno landline and a premium number (examples)', async () => {
    const mobile = await run(d, 'contact', 'phone_classifier', ex('phone_classifier', 0))
    expect(mobile).toMatchObject({ type: 'mobile', can_receive_sms: true })
    expect(mobile.czech).toMatchObject({
      original_operator: 'O2 Czech Republic (Eurotel)',
      matched_prefix: '602',
    })
    const brno = await run(d, 'contact', 'phone_classifier', ex('phone_classifier', 1))
    expect(brno.czech).toMatchObject({ area: 'Brno', region: 'Jihomoravský' })
    expect(brno.type).toBe('landline')
    const premium = await run(d, 'contact', 'phone_classifier', ex('phone_classifier', 2))
    expect(premium).toMatchObject({ type: 'premium_rate', costs_caller_extra: true })
  })

  it('classifies free-call and foreign numbers', async () => {
    const free = await run(d, 'contact', 'phone_classifier', { phone: '800 123 456' })
    expect(free.type).toBe('toll_free')
    const sk = await run(d, 'contact', 'phone_classifier', { phone: '+421 905 123 456' })
    expect(sk).toMatchObject({ country: 'SK', type: 'mobile', czech: null })
  })
})

describe('contact_search', () => {
  it('finds Dvořák for "dvorak" and not Dvořáček without fuzzy matching (example 1)', async () => {
    const out = await run(d, 'contact', 'contact_search', ex('contact_search', 0))
    expect(out.hits.map((h) => h.index)).toEqual([0])
    expect(out.hits[0]!.matched_fields).toEqual(['name'])
  })

  it('tolerates a typo in the organisation (example 2)', async () => {
    const out = await run(d, 'contact', 'contact_search', ex('contact_search', 1))
    expect(out.total).toBe(1)
    expect(out.hits[0]!.contact.name).toBe('Tomáš Svoboda')
  })

  it('finds a phone number by its digits and respects the limit', async () => {
    const contacts = [
      { name: 'A', phone: '+420 602 123 456' },
      { name: 'B', phone: '602 999 888' },
      { name: 'C', phone: '602123456' },
    ]
    const out = await run(d, 'contact', 'contact_search', { query: '+420602123456', contacts, fuzzy: false })
    expect(out.hits.map((h) => h.index).sort()).toEqual([0, 2])
    const limited = await run(d, 'contact', 'contact_search', { query: '602', contacts, limit: 2 })
    expect(limited.total).toBe(3)
    expect(limited.hits).toHaveLength(2)
  })
})

describe('contact_dedup', () => {
  it('joins three records by e-mail and phone (example 1)', async () => {
    const out = await run(d, 'contact', 'contact_dedup', ex('contact_dedup', 0))
    expect(out).toMatchObject({ input_count: 4, unique_count: 2, duplicates_found: 2 })
    expect(out.groups[0]!.members).toEqual([0, 1, 2])
    expect(out.groups[0]!.merged).toMatchObject({ name: 'Ing. Jiří Dvořák', organization: 'Firma s.r.o.' })
    expect(out.groups[0]!.links.map((l) => l.rule).sort()).toEqual([
      'same_email',
      'same_name_and_organization',
      'same_phone',
    ])
  })

  it('applies the Gmail dot and +tag rule without taking gmail.com for an employer (example 2)', async () => {
    const out = await run(d, 'contact', 'contact_dedup', ex('contact_dedup', 1))
    expect(out.duplicates_found).toBe(1)
    expect(out.groups[0]!.links).toEqual([{ a: 0, b: 1, rule: 'same_email', key: 'luciecerna@gmail.com' }])
  })

  it('keeps namesakes at different companies apart', async () => {
    const out = await run(d, 'contact', 'contact_dedup', {
      contacts: [
        { name: 'Jan Novák', organization: 'Alfa s.r.o.' },
        { name: 'Novák Jan', organization: 'Beta a.s.' },
        { name: 'Ing. Jan Novák', organization: 'ALFA s.r.o.' },
      ],
    })
    expect(out.groups.map((g) => g.members)).toEqual([[0, 2]])
  })
})

describe('name_parser', () => {
  it('splits titles on both sides and reads -ová as female (example 1)', async () => {
    const out = await run(d, 'contact', 'name_parser', ex('name_parser', 0))
    expect(out).toMatchObject({
      titles_before: ['doc.', 'Ing.'],
      titles_after: ['Ph.D.', 'MBA'],
      given_names: ['Jana'],
      surname: 'Nováková',
      gender: 'female',
    })
  })

  it('reads "Surname, Given" (example 2)', async () => {
    const out = await run(d, 'contact', 'name_parser', ex('name_parser', 1))
    expect(out).toMatchObject({
      given_names: ['Jiří'],
      surname: 'Dvořák',
      gender: 'male',
      formatted: 'Jiří Dvořák',
    })
  })

  it('knows two-word titles and adjectival surnames', async () => {
    const out = await run(d, 'contact', 'name_parser', { name: 'Ing. arch. Karel Novotný' })
    expect(out).toMatchObject({ titles_before: ['Ing. arch.'], surname: 'Novotný', gender: 'male' })
    const she = await run(d, 'contact', 'name_parser', { name: 'MUDr. Eva Malá' })
    expect(she.gender).toBe('female')
  })

  it('rejects a name made only of titles', async () => {
    const e = await failure(d, 'contact', 'name_parser', { name: 'Ing. Ph.D.' })
    expect(e.details).toMatchObject({ field: 'name' })
  })
})

describe('domain_guesser', () => {
  it('drops s.r.o. and builds joined, hyphenated and first-word domains (example 1)', async () => {
    const out = await run(d, 'contact', 'domain_guesser', ex('domain_guesser', 0))
    expect(out.core_name).toBe('Stavby Brno')
    expect(out.removed_legal_forms).toEqual(['s.r.o.'])
    expect(out.candidates.map((c) => c.domain)).toEqual(['stavbybrno.cz', 'stavby-brno.cz', 'stavby.cz'])
  })

  it('strips diacritics and a.s. (example 2)', async () => {
    const out = await run(d, 'contact', 'domain_guesser', ex('domain_guesser', 1))
    expect(out.removed_legal_forms).toEqual(['a.s.'])
    expect(out.candidates[0]!.domain).toBe('prazskaenergetika.cz')
    expect(out.candidates).toHaveLength(6)
  })

  it('prefers the candidate that receives mail (DNS)', async () => {
    const out = await run(online, 'contact', 'domain_guesser', {
      name: 'Stavby Brno s.r.o. v likvidaci',
      tlds: ['cz'],
    })
    expect(out.removed_legal_forms).toEqual(['v likvidaci', 's.r.o.'])
    expect(out.candidates.map((c) => [c.domain, c.dns, c.receives_mail])).toEqual([
      ['stavbybrno.cz', 'exists', true],
      ['stavby-brno.cz', 'exists', true],
      ['stavby.cz', 'nxdomain', false],
    ])
    expect(out.best).toBe('stavbybrno.cz')
  })

  it('does not take the Czech word "se" for a European company', async () => {
    const out = await run(d, 'contact', 'domain_guesser', {
      name: 'Dům se zahradou',
      check_dns: false,
      tlds: ['cz'],
    })
    expect(out.removed_legal_forms).toEqual([])
    expect(out.candidates[0]!.domain).toBe('dumsezahradou.cz')
  })
})

describe('role_classifier', () => {
  it('makes a jednatel a statutory decision maker (example 1)', async () => {
    const out = await run(d, 'contact', 'role_classifier', ex('role_classifier', 0))
    expect(out).toMatchObject({
      department: 'management',
      seniority: 'owner_or_statutory',
      decision_maker: true,
    })
  })

  it('puts compliance officers in legal & compliance (example 2) and invoicing mailboxes in finance (example 3)', async () => {
    const aml = await run(d, 'contact', 'role_classifier', ex('role_classifier', 1))
    expect(aml).toMatchObject({ department: 'legal_compliance', seniority: 'staff', role_mailbox: false })
    const box = await run(d, 'contact', 'role_classifier', ex('role_classifier', 2))
    expect(box).toMatchObject({ department: 'finance', role_mailbox: true })
  })

  it('needs a title or an e-mail', async () => {
    expect((await failure(d, 'contact', 'role_classifier', {})).details).toMatchObject({ field: 'title' })
  })
})

describe('vcard_export', () => {
  it('writes a folded vCard 4.0 with titles, E.164 and a placed address (example 1)', async () => {
    const out = await run(d, 'contact', 'vcard_export', ex('vcard_export', 0))
    expect(out.count).toBe(1)
    const v: string = out.vcard
    expect(v.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true)
    expect(v).toContain('N:Nováková;Jana;;Ing.;Ph.D.\r\n')
    expect(v).toContain('TEL;VALUE=uri;TYPE=cell:tel:+420602123456\r\n')
    expect(v).toContain('ADR:;;Václavské náměstí 846/1;Praha;Hlavní město Praha;110 00;Česk\r\n á republika')
    for (const line of v.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
  })

  it('keeps an unplaceable address as one line and says why (example 2)', async () => {
    const out = await run(d, 'contact', 'vcard_export', ex('vcard_export', 1))
    expect(out.count).toBe(2)
    expect(out.issues).toEqual([
      { index: 1, field: 'address', issue: 'kept as one line: PSČ 999 99 does not exist' },
    ])
    expect(out.vcard).toContain('ADR:;;Husova 5;Brno;Jihomoravský;602 00;Česká republika')
  })

  it('gives the same contact the same UID on every export', async () => {
    const a = await run(d, 'contact', 'vcard_export', {
      contacts: [{ name: 'Jan Novák', email: 'jan@firma.cz' }],
    })
    const b = await run(d, 'contact', 'vcard_export', {
      contacts: [{ name: 'Jan Novák', email: 'jan@firma.cz' }],
    })
    expect(a.vcard).toBe(b.vcard)
    expect(a.vcard).toMatch(
      /UID:urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/,
    )
  })

  it('keeps the address as one line and names the address agent when it cannot answer', async () => {
    const broken = testDispatcher(agents, testDeps({ REGISTRY_DATA_DIR: '/nonexistent' }))
    const out = await run(broken, 'contact', 'vcard_export', {
      contacts: [{ name: 'Jan Novák', address: 'Husova 5, 602 00 Brno' }],
    })
    expect(out.vcard).toContain('ADR:;;Husova 5\\, 602 00 Brno;;;;')
    expect(out.issues).toHaveLength(1)
    expect(out.issues[0]!.issue).toMatch(/^kept as one line: data\/address_normalizer /)
  })
})

describe('contact_enrichment', () => {
  it('composes name, e-mail, phone and role agents (example 1)', async () => {
    const out = await run(d, 'contact', 'contact_enrichment', ex('contact_enrichment', 0))
    expect(out.person).toMatchObject({ surname: 'Nováková', gender: 'female', titles_before: ['Mgr.'] })
    expect(out.email).toMatchObject({ result: 'unknown', checks: { syntax: true } })
    expect(out.phone).toMatchObject({
      type: 'mobile',
      czech: { original_operator: 'T-Mobile Czech Republic' },
    })
    expect(out.role).toMatchObject({ department: 'finance', seniority: 'executive' })
    expect(out.sources.map((s: SourceStatus) => s.name).sort()).toEqual([
      'contact/email_verifier',
      'contact/name_parser',
      'contact/phone_classifier',
      'contact/role_classifier',
    ])
    expect(out.partial).toBe(false)
  })

  it('places a Brno address in the gazetteer (example 2)', async () => {
    const out = await run(d, 'contact', 'contact_enrichment', ex('contact_enrichment', 1))
    expect(out.address).toMatchObject({
      street: 'Husova',
      house_number: '5',
      psc: '602 00',
      municipality: 'Brno',
      region: 'Jihomoravský',
      psc_matches_municipality: true,
    })
  })

  it('adds the company from ARES (recorded response)', async () => {
    const replay = await startReplay(SOURCE_ROUTES)
    try {
      const withAres = testDispatcher(agents, replayDeps(replay.url))
      const out = await run(withAres, 'contact', 'contact_enrichment', { name: 'Jan Novák', ico: '27082440' })
      expect(out.company).toMatchObject({ ico: '27082440', found: true, partial: false })
      expect((out.company as ResultNamed<'ares_lookup'>).company!.name).toMatch(/\S/)
      expect(out.sources).toContainEqual({ name: 'data/ares_lookup', status: 'ok' })
      expect(out.partial).toBe(false)
    } finally {
      await replay.close()
    }
  })

  it('names a company source it cannot reach and still answers', async () => {
    const out = await run(d, 'contact', 'contact_enrichment', { name: 'Jan Novák', ico: '27074358' })
    expect(out.company).toMatchObject({ ico: '27074358', found: null, partial: true })
    expect(out.partial).toBe(true)
    expect(out.sources).toContainEqual(
      expect.objectContaining({ name: 'data/ares_lookup', status: 'failed' }),
    )
    expect((out.person as ResultNamed<'name_parser'>).surname).toBe('Novák')
  })
})

describe('contact agents in Czech', () => {
  const cs = (agent: string, input: unknown) =>
    d.call('contact', agent, input, { now: new Date('2026-11-20T10:00:00Z'), lang: 'cs' })

  it('gives the gender cue of a name in Czech, not in English', async () => {
    const { output } = await cs('name_parser', { name: 'Jiří Dvořák' })
    const out = output as ResultNamed<'name_parser'>
    expect(out.gender_basis).toBe('křestní jméno končí na souhlásku, -í nebo -é (mužské skloňování)')
    expect(out.rules_applied.at(-1)!.outcome).toBe(
      'mužský rod (křestní jméno končí na souhlásku, -í nebo -é (mužské skloňování))',
    )
  })
})
