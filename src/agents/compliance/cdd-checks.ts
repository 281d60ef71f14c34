/**
 * The checks of cdd_risk_scoring (AML Act § 9, § 9a, § 13 and its annex 2; EBA/GL/2021/02), each
 * a named function that returns the risk factors it found with their points, the mandatory
 * triggers of enhanced due diligence and the rules it applied (with their register sources). The
 * agent joins them in order, then bands the score and names the measures.
 */
import isoCountries from 'i18n-iso-countries'
import type { ReferenceVersion } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import { sectorName } from '../sectors.ts'
import type { AppliedRule } from '../types.ts'

export interface Weights extends ReferenceVersion {
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
export interface HighRisk extends ReferenceVersion {
  countries: string[]
}

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

export type Factor = { factor: string; points: number }

/** What one check found and applied; a factor of 0 points is not one. */
export interface Checked {
  factors: Factor[]
  mandatory: string[]
  rules: AppliedRule[]
}

const checked = (): Checked & { add: (factor: string, points: number) => void } => {
  const out: Checked = { factors: [], mandatory: [], rules: [] }
  return {
    ...out,
    add: (factor, points) => {
      if (points > 0) out.factors.push({ factor, points })
    },
  }
}

/**
 * The countries: one on the EU high-risk list forces enhanced due diligence, else one outside the
 * EU/EEA adds its points. A code ISO 3166-1 does not know names no country: scoring it as some
 * third country would guess its risk, so it is refused.
 */
export function countryRisk(
  input: string[],
  w: Weights,
  highRisk: HighRisk,
  today: string,
  say: Say,
): Checked {
  const out = checked()
  input.forEach((c, i) => {
    if (!isoCountries.isValid(c)) throw errors.invalid(`countries/${i}`, 'must be an ISO 3166-1 alpha-2 code')
  })
  const countries = [...new Set(input)]
  const listed = countries.filter((c) => highRisk.countries.includes(c))
  const third = countries.filter((c) => !listed.includes(c) && !w.eea.includes(c))
  if (listed.length > 0) {
    out.add(
      say({
        cs: `vysoce riziková třetí země podle EU: ${listed.join(', ')}`,
        en: `EU high-risk third country: ${listed.join(', ')}`,
      }),
      w.points.country_high_risk,
    )
    out.mandatory.push(
      say({
        cs: `vysoce riziková třetí země (${listed.join(', ')})`,
        en: `high-risk third country (${listed.join(', ')})`,
      }),
    )
  } else if (third.length > 0)
    out.add(
      say({
        cs: `třetí země mimo EU/EHP: ${third.join(', ')}`,
        en: `third country outside the EU/EEA: ${third.join(', ')}`,
      }),
      w.points.country_third,
    )
  out.rules.push({
    rule: say({
      cs: 'Obchod s osobou usazenou ve vysoce rizikové třetí zemi vyžaduje zesílenou kontrolu',
      en: 'Business with a person established in a high-risk third country requires enhanced due diligence',
    }),
    ...cite(today, 'eu-2016-1675', 'cz-253-2008-s9a'),
    outcome: listed.length
      ? say({ cs: `na seznamu: ${listed.join(', ')}`, en: `listed: ${listed.join(', ')}` })
      : say({ cs: 'žádná na seznamu', en: 'none listed' }),
  })
  return out
}

/**
 * A politically exposed person: points, and enhanced due diligence in any case. Not given, the
 * status is unknown, never "not a PEP": `undecided` says so, naming the field.
 */
export function pepRisk(
  pep: boolean | undefined,
  w: Weights,
  today: string,
  say: Say,
): Checked & { undecided: string[] } {
  const out = checked()
  if (pep) {
    out.add(say({ cs: 'politicky exponovaná osoba', en: 'politically exposed person' }), w.points.pep)
    out.mandatory.push(say({ cs: 'politicky exponovaná osoba', en: 'politically exposed person' }))
  }
  out.rules.push({
    rule: say({
      cs: 'Politicky exponovaná osoba vyžaduje zesílenou kontrolu',
      en: 'A politically exposed person requires enhanced due diligence',
    }),
    ...cite(today, 'cz-253-2008-s9a'),
    outcome:
      pep === undefined
        ? say({ cs: 'neuvedeno', en: 'not given' })
        : pep
          ? 'PEP'
          : say({ cs: 'není PEP', en: 'not a PEP' }),
  })
  const undecided =
    pep === undefined
      ? [
          say({
            cs: 'neuvedeno, zda je klient nebo jeho skutečný majitel politicky exponovanou osobou (pep): PEP vyžaduje zesílenou kontrolu bez ohledu na skóre (§ 9a); uveďte pep (true, nebo false)',
            en: 'whether the client or its beneficial owner is a politically exposed person is not given (pep): a PEP needs enhanced due diligence whatever the score (§ 9a); give pep (true or false)',
          }),
        ]
      : []
  return { ...out, undecided }
}

export interface Profile {
  customer_type: 'person' | 'company' | 'trust'
  ownership_layers?: number | undefined
  product: string
  channel: string
  nace?: string | undefined
  source_of_funds_documented?: boolean | undefined
  cash_share_pct?: number | undefined
}

/**
 * The client's profile: its type, ownership layers, product, channel, sector, funds and cash. A NACE
 * code whose division CZ-NACE does not have names no sector: scoring it as an ordinary one would
 * pass an activity nobody can read, so it is refused (`divisions`: the CZ-NACE divisions on file).
 */
export function profileRisk(input: Profile, w: Weights, divisions: ReadonlySet<string>, say: Say): Checked {
  const out = checked()
  const add = out.add
  if (input.nace && !divisions.has(input.nace.slice(0, 2)))
    throw errors.invalid(
      'nace',
      `division ${input.nace.slice(0, 2)} is not a CZ-NACE division (ČSÚ, CZ-NACE Rev. 2): the sector cannot be judged`,
    )
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
  return out
}

/** Each factor found as a rule with its points. */
export const factorRules = (factors: Factor[], today: string, say: Say): AppliedRule[] =>
  factors.map((f) => ({
    rule: say({ cs: `Rizikový faktor: ${f.factor}`, en: `Risk factor: ${f.factor}` }),
    ...cite(today, 'cz-253-2008-annex2', 'eba-gl-2021-02', 'policy-cdd-risk-factors'),
    outcome: `+${f.points}`,
  }))

/**
 * The score's band (a mandatory trigger forces the enhanced one), its due-diligence measure and
 * review period, and the measures it asks for.
 */
export function banding(factors: Factor[], mandatory: string[], w: Weights, today: string, say: Say) {
  const rules: AppliedRule[] = []
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
  return { score, band, measure, measures, rules }
}
