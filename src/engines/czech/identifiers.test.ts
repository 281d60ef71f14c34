import { describe, expect, it } from 'vitest'
import {
  checkBirthNumber,
  checkCzechAccount,
  checkDic,
  checkIban,
  checkIco,
  czechAccountToIban,
  isValidIco,
} from './identifiers.ts'

describe('IČO', () => {
  it('accepts real company numbers (ČEZ, Česká spořitelna)', () => {
    expect(isValidIco('45274649')).toBe(true)
    expect(isValidIco('45244782')).toBe(true)
  })
  it('pads historical short numbers with zeros', () => {
    expect(checkIco('25596641')).toEqual({ valid: true, value: '25596641' })
  })
  it('names the expected check digit when the checksum fails', () => {
    expect(checkIco('45274648')).toEqual({
      valid: false,
      reason: 'checksum digit should be 9, not 8',
      reason_cs: 'kontrolní číslice má být 9, ne 8',
    })
  })
  it('rejects letters and too many digits', () => {
    expect(checkIco('4527464A').valid).toBe(false)
    expect(checkIco('452746491').valid).toBe(false)
  })
})

describe('rodné číslo', () => {
  it('decodes a man’s number born before 1954 (9 digits, no checksum)', () => {
    expect(checkBirthNumber('450123/123')).toEqual({
      valid: true,
      value: '450123123',
      birthDate: '1945-01-23',
      sex: 'M',
    })
  })
  it('rejects a 9-digit number dated after 1953', () => {
    expect(checkBirthNumber('550123123').valid).toBe(false)
  })
  it('accepts a valid 10-digit number and decodes date and sex', () => {
    // 736028/5163: 1973-10-28, female; 736028516 % 11 = 3
    expect(checkBirthNumber('736028/5163')).toEqual({
      valid: true,
      value: '7360285163',
      birthDate: '1973-10-28',
      sex: 'F',
    })
  })
  it('rejects a number whose birth date lies after the day judged', () => {
    // 451231/0000: 451231000 % 11 = 0, so the checksum holds; born 2045-12-31
    expect(checkBirthNumber('4512310000', '2026-11-20')).toEqual({
      valid: false,
      reason: 'encodes a birth date (2045-12-31) after the day judged (2026-11-20)',
      reason_cs: 'obsahuje datum narození (2045-12-31) po posuzovaném dni (2026-11-20)',
    })
    expect(checkBirthNumber('4512310000').valid).toBe(false)
  })
  it('accepts a number born on the day judged', () => {
    expect(checkBirthNumber('2611200009', '2026-11-20')).toMatchObject({
      valid: true,
      birthDate: '2026-11-20',
    })
  })
  it('rejects a number that is not divisible by 11', () => {
    expect(checkBirthNumber('7360285164')).toEqual({
      valid: false,
      reason: 'not divisible by 11 (checksum)',
      reason_cs: 'není dělitelné 11 (kontrolní součet)',
    })
  })
})

describe('DIČ', () => {
  it('accepts CZ + a valid IČO', () => {
    expect(checkDic('CZ45274649').valid).toBe(true)
  })
  it('explains an invalid IČO part', () => {
    expect(checkDic('CZ45274648')).toEqual({
      valid: false,
      reason: 'the IČO part is invalid: checksum digit should be 9, not 8',
      reason_cs: 'část IČO je neplatná: kontrolní číslice má být 9, ne 8',
    })
  })
})

describe('bank accounts and IBAN', () => {
  it('accepts a published Czech account with prefix', () => {
    expect(checkCzechAccount('19-2000145399/0800').valid).toBe(true)
  })
  it('rejects an account that fails the mod-11 test', () => {
    expect(checkCzechAccount('19-2000145398/0800').valid).toBe(false)
  })
  it('converts a Czech account to the IBAN the bank prints', () => {
    expect(czechAccountToIban({ prefix: '19', number: '2000145399', bankCode: '0800' })).toBe(
      'CZ6508000000192000145399',
    )
  })
  it('validates IBAN check digits', () => {
    expect(checkIban('CZ65 0800 0000 1920 0014 5399').valid).toBe(true)
    expect(checkIban('CZ66 0800 0000 1920 0014 5399')).toEqual({
      valid: false,
      reason: 'check digits do not match (mod 97)',
      reason_cs: 'kontrolní číslice nesouhlasí (mod 97)',
    })
  })
})
