/**
 * The checks of document_validator, each a named function over the document that returns the
 * rules it applied (with their register sources) and what it found, or throws the 400 naming the
 * rule the document fails. The agent runs them in order and reports them.
 */
import { addMonths } from '../../engines/reference/calendar.ts'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'

export interface Format {
  pattern: string
  max_validity_years?: number
  law?: string
}
export interface Docs extends ReferenceVersion {
  formats: Record<string, Record<string, Format>>
  generic: Format
}

/** The document as given, with what every check needs. */
export interface Doc {
  document_type: string
  number: string
  issuing_country: string
  expiry_date: string
  issue_date?: string | undefined
  birth_date?: string | undefined
  mrz?: string[] | undefined
}

export interface MrzOut {
  document_number: string
  issuer: string
  nationality: string
  sex: string
  birth_date: string
  expiry_date: string
}

/** The register entry of each national format's law (the table's `law` says it in words). */
const FORMAT_LAW: Record<string, string> = {
  'zákon 269/2021 Sb.': 'cz-269-2021',
  'zákon 329/1999 Sb.': 'cz-329-1999',
  'zákon 361/2000 Sb.': 'cz-361-2000',
}
const formatLaw = (law: string | undefined): [string, ...string[]] =>
  law && FORMAT_LAW[law] ? [FORMAT_LAW[law]!, 'icao-9303'] : ['icao-9303']

/** ICAO 9303 check digit: weights 7,3,1 repeating; 0–9 as is, A–Z = 10–35, '<' = 0. */
function mrzCheckDigit(field: string): number {
  const weights = [7, 3, 1]
  let sum = 0
  for (let i = 0; i < field.length; i++) {
    const ch = field[i]!
    const v = ch === '<' ? 0 : ch >= '0' && ch <= '9' ? Number(ch) : ch.charCodeAt(0) - 55
    sum += v * weights[i % 3]!
  }
  return sum % 10
}

interface MrzData {
  format: 'TD1' | 'TD3'
  number: string
  birth: string
  expiry: string
  nationality: string
  issuer: string
  sex: string
}

/** Parses a TD1 (ID card, 3 × 30) or TD3 (passport, 2 × 44) MRZ and verifies every check digit. */
/** The MRZ fields a check digit covers, in Czech (ICAO 9303 names them in English). */
const CHECK_NAMES: Record<string, string> = {
  'document number': 'číslo dokladu',
  'date of birth': 'datum narození',
  'date of expiry': 'datum platnosti',
  'personal number': 'osobní číslo',
  composite: 'souhrnná',
}

function parseMrz(lines: string[]): { data: MrzData; checks: string[] } {
  const L = lines.map((l) => l.trim().toUpperCase())
  const checks: string[] = []
  const verify = (what: string, field: string, digit: string) => {
    const expected = mrzCheckDigit(field)
    if (digit !== String(expected))
      throw errors.invalid('mrz', `${what} check digit should be ${expected}, not ${digit}`)
    checks.push(what)
  }
  if (L.some((l) => !/^[A-Z0-9<]+$/.test(l))) throw errors.invalid('mrz', 'only A–Z, 0–9 and < are allowed')
  if (L.length === 2) {
    if (L.some((l) => l.length !== 44))
      throw errors.invalid('mrz', 'TD3 (passport) lines must have 44 characters')
    const [, l2] = L as [string, string]
    verify('document number', l2.slice(0, 9), l2[9]!)
    verify('date of birth', l2.slice(13, 19), l2[19]!)
    verify('date of expiry', l2.slice(21, 27), l2[27]!)
    if (l2.slice(28, 42).replace(/</g, '') !== '' || l2[42] !== '<')
      verify('personal number', l2.slice(28, 42), l2[42]!)
    verify('composite', l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43), l2[43]!)
    return {
      data: {
        format: 'TD3',
        number: l2.slice(0, 9).replace(/<+$/, ''),
        birth: l2.slice(13, 19),
        expiry: l2.slice(21, 27),
        nationality: l2.slice(10, 13),
        issuer: L[0]!.slice(2, 5),
        sex: l2[20]!,
      },
      checks,
    }
  }
  if (L.length === 3) {
    if (L.some((l) => l.length !== 30))
      throw errors.invalid('mrz', 'TD1 (ID card) lines must have 30 characters')
    const [l1, l2] = L as [string, string, string]
    verify('document number', l1.slice(5, 14), l1[14]!)
    verify('date of birth', l2.slice(0, 6), l2[6]!)
    verify('date of expiry', l2.slice(8, 14), l2[14]!)
    verify('composite', l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]!)
    return {
      data: {
        format: 'TD1',
        number: l1.slice(5, 14).replace(/<+$/, ''),
        birth: l2.slice(0, 6),
        expiry: l2.slice(8, 14),
        nationality: l2.slice(15, 18),
        issuer: l1.slice(2, 5),
        sex: l2[7]!,
      },
      checks,
    }
  }
  throw errors.invalid('mrz', 'must have 2 lines (TD3 passport) or 3 lines (TD1 ID card)')
}

