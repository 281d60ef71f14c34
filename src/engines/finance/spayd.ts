/**
 * Czech QR payments ("QR Platba"): the payee's account checked and turned into an IBAN, the SPAYD
 * 1.0 string (Short Payment Descriptor, ČBA standard, qr-platba.cz) and its QR code. One engine
 * for the banking agent and the domain service's /api/qr/payment.
 *
 * SPAYD: "SPD*1.0*" then KEY:value pairs joined by "*"; ACC is mandatory. A value may not hold
 * "*" (the separator), so it is written %2A as in URL encoding; a reader decodes the value, so a
 * "%" of the text is written %25 (else "50%2A" typed by the payer would be read back as "50*");
 * line breaks are not allowed and become spaces.
 * Limits (characters): AM 10 with two decimals, CC 3, MSG 60, RN 35, X-VS/X-SS/X-KS 10 digits.
 * The standard counts characters, not bytes or UTF-16 units (its reference validator measures the
 * decoded value): an emoji is one character. A text that is not well-formed Unicode, or holds a
 * control character other than a line break or a bidirectional control (which can make the payee
 * see another text than the one paid), is refused naming its field, never cut or passed on; CC
 * must be a currency of ISO 4217 (data/reference/iso-4217-currencies.json).
 */
import QRCode from 'qrcode'
import { errors } from '../../kit/errors.ts'
import { checkCzechAccount, checkIban, czechAccountToIban } from '../czech/identifiers.ts'
import { loadReference, type ReferenceVersion, versionAt } from '../reference/load.ts'

export const SPAYD_SOURCE = 'ČBA standard Short Payment Descriptor (SPAYD) 1.0, qr-platba.cz'

/** The largest amount SPAYD's AM field holds (10 characters with the point and two decimals). */
export const MAX_AMOUNT = 9_999_999.99

interface BankCodes extends ReferenceVersion {
  codes: Record<string, string>
}

/** The ČNB payment-system bank codes (data/reference/cz-bank-codes.json) valid on `date` (YYYY-MM-DD). */
export function bankCodesOn(date: string): Readonly<Record<string, string>> {
  return versionAt(loadReference<BankCodes>('cz-bank-codes'), date).codes
}

export interface Payee {
  iban: string
  /** "[prefix-]number/bank" for a Czech account, null for a foreign IBAN. */
  czechAccount: string | null
  bankCode: string | null
  bankName: string | null
}

/**
 * The payee of an IBAN or a Czech account ("[prefix-]number/bank"). A Czech account must pass the
 * ČNB mod-11 test and carry a bank code of the ČNB list (`bankCodes`); an IBAN must pass mod 97.
 * A failure is a 400 naming `field` and the rule it broke.
 */
export function resolvePayee(
  value: string,
  field: string,
  bankCodes: Readonly<Record<string, string>>,
): Payee {
  const compact = value.replace(/\s+/g, '')
  let iban: string
  if (/^[A-Za-z]{2}/.test(compact)) {
    const check = checkIban(compact)
    if (!check.valid) throw errors.invalid(field, check.reason)
    iban = check.value
  } else {
    const check = checkCzechAccount(compact)
    if (!check.valid) throw errors.invalid(field, check.reason)
    iban = czechAccountToIban(check.account!)
  }
  if (!iban.startsWith('CZ')) return { iban, czechAccount: null, bankCode: null, bankName: null }
  const bankCode = iban.slice(4, 8)
  const bankName = bankCodes[bankCode]
  if (bankName === undefined) {
    throw errors.invalid(field, `bank code ${bankCode} is not in the ČNB list of payment-system codes`)
  }
  const prefix = iban.slice(8, 14).replace(/^0+/, '')
  const number = iban.slice(14).replace(/^0+/, '')
  return { iban, czechAccount: `${prefix ? `${prefix}-` : ''}${number}/${bankCode}`, bankCode, bankName }
}

export interface PaymentOrder {
  iban: string
  /** CZK (or `currency`), at most MAX_AMOUNT; none leaves the amount to the payer. */
  amount?: number | undefined
  currency?: string | undefined
  /** YYYY-MM-DD, within DUE_DATE_YEARS of `today` */
  dueDate?: string | undefined
  /** YYYY-MM-DD: the day the order is made (default: the current UTC day). */
  today?: string | undefined
  message?: string | undefined
  recipient?: string | undefined
  vs?: string | undefined
  ss?: string | undefined
  ks?: string | undefined
  /** Ask for an instant payment (PT:IP). */
  instant?: boolean | undefined
}

/** The field names a caller's request gives the order's texts, for its 400s. */
export interface OrderFields {
  message: string
  recipient: string
  currency: string
  dueDate: string
}

const DEFAULT_FIELDS: OrderFields = {
  message: 'message',
  recipient: 'recipient',
  currency: 'currency',
  dueDate: 'due_date',
}

/**
 * How far from the day of the order a due date may lie (years, either way). A date the calendar
 * has but no payment can have — 0000-01-01, 9999-12-31 — is a mistake to report, not to encode;
 * ten years covers an overdue invoice and a long instalment plan.
 */
const DUE_DATE_YEARS = 10

