/**
 * Czech identifiers and their checksums: IČO (company number), DIČ (VAT id), rodné číslo (birth
 * number), Czech bank account numbers and IBAN. Each validator returns the reason when the value
 * is not valid, so an API can answer "ico: checksum digit should be 9" instead of "invalid".
 *
 * Sources: IČO — ČSÚ, "Identifikační číslo osoby" (mod-11 weights 8..2); rodné číslo — zákon
 * 133/2000 Sb. § 13 (divisible by 11 since 1954, +50 women, +20 from 2004); bank accounts —
 * vyhláška ČNB 169/2011 Sb. (weights 10,5,8,4,2,1 and 6,3,7,9,10,5,8,4,2,1); IBAN — ISO 13616.
 */
import countries from 'i18n-iso-countries'

/** A failed check says why in English (`reason`, the API's error messages) and in Czech (`reason_cs`). */
export type Check = { valid: true; value: string } | { valid: false; reason: string; reason_cs: string }

const ok = (value: string): Check => ({ valid: true, value })
const bad = (reason: string, reason_cs: string): Check => ({ valid: false, reason, reason_cs })

/** IČO: 8 digits (shorter historical forms are left-padded with zeros), mod-11 check digit. */
export function checkIco(input: string): Check {
  const raw = input.replace(/\s+/g, '')
  if (!/^\d{1,8}$/.test(raw)) return bad('must be 8 digits', 'musí mít 8 číslic')
  const ico = raw.padStart(8, '0')
  const expected = icoCheckDigit(ico.slice(0, 7))
  if (Number(ico[7]) !== expected)
    return bad(
      `checksum digit should be ${expected}, not ${ico[7]}`,
      `kontrolní číslice má být ${expected}, ne ${ico[7]}`,
    )
  return ok(ico)
}

export function icoCheckDigit(first7: string): number {
  let sum = 0
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (8 - i)
  return (11 - (sum % 11)) % 10
}

export function isValidIco(input: string): boolean {
  return checkIco(input).valid
}

/**
 * Rodné číslo: YYMMDD/SSS[C] (serial, check digit); 10 digits divisible by 11 (or remainder 10 with
 * check digit 0). The number is given at birth, so one whose date lies after `today` (YYYY-MM-DD,
 * the day judged; default the current day) belongs to nobody yet: 451231/0000 passes the checksum
 * but reads 2045-12-31.
 */
export function checkBirthNumber(
  input: string,
  today: string = new Date().toISOString().slice(0, 10),
): Check & { birthDate?: string; sex?: 'F' | 'M' } {
  const raw = input.replace(/[\s/]/g, '')
  if (!/^\d{9,10}$/.test(raw))
    return bad('must be 9 or 10 digits (YYMMDD/SSSC)', 'musí mít 9 nebo 10 číslic (RRMMDD/SSSC)')
  const yy = Number(raw.slice(0, 2))
  let mm = Number(raw.slice(2, 4))
  const dd = Number(raw.slice(4, 6))
  let year: number
  if (raw.length === 9) {
    if (yy >= 54)
      return bad(
        '9-digit numbers were issued only before 1954',
        'devítimístná čísla se přidělovala jen před rokem 1954',
      )
    year = 1900 + yy
  } else {
    year = yy >= 54 ? 1900 + yy : 2000 + yy
    const base = Number(raw.slice(0, 9))
    const rest = base % 11
    const check = Number(raw[9])
    if (!(rest === check || (rest === 10 && check === 0)))
      return bad('not divisible by 11 (checksum)', 'není dělitelné 11 (kontrolní součet)')
  }
  let sex: 'F' | 'M' = 'M'
  if (mm > 50) {
    sex = 'F'
    mm -= 50
  }
  if (mm > 20) {
    if (year < 2004) return bad('month +20 is used only from 2004', 'měsíc +20 se používá až od roku 2004')
    mm -= 20
  }
  const date = new Date(Date.UTC(year, mm - 1, dd))
  if (date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd)
    return bad('does not encode a valid date', 'neobsahuje platné datum')
  const birthDate = date.toISOString().slice(0, 10)
  if (birthDate > today)
    return bad(
      `encodes a birth date (${birthDate}) after the day judged (${today})`,
      `obsahuje datum narození (${birthDate}) po posuzovaném dni (${today})`,
    )
  return { valid: true, value: raw, birthDate, sex }
}

/**
 * DIČ: "CZ" + IČO (legal persons), + rodné číslo (natural persons) or + 699 and six digits (no
 * birth number); `today` as in checkBirthNumber.
 */