/** MRZ YYMMDD → YYYY-MM-DD; expiry dates are in this century, birth dates in the past. */
function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: string): string {
  const yy = Number(yymmdd.slice(0, 2))
  let year = 2000 + yy
  if (kind === 'birth' && `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}` > today) year -= 100
  return `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`
}

/** The document number against the issuing country's format (or the generic one when none is on file). */
export function numberFormatCheck(
  input: Doc,
  ref: Docs,
  today: string,
  say: Say,
): { number: string; format: Format | undefined; rules: AppliedRule[] } {
  const number = input.number.replace(/\s+/g, '').toUpperCase()
  const format = ref.formats[input.issuing_country]?.[input.document_type]
  const pattern = new RegExp((format ?? ref.generic).pattern)
  if (!pattern.test(number)) {
    throw errors.invalid(
      'number',
      `does not match the ${input.issuing_country} ${input.document_type} format ${pattern.source}`,
    )
  }
  return {
    number,
    format,
    rules: [
      {
        rule: say({
          cs: `Formát čísla dokladu ${pattern.source}`,
          en: `Document number format ${pattern.source}`,
        }),
        ...cite(today, ...formatLaw(format?.law)),
        outcome: format
          ? say({ cs: 'odpovídá', en: 'matches' })
          : say({
              cs: 'obecný formát (národní formát není k dispozici)',
              en: 'generic format (no national format on file)',
            }),
      },
    ],
  }
}

/** The MRZ check digits and their agreement with the stated data; without an MRZ, what could not be verified. */
export function mrzCheck(
  input: Doc,
  number: string,
  format: Format | undefined,
  today: string,
  say: Say,
): {
  mrzFormat: 'TD1' | 'TD3' | 'none'
  mrz: MrzOut | null
  rules: AppliedRule[]
  warnings: string[]
} {
  const rules: AppliedRule[] = []
  const warnings: string[] = []
  if (input.mrz) {
    const { data, checks } = parseMrz(input.mrz)
    const mrz = {
      document_number: data.number,
      issuer: data.issuer.replace(/</g, ''),
      nationality: data.nationality.replace(/</g, ''),
      sex: data.sex === '<' ? 'X' : data.sex,
      birth_date: mrzDate(data.birth, 'birth', today),
      expiry_date: mrzDate(data.expiry, 'expiry', today),
    }
    rules.push({
      rule: say({
        cs: `Kontrolní číslice MRZ ${data.format} (${checks.map((c) => CHECK_NAMES[c] ?? c).join(', ')})`,
        en: `MRZ ${data.format} check digits (${checks.join(', ')})`,
      }),
      ...cite(today, 'icao-9303'),
      outcome: say({ cs: 'všechny správně', en: 'all correct' }),
    })
    if (data.number !== number) throw errors.invalid('number', `differs from the MRZ (${data.number})`)
    if (mrzDate(data.expiry, 'expiry', today) !== input.expiry_date) {
      throw errors.invalid('expiry_date', `differs from the MRZ (${mrzDate(data.expiry, 'expiry', today)})`)
    }
    if (input.birth_date && mrzDate(data.birth, 'birth', today) !== input.birth_date) {
      throw errors.invalid('birth_date', `differs from the MRZ (${mrzDate(data.birth, 'birth', today)})`)
    }
    rules.push({
      rule: say({
        cs: 'MRZ souhlasí se zadaným číslem, platností a datem narození',
        en: 'MRZ agrees with the number, expiry and birth date given',
      }),
      ...cite(today, 'icao-9303'),
      outcome: say({ cs: 'souhlasí', en: 'agrees' }),
    })
    return { mrzFormat: data.format, mrz, rules, warnings }
  }
  if (!format) {
    warnings.push(
      say({
        cs: `formát čísla dokladu ${input.issuing_country} není k dispozici a MRZ nezadána: doklad nelze ověřit, posuďte jej ručně`,
        en: `no ${input.issuing_country} number format on file and no MRZ given: the document cannot be verified, have a person check it`,
      }),
    )
  } else if (input.document_type !== 'driving_licence') {
    warnings.push(
      say({
        cs: 'MRZ nezadána: kontrolní číslice neověřeny',
        en: 'no MRZ given: check digits not verified',
      }),
    )
  }
  return { mrzFormat: 'none', mrz: null, rules, warnings }
}

