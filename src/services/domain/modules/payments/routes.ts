/**
 * POST /api/qr/payment (a Czech QR payment: the payee checked, the SPAYD string and its QR code)
 * and GET /api/vs/next (the next variable symbol of a series, never issued twice; an operator key
 * is needed, since the numbers are shared state other callers rely on).
 */
import {
  bankCodesOn,
  qrCodes,
  resolvePayee,
  SPAYD_SOURCE,
  spaydOf,
} from '../../../../engines/finance/spayd.ts'
import { isoDate } from '../../../../engines/reference/load.ts'
import { ok } from '../../../../kit/envelope.ts'
import { errors } from '../../../../kit/errors.ts'
import { OPERATOR_SECURITY, type OperatorKeys, operatorOnly } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import { ERRORS } from '../../schemas.ts'
import { OPERATOR_ERRORS, QrPaymentBody, QrPaymentResponse, VsQuery, VsResponse } from './schemas.ts'
import type { VariableSymbolStore } from './store.ts'

export interface PaymentsDeps {
  /** The variable-symbol series (GET /api/vs/next). */
  symbols: Pick<VariableSymbolStore, 'next'>
  /** The keys that may take a variable symbol. */
  operatorKeys: OperatorKeys
  now?: (() => Date) | undefined
}

export function registerPayments(app: App, deps: PaymentsDeps): void {
  const now = deps.now ?? (() => new Date())

  app.post(
    '/api/qr/payment',
    {
      schema: {
        summary:
          'A Czech QR payment: the account checked (IBAN mod 97, Czech mod 11 and bank code), the SPAYD 1.0 string and its QR code (PNG and SVG, error correction M)',
        tags: ['payments'],
        body: QrPaymentBody,
        response: { 200: QrPaymentResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const body = request.body
      if ((body.iban === undefined) === (body.account === undefined)) {
        throw errors.invalid('iban', 'give exactly one of iban and account')
      }
      // Cents must be whole: 0.1 + 0.2 style binary noise (under 1e-6 CZK) is rounded away.
      const cents = body.amount * 100
      if (Math.abs(cents - Math.round(cents)) > 1e-6) throw errors.invalid('amount', 'at most two decimals')
      const field = body.iban !== undefined ? 'iban' : 'account'
      const payee = resolvePayee((body.iban ?? body.account)!, field, bankCodesOn(isoDate(now())))
      const currency = body.currency ?? 'CZK'
      const spayd = spaydOf({
        iban: payee.iban,
        amount: body.amount,
        currency,
        dueDate: body.due_date,
        today: isoDate(now()),
        message: body.message,
        recipient: body.recipient,
        vs: body.vs,
        ss: body.ss,
        ks: body.ks,
        instant: body.instant,
      })
      const qr = await qrCodes(spayd)
      const rules = [
        {
          rule:
            field === 'iban'
              ? 'IBAN check digits: mod 97 = 1 (a CZ IBAN also holds a Czech account passing mod 11)'
              : 'Czech account: prefix and number each pass the mod-11 test (weights 10,5,8,4,2,1 and 6,3,7,9,10,5,8,4,2,1)',
          source: field === 'iban' ? 'ISO 13616-1' : 'vyhláška ČNB 169/2011 Sb.',
          outcome: 'passed',
        },
        ...(payee.bankCode
          ? [
              {
                rule: 'The bank code is on the ČNB list of payment-system codes',
                source: 'ČNB, Číselník kódů bank',
                outcome: `${payee.bankCode}: ${payee.bankName}`,
              },
            ]
          : []),
        {
          rule: 'SPAYD 1.0: SPD*1.0*, KEY:value pairs joined by *, amount with two decimals, % and * in a value written %25 and %2A',
          source: SPAYD_SOURCE,
          outcome: `${spayd.split('*').length - 2} fields`,
        },
        { rule: 'QR code with error correction level M', source: SPAYD_SOURCE },
      ]
      return ok(reply, {
        spayd,
        iban: payee.iban,
        account: payee.czechAccount,
        bank: payee.bankCode ? { code: payee.bankCode, name: payee.bankName! } : null,
        amount: body.amount.toFixed(2),
        currency,
        qr: { ...qr, error_correction: 'M' as const },
        rules_applied: rules,
      })
    },
  )

  app.get(
    '/api/vs/next',
    {
      onRequest: operatorOnly(deps.operatorKeys, 'Issuing a variable symbol'),
      schema: {
        summary:
          'The next variable symbol of a series (1–10 digits, no leading zero), never issued twice across instances',
        tags: ['payments'],
        security: OPERATOR_SECURITY,
        querystring: VsQuery,
        response: { 200: VsResponse, ...ERRORS, ...OPERATOR_ERRORS },
      },
    },
    async (request, reply) => {
      const series = request.query.series ?? 'default'
      const at = now()
      const vs = await deps.symbols.next(series, at)
      // Every call takes a new number: no cache may answer it.
      reply.header('cache-control', 'no-store')
      return ok(reply, { vs: String(vs), series, issued_at: at.toISOString() })
    },
  )
}
