import { defineAgent } from '../types.ts'
import { validIco } from './company_onboarding_flow.ts'
import type { Duty } from './duties.ts'
import { flowInput } from './fields.ts'
import { FLOW_VERDICT, FlowResultSchema, type FlowStep, flowLaw, needs, pick, runFlow, skip } from './flow.ts'

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

/** What paying a supplier asks, section by section, and the steps that do it. */
const INVOICE_DUTIES: Duty[] = [
  {
    name: 'account_number',
    text: {
      cs: 'číslo účtu splňuje kontrolní součty: předčíslí a číslo mod 11 (vyhl. ČNB), IBAN mod 97',
      en: 'the account number passes its checksums: prefix and number mod 11 (ČNB decree), IBAN mod 97',
    },
    law: ['cz-cnb-169-2011', 'iso-13616'],
    steps: ['account'],
  },
  {
    name: 'supplier_identifier',
    text: {
      cs: 'IČO dodavatele má kontrolní číslici podle ČSÚ',
      en: "the supplier's IČO carries its ČSÚ check digit",
    },
    law: ['cz-111-2009-s24'],
    steps: ['ico'],
  },
  {
    name: 'vat_liability',
    text: {
      cs: 'platba nespolehlivému plátci nebo nad 540 000 Kč na nezveřejněný účet zakládá ručení za DPH',
      en: 'paying an unreliable payer, or more than 540,000 CZK to an unpublished account, makes the payer liable for the VAT',
    },
    law: ['cz-235-2004-s106a', 'cz-235-2004-s109'],
    steps: ['vat'],
    // Liability for an unreliable payer's VAT does not turn on the amount (§ 109 odst. 3): a supplier
    // nobody looked up in the VAT register is not a supplier found reliable.
    owed: {
      applies: () => true,
      given: (r) => r.dic !== undefined || r.ico !== undefined,
      text: {
        cs: 'před platbou dodavateli se ověřuje v registru plátců DPH, zda není nespolehlivým plátcem a zda je účet zveřejněn (ZDPH § 106a, § 109); bez toho není výsledek bez výhrad',
        en: 'before paying a supplier, the VAT register is asked whether it is an unreliable payer and whether the account is published (VAT Act § 106a, § 109); without it the answer is not clear',
      },
      absent: {
        cs: 'dodavatel není určen ani dic, ani ico: jeho stav v registru plátců DPH nebyl ověřen — uveďte DIČ nebo IČO dodavatele z faktury',
        en: "the supplier is given by neither dic nor ico: its VAT-register status was not checked — give the supplier's DIČ or IČO from the invoice",
      },
      undone: {
        cs: 'registr plátců DPH nebylo možné zeptat',
        en: 'the VAT register could not be asked',
      },
    },
  },
  {
    name: 'qr_payment',
    text: {
      cs: 'QR platba ve formátu SPAYD (SPD*1.0) s IBAN, částkou a symboly',
      en: 'the QR payment in the SPAYD format (SPD*1.0) with the IBAN, the amount and the symbols',
    },
    law: ['cba-spayd'],
    steps: ['qr'],
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
  law: flowLaw(INVOICE_DUTIES),
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
    return runFlow('invoice_payment', INVOICE_STEPS, INVOICE_DUTIES, input, ctx)
  },
})
