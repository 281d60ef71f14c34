/**
 * Czech QR payments ("QR Platba"): the payee's account checked and turned into an IBAN, the SPAYD
 * 1.0 string (Short Payment Descriptor, ČBA standard, qr-platba.cz) and its QR code. One engine
 * for the banking agent and the domain service's /api/qr/payment.
 *
 * SPAYD: "SPD*1.0*" then KEY:value pairs joined by "*"; ACC is mandatory. A value may not hold
 * "*" (the separator), so it is written %2A; line breaks are not allowed and become spaces.
 * Limits (characters): AM 10 with two decimals, CC 3, MSG 60, RN 35, X-VS/X-SS/X-KS 10 digits.
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
  /** YYYY-MM-DD */
  dueDate?: string | undefined
  message?: string | undefined
  recipient?: string | undefined
  vs?: string | undefined
  ss?: string | undefined
  ks?: string | undefined
  /** Ask for an instant payment (PT:IP). */
  instant?: boolean | undefined
}

/** A value as SPAYD carries it: no separator, no line break, at most `max` characters. */
function spaydText(value: string, max: number): string {
  return value
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, max)
    .replace(/\*/g, '%2A')
}

/** Leading zeros of a payment symbol are insignificant (banks drop them), so they are not sent. */
const symbol = (digits: string) => digits.replace(/^0+(?=\d)/, '')

/** The SPAYD 1.0 string of an order, its fields in the order the standard lists them. */
export function spaydOf(order: PaymentOrder): string {
  const parts = [`ACC:${order.iban}`]
  if (order.amount !== undefined) parts.push(`AM:${order.amount.toFixed(2)}`)
  parts.push(`CC:${order.currency ?? 'CZK'}`)
  if (order.dueDate) parts.push(`DT:${order.dueDate.replace(/-/g, '')}`)
  if (order.message) parts.push(`MSG:${spaydText(order.message, 60)}`)
  if (order.instant) parts.push('PT:IP')
  if (order.recipient) parts.push(`RN:${spaydText(order.recipient, 35)}`)
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
