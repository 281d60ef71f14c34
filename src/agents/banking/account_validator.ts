import { Type } from 'typebox'
import { checkCzechAccount, checkIban, czechAccountToIban } from '../../engines/czech/identifiers.ts'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { defineAgent } from '../types.ts'

interface BankCodes extends ReferenceVersion {
  codes: Record<string, string>
}

const MOD11 = (say: Say) => ({
  rule: say({
    cs: 'České číslo účtu: předčíslí (váhy 10,5,8,4,2,1) i číslo (váhy 6,3,7,9,10,5,8,4,2,1) dávají ≡ 0 mod 11',
    en: 'Czech account number: prefix (weights 10,5,8,4,2,1) and number (weights 6,3,7,9,10,5,8,4,2,1) each ≡ 0 mod 11',
  }),
  source: 'vyhláška ČNB 169/2011 Sb.',
  since: '2011-07-01',
  outcome: say(PASSED),
})
const MOD97 = (say: Say) => ({
  rule: say({ cs: 'Kontrolní číslice IBAN: mod 97 = 1', en: 'IBAN check digits: mod 97 = 1' }),
  source: 'ISO 13616-1',
  outcome: say(PASSED),
})
const PASSED = { cs: 'splněno', en: 'passed' }

export const accountValidator = defineAgent({
  service: 'banking',
  name: 'account_validator',
  description:
    'Validates a Czech bank account ("19-2000145399/0800") or an IBAN: the ČNB mod-11 test, the ISO 13616 mod-97 check, the bank code, and converts between the two forms. An invalid account is a 400 naming the failed rule.',
  input: Type.Object(
    {
      account: Type.String({ minLength: 4, maxLength: 42, description: 'Czech account or IBAN' }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    valid: Type.Boolean(),
    format: Type.Union([Type.Literal('czech'), Type.Literal('iban')]),
    iban: Type.String(),
    country: Type.String(),
    czech_account: NullableString(),
    bank_code: NullableString(),
    bank_name: NullableString(),
  }),
  verdict: { field: 'valid', map: { true: 'clear', false: 'adverse' } },
  examples: [
    { title: 'Czech account with prefix', input: { account: '19-2000145399/0800' } },
    { title: 'Czech IBAN with spaces', input: { account: 'CZ65 0800 0000 1920 0014 5399' } },
    { title: 'German IBAN', input: { account: 'DE89370400440532013000' } },
  ],
  async run(input, ctx) {
    const raw = input.account.replace(/\s+/g, '')
    const codes = versionAt(loadReference<BankCodes>('cz-bank-codes'), asOfDate(undefined, ctx.now)).codes
    if (/^[A-Za-z]{2}/.test(raw)) {
      const iban = checkIban(raw)
      if (!iban.valid) throw errors.invalid('account', iban.reason)
      const country = iban.value.slice(0, 2)
      if (country !== 'CZ') {
        return {
          valid: true,
          format: 'iban' as const,
          iban: iban.value,
          country,
          czech_account: null,
          bank_code: null,
          bank_name: null,
          rules_applied: [MOD97(ctx.say)],
        }
      }
      const bank = iban.value.slice(4, 8)
      const prefix = iban.value.slice(8, 14).replace(/^0+/, '')
      const number = iban.value.slice(14).replace(/^0+/, '')
      return {
        valid: true,
        format: 'iban' as const,
        iban: iban.value,
        country,
        czech_account: `${prefix ? `${prefix}-` : ''}${number}/${bank}`,
        bank_code: bank,
        bank_name: codes[bank] ?? null,
        rules_applied: [MOD97(ctx.say), MOD11(ctx.say)],
      }
    }
    const account = checkCzechAccount(raw)
    if (!account.valid) throw errors.invalid('account', account.reason)
    const parts = account.account!
    const iban = czechAccountToIban(parts)
    return {
      valid: true,
      format: 'czech' as const,
      iban,
      country: 'CZ',
      czech_account: `${parts.prefix ? `${Number(parts.prefix)}-` : ''}${Number(parts.number)}/${parts.bankCode}`,
      bank_code: parts.bankCode,
      bank_name: codes[parts.bankCode] ?? null,
      rules_applied: [
        MOD11(ctx.say),
        {
          rule: ctx.say({
            cs: 'IBAN = CZ + kontrolní číslice + kód banky + 6místné předčíslí + 10místné číslo',
            en: 'IBAN = CZ + check digits + bank code + 6-digit prefix + 10-digit number',
          }),
          source: 'ISO 13616-1; vyhláška ČNB 169/2011 Sb.',
          outcome: iban,
        },
      ],
    }
  },
})
