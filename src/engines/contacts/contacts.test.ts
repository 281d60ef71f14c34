import { describe, expect, it } from 'vitest'
import { findDuplicates, identityKeys } from './dedup.ts'
import { candidateLocals, checkEmailSyntax, matchingPatterns } from './email.ts'
import { parseName } from './names.ts'
import { czechDetail, parsePhone } from './phone.ts'
import { escapeText, foldLine, parseVcards, toVcard } from './vcard.ts'

describe('email syntax', () => {
  it('accepts IDN domains through their ASCII form and rejects long local parts, saying why in English and Czech', () => {
    const idn = checkEmailSyntax('info@čeština.cz')
    expect(idn).toMatchObject({ valid: true, ascii_domain: 'xn--etina-gya30d.cz' })
    expect(checkEmailSyntax(`${'a'.repeat(65)}@firma.cz`)).toEqual({
      valid: false,
      reason: 'local part longer than 64 characters',
      reason_cs: 'místní část je delší než 64 znaků',
    })
    expect(checkEmailSyntax('jan@firma')).toEqual({
      valid: false,
      reason: 'domain needs a top-level domain',
      reason_cs: 'doméně chybí doména nejvyššího řádu',
    })
    expect(checkEmailSyntax('jan@-firma.cz')).toMatchObject({ valid: false })
  })

  it('builds candidates without duplicates and recognises the pattern of an address', () => {
    const c = candidateLocals({ first: 'Ěva', last: 'Ů' }, ['first.last', 'first', 'firstl'])
    expect(c.map((x) => x.local)).toEqual(['eva.u', 'eva', 'evau'])
    expect(matchingPatterns({ first: 'Jiří', last: 'Dvořák' }, 'JDvorak')).toEqual(['flast'])
  })
})

describe('names', () => {
  it('reads Czech gender cues', () => {
    expect(parseName('Petr Svoboda').gender).toBe('male')
    expect(parseName('Dagmar Svobodová').gender_basis).toBe('surname ends in -ová')
    expect(parseName('Dagmar Smith')).toMatchObject({
      gender: 'female',
      gender_basis: 'given name is a listed female name',
    })
    expect(parseName('Saša Kovač').gender).toBe('unknown')
  })
})

describe('phones', () => {
  it('finds the region of a landline and the block of a mobile', () => {
    expect(czechDetail('596123456')).toMatchObject({ type: 'landline', region: 'Moravskoslezský' })
    expect(czechDetail('777123456')).toMatchObject({
      type: 'mobile',
      original_operator: 'Vodafone Czech Republic',
    })
    expect(czechDetail('12345678')).toBeUndefined()
  })

  it('refuses text that is not a number', () => {
    expect(parsePhone('abc')).toEqual({ ok: false, reason: 'contains no digits' })
    expect(parsePhone('602 123 456; DROP TABLE')).toMatchObject({ ok: false })
  })
})

describe('vCard text', () => {
  it('escapes separators and folds at 75 octets without splitting characters', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const folded = foldLine(`NOTE:${'ž'.repeat(60)}`)
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(`NOTE:${'ž'.repeat(60)}`)
  })
})

describe('dedup', () => {
  it('links transitively', () => {
    const { groups } = findDuplicates([
      { email: 'a@firma.cz' },
      { email: 'A@firma.cz', phone: '602123456' },
      { phone: '+420 602 123 456' },
      { email: 'b@firma.cz' },
    ])
    expect(groups).toEqual([[0, 1, 2], [3]])
  })
})

describe('identity keys', () => {
  it('links a company or sole trader by its own IČO, never colleagues by their employer’s', () => {
    const { groups, links } = findDuplicates([
      { name: 'Stavby Brno, s.r.o.', ico: '27074358' },
      { organization: 'Stavby Brno, s.r.o.', ico: '27074358', email: 'info@stavby.cz' },
      { name: 'Karel Malý', organization: 'Pekárna Malý s.r.o.', ico: '25596641' },
      { name: 'Eva Malá', organization: 'Pekárna Malý s.r.o.', ico: '25596641' },
      { name: 'Jan Truhlář', ico: '25596641' },
    ])
    expect(groups).toEqual([[0, 1], [2], [3], [4]])
    expect(links).toEqual([{ a: 0, b: 1, rule: 'same_ico', key: '27074358' }])
  })

  it('gives one key per e-mail and number, folded the way the matching folds them', () => {
    expect(
      identityKeys({
        email: ['Lucie.Cerna+crm@gmail.com', 'lucie@firma.cz'],
        phone: ['602 123 456', '+420602123456'],
      }),
    ).toEqual([
      { key: 'email:luciecerna@gmail.com', rule: 'same_email' },
      { key: 'email:lucie@firma.cz', rule: 'same_email' },
      { key: 'phone:+420602123456', rule: 'same_phone' },
    ])
    // An IČO that fails its check digit identifies nobody.
    expect(identityKeys({ name: 'ACME a.s.', ico: '27074359' })).toEqual([])
  })
})

describe('vCard reading', () => {
  it('reads what toVcard writes, folded lines and escapes included', () => {
    const text = toVcard({
      full_name: 'Ing. Jiří Dvořák, Ph.D.',
      organization: 'Stavby Brno; divize sever',
      emails: [{ value: 'jiri@stavby.cz' }, { value: 'jiri.dvorak@gmail.com' }],
      phones: [{ value: '+420602123456', type: 'cell' }],
      address: { street: 'Údolní 12', locality: 'Brno', postal_code: '602 00', country: 'Česko' },
      note: `${'dlouhá poznámka '.repeat(10)}`,
      uid: 'urn:uuid:1',
    })
    const { cards, problems } = parseVcards(text)
    expect(problems).toEqual([])
    expect(cards).toEqual([
      {
        line: 1,
        full_name: 'Ing. Jiří Dvořák, Ph.D.',
        organization: 'Stavby Brno; divize sever',
        emails: ['jiri@stavby.cz', 'jiri.dvorak@gmail.com'],
        phones: ['+420602123456'],
        address: { street: 'Údolní 12', locality: 'Brno', postal_code: '602 00', country: 'Česko' },
        note: 'dlouhá poznámka '.repeat(10).trim(),
      },
    ])
  })

  it('reads vCard 2.1 quoted-printable in its charset, 3.0 GEO and N, and reports unclosed cards by line', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Nov=C3=A1kov=C3=A1;Petra;;;',
      'TEL;CELL:777 123 456',
      'EMAIL;INTERNET:petra@example.cz',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN;CHARSET=windows-1250;ENCODING=QUOTED-PRINTABLE:=8Aime=E8ka s.r.o.',
      'GEO:49.1951;16.6068',
      'X-ICO:27074358',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:Nedokončená',
    ].join('\r\n')
    const { cards, problems } = parseVcards(text)
    expect(cards.map((c) => [c.line, c.full_name])).toEqual([
      [1, 'Petra Nováková'],
      [7, 'Šimečka s.r.o.'],
    ])
    expect(cards[0]).toMatchObject({ phones: ['777 123 456'], emails: ['petra@example.cz'] })
    expect(cards[1]).toMatchObject({ geo: { latitude: 49.1951, longitude: 16.6068 }, ico: '27074358' })
    expect(problems).toEqual([{ line: 13, reason: 'vCard has no END:VCARD (the file ends first)' }])
  })
})
