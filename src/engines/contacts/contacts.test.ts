import { describe, expect, it } from 'vitest'
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