export function checkDic(input: string, today?: string): Check {
  const raw = input.replace(/\s+/g, '').toUpperCase()
  const m = /^CZ(\d{8,10})$/.exec(raw)
  if (!m) return bad('must be CZ followed by 8 to 10 digits', 'musí být CZ a 8 až 10 číslic')
  const digits = m[1]!
  if (digits.length === 8) {
    const ico = checkIco(digits)
    return ico.valid
      ? ok(raw)
      : bad(`the IČO part is invalid: ${ico.reason}`, `část IČO je neplatná: ${ico.reason_cs}`)
  }
  if (digits.length === 9 && digits.startsWith('6')) {
    // Special DIČ ("zvláštní DIČ"): 6 + 7 digits + check digit. The 2nd–8th digits weighted 8…2,
    // s = sum mod 11, check = (8 − (10 − s) mod 11) mod 10 (the rule python-stdnum's cz.dic applies;
    // CZ640903926 is valid under it).
    let sum = 0
    for (let i = 1; i < 8; i++) sum += Number(digits[i]) * (9 - i)
    const expected = (((8 - ((10 - (sum % 11)) % 11)) % 10) + 10) % 10
    return Number(digits[8]) === expected
      ? ok(raw)
      : bad(`checksum digit should be ${expected}`, `kontrolní číslice má být ${expected}`)
  }
  const rc = checkBirthNumber(digits, today)
  return rc.valid
    ? ok(raw)
    : bad(`the birth-number part is invalid: ${rc.reason}`, `část rodného čísla je neplatná: ${rc.reason_cs}`)
}

const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1]
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]

function weightedMod11(digits: string, weights: number[]): number {
  const padded = digits.padStart(weights.length, '0')
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += Number(padded[i]) * weights[i]!
  return sum % 11
}

export interface CzechAccount {
  prefix: string
  number: string
  bankCode: string
}

/** Czech account "[prefix-]number/bank": both parts pass the ČNB mod-11 test. */
export function checkCzechAccount(input: string): Check & { account?: CzechAccount } {
  const m = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(input.replace(/\s+/g, ''))
  if (!m)
    return bad(
      'must look like [prefix-]number/bank (e.g. 19-2000145399/0800)',
      'musí mít tvar [předčíslí-]číslo/banka (např. 19-2000145399/0800)',
    )
  const [, prefix = '', number = '', bankCode = ''] = m
  if (prefix && weightedMod11(prefix, PREFIX_WEIGHTS) !== 0)
    return bad('prefix fails the mod-11 check', 'předčíslí nesplňuje kontrolu mod 11')
  if (weightedMod11(number, NUMBER_WEIGHTS) !== 0)
    return bad('account number fails the mod-11 check', 'číslo účtu nesplňuje kontrolu mod 11')
  if (!/[1-9]/.test(number))
    return bad('account number must not be all zeros', 'číslo účtu nesmí být samé nuly')
  return { valid: true, value: input.replace(/\s+/g, ''), account: { prefix, number, bankCode } }
}

/** ISO 13616 mod-97 check of any IBAN; a CZ IBAN must also hold a valid Czech account. */
export function checkIban(input: string): Check {
  const iban = input.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban))
    return bad(
      'must be a country code, 2 check digits and the account',
      'musí obsahovat kód země, 2 kontrolní číslice a účet',
    )
  // ISO 13616: an IBAN begins with the ISO 3166-1 alpha-2 code of the country of the account.
  const country = iban.slice(0, 2)
  if (!countries.isValid(country))
    return bad(
      `${country} is not an ISO 3166 country code, which an IBAN begins with`,
      `${country} není kód země podle ISO 3166, kterým IBAN začíná`,
    )
  if (iban.startsWith('CZ') && iban.length !== 24)
    return bad('a CZ IBAN has 24 characters', 'český IBAN má 24 znaků')
  if (ibanMod97(iban) !== 1)
    return bad('check digits do not match (mod 97)', 'kontrolní číslice nesouhlasí (mod 97)')
  if (iban.startsWith('CZ')) {
    const bank = iban.slice(4, 8)
    const prefix = iban.slice(8, 14).replace(/^0+/, '')
    const number = iban.slice(14).replace(/^0+/, '')
    const account = checkCzechAccount(`${prefix ? `${prefix}-` : ''}${number.padStart(2, '0')}/${bank}`)
    if (!account.valid)
      return bad(
        `the Czech account inside is invalid: ${account.reason}`,
        `český účet uvnitř je neplatný: ${account.reason_cs}`,
      )
  }
  return ok(iban)
}

function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

/** Czech account → IBAN (CZkk BBBB PPPPPP NNNNNNNNNN). */
export function czechAccountToIban(account: CzechAccount): string {
  const bban = account.bankCode + account.prefix.padStart(6, '0') + account.number.padStart(10, '0')
  const check = 98 - ibanMod97(`CZ00${bban}`)
  return `CZ${String(check).padStart(2, '0')}${bban}`
}
