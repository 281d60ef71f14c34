import QRCode from 'qrcode'
import { Type } from 'typebox'
import { checkCzechAccount, checkIban, czechAccountToIban } from '../../engines/czech/identifiers.ts'
import { DateString, RulesAppliedSchema } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'

const SPAYD_SOURCE = 'ČBA standard Short Payment Descriptor (SPAYD) 1.0, qr-platba.cz'
const PaymentSymbol = (d: string) => Type.Optional(Type.String({ pattern: '^\\d{1,10}$', description: d }))

/** SPAYD values may not contain '*' (the field separator); the spec escapes it as %2A. */
function spaydText(value: string): string {
  return value
    .replace(/\*/g, '%2A')
    .replace(/[\r\n]+/g, ' ')
    .trim()
}

export const qrPayment = defineAgent({
  service: 'banking',
  name: 'qr_payment',
  description:
    'Builds a Czech QR payment ("QR Platba"): the SPAYD 1.0 string with account, amount, symbols and message, and its QR code as SVG (error correction M), after validating the account.',
  input: Type.Object(
    {
      account: Type.String({ description: 'IBAN or Czech account "[prefix-]number/bank"' }),
      amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 9_999_999.99, description: 'CZK' })),
      currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217, default CZK' })),
      vs: PaymentSymbol('variabilní symbol, up to 10 digits'),
      ss: PaymentSymbol('specifický symbol, up to 10 digits'),
      ks: Type.Optional(Type.String({ pattern: '^\\d{1,10}$', description: 'konstantní symbol' })),
      message: Type.Optional(Type.String({ maxLength: 60 })),
      name: Type.Optional(Type.String({ maxLength: 35, description: 'recipient name' })),
      due_date: Type.Optional(DateString()),
      instant: Type.Optional(Type.Boolean({ description: 'ask for an instant payment (PT:IP)' })),
      svg: Type.Optional(Type.Boolean({ description: 'include the QR code as SVG (default true)' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    spayd: Type.String(),
    iban: Type.String(),
    qr_svg: Type.Optional(Type.String()),
    rules_applied: RulesAppliedSchema,
  }),
  examples: [
    {
      title: 'Invoice payment with variable symbol and due date',
      input: {
        account: '19-2000145399/0800',
        amount: 799.5,
        vs: '2025000123',
        message: 'Faktura 2025000123',
        due_date: '2025-07-15',
        svg: false,
      },
    },
    {
      title: 'Instant payment to an IBAN with an SVG code',
      input: { account: 'CZ6508000000192000145399', amount: 1500, name: 'Jan Novák', instant: true },
    },
  ],
  async run(input) {
    let iban: string
    if (/^[A-Za-z]{2}/.test(input.account.trim())) {
      const check = checkIban(input.account)
      if (!check.valid) throw errors.invalid('account', check.reason)
      iban = check.value
    } else {
      const check = checkCzechAccount(input.account)
      if (!check.valid) throw errors.invalid('account', check.reason)
      iban = czechAccountToIban(check.account!)
    }
    const parts = [`ACC:${iban}`]
    if (input.amount !== undefined) parts.push(`AM:${input.amount.toFixed(2)}`)
    parts.push(`CC:${input.currency ?? 'CZK'}`)
    if (input.due_date) parts.push(`DT:${input.due_date.replace(/-/g, '')}`)
    if (input.message) parts.push(`MSG:${spaydText(input.message)}`)
    if (input.instant) parts.push('PT:IP')
    if (input.name) parts.push(`RN:${spaydText(input.name)}`)
    // Leading zeros of the symbols are insignificant (banks drop them), so they are not sent.
    if (input.ks) parts.push(`X-KS:${input.ks.replace(/^0+(?=\d)/, '')}`)
    if (input.ss) parts.push(`X-SS:${input.ss.replace(/^0+(?=\d)/, '')}`)
    if (input.vs) parts.push(`X-VS:${input.vs.replace(/^0+(?=\d)/, '')}`)
    const spayd = `SPD*1.0*${parts.join('*')}`
    const out: {
      spayd: string
      iban: string
      qr_svg?: string
      rules_applied: { rule: string; source?: string; outcome?: string }[]
    } = {
      spayd,
      iban,
      rules_applied: [
        {
          rule: 'SPAYD header SPD*1.0, KEY:value pairs separated by *; ACC is mandatory',
          source: SPAYD_SOURCE,
          outcome: `${parts.length} fields`,
        },
        {
          rule: 'Variable, specific and constant symbols: digits only, at most 10',
          source: 'vyhláška ČNB 169/2011 Sb.',
        },
        {
          rule: 'Account validated (IBAN mod 97; Czech accounts mod 11)',
          source: 'ISO 13616-1; vyhláška ČNB 169/2011 Sb.',
          outcome: iban,
        },
      ],
    }
    if (input.svg ?? true) {
      out.qr_svg = await QRCode.toString(spayd, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      out.rules_applied.push({ rule: 'QR code with error correction level M', source: SPAYD_SOURCE })
    }
    return out
  },
})
