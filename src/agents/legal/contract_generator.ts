import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import {
  czDate,
  fillTemplate,
  leaseTerms,
  loanTerms,
  ndaTerms,
  partyLine,
  ROLES,
  type Templates,
} from './template-checks.ts'

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
    const first = partyLine(input.parties[0]!, 0, say)
    const second = partyLine(input.parties[1]!, 1, say)
    const terms =
      input.template === 'loan'
        ? loanTerms(input, signing, say)
        : input.template === 'lease'
          ? leaseTerms(input, signing, say)
          : ndaTerms(input, signing, say)
    const values: Record<string, string> = {
      party_1_role: ROLES[input.template]![0],
      party_2_role: ROLES[input.template]![1],
      party_1: first.line,
      party_2: second.line,
      signing_date: czDate(signing),
      ...terms.values,
    }
    const { text, used } = fillTemplate(tpl, input.template, values, signing, input.parties)
    const rules: AppliedRule[] = [
      ...terms.rules,
      {
        rule: say({ cs: `Šablona ${input.template}`, en: `Template ${input.template}` }),
        ...cite(signing, 'method-contract-templates'),
      },
    ]
    return {
      title: tpl.title,
      text,
      clauses: used.map((c) => ({ id: c.id, title: c.title, law: c.law })),
      warnings: [...first.warnings, ...second.warnings],
      rules_applied: rules,
    }
  },
})
