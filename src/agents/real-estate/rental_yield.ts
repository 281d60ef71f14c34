import { Type } from 'typebox'
import { annuityPayment, round2 } from '../../engines/finance/annuity.ts'
import { NullableNumber } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

const pct2 = (x: number) => Math.round(x * 10_000) / 100

/** The owner's costs the net yield takes, each counted as 0 when not given: what it then leaves out and what to give. */
const COSTS = [
  {
    field: 'vacancy_pct',
    left_out: {
      cs: 'měsíce bez nájemníka (mezi nájmy, neplatiči)',
      en: 'the months without a tenant (between lets, a tenant who does not pay)',
    },
    give: { cs: 'podíl roku bez nájmu v %', en: 'the share of the year let to nobody, %' },
  },
  {
    field: 'monthly_service_charges',
    left_out: {
      cs: 'příspěvky SVJ, které nese vlastník (fond oprav, správa domu)',
      en: 'the SVJ contributions the owner bears (repair fund, building management)',
    },
    give: { cs: 'Kč měsíčně', en: 'CZK a month' },
  },
  {
    field: 'annual_property_tax',
    left_out: {
      cs: 'daň z nemovitých věcí, kterou platí každý vlastník bytu či budovy (zákon 338/1992 Sb.)',
      en: 'the property tax every owner of a flat or building pays (zákon 338/1992 Sb.)',
    },
    give: { cs: 'Kč ročně', en: 'CZK a year' },
  },
  {
    field: 'annual_insurance',
    left_out: { cs: 'pojištění nemovitosti', en: 'the insurance of the property' },
    give: { cs: 'Kč ročně', en: 'CZK a year' },
  },
  {
    field: 'maintenance_pct_of_rent',
    left_out: {
      cs: 'údržbu a opravy bytu, které nese vlastník',
      en: 'the upkeep and repairs of the flat the owner bears',
    },
    give: { cs: '% vybraného nájemného', en: '% of the rent collected' },
  },
  {
    field: 'management_pct_of_rent',
    left_out: {
      cs: 'odměnu správce (obvykle podíl z nájemného)',
      en: 'a property manager’s fee (commonly a share of the rent)',
    },
    give: {
      cs: '% vybraného nájemného, 0 když byt spravujete sami',
      en: '% of the rent collected, 0 when you manage the flat yourself',
    },
  },
] as const satisfies readonly { field: string; left_out: Texts; give: Texts }[]

