import { describe, expect, it } from 'vitest'
import { REGISTRY_DIR } from '../../../test/agents/harness.ts'
import { loadGazetteer, parseAddress } from './address.ts'
import { findDuplicates } from './dedup.ts'
import { candidateLocals, checkEmailSyntax, matchingPatterns } from './email.ts'
import { parseName } from './names.ts'
import { czechDetail, parsePhone } from './phone.ts'
import { escapeText, foldLine } from './vcard.ts'

describe('email syntax', () => {
  it('accepts IDN domains through their ASCII form and rejects long local parts', () => {
    const idn = checkEmailSyntax('info@čeština.cz')
    expect(idn).toMatchObject({ valid: true, ascii_domain: 'xn--etina-gya30d.cz' })
    expect(checkEmailSyntax(`${'a'.repeat(65)}@firma.cz`)).toEqual({
      valid: false,
      reason: 'local part longer than 64 characters',
    })
    expect(checkEmailSyntax('jan@firma')).toEqual({ valid: false, reason: 'domain needs a top-level domain' })
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

describe('addresses against the RÚIAN gazetteer', () => {
  const g = loadGazetteer(REGISTRY_DIR)

  it('loads all 16,252 rows', () => {
    expect(g.rows).toBe(16_252)
  })

  it('splits číslo popisné / orientační and places a Prague district', () => {
    const a = parseAddress('Václavské náměstí 846/1, 110 00 Praha 1', g)
    expect(a).toMatchObject({
      street: 'Václavské náměstí',
      house_number: '846',
      street_number: '1',
      psc: '11000',
      municipality: 'Praha',
      region: 'Hlavní město Praha',
      verified: true,
    })
  })

  it('says when a place does not lie in the PSČ', () => {
    const a = parseAddress('Husova 5, 602 00 Ostrava', g)
    expect(a.verified).toBe(false)
    expect(a.issues).toEqual(['Ostrava does not lie in PSČ 602 00'])
  })

  it('asks for the PSČ when none is given', () => {
    const a = parseAddress('Terezín 12', g)
    expect(a.issues[0]).toBe('no PSČ (5 digits, e.g. 110 00) found')
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
