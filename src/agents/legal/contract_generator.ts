import { Type } from 'typebox'
import { checkBirthNumber } from '../../engines/czech/identifiers.ts'
import { asOfDate, covered, requireIco } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Clause {
  id: string
  title: string
  law: string
  text: string
  when?: string
}
interface Templates extends ReferenceVersion {
  templates: Record<string, { title: string; clauses: Clause[] }>
}

const ROLES: Record<string, [string, string]> = {
  loan: ['Zapůjčitel', 'Vydlužitel'],
  lease: ['Pronajímatel', 'Nájemce'],
  nda: ['Strana poskytující informace', 'Strana přijímající informace'],
}

const czk = (x: number) =>
  new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(x).replace(/\u00a0/g, ' ')
const czDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return `${d}. ${m}. ${y}`
}

const Party = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300 }),
    address: Type.String({ minLength: 1, maxLength: 500 }),
    ico: Type.Optional(Type.String({ maxLength: 12 })),
    birth_number: Type.Optional(Type.String({ maxLength: 11 })),
  },
  { additionalProperties: false },
)

export const contractGenerator = defineAgent({
  service: 'legal',
  name: 'contract_generator',
  description:
    'Drafts a Czech contract from a versioned template — loan (zápůjčka), flat lease (nájem bytu) or NDA — filling the parties and terms, checking the statutory limits on the way (IČO and birth-number checksums, the 3-month-rent cap on a lease deposit), and citing the provision behind every clause.',
  input: Type.Object(
    {
      template: Type.Union([Type.Literal('loan'), Type.Literal('lease'), Type.Literal('nda')]),
      parties: Type.Array(Party, { minItems: 2, maxItems: 2 }),
      signing_date: Type.Optional(DateString()),
      amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'loan principal, CZK' })),
      interest_rate_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      repayment_date: Type.Optional(DateString()),
      property_address: Type.Optional(Type.String({ maxLength: 500 })),
      rent: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'monthly rent, CZK' })),
      deposit: Type.Optional(Type.Number({ minimum: 0, description: 'jistota, CZK' })),
      lease_end: Type.Optional(DateString('fixed-term lease end; indefinite when absent')),
      purpose: Type.Optional(Type.String({ maxLength: 500 })),
      duration_years: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
      penalty: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'smluvní pokuta, CZK' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    title: Type.String(),
    text: Type.String({ description: 'the contract in Markdown' }),
    clauses: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), law: Type.String() })),
    warnings: Type.Array(Type.String()),
  }),
  verdict: 'informational',
  law: [
    'cz-89-2012-s2390',
    'cz-89-2012-s2254',
    'cz-89-2012-s2286',
    'cz-89-2012-s2048',
    'method-contract-templates',
  ],
  examples: [
    {
      title: 'Loan of 200 000 CZK between a company and a person at 6 %',
      input: {
        template: 'loan',
        parties: [
          { name: 'ČEZ, a. s.', address: 'Duhová 1444/2, 140 00 Praha 4', ico: '45274649' },
          { name: 'Jana Nováková', address: 'Korunní 810/104, 101 00 Praha 10', birth_number: '955321/0007' },
        ],
        amount: 200_000,
        interest_rate_pct: 6,
        repayment_date: '2026-06-30',
        signing_date: '2025-06-01',
      },
    },
    {
      title: "Indefinite flat lease with a deposit of two months' rent",
      input: {
        template: 'lease',
        parties: [
          { name: 'Petr Svoboda', address: 'Lidická 12, 602 00 Brno' },
          { name: 'Eva Malá', address: 'Cejl 5, 602 00 Brno' },
        ],
        property_address: 'Údolní 33, 602 00 Brno, byt č. 7',
        rent: 14_500,
        deposit: 29_000,
        signing_date: '2025-06-01',
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const signing = input.signing_date ?? asOfDate(undefined, ctx.now)
    const ref = covered(() => referenceAt<Templates>('contract-templates', signing))
    const tpl = ref.templates[input.template]!
    const rules: AppliedRule[] = []
    const warnings: string[] = []
    const need = (field: keyof typeof input) => {
      if (input[field] === undefined)
        throw errors.invalid(field, `required for the ${input.template} template`)
    }

    const describeParty = (i: number) => {
      const p = input.parties[i]!
      const ids: string[] = []
      if (p.ico) ids.push(`IČO ${requireIco(p.ico, `parties/${i}/ico`)}`)
      if (p.birth_number) {
        const rc = checkBirthNumber(p.birth_number)
        if (!rc.valid) throw errors.invalid(`parties/${i}/birth_number`, rc.reason)
        ids.push(`nar. ${czDate(rc.birthDate!)}`)
      }
      if (!p.ico && !p.birth_number)
        warnings.push(
          say({
            cs: `strana ${i + 1} nemá IČO ani rodné číslo: identifikujte ji jednoznačně`,
            en: `party ${i + 1} has no IČO or birth number: identify it unambiguously`,
          }),
        )
      return `${p.name}, ${ids.length ? `${ids.join(', ')}, ` : ''}${p.address}`
    }
    const values: Record<string, string> = {
      party_1_role: ROLES[input.template]![0],
      party_2_role: ROLES[input.template]![1],
      party_1: describeParty(0),
      party_2: describeParty(1),
      signing_date: czDate(signing),
    }

    if (input.template === 'loan') {
      need('amount')
      need('repayment_date')
      if (input.repayment_date! <= signing)
        throw errors.invalid('repayment_date', 'must be after the signing date')
      values.amount = czk(input.amount!)
      values.repayment_date = czDate(input.repayment_date!)
      if (input.interest_rate_pct !== undefined) values.interest_rate_pct = czk(input.interest_rate_pct)
      rules.push({
        rule: say({
          cs: 'Zápůjčka: půjčené peníze se vrací do sjednaného dne',
          en: 'Zápůjčka: money lent, to be returned by the agreed date',
        }),
        ...cite(signing, 'cz-89-2012-s2390'),
      })
    } else if (input.template === 'lease') {
      need('property_address')
      need('rent')
      values.property_address = input.property_address!
      values.rent = czk(input.rent!)
      if (input.deposit !== undefined) {
        if (input.deposit > 3 * input.rent!) {
          throw errors.invalid(
            'deposit',
            `must not exceed 3 × the monthly rent (${czk(3 * input.rent!)} Kč), NOZ § 2254`,
          )
        }
        values.deposit = czk(input.deposit)
      }
      rules.push({
        rule: say({
          cs: 'Jistota nejvýše ve výši trojnásobku měsíčního nájemného',
          en: "Deposit (jistota) at most three months' rent",
        }),
        ...cite(signing, 'cz-89-2012-s2254'),
        outcome:
          input.deposit !== undefined
            ? `${czk(input.deposit)} Kč ≤ ${czk(3 * input.rent!)} Kč`
            : say({ cs: 'bez jistoty', en: 'no deposit' }),
      })
      if (input.lease_end) {
        if (input.lease_end <= signing) throw errors.invalid('lease_end', 'must be after the signing date')
        values.term_text = `na dobu určitou do ${czDate(input.lease_end)}`
      } else values.term_text = 'na dobu neurčitou'
      rules.push({
        rule: say({ cs: 'Výpovědní doba tři měsíce', en: 'Notice period three months' }),
        ...cite(signing, 'cz-89-2012-s2286'),
      })
    } else {
      need('purpose')
      values.purpose = input.purpose!
      values.duration_years = String(input.duration_years ?? 5)
      if (input.penalty !== undefined) values.penalty = czk(input.penalty)
      rules.push({
        rule: say({
          cs: 'Smluvní pokuta se platí bez ohledu na škodu; náhradu škody nad její výši lze požadovat, je-li to ujednáno',
          en: 'Contractual penalty payable regardless of damage; damages beyond it stay claimable when agreed',
        }),
        ...cite(signing, 'cz-89-2012-s2048'),
        outcome:
          input.penalty !== undefined
            ? `${czk(input.penalty)} Kč`
            : say({ cs: 'nesjednána', en: 'none agreed' }),
      })
    }

    const used = tpl.clauses.filter((c) => !c.when || values[c.when] !== undefined)
    const text = [
      `# ${tpl.title}`,
      ...used.map((c, i) => {
        const body = c.text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
          const v = values[key]
          if (v === undefined) throw new Error(`template ${input.template} needs ${key}`)
          return v
        })
        return `## ${i + 1}. ${c.title}\n\n${body}`
      }),
      `V ………………… dne ${czDate(signing)}\n\n__________________\n${input.parties[0]!.name}\n\n__________________\n${input.parties[1]!.name}`,
    ].join('\n\n')
    rules.push({
      rule: say({ cs: `Šablona ${input.template}`, en: `Template ${input.template}` }),
      ...cite(signing, 'method-contract-templates'),
    })
    return {
      title: tpl.title,
      text,
      clauses: used.map((c) => ({ id: c.id, title: c.title, law: c.law })),
      warnings,
      rules_applied: rules,
    }
  },
})
