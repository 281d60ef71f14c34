import { Type } from 'typebox'
import { checkCzechAccount, checkDic, checkIban } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import { thresholdsOn } from '../aml/common.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { attempt, IcoSchema, isoDate, lawRule, nullable, requireIco } from './shared.ts'

/** § 109 odst. 2 písm. c): twice the cash-payment limit of zákon 254/2004 Sb., § 4 on `date` (540,000 CZK since 2014-12-01). */
const unpublishedAccountLimitCzk = (date: string) => 2 * thresholdsOn(date).cash_payment_limit_czk

/** Canonical form for comparing accounts: domestic "prefix-number/bank" without leading zeros, or the IBAN. */
function canonical(account: string): string {
  const compact = account.replace(/\s+/g, '').toUpperCase()
  if (compact.startsWith('CZ') && compact.length === 24) {
    const bank = compact.slice(4, 8)
    const prefix = compact.slice(8, 14).replace(/^0+/, '')
    const number = compact.slice(14).replace(/^0+/, '')
    return `${prefix ? `${prefix}-` : ''}${number}/${bank}`
  }
  const m = /^(?:(\d+)-)?(\d+)\/(\d{4})$/.exec(compact)
  if (m) {
    const prefix = (m[1] ?? '').replace(/^0+/, '')
    return `${prefix ? `${prefix}-` : ''}${m[2]!.replace(/^0+/, '')}/${m[3]}`
  }
  return compact
}

