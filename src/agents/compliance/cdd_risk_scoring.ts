import isoCountries from 'i18n-iso-countries'
import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import { sectorName } from '../sectors.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Weights extends ReferenceVersion {
  eea: string[]
  points: {
    country_high_risk: number
    country_third: number
    country_eea: number
    pep: number
    customer_trust: number
    customer_company: number
    ownership_layers_3_plus: number
    product: Record<string, number>
    channel: Record<string, number>
    sector_high_risk: number
    source_of_funds_undocumented: number
    cash_share_over_half: number
  }
  high_risk_sectors: Record<string, string>
  bands: { level: 'low' | 'medium' | 'high'; below: number; measure: string; review_years: number }[]
  edd_measures: string[]
}
interface HighRisk extends ReferenceVersion {
  countries: string[]
}

const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' })

const MEASURE: Record<'simplified' | 'standard' | 'enhanced', Texts> = {
  simplified: { cs: 'zjednodušená kontrola klienta', en: 'simplified due diligence' },
  standard: { cs: 'standardní kontrola klienta', en: 'standard due diligence' },
  enhanced: { cs: 'zesílená kontrola klienta', en: 'enhanced due diligence' },
}

/** The enhanced measures of cdd-risk-factors.json in both languages, by their wording. */
const EDD_MEASURES: Record<string, Texts> = {
  'approval of the relationship by a senior manager': {
    cs: 'schválení vztahu vedoucím pracovníkem',
    en: 'approval of the relationship by a senior manager',
  },
  'source of wealth and source of funds established': {
    cs: 'zjištěn původ majetku a původ prostředků',
    en: 'source of wealth and source of funds established',
  },
  'enhanced ongoing monitoring of transactions': {
    cs: 'zesílené průběžné sledování obchodů',
    en: 'enhanced ongoing monitoring of transactions',
  },
  "first payment through an account in the client's name at a bank in the EU/EEA": {
    cs: 'první platba z účtu vedeného na jméno klienta u banky v EU/EHP',
    en: "first payment through an account in the client's name at a bank in the EU/EEA",
  },
  'information verified from more than one reliable source': {
    cs: 'údaje ověřené z více než jednoho spolehlivého zdroje',
    en: 'information verified from more than one reliable source',
  },
}

