/**
 * Schemas of the payment routes: POST /api/qr/payment (a QR payment) and GET /api/vs/next (a
 * variable symbol). Envelope and errors as in the service's schemas.ts.
 */

import { Type } from 'typebox'
import { MAX_AMOUNT } from '../../../../engines/finance/spayd.ts'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { ErrorEnvelope, Rule } from '../../schemas.ts'

const Symbol10 = (description: string) =>
  Type.Optional(Type.String({ pattern: '^\\d{1,10}$', description: `${description}: 1 to 10 digits` }))

export const QrPaymentBody = Type.Object(
  {
    iban: Type.Optional(
      Type.String({
        minLength: 15,
        maxLength: 42,
        description: 'the payee’s IBAN (spaces allowed); or `account`',
        examples: ['CZ6508000000192000145399'],
      }),
    ),
    account: Type.Optional(
      Type.String({
        minLength: 4,
        maxLength: 30,
        description: 'the payee’s Czech account "[prefix-]number/bank", e.g. 19-2000145399/0800; or `iban`',
        examples: ['19-2000145399/0800'],
      }),
    ),
    amount: Type.Number({
      exclusiveMinimum: 0,
      maximum: MAX_AMOUNT,
      description: 'in `currency`, at most two decimals',
    }),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        default: 'CZK',
        description:
          'a currency of ISO 4217 a payment can be made in (not the no-currency or testing codes, metals or funds)',
      }),
    ),
    vs: Symbol10('variabilní symbol'),
    ss: Symbol10('specifický symbol'),
    ks: Symbol10('konstantní symbol'),
    message: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 60,
        description:
          'message for the payee (SPAYD MSG, ≤ 60 characters, an emoji is one; line breaks become spaces; no other control or bidirectional characters)',
      }),
    ),
    due_date: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD' })),
    recipient: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 35,
        description: 'payee’s name (SPAYD RN, ≤ 35 characters, an emoji is one)',
      }),
    ),
    instant: Type.Optional(Type.Boolean({ description: 'ask for an instant payment (SPAYD PT:IP)' })),
  },
  { additionalProperties: false },
)

export const QrPaymentResponse = okSchema(
  Type.Object({
    spayd: Type.String({ description: 'the SPAYD 1.0 string the QR code holds' }),
    iban: Type.String(),
    account: Nullable(Type.String({ description: 'the Czech account form, null for a foreign IBAN' })),
    bank: Nullable(Type.Object({ code: Type.String(), name: Type.String() })),
    amount: Type.String({ description: 'as in the SPAYD string, two decimals' }),
    currency: Type.String(),
    qr: Type.Object({
      png: Type.String({ description: 'PNG image, base64' }),
      svg: Type.String({ description: 'SVG image' }),
      error_correction: Type.Literal('M'),
    }),
    rules_applied: Type.Array(Rule),
  }),
)

export const VsQuery = Type.Object(
  {
    series: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9][a-z0-9_-]{0,31}$',
        default: 'default',
        description: 'a named series (e.g. invoices, deposits); each counts from 1 on its own',
      }),
    ),
  },
  { additionalProperties: false },
)

export const VsResponse = okSchema(
  Type.Object({
    vs: Type.String({
      pattern: '^[1-9]\\d{0,9}$',
      description: 'the variable symbol: 1–10 digits, no leading zero',
    }),
    series: Type.String(),
    issued_at: Type.String({ format: 'date-time' }),
  }),
)

export const OPERATOR_ERRORS = { 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope }
