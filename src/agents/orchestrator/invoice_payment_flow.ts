import { defineAgent } from '../types.ts'
import { validIco } from './company_onboarding_flow.ts'
import { flowInput } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema, type FlowStep, needs, pick, runFlow, skip } from './flow.ts'

const INVOICE_STEPS: FlowStep[] = [
  {
    id: 'account',
    service: 'banking',
    agent: 'account_validator',
    purpose: {
      cs: 'kontrolní součty čísla účtu (ČNB mod 11, IBAN mod 97)',
      en: 'the account number checksums (ČNB mod-11, IBAN mod-97)',
    },
    input: (r) => pick(r, ['account']),
  },
  {
    id: 'ico',
    service: 'data',
    agent: 'ico_validator',
    purpose: { cs: 'kontrolní součet IČO dodavatele', en: "the supplier's IČO checksum" },
    input: (r) => needs(r, ['ico']) ?? pick(r, ['ico']),
  },
  {
    id: 'vat',
    service: 'data',
    agent: 'vat_payer_check',
    purpose: {
      cs: 'nespolehlivý plátce DPH a zveřejněné účty (jinak ručí plátce za DPH, ZDPH § 109)',
      en: 'unreliable VAT payer and published accounts (the payer is liable for VAT otherwise, ZDPH § 109)',
    },
    input: (r) =>
      r.dic === undefined && r.ico === undefined
        ? skip({ cs: 'chybí dic nebo ico', en: 'needs dic or ico' })
        : pick(r, ['dic', 'ico', 'account', 'amount']),
  },
  {
    id: 'qr',
    service: 'banking',
    agent: 'qr_payment',
    purpose: { cs: 'QR platba (SPAYD) pro fakturu', en: 'the QR payment (SPAYD) for the invoice' },
    after: ['account'],
    input: (r, done) => {
      const account = done.account as { valid?: boolean; reason?: string } | undefined
      if (account?.valid === false)
        return skip({
          cs: `účet není platný (${account.reason ?? 'kontrolní součet'})`,
          en: `the account is not valid (${account.reason ?? 'checksum'})`,
        })
      const bad = validIco(done)
      if (bad) return skip(bad)
      return pick(r, ['account', 'amount', 'currency', 'vs', 'message', 'due_date', 'name'])
    },
  },
]

export const invoicePaymentFlow = defineAgent({
  service: 'orchestrator',
  name: 'invoice_payment_flow',
  description:
    "Prepares the payment of a supplier invoice: checks the account number, the supplier's IČO and VAT status (unreliable payer, published accounts) and, when they pass, produces the QR payment (SPAYD). Every step is timed; a failed check stops the QR code and says why.",
  input: flowInput(['account', 'amount'], ['currency', 'vs', 'message', 'due_date', 'name', 'ico', 'dic']),
  output: FlowResultSchema,
  verdict: FLOW_VERDICT,
  examples: [
    {
      title: 'A supplier invoice to a Czech account',
      input: {
        account: '19-2000145399/0800',
        amount: 12_100,
        vs: '2026110001',
        ico: '27074358',
        message: 'Faktura 2026110001',
        due_date: '2026-12-04',
      },
    },
    { title: 'A mistyped account number: no QR code', input: { account: '19-2000145398/0800', amount: 500 } },
  ],
  async run(input, ctx) {
    return runFlow('invoice_payment', INVOICE_STEPS, input, ctx)
  },
})
