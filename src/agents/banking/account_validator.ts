import { Type } from 'typebox'
import { checkCzechAccount, checkIban, czechAccountToIban } from '../../engines/czech/identifiers.ts'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { NullableString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import { type AppliedRule, defineAgent } from '../types.ts'

interface BankCodes extends ReferenceVersion {
  codes: Record<string, string>
}

const PASSED = { cs: 'splněno', en: 'passed' }

const MOD11 = (say: Say, at: string): AppliedRule => ({
  rule: say({
    cs: 'České číslo účtu: předčíslí (váhy 10,5,8,4,2,1) i číslo (váhy 6,3,7,9,10,5,8,4,2,1) dávají ≡ 0 mod 11',
    en: 'Czech account number: prefix (weights 10,5,8,4,2,1) and number (weights 6,3,7,9,10,5,8,4,2,1) each ≡ 0 mod 11',
  }),
  ...cite(at, 'cz-cnb-169-2011'),
  outcome: say(PASSED),
})
const MOD97 = (say: Say, at: string): AppliedRule => ({
  rule: say({ cs: 'Kontrolní číslice IBAN: mod 97 = 1', en: 'IBAN check digits: mod 97 = 1' }),
  ...cite(at, 'iso-13616'),
  outcome: say(PASSED),
})

/**
 * The bank code must be one the ČNB code list names: a code it lacks belongs to no bank, so no
 * payment can reach the account — unless a bank was given the code after the list on file was
 * compiled, which a person checks against the current ČNB list.
 */
function bankCodeRule(
  code: string,
  name: string | null,
  listDate: string,
  say: Say,
  at: string,
): AppliedRule {
  return {
    rule: say({
      cs: 'Kód banky musí být v číselníku kódů bank ČNB',
      en: 'The bank code must be in the ČNB list of bank codes',
    }),
    ...cite(at, 'cnb-bank-codes'),
    outcome: name
      ? say({ cs: `${code}: ${name}`, en: `${code}: ${name}` })
      : say({
          cs: `kód ${code} v číselníku ČNB (stav k ${listDate}) není: účet nepatří žádné známé bance; ověřte kód v aktuálním číselníku ČNB`,
          en: `code ${code} is not in the ČNB list (as of ${listDate}): the account belongs to no known bank; check the code in the current ČNB list`,
        }),
  }
}

export const accountValidator = defineAgent({
  service: 'banking',
  name: 'account_validator',
  description:
    'Validates a Czech bank account ("19-2000145399/0800") or an IBAN: the ČNB mod-11 test, the ISO 13616 country code (ISO 3166) and mod-97 check, the bank code against the ČNB code list on file, and converts between the two forms. A failed checksum is a 400 naming the rule; a bank code the list lacks is `review`.',
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
    bank_code_known: Type.Union([Type.Boolean(), Type.Null()], {
      description: 'whether the ČNB list of bank codes names the code; null for a foreign IBAN',
    }),
    bank_codes_as_of: Type.String({ description: 'the date of the ČNB code list on file' }),
  }),
  verdict: {
    explain:
      'a valid account with a bank code the ČNB list names → `clear`; checksums right but a bank code the list lacks → `review` (no bank holds such accounts, unless one got the code after the list on file); checksums wrong, or an IBAN whose country code is no ISO 3166 country → a 400 naming the rule',
    of: (r) => (r.valid ? 'clear' : r.bank_code_known === false ? 'review' : 'adverse'),
  },
  law: ['cz-cnb-169-2011', 'iso-13616', 'cnb-bank-codes'],
  examples: [
    { title: 'Czech account with prefix', input: { account: '19-2000145399/0800' } },
    { title: 'Czech IBAN with spaces', input: { account: 'CZ65 0800 0000 1920 0014 5399' } },
    { title: 'German IBAN', input: { account: 'DE89370400440532013000' } },
    { title: 'Bank code 1234, which no bank has: review', input: { account: '2000145399/1234' } },
  ],
  async run(input, ctx) {
    const raw = input.account.replace(/\s+/g, '')
    const at = asOfDate(undefined, ctx.now)
    const list = versionAt(loadReference<BankCodes>('cz-bank-codes'), at)
    const known = (code: string) => {
      const name = list.codes[code] ?? null
      return {
        valid: name !== null,
        bank_code: code,
        bank_name: name,
        bank_code_known: name !== null,
        bank_codes_as_of: list.effective_from,
        rule: bankCodeRule(code, name, list.effective_from, ctx.say, at),
      }
    }
    if (/^[A-Za-z]{2}/.test(raw)) {
      const iban = checkIban(raw)
      if (!iban.valid) throw refused(iban, ctx.say)
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
          bank_code_known: null,
          bank_codes_as_of: list.effective_from,
          rules_applied: [MOD97(ctx.say, at)],
        }
      }
      const prefix = iban.value.slice(8, 14).replace(/^0+/, '')
      const number = iban.value.slice(14).replace(/^0+/, '')
      const { rule, ...bank } = known(iban.value.slice(4, 8))
      return {
        ...bank,
        format: 'iban' as const,
        iban: iban.value,
        country,
        czech_account: `${prefix ? `${prefix}-` : ''}${number}/${bank.bank_code}`,
        rules_applied: [MOD97(ctx.say, at), MOD11(ctx.say, at), rule],
      }
    }
    const account = checkCzechAccount(raw)
    if (!account.valid) throw refused(account, ctx.say)
    const parts = account.account!
    const iban = czechAccountToIban(parts)
    const { rule, ...bank } = known(parts.bankCode)
    return {
      ...bank,
      format: 'czech' as const,
      iban,
      country: 'CZ',
      czech_account: `${parts.prefix ? `${Number(parts.prefix)}-` : ''}${Number(parts.number)}/${parts.bankCode}`,
      rules_applied: [
        MOD11(ctx.say, at),
        rule,
        {
          rule: ctx.say({
            cs: 'IBAN = CZ + kontrolní číslice + kód banky + 6místné předčíslí + 10místné číslo',
            en: 'IBAN = CZ + check digits + bank code + 6-digit prefix + 10-digit number',
          }),
          ...cite(at, 'iso-13616', 'cz-cnb-169-2011'),
          outcome: iban,
        },
      ],
    }
  },
})

/**
 * A number that fails its check: the rule named for machines (English, the error vocabulary's),
 * the message in the call's language.
 */
function refused(check: { reason: string; reason_cs: string }, say: Say) {
  return errors.invalid(
    'account',
    check.reason,
    say({ cs: `account: ${check.reason_cs}`, en: `account: ${check.reason}` }),
  )
}