export const cddRiskScoring = defineAgent({
  service: 'compliance',
  name: 'cdd_risk_scoring',
  description:
    'Scores a client for customer due diligence by weighted risk factors (country incl. the EU high-risk third-country list in force on the day, PEP, customer type, ownership layers, product, channel, NACE sector, source of funds, cash) and maps it to simplified, standard or enhanced due diligence with the measures required.',
  input: Type.Object(
    {
      customer_type: Type.Union([Type.Literal('person'), Type.Literal('company'), Type.Literal('trust')]),
      countries: Type.Array(Country, {
        minItems: 1,
        maxItems: 20,
        description: 'residence, nationality, registration and counterparty countries',
      }),
      pep: Type.Optional(Type.Boolean()),
      ownership_layers: Type.Optional(Type.Integer({ minimum: 0, maximum: 50 })),
      product: Type.Union([
        Type.Literal('current_account'),
        Type.Literal('mortgage'),
        Type.Literal('consumer_loan'),
        Type.Literal('investment'),
        Type.Literal('private_banking'),
        Type.Literal('money_transfer'),
        Type.Literal('crypto'),
        Type.Literal('safe_deposit_box'),
      ]),
      channel: Type.Union([
        Type.Literal('face_to_face'),
        Type.Literal('remote_verified'),
        Type.Literal('remote_unverified'),
      ]),
      nace: Type.Optional(
        Type.String({ pattern: '^\\d{2}(\\.\\d{1,2})?$', description: 'CZ-NACE code, e.g. 68.10' }),
      ),
      source_of_funds_documented: Type.Optional(Type.Boolean()),
      cash_share_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    score: Type.Integer(),
    level: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    cdd_measure: Type.Union([Type.Literal('simplified'), Type.Literal('standard'), Type.Literal('enhanced')]),
    mandatory_edd: Type.Array(Type.String()),
    factors: Type.Array(Type.Object({ factor: Type.String(), points: Type.Integer() })),
    measures: Type.Array(Type.String()),
    review_years: Type.Integer(),
  }),
  verdict: { field: 'level', map: { low: 'clear', medium: 'review', high: 'adverse' } },
  law: [
    'eu-2016-1675',
    'cz-253-2008-s9a',
    'cz-253-2008-annex2',
    'eba-gl-2021-02',
    'policy-cdd-risk-factors',
    'cz-253-2008-s9',
    'cz-253-2008-s13',
    'cz-cnb-67-2018-s9',
  ],
  examples: [
    {
      title: 'Czech resident opening a current account in a branch: low risk',
      input: {
        customer_type: 'person',
        countries: ['CZ'],
        product: 'current_account',
        channel: 'face_to_face',
      },
    },
    {
      title: 'Company with a Kenyan owner after 5 August 2025: enhanced due diligence',
      input: {
        customer_type: 'company',
        countries: ['CZ', 'KE'],
        product: 'money_transfer',
        channel: 'remote_verified',
        nace: '68.10',
        ownership_layers: 3,
        as_of: '2025-09-01',
      },
    },
    {
      title: 'Foreign PEP investing through a remote channel',
      input: {
        customer_type: 'person',
        countries: ['US'],
        pep: true,
        product: 'investment',
        channel: 'remote_verified',
        source_of_funds_documented: false,
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const w = covered(() => referenceAt<Weights>('cdd-risk-factors', today))
    const highRisk = covered(() => referenceAt<HighRisk>('eu-high-risk-third-countries', today))
    const factors: { factor: string; points: number }[] = []
    const mandatory: string[] = []
    const rules: AppliedRule[] = []
    const add = (factor: string, points: number) => {
      if (points > 0) factors.push({ factor, points })
    }

    // A code ISO 3166-1 does not know names no country: scoring it as some third country would
    // guess its risk, so it is refused.
    input.countries.forEach((c, i) => {
      if (!isoCountries.isValid(c))
        throw errors.invalid(`countries/${i}`, 'must be an ISO 3166-1 alpha-2 code')
    })
    const countries = [...new Set(input.countries)]
    const listed = countries.filter((c) => highRisk.countries.includes(c))
    const third = countries.filter((c) => !listed.includes(c) && !w.eea.includes(c))
    if (listed.length > 0) {
      add(
        say({
          cs: `vysoce riziková třetí země podle EU: ${listed.join(', ')}`,
          en: `EU high-risk third country: ${listed.join(', ')}`,
        }),
        w.points.country_high_risk,
      )
      mandatory.push(
        say({
          cs: `vysoce riziková třetí země (${listed.join(', ')})`,
          en: `high-risk third country (${listed.join(', ')})`,
        }),
      )
    } else if (third.length > 0)
      add(
        say({
          cs: `třetí země mimo EU/EHP: ${third.join(', ')}`,
          en: `third country outside the EU/EEA: ${third.join(', ')}`,
        }),
        w.points.country_third,
      )
    rules.push({
      rule: say({
        cs: 'Obchod s osobou usazenou ve vysoce rizikové třetí zemi vyžaduje zesílenou kontrolu',
        en: 'Business with a person established in a high-risk third country requires enhanced due diligence',
      }),
      ...cite(today, 'eu-2016-1675', 'cz-253-2008-s9a'),
      outcome: listed.length
        ? say({ cs: `na seznamu: ${listed.join(', ')}`, en: `listed: ${listed.join(', ')}` })
        : say({ cs: 'žádná na seznamu', en: 'none listed' }),
    })
    if (input.pep) {
      add(say({ cs: 'politicky exponovaná osoba', en: 'politically exposed person' }), w.points.pep)
      mandatory.push(say({ cs: 'politicky exponovaná osoba', en: 'politically exposed person' }))
    }
    rules.push({
      rule: say({
        cs: 'Politicky exponovaná osoba vyžaduje zesílenou kontrolu',
        en: 'A politically exposed person requires enhanced due diligence',
      }),
      ...cite(today, 'cz-253-2008-s9a'),
      outcome: input.pep ? 'PEP' : say({ cs: 'není PEP', en: 'not a PEP' }),
    })
    if (input.customer_type === 'trust')
      add(
        say({ cs: 'svěřenský fond nebo obdobné uspořádání', en: 'trust or similar arrangement' }),
        w.points.customer_trust,
      )
    if (input.customer_type === 'company')
      add(say({ cs: 'právnická osoba', en: 'legal person' }), w.points.customer_company)
    if ((input.ownership_layers ?? 0) >= 3)
      add(
        say({
          cs: `úrovní vlastnické struktury: ${input.ownership_layers}`,
          en: `${input.ownership_layers} ownership layers`,
        }),
        w.points.ownership_layers_3_plus,
      )
    add(
      say({ cs: `produkt: ${input.product}`, en: `product: ${input.product}` }),
      w.points.product[input.product] ?? 0,
    )
    add(
      say({ cs: `kanál: ${input.channel}`, en: `channel: ${input.channel}` }),
      w.points.channel[input.channel] ?? 0,
    )
    if (input.nace) {
      // A division ("68") covers its classes ("68.10"); a group ("45.1") covers "45.11", "45.19".
      const nace = input.nace
      const key = Object.keys(w.high_risk_sectors)
        .sort((a, b) => b.length - a.length)
        .find((k) => nace === k || nace.startsWith(k.includes('.') ? k : `${k}.`))
      if (key) {
        const sector = sectorName(key, w.high_risk_sectors[key]!)
        add(
          say({ cs: `odvětví ${input.nace} (${sector.cs})`, en: `sector ${input.nace} (${sector.en})` }),
          w.points.sector_high_risk,
        )
      }
    }
    if (input.source_of_funds_documented === false)
      add(
        say({ cs: 'původ prostředků nedoložen', en: 'source of funds not documented' }),
        w.points.source_of_funds_undocumented,
      )
    if ((input.cash_share_pct ?? 0) > 50)
      add(
        say({
          cs: `hotovost ${input.cash_share_pct} % obratu`,
          en: `cash ${input.cash_share_pct} % of turnover`,
        }),
        w.points.cash_share_over_half,
      )
    for (const f of factors)
      rules.push({
        rule: say({ cs: `Rizikový faktor: ${f.factor}`, en: `Risk factor: ${f.factor}` }),
        ...cite(today, 'cz-253-2008-annex2', 'eba-gl-2021-02', 'policy-cdd-risk-factors'),
        outcome: `+${f.points}`,
      })

    const score = factors.reduce((s, f) => s + f.points, 0)
    let band = w.bands.find((b) => score < b.below)!
    if (mandatory.length > 0) band = w.bands.find((b) => b.measure === 'enhanced')!
    rules.push({
      rule: say({
        cs: `Pásma: ${w.bands.map((b) => `${b.level} pod ${b.below}`).join(', ')}; povinné spouštěče vynutí zesílenou kontrolu`,
        en: `Bands: ${w.bands.map((b) => `${b.level} below ${b.below}`).join(', ')}; mandatory triggers force enhanced`,
      }),
      ...cite(today, 'policy-cdd-risk-factors'),
      outcome: say({ cs: `${score} bodů → ${band.level}`, en: `${score} points → ${band.level}` }),
    })
    const measure = band.measure as 'simplified' | 'standard' | 'enhanced'
    rules.push({
      rule: say(MEASURE[measure]),
      ...(measure === 'enhanced'
        ? cite(today, 'cz-253-2008-s9a', 'cz-cnb-67-2018-s9')
        : measure === 'simplified'
          ? cite(today, 'cz-253-2008-s13')
          : cite(today, 'cz-253-2008-s9')),
      outcome: say({
        cs: `přezkum každé ${band.review_years} roky/let`,
        en: `review every ${band.review_years} year(s)`,
      }),
    })
    const measures =
      measure === 'enhanced'
        ? w.edd_measures.map((m) => say(EDD_MEASURES[m] ?? { cs: m, en: m }))
        : measure === 'standard'
          ? [
              say({ cs: 'zjistit skutečného majitele', en: 'identify the beneficial owner' }),
              say({
                cs: 'zjistit účel a povahu vztahu',
                en: 'establish the purpose and nature of the relationship',
              }),
              say({ cs: 'průběžné sledování', en: 'ongoing monitoring' }),
            ]
          : [
              say({
                cs: 'identifikace; další opatření přiměřeně nižšímu riziku',
                en: 'identification; further measures in proportion to the lower risk',
              }),
            ]
    return {
      score,
      level: band.level,
      cdd_measure: measure,
      mandatory_edd: mandatory,
      factors,
      measures,
      review_years: band.review_years,
      rules_applied: rules,
    }
  },
})