export const vatPayerCheck = defineAgent({
  service: 'data',
  name: 'vat_payer_check',
  description:
    'Asks the Czech VAT register whether a DIČ (or IČO) is a VAT payer, whether it is an unreliable payer, and which bank accounts it has published; optionally checks that the account you are about to pay is one of them. Paying an unreliable payer, or paying more than 540,000 CZK to an unpublished account, makes the buyer liable for the supplier’s VAT.',
  input: Type.Object(
    {
      dic: Type.Optional(Type.String({ minLength: 8, maxLength: 16, description: 'DIČ, e.g. CZ27082440' })),
      ico: Type.Optional(IcoSchema),
      account: Type.Optional(
        Type.String({
          minLength: 4,
          maxLength: 40,
          description: 'account to be paid: [prefix-]number/bank or IBAN',
        }),
      ),
      amount: Type.Optional(
        Type.Number({ minimum: 0, description: 'CZK to be paid, for the unpublished-account rule' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    dic: Type.String(),
    registered: nullable(
      Type.Boolean({ description: 'in the VAT register (null when the register did not answer)' }),
    ),
    unreliable: nullable(Type.Boolean()),
    unreliable_since: nullable(Type.String()),
    tax_office: nullable(Type.String({ description: 'územní pracoviště code (cisloFu)' })),
    published_accounts: Type.Array(
      Type.Object({ account: Type.String(), kind: Type.String(), published_since: nullable(Type.String()) }),
    ),
    account_check: nullable(
      Type.Object({
        account: Type.String(),
        published: nullable(Type.Boolean()),
        liability_risk: nullable(
          Type.Boolean({ description: 'paying this account would make the buyer liable for the VAT' }),
        ),
        undecided: Type.Optional(
          Type.String({
            description:
              'why the liability is not decided and what to give: an unpublished account with no amount',
          }),
        ),
      }),
    ),
    register_answered_on: nullable(Type.String()),
  }),
  verdict: {
    explain:
      '`adverse` when the payer is unreliable or paying the account would make the buyer liable for the VAT, `review` when the DIČ is not a VAT payer or the account is not published and no amount is given (liability not decided, `account_check.undecided`), `clear` when it is a reliable one, `incomplete` when the register did not answer',
    of: (r) =>
      r.unreliable === true || r.account_check?.liability_risk === true
        ? 'adverse'
        : r.registered === false || r.account_check?.undecided !== undefined
          ? 'review'
          : r.registered === true
            ? 'clear'
            : 'incomplete',
  },
  law: ['cz-235-2004-s106a', 'cz-235-2004-s109'],
  examples: [
    {
      title: 'A reliable payer and one of its published accounts',
      input: { dic: 'CZ27082440', account: '19-2000145399/0800', amount: 750000 },
    },
    { title: 'An unreliable payer looked up by IČO', input: { ico: '24601357' } },
    { title: 'Not a VAT payer', input: { dic: 'CZ12345679' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    if (input.dic === undefined && input.ico === undefined) throw errors.invalid('dic', 'give dic or ico')
    let dic: string
    if (input.dic !== undefined) {
      const check = checkDic(input.dic, at)
      if (!check.valid) throw errors.invalid('dic', check.reason)
      dic = check.value
    } else dic = `CZ${requireIco(input.ico!)}`
    if (input.account !== undefined) {
      const compact = input.account.replace(/\s+/g, '')
      const check = /^[A-Za-z]{2}/.test(compact) ? checkIban(compact) : checkCzechAccount(compact)
      if (!check.valid) throw errors.invalid('account', check.reason)
    }
    const sources: SourceStatus[] = []
    const answer = await attempt('vat_register', sources, () => ctx.deps.sources.vatRegister.status([dic]))
    const payer = answer?.payers.find((p) => `CZ${p.dic}` === dic)
    const registered = answer ? payer !== undefined && payer.unreliable !== 'NENALEZEN' : null
    const unreliable = answer ? payer?.unreliable === 'ANO' : null
    const accounts = registered ? payer!.accounts : []
    const rules = [
      lawRule(
        say({
          cs: 'registr plátců DPH říká, zda je DIČ registrovaným plátcem',
          en: 'the VAT register says whether a DIČ is a registered payer',
        }),
        cite(at, 'cz-235-2004-s106a'),
        registered === null
          ? say({ cs: 'registr neodpověděl', en: 'register did not answer' })
          : registered
            ? say({ cs: 'registrován', en: 'registered' })
            : say({ cs: 'v registru není', en: 'not in the register' }),
      ),
      lawRule(
        say({
          cs: 'nespolehlivý plátce se zveřejňuje; příjemce plnění od něj ručí za DPH',
          en: 'an unreliable payer is published; the buyer is liable for VAT on supplies from it',
        }),
        cite(at, 'cz-235-2004-s106a'),
        unreliable === null
          ? say({ cs: 'neznámo', en: 'unknown' })
          : unreliable
            ? say({
                cs: `nespolehlivý od ${payer?.unreliable_since ?? '?'}`,
                en: `unreliable since ${payer?.unreliable_since ?? '?'}`,
              })
            : say({ cs: 'není nespolehlivý', en: 'not unreliable' }),
      ),
    ]
    let accountCheck = null
    if (input.account !== undefined) {
      const limit = unpublishedAccountLimitCzk(at)
      const wanted = canonical(input.account)
      const published =
        answer && registered ? accounts.some((a) => canonical(a.account) === wanted) : answer ? false : null
      const overLimit = input.amount === undefined ? null : input.amount > limit
      // § 109 makes the buyer liable for a payer's unpaid VAT; a supplier who is not a payer charges
      // none, so no account of theirs, published or not, makes the buyer liable for any.
      const risk =
        published === null
          ? null
          : unreliable === true
            ? true
            : published || registered === false
              ? false
              : overLimit
      // An unpublished account of a payer, and no amount: § 109 turns on the amount, so not decided.
      const undecided =
        registered && published === false && risk === null
          ? say({
              cs: `částka nebyla uvedena: platba vyšší než ${limit.toLocaleString('cs')} Kč na účet, který plátce nezveřejnil, zakládá ručení příjemce za DPH — uveďte amount (úplatu za plnění v Kč)`,
              en: `amount not given: paying more than ${limit.toLocaleString('en')} CZK to an account the payer has not published makes the buyer liable for the VAT — give amount (the price of the supply, CZK)`,
            })
          : undefined
      rules.push(
        lawRule(
          say({
            cs: `platba vyšší než ${limit.toLocaleString('cs')} Kč (dvojnásobek limitu pro platby v hotovosti) na účet, který plátce nezveřejnil, zakládá ručení příjemce za DPH`,
            en: `paying more than ${limit.toLocaleString('en')} CZK (twice the cash-payment limit) to an account the payer has not published makes the buyer liable for the VAT`,
          }),
          cite(at, 'cz-235-2004-s109'),
          published === null
            ? say({ cs: 'neověřeno', en: 'not checked' })
            : registered === false
              ? say({
                  cs: 'dodavatel není plátcem DPH: z jeho plnění není daň, za kterou by se ručilo',
                  en: 'the supplier is not a VAT payer: its supply carries no VAT to be liable for',
                })
              : published
                ? say({ cs: 'účet je zveřejněn', en: 'account is published' })
                : undecided !== undefined
                  ? say({
                      cs: 'účet není zveřejněn; částka neuvedena, ručení nerozhodnuto',
                      en: 'account is not published; amount not given, liability not decided',
                    })
                  : say({ cs: 'účet není zveřejněn', en: 'account is not published' }),
        ),
      )
      accountCheck = {
        account: input.account,
        published,
        liability_risk: risk,
        ...(undecided !== undefined ? { undecided } : {}),
      }
    }
    return {
      dic,
      registered,
      unreliable,
      unreliable_since: payer?.unreliable_since ?? null,
      tax_office: registered ? (payer?.tax_office ?? null) : null,
      published_accounts: accounts.map((a) => ({
        account: a.account,
        kind: a.kind,
        published_since: a.published_since ?? null,
      })),
      account_check: accountCheck,
      register_answered_on: answer?.generated || null,
      rules_applied: rules,
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
