import { Type } from 'typebox'
import { bankCodesOn, MAX_AMOUNT, qrSvg, resolvePayee, spaydOf } from '../../engines/finance/spayd.ts'
import { isoDate } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { cite } from '../law.ts'
import { type AppliedRule, defineAgent } from '../types.ts'

const PaymentSymbol = (d: string) => Type.Optional(Type.String({ pattern: '^\\d{1,10}$', description: d }))

export const qrPayment = defineAgent({
  service: 'banking',
  name: 'qr_payment',
  description:
    'Builds a Czech QR payment ("QR Platba"): the SPAYD 1.0 string with account, amount, symbols and message, and its QR code as SVG (error correction M), after validating the account.',
  input: Type.Object(
    {
      account: Type.String({ description: 'IBAN or Czech account "[prefix-]number/bank"' }),
      amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_AMOUNT, description: 'CZK' })),
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
  }),
  verdict: 'informational',
  law: ['cba-spayd', 'cz-cnb-169-2011', 'iso-13616', 'cnb-bank-codes'],
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
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const { iban } = resolvePayee(input.account, 'account', bankCodesOn(at))
    const spayd = spaydOf(
      {
        iban,
        amount: input.amount,
        currency: input.currency,
        dueDate: input.due_date,
        today: at,
        message: input.message,
        recipient: input.name,
        vs: input.vs,
        ss: input.ss,
        ks: input.ks,
        instant: input.instant,
      },
      { recipient: 'name' },
    )
    const fields = spayd.split('*').length - 2
    const out: {
      spayd: string
      iban: string
      qr_svg?: string
      rules_applied: AppliedRule[]
    } = {
      spayd,
      iban,
      rules_applied: [
        {
          rule: ctx.say({
            cs: 'Hlavička SPAYD SPD*1.0, dvojice KLÍČ:hodnota oddělené *; ACC je povinný',
            en: 'SPAYD header SPD*1.0, KEY:value pairs separated by *; ACC is mandatory',
          }),
          ...cite(at, 'cba-spayd'),
          outcome: ctx.say({ cs: `${fields} polí`, en: `${fields} fields` }),
        },
        {
          rule: ctx.say({
            cs: 'Variabilní, specifický a konstantní symbol: jen číslice, nejvýše 10',
            en: 'Variable, specific and constant symbols: digits only, at most 10',
          }),
          ...cite(at, 'cz-cnb-169-2011'),
        },
        {
          rule: ctx.say({
            cs: 'Účet ověřen (IBAN mod 97; české účty mod 11; kód banky v číselníku ČNB)',
            en: 'Account validated (IBAN mod 97; Czech accounts mod 11; bank code in the ČNB list)',
          }),
          ...cite(at, 'iso-13616', 'cz-cnb-169-2011', 'cnb-bank-codes'),
          outcome: iban,
        },
      ],
    }
    if (input.svg ?? true) {
      out.qr_svg = await qrSvg(spayd)
      out.rules_applied.push({
        rule: ctx.say({ cs: 'QR kód s úrovní opravy chyb M', en: 'QR code with error correction level M' }),
        ...cite(at, 'cba-spayd'),
      })
    }
    return out
  },
})