/** A due date (YYYY-MM-DD, a real day) within DUE_DATE_YEARS of `today`, or a 400 naming `field`. */
function checkDueDate(date: string, today: string, field: string): void {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const shift = (years: number) => new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10)
  const [earliest, latest] = [shift(-DUE_DATE_YEARS), shift(DUE_DATE_YEARS)]
  const time = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN
  const real = !Number.isNaN(time) && new Date(time).toISOString().startsWith(date)
  if (!real || date < earliest || date > latest)
    throw errors.invalid(
      field,
      `a date from ${earliest} to ${latest} (${DUE_DATE_YEARS} years either side of today)`,
    )
}

/**
 * Characters a payment text may not hold: C0 and C1 controls (line breaks are turned into spaces
 * first), the line and paragraph separators, and the bidirectional controls (ALM, LRM, RLM, the
 * embeddings, overrides and isolates) that can show the payee another order of the text.
 */
function forbiddenIn(text: string): string | undefined {
  for (const c of text) {
    const cp = c.codePointAt(0)!
    if (
      cp < 0x20 ||
      (cp >= 0x7f && cp <= 0x9f) ||
      cp === 0x2028 ||
      cp === 0x2029 ||
      cp === 0x061c ||
      cp === 0x200e ||
      cp === 0x200f ||
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069)
    )
      return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
  }
  return undefined
}

/**
 * A text as SPAYD carries it: line breaks as spaces, trimmed, "%" as %25 and "*" as %2A, at most
 * `max` characters as the standard counts them; undefined when nothing but blanks is left (the
 * key is then left out). A malformed or over-long text, or one with a forbidden character, is a
 * 400 naming `field`.
 */
function spaydText(value: string, max: number, field: string): string | undefined {
  if (!value.isWellFormed())
    throw errors.invalid(field, 'well-formed Unicode text (it holds a lone surrogate)')
  const text = value.replace(/\r\n|[\r\n]/g, ' ').trim()
  const forbidden = forbiddenIn(text)
  if (forbidden)
    throw errors.invalid(
      field,
      `no control or bidirectional formatting characters (found ${forbidden}); line breaks become spaces`,
    )
  const characters = [...text].length
  if (characters > max)
    throw errors.invalid(
      field,
      `at most ${max} characters as SPAYD counts them (an emoji is one); got ${characters}`,
    )
  // "%" first: the %2A written next must stay an escape.
  return text === '' ? undefined : text.replace(/%/g, '%25').replace(/\*/g, '%2A')
}

interface Currencies extends ReferenceVersion {
  codes: Record<string, { name: string; minor_units: number }>
}

/** Whether `code` is a currency of ISO 4217 a payment can be made in (not the no-currency or testing codes, gold, funds …). */
function isCurrency(code: string): boolean {
  const file = loadReference<Currencies>('iso-4217-currencies')
  return Object.hasOwn(file.versions.at(-1)!.codes, code)
}

/** Leading zeros of a payment symbol are insignificant (banks drop them), so they are not sent. */
const symbol = (digits: string) => digits.replace(/^0+(?=\d)/, '')

/**
 * The SPAYD 1.0 string of an order, its fields in the order the standard lists them. A text or
 * currency SPAYD cannot carry is a 400 naming the caller's field (`fields`).
 */
export function spaydOf(order: PaymentOrder, fields: Partial<OrderFields> = {}): string {
  const names = { ...DEFAULT_FIELDS, ...fields }
  const currency = order.currency ?? 'CZK'
  if (!isCurrency(currency))
    throw errors.invalid(
      names.currency,
      'a currency of ISO 4217 (e.g. CZK, EUR), not a no-currency, test, metal or fund code',
    )
  if (order.dueDate)
    checkDueDate(order.dueDate, order.today ?? new Date().toISOString().slice(0, 10), names.dueDate)
  const message = order.message === undefined ? undefined : spaydText(order.message, 60, names.message)
  const recipient =
    order.recipient === undefined ? undefined : spaydText(order.recipient, 35, names.recipient)
  const parts = [`ACC:${order.iban}`]
  if (order.amount !== undefined) parts.push(`AM:${order.amount.toFixed(2)}`)
  parts.push(`CC:${currency}`)
  if (order.dueDate) parts.push(`DT:${order.dueDate.replace(/-/g, '')}`)
  if (message) parts.push(`MSG:${message}`)
  if (order.instant) parts.push('PT:IP')
  if (recipient) parts.push(`RN:${recipient}`)
  if (order.ks) parts.push(`X-KS:${symbol(order.ks)}`)
  if (order.ss) parts.push(`X-SS:${symbol(order.ss)}`)
  if (order.vs) parts.push(`X-VS:${symbol(order.vs)}`)
  return `SPD*1.0*${parts.join('*')}`
}

/** Error correction level M as the standard asks, and a 2-module quiet zone. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const

/** The QR code of exactly `text` as SVG. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' })
}

/** The QR code of exactly `text` as a PNG (base64, 6 px per module) and as SVG. */
export async function qrCodes(text: string): Promise<{ png: string; svg: string }> {
  const [png, svg] = await Promise.all([
    QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', scale: 6 }),
    qrSvg(text),
  ])
  return { png: png.toString('base64'), svg }
}