export const rentalYield = defineAgent({
  service: 'real-estate',
  name: 'rental_yield',
  description:
    'Yield of a rental property: gross yield, net operating income and net yield after vacancy, service charges, property tax, insurance, maintenance and management; with a mortgage also the cash flow, cash-on-cash return and debt-service coverage.',
  input: Type.Object(
    {
      property_value: Type.Number({ exclusiveMinimum: 0, description: 'purchase price incl. fees, CZK' }),
      monthly_rent: Type.Number({ exclusiveMinimum: 0, description: 'CZK' }),
      vacancy_pct: Type.Optional(
        Type.Number({ minimum: 0, maximum: 100, description: 'share of the year empty, default 0' }),
      ),
      monthly_service_charges: Type.Optional(
        Type.Number({ minimum: 0, description: 'owner-borne SVJ fees (fond oprav …), CZK' }),
      ),
      annual_property_tax: Type.Optional(Type.Number({ minimum: 0 })),
      annual_insurance: Type.Optional(Type.Number({ minimum: 0 })),
      maintenance_pct_of_rent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      management_pct_of_rent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      amount: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'mortgage principal, CZK' })),
      annual_rate_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 30 })),
      term_months: Type.Optional(Type.Integer({ minimum: 12, maximum: 480 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    gross_yield_pct: Type.Number(),
    net_operating_income: Type.Number({ description: 'CZK a year' }),
    net_yield_pct: Type.Number(),
    expenses: Type.Array(Type.Object({ item: Type.String(), annual: Type.Number() })),
    annual_debt_service: NullableNumber(),
    annual_cash_flow: NullableNumber(),
    cash_on_cash_pct: NullableNumber({ description: 'cash flow / own funds' }),
    dscr: NullableNumber({ description: 'NOI / debt service' }),
    costs_not_given: Type.Array(Type.String(), {
      description:
        'the owner costs not given (vacancy_pct, monthly_service_charges, annual_property_tax, annual_insurance, maintenance_pct_of_rent, management_pct_of_rent), each counted as 0 and stated in assumptions',
    }),
  }),
  verdict: {
    explain:
      '`review` when every owner cost was left out (`costs_not_given` names all six): the net yield is then the gross yield, not a net one; else `informational`, each cost not given stated in `assumptions`',
    of: (r) => (r.costs_not_given.length === COSTS.length ? 'review' : 'informational'),
  },
  law: ['method-rental-yield', 'cz-586-1992-s9', 'method-annuity'],
  examples: [
    {
      title: 'Brno 2+kk for 5.2 M CZK let at 17 000 CZK',
      input: {
        property_value: 5_200_000,
        monthly_rent: 17_000,
        vacancy_pct: 5,
        monthly_service_charges: 1_800,
        annual_property_tax: 1_200,
        annual_insurance: 2_400,
        maintenance_pct_of_rent: 5,
      },
    },
    {
      title: 'The same flat bought with a 70 % mortgage at 5.2 % over 30 years',
      input: {
        property_value: 5_200_000,
        monthly_rent: 17_000,
        vacancy_pct: 5,
        monthly_service_charges: 1_800,
        annual_property_tax: 1_200,
        annual_insurance: 2_400,
        maintenance_pct_of_rent: 5,
        amount: 3_640_000,
        annual_rate_pct: 5.2,
        term_months: 360,
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = ctx.now.toISOString().slice(0, 10)
    // A cost not given is counted as 0, which only raises the net yield: each is said, never silent.
    const notGiven = COSTS.filter((c) => input[c.field] === undefined)
    const assumptions: Assumption[] = notGiven.map((c) => ({
      field: c.field,
      value: 0,
      basis: say({
        cs: `nezadáno: počítáno jako 0, čistý výnos tedy pomíjí ${c.left_out.cs}; zadejte ${c.field} (${c.give.cs})`,
        en: `not given: counted as 0, so the net yield leaves out ${c.left_out.en}; give ${c.field} (${c.give.en})`,
      }),
    }))
    const grossRent = input.monthly_rent * 12
    const effectiveRent = grossRent * (1 - (input.vacancy_pct ?? 0) / 100)
    const expenses = [
      {
        item: say({ cs: 'zálohy na služby a správu (SVJ)', en: 'service charges (SVJ)' }),
        annual: (input.monthly_service_charges ?? 0) * 12,
      },
      {
        item: say({ cs: 'daň z nemovitých věcí', en: 'property tax' }),
        annual: input.annual_property_tax ?? 0,
      },
      { item: say({ cs: 'pojištění', en: 'insurance' }), annual: input.annual_insurance ?? 0 },
      {
        item: say({ cs: 'údržba', en: 'maintenance' }),
        annual: effectiveRent * ((input.maintenance_pct_of_rent ?? 0) / 100),
      },
      {
        item: say({ cs: 'správa', en: 'management' }),
        annual: effectiveRent * ((input.management_pct_of_rent ?? 0) / 100),
      },
    ]
      .filter((e) => e.annual > 0)
      .map((e) => ({ item: e.item, annual: round2(e.annual) }))
    const noi = effectiveRent - expenses.reduce((s, e) => s + e.annual, 0)
    const rules: AppliedRule[] = [
      {
        rule: say({ cs: 'Hrubý výnos = roční nájemné / cena', en: 'Gross yield = annual rent / price' }),
        ...cite(at, 'method-rental-yield'),
        outcome: `${pct2(grossRent / input.property_value)} %`,
      },
      {
        rule: say({
          cs: 'Čistý provozní příjem = nájemné × (1 − neobsazenost) − náklady vlastníka; čistý výnos = NOI / cena',
          en: 'Net operating income = rent × (1 − vacancy) − owner costs; net yield = NOI / price',
        }),
        ...cite(at, 'method-rental-yield'),
        outcome: say({
          cs: `${round2(noi)} Kč, ${pct2(noi / input.property_value)} %`,
          en: `${round2(noi)} CZK, ${pct2(noi / input.property_value)} %`,
        }),
      },
      {
        rule: say({
          cs: 'Příjmy z nájmu se daní podle § 9; výdaje buď skutečné, nebo paušálně 30 % příjmů',
          en: 'Rental income is taxed as income under § 9; expenses either actual or a flat 30 % of the income',
        }),
        ...cite(at, 'cz-586-1992-s9'),
        outcome: say({ cs: 'výnosy jsou zde před zdaněním', en: 'yields here are before income tax' }),
      },
    ]
    let debt: number | null = null
    let cashFlow: number | null = null
    let coc: number | null = null
    let dscr: number | null = null
    const financing = [input.amount, input.annual_rate_pct, input.term_months]
    if (financing.some((v) => v !== undefined)) {
      if (financing.some((v) => v === undefined)) {
        const missing =
          input.amount === undefined
            ? 'amount'
            : input.annual_rate_pct === undefined
              ? 'annual_rate_pct'
              : 'term_months'
        throw errors.invalid(
          missing,
          'required with the other mortgage fields (amount, annual_rate_pct, term_months)',
        )
      }
      debt = round2(annuityPayment(input.amount!, input.annual_rate_pct!, input.term_months!) * 12)
      cashFlow = round2(noi - debt)
      const ownFunds = input.property_value - input.amount!
      coc = ownFunds > 0 ? pct2(cashFlow / ownFunds) : null
      // A debt service that rounds to 0 CZK has no coverage ratio.
      dscr = debt > 0 ? Math.round((noi / debt) * 100) / 100 : null
      rules.push({
        rule: say({
          cs: 'Dluhová služba = 12 × anuitní splátka; DSCR = NOI / dluhová služba; cash-on-cash = peněžní tok / vlastní zdroje',
          en: 'Debt service = 12 × annuity instalment; DSCR = NOI / debt service; cash-on-cash = cash flow / own funds',
        }),
        ...cite(at, 'method-rental-yield', 'method-annuity'),
        outcome: say({
          cs: `DSCR ${dscr ?? 'žádné (bez dluhové služby)'}, peněžní tok ${cashFlow} Kč ročně`,
          en: `DSCR ${dscr ?? 'none (no debt service)'}, cash flow ${cashFlow} CZK a year`,
        }),
      })
    }
    return {
      gross_yield_pct: pct2(grossRent / input.property_value),
      net_operating_income: round2(noi),
      net_yield_pct: pct2(noi / input.property_value),
      expenses,
      annual_debt_service: debt,
      annual_cash_flow: cashFlow,
      cash_on_cash_pct: coc,
      dscr,
      costs_not_given: notGiven.map((c) => c.field),
      rules_applied: rules,
      assumptions,
    }
  },
})
