import { Type } from 'typebox'
import { lendingLimits, pct } from '../../engines/finance/lending.ts'
import { applicantAge, asOfDate, covered } from '../../engines/reference/inputs.ts'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { DateString, NullableNumber } from '../../engines/reference/schema.ts'
import { LENDING_LAW } from '../banking/lending-law.ts'
import { cite } from '../law.ts'
import { CATEGORY_LABEL } from '../spec-fields.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface CnbVersion extends ReferenceVersion {
  investment_definition?: {
    owned_residential_properties_from: number
    to_let: boolean
    rent_counted_as_income: boolean
    text: string
    text_cs: string
  }
}

export const investmentMortgageCheck = defineAgent({
  service: 'real-estate',
  name: 'investment_mortgage_check',
  description:
    'Decides whether a mortgage is an investment mortgage under the ČNB recommendation in force on the day (from 1 April 2026: a third or further residential property, bought to let, or rent counted as income) and checks it against the limits for its category — LTV 70 % and DTI 7 for investment loans — with the largest loan those limits allow.',
  input: Type.Object(
    {
      amount: Type.Number({ exclusiveMinimum: 0, description: 'loan principal, CZK' }),
      property_value: Type.Number({ exclusiveMinimum: 0, description: 'pledged value, CZK' }),
      monthly_income: Type.Number({ exclusiveMinimum: 0, description: 'net monthly income, CZK' }),
      existing_debt: Type.Optional(
        Type.Number({
          minimum: 0,
          description:
            'other outstanding debt, CZK (0 if none); not given while a DTI limit is in force, the answer is review',
        }),
      ),
      residential_properties_owned: Type.Integer({
        minimum: 0,
        maximum: 1000,
        description: 'before this purchase',
      }),
      to_let: Type.Boolean({ description: 'the property is bought to be let' }),
      rent_counted_as_income: Type.Optional(
        Type.Boolean({
          description:
            'the lender counts rent as the applicant’s income; not given while the investment category is in force and its limits would refuse a loan with no other trigger, the answer is review',
        }),
      ),
      age: Type.Optional(Type.Integer({ minimum: 18, maximum: 100 })),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    investment: Type.Boolean(),
    category: Type.String(),
    triggers: Type.Array(Type.String()),
    ltv: Type.Number(),
    dti: Type.Number(),
    limits: Type.Object({ ltv: NullableNumber(), dti: NullableNumber() }),
    compliant: Type.Boolean(),
    max_loan: NullableNumber({ description: 'largest principal the LTV and DTI limits allow, CZK' }),
    not_given: Type.Array(Type.String(), {
      description:
        'answers the check needed and did not get, each naming the field and what to give: existing_debt while a DTI limit is in force; rent_counted_as_income when it alone would make the loan an investment one whose limits refuse it',
    }),
  }),
  verdict: {
    explain:
      '`adverse` when a ČNB limit is exceeded (`compliant` false); `review` when within the limits but an answer they turn on was not given (`not_given`: existing_debt while a DTI limit is in force, rent_counted_as_income when the investment limits would refuse the loan); else `clear`',
    of: (r) => (!r.compliant ? 'adverse' : r.not_given.length > 0 ? 'review' : 'clear'),
  },
  law: LENDING_LAW,
  examples: [
    {
      title: 'Flat bought to let in May 2026 at 75 % LTV: over the 70 % investment limit',
      input: {
        amount: 3_750_000,
        property_value: 5_000_000,
        monthly_income: 90_000,
        residential_properties_owned: 1,
        to_let: true,
        as_of: '2026-05-04',
      },
    },
    {
      title: 'First home in 2026 at 80 % LTV: owner-occupier limits apply',
      input: {
        amount: 4_000_000,
        property_value: 5_000_000,
        monthly_income: 70_000,
        residential_properties_owned: 0,
        to_let: false,
        rent_counted_as_income: false,
        age: 40,
        as_of: '2026-05-04',
      },
    },
    {
      title: 'Third flat before 1 April 2026: no separate investment limits yet',
      input: {
        amount: 3_500_000,
        property_value: 4_600_000,
        monthly_income: 80_000,
        residential_properties_owned: 2,
        to_let: false,
        as_of: '2026-03-15',
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const asOf = asOfDate(input.as_of, ctx.now)
    const age = applicantAge(input, asOf)
    const cnb = covered(() => versionAt(loadReference<CnbVersion>('cnb-mortgage-limits'), asOf))
    const def = cnb.investment_definition
    const triggers: string[] = []
    if (input.residential_properties_owned + 1 >= 3)
      triggers.push(
        say({
          cs: `obytná nemovitost č. ${input.residential_properties_owned + 1}`,
          en: `a residential property no. ${input.residential_properties_owned + 1}`,
        }),
      )
    if (input.to_let) triggers.push(say({ cs: 'koupě k pronájmu', en: 'bought to let' }))
    if (input.rent_counted_as_income)
      triggers.push(say({ cs: 'nájem započten do příjmu', en: 'rent counted as income' }))
    const investment = def !== undefined && triggers.length > 0
    const limits = lendingLimits(asOf, age, investment ? 'investment' : 'own_housing')
    const ltv = input.amount / input.property_value
    const dti = (input.amount + (input.existing_debt ?? 0)) / (input.monthly_income * 12)
    const rules: AppliedRule[] = [
      {
        rule: def
          ? say({ cs: `Investiční hypotéka: ${def.text_cs}`, en: `Investment mortgage: ${def.text}` })
          : say({
              cs: 'Samostatná kategorie investičních hypoték neplatí',
              en: 'No separate investment-mortgage category in force',
            }),
        ...cite(asOf, def ? 'cnb-ltv-investment' : 'cnb-ltv'),
        outcome: def
          ? investment
            ? say({ cs: `investiční (${triggers.join(', ')})`, en: `investment (${triggers.join(', ')})` })
            : say({ cs: 'neinvestiční', en: 'not investment' })
          : say({ cs: 'platí limity pro vlastní bydlení', en: 'owner-occupier limits apply' }),
      },
    ]
    const breaches: string[] = []
    const check = (label: 'LTV' | 'DTI', value: number, limit: number | null, fmt: (x: number) => string) => {
      const basis = cite(asOf, limits.regulatoryBasis[label === 'LTV' ? 'ltv' : 'dti'])
      if (limit === null) {
        rules.push({
          rule: say({ cs: `ČNB ${label}: žádný limit neplatí`, en: `ČNB ${label}: no limit in force` }),
          ...basis,
          outcome: fmt(value),
        })
        return
      }
      const over = value > limit + 1e-9
      if (over) breaches.push(label)
      rules.push({
        rule: say({
          cs: `Limit ČNB ${label} ${fmt(limit)} (${CATEGORY_LABEL[limits.category].cs})`,
          en: `ČNB ${label} limit ${fmt(limit)} (${CATEGORY_LABEL[limits.category].en})`,
        }),
        ...basis,
        outcome: over
          ? say({ cs: `${fmt(value)} překračuje`, en: `${fmt(value)} exceeds` })
          : label === 'DTI' && input.existing_debt === undefined
            ? say({
                cs: `${fmt(value)} v rámci jen bez ostatního dluhu: existing_debt neuveden`,
                en: `${fmt(value)} within only without other debt: existing_debt not given`,
              })
            : say({ cs: `${fmt(value)} v rámci`, en: `${fmt(value)} within` }),
      })
    }
    check('LTV', ltv, limits.regulatory.ltv, pct)
    check('DTI', dti, limits.regulatory.dti, (x) => x.toFixed(2).replace(/\.?0+$/, ''))
    // DTI counts all the applicant's debt: with a DTI limit in force, a left-out existing_debt is
    // not taken as none.
    const notGiven: string[] =
      input.existing_debt === undefined && limits.regulatory.dti !== null
        ? [
            say({
              cs: `existing_debt: limit DTI ${limits.regulatory.dti} počítá veškerý dluh žadatele a toto DTI je jen z tohoto úvěru — uveďte ostatní nesplacený dluh v Kč (0, nemá-li žádný)`,
              en: `existing_debt: the DTI limit ${limits.regulatory.dti} counts all the applicant’s debt, and this DTI is of this loan alone — give the other outstanding debt in CZK (0 if none)`,
            }),
          ]
        : []
    // Rent counted as income is the lender's answer alone: left out where nothing else makes the
    // loan an investment one, it decides the category whenever the investment limits would refuse
    // a loan the owner-occupier ones let through.
    if (def !== undefined && !investment && input.rent_counted_as_income === undefined) {
      const inv = lendingLimits(asOf, age, 'investment').regulatory
      const refused = (inv.ltv !== null && ltv > inv.ltv + 1e-9) || (inv.dti !== null && dti > inv.dti + 1e-9)
      if (refused)
        notGiven.push(
          say({
            cs: `rent_counted_as_income: nájem započtený do příjmu žadatele činí z úvěru investiční, jehož limity (LTV ${pct(inv.ltv ?? 0)}, DTI ${inv.dti}) tento úvěr překračuje — uveďte, zda věřitel započítává nájem do příjmu (true, nebo false)`,
            en: `rent_counted_as_income: rent counted as the applicant’s income makes this an investment loan, whose limits (LTV ${pct(inv.ltv ?? 0)}, DTI ${inv.dti}) this loan exceeds — say whether the lender counts rent as income (true or false)`,
          }),
        )
    }
    const caps: number[] = []
    if (limits.regulatory.ltv !== null) caps.push(limits.regulatory.ltv * input.property_value)
    if (limits.regulatory.dti !== null)
      caps.push(limits.regulatory.dti * input.monthly_income * 12 - (input.existing_debt ?? 0))
    return {
      investment,
      category: limits.category,
      triggers,
      ltv: Math.round(ltv * 10_000) / 10_000,
      dti: Math.round(dti * 100) / 100,
      limits: { ltv: limits.regulatory.ltv, dti: limits.regulatory.dti },
      compliant: breaches.length === 0,
      max_loan: caps.length ? Math.max(0, Math.floor(Math.min(...caps) / 1000) * 1000) : null,
      not_given: notGiven,
      rules_applied: rules,
    }
  },
})