/** The validity period from issue to expiry against the longest the law allows. */
export function validityCheck(
  input: Doc,
  format: Format | undefined,
  today: string,
  say: Say,
): {
  validityYears: number | null
  withinLaw: boolean | null
  rules: AppliedRule[]
  warnings: string[]
} {
  const rules: AppliedRule[] = []
  const warnings: string[] = []
  let validityYears: number | null = null
  let withinLaw: boolean | null = null
  if (input.issue_date) {
    if (input.issue_date >= input.expiry_date)
      throw errors.invalid('issue_date', 'must be before expiry_date')
    const [iy] = input.issue_date.split('-').map(Number) as [number]
    const [ey] = input.expiry_date.split('-').map(Number) as [number]
    validityYears = ey - iy - (input.expiry_date.slice(5) < input.issue_date.slice(5) ? 1 : 0)
    if (format?.max_validity_years)
      withinLaw = addMonths(input.issue_date, format.max_validity_years * 12) >= input.expiry_date
    if (withinLaw === false) {
      warnings.push(
        say({
          cs: `platnost delší než ${format!.max_validity_years} let, které zákon stanoví pro dospělé`,
          en: `validity longer than the ${format!.max_validity_years} years the law sets for adults`,
        }),
      )
    }
    if (format?.max_validity_years) {
      rules.push({
        rule: say({
          cs: `Platnost nejvýše ${format.max_validity_years} let (dospělý držitel)`,
          en: `Validity at most ${format.max_validity_years} years (adult holder)`,
        }),
        ...cite(today, ...formatLaw(format.law)),
        outcome: withinLaw
          ? say({ cs: `${validityYears} let`, en: `${validityYears} years` })
          : say({
              cs: `${validityYears} let: delší, než zákon dovoluje; doklad posoudí pracovník`,
              en: `${validityYears} years: longer than the law allows; have a person check the document`,
            }),
      })
    }
  }
  return { validityYears, withinLaw, rules, warnings }
}

/** Whether the document is valid on the day, as identification requires. */
export function identificationCheck(
  input: Doc,
  today: string,
  say: Say,
): {
  status: 'valid' | 'expired' | 'not_yet_valid'
  daysToExpiry: number
  rules: AppliedRule[]
} {
  const daysToExpiry = Math.round((Date.parse(input.expiry_date) - Date.parse(today)) / 86_400_000)
  const status =
    input.expiry_date < today
      ? 'expired'
      : input.issue_date && input.issue_date > today
        ? 'not_yet_valid'
        : 'valid'
  const rule: AppliedRule = {
    rule: say({
      cs: 'Identifikace vyžaduje platný doklad totožnosti',
      en: 'Identification requires a valid identity document',
    }),
    ...cite(today, 'cz-253-2008-s8'),
    outcome: status,
  }
  return { status, daysToExpiry, rules: [rule] }
}
