/**
 * The checks of ubo_analysis, each a named function returning what it found with the warnings it
 * raised: the ownership graph read and checked, the chains multiplied from the company up to the
 * persons, the EU high-risk list of the day, the owners under the definition in force (or the
 * holders a person must assess), the statutory-body fallback, the entities' sanctions screening,
 * and the rules applied with their register sources. The agent runs them in order and joins them.
 */
import { loadReference } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { round } from '../data/shared.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { HIGH_RISK_LAW, highRiskOn, requireCountry } from './common.ts'
import { hitView, type screeningEngine } from './screening.ts'
import { ESM, type UboLaw } from './ubo-law.ts'

export const TARGET = 'target'
/** More than 25 % of shares, votes or profit makes a natural person a beneficial owner. */
const UBO_THRESHOLD = 25
/**
 * A majority of votes is decisive influence (control, zákon 90/2012 Sb., § 74–75): influence passes
 * through a controlled entity, and whoever controls entities that hold more than 25 % of the
 * company is its beneficial owner (zákon 37/2021 Sb., § 4 odst. 1 písm. c)).
 */
const CONTROL = 50

export interface Party {
  id: string
  name: string
  type: 'person' | 'entity'
  country?: string | undefined
  birth_date?: string | undefined
}
type Edge = { owner: string; share: number; vote: number }
type Holding = { share: number; vote: number; paths: string[] }
type Graph = ReturnType<typeof readGraph>
type Hit = ReturnType<typeof hitView>
type Built = Awaited<ReturnType<typeof screeningEngine>>
/** Screens one person by name (birth date and country when known); none when screening is off. */
type Screen = (name: string, birth?: string, country?: string) => Hit[]

export interface Owner {
  id: string
  name: string
  effective_share_percent: number
  effective_voting_percent: number
  control: boolean
  controlled_share_percent: number
  basis: string[]
  paths: string[]
  country: string | null
  eu_high_risk_country: boolean
  sanctions_hits: Hit[]
}

/**
 * The EU high-risk list in force on the day: none on a day before the list on file, which is a
 * warning when a party's country would have been checked against it.
 */
export function countryCheck(today: string, anyCountry: boolean, say: Say) {
  const list = highRiskListOn(today)
  const warnings =
    !list && anyCountry
      ? [
          say({
            cs: `seznam vysoce rizikových třetích zemí EU je zde od ${highRiskFirst()}: země ke dni ${today} neověřeny`,
            en: `the EU high-risk third-country list is held from ${highRiskFirst()}: the countries were not checked for ${today}`,
          }),
        ]
      : []
  const highRisk = (country: string | null | undefined) =>
    !!list && !!country && list.countries.includes(country)
  return { held: !!list, highRisk, warnings }
}

/**
 * The owners and entities whose country the input does not give: none of them could be checked
 * against the EU high-risk third-country list, which a structure must not be cleared without
 * (zákon 253/2008 Sb., § 9a; Regulation (EU) 2016/1675). A warning naming them, so the answer is
 * reviewed, never clear.
 */
export function unplacedWarnings(names: string[], say: Say): string[] {
  if (names.length === 0) return []
  const list = names.join(', ')
  return [
    say({
      cs: `u stran ${list} chybí země: neověřeno proti seznamu vysoce rizikových třetích zemí EU; uveďte zemi každé strany`,
      en: `country not given for ${list}: not checked against the EU high-risk third-country list; give each party’s country`,
    }),
  ]
}

/** The sanctions screening of one person by the engine built for the call. */
export function ownerScreen(built: Built | undefined, say: Say): Screen {
  return (name, birth, country) => {
    if (!built) return []
    const parts = name.trim().split(/\s+/)
    const lastName = parts.pop()!
    return built.engine
      .screenPerson(
        {
          lastName,
          ...(parts.length ? { firstName: parts.join(' ') } : {}),
          ...(birth ? { birthDate: birth } : {}),
          ...(country ? { countries: [country] } : {}),
        },
        { limit: 3 },
      )
      .map((h) => hitView(h, say))
  }
}

/**
 * The persons with a holding under the definition in force: the beneficial owners with their basis
 * and those below the threshold, and whether nobody qualifies (the statutory body then); on a day
 * whose definition is not held, every holder to assess with the reason, nobody named or placed
 * below the threshold.
 */
export function ownersCheck(
  holdings: Map<string, Holding>,
  graph: Graph,
  law: UboLaw,
  highRisk: (country: string | null | undefined) => boolean,
  screen: Screen,
  say: Say,
) {
  const { parties, countries, ownersOf } = graph
  const persons = [...holdings.entries()].map(([id, h]) => ({
    id,
    ...h,
    controlled: controlledShare(id, ownersOf),
    party: parties.get(id)!,
  }))
  const view = (p: (typeof persons)[number], basis: string[]): Owner => {
    const country = countries.get(p.id) ?? null
    return {
      id: p.id,
      name: p.party.name,
      effective_share_percent: round(p.share * 100, 2),
      effective_voting_percent: round(p.vote * 100, 2),
      control: p.controlled * 100 > UBO_THRESHOLD,
      controlled_share_percent: round(p.controlled * 100, 2),
      basis,
      paths: p.paths,
      country,
      eu_high_risk_country: highRisk(country),
      sanctions_hits: screen(p.party.name, p.party.birth_date, country ?? undefined),
    }
  }
  if (!law.held)
    return {
      owners: [] as Owner[],
      toAssess: persons.map((p) => view(p, [say(law.reason)])),
      below: [],
      fallback: false,
      warnings: [say(law.reason)],
    }
  const owners = persons.filter((p) => ownerBasis(p, say).length > 0)
  return {
    owners: owners.map((p) => view(p, ownerBasis(p, say))),
    toAssess: [] as Owner[],
    below: persons
      .filter((p) => !owners.includes(p))
      .map((p) => ({ id: p.id, name: p.party.name, effective_share_percent: round(p.share * 100, 2) })),
    fallback: owners.length === 0,
    warnings: [] as string[],
  }
}

/** With nobody above the threshold, the members of the statutory body are reported (§ 5). */
export function statutoryFallback(names: string[], screen: Screen, say: Say) {
  const owners: Owner[] = names.map((name, i) => ({
    id: `statutory_body/${i}`,
    name,
    effective_share_percent: 0,
    effective_voting_percent: 0,
    control: false,
    controlled_share_percent: 0,
    basis: [
      say({
        cs: 'člen statutárního orgánu (nikdo nad prahem)',
        en: 'member of the statutory body (no person above the threshold)',
      }),
    ],
    paths: [],
    country: null,
    eu_high_risk_country: false,
    sanctions_hits: screen(name),
  }))
  const warnings = names.length
    ? []
    : [
        say({
          cs: 'žádný skutečný majitel nad prahem a statutární orgán nezadán',
          en: 'no beneficial owner above the threshold and no statutory body given',
        }),
      ]
  return { owners, warnings }
}

/** The entities of the structure screened as companies: those with a hit. */
export function entityScreening(
  entities: Party[],
  countries: Map<string, string>,
  built: Built | undefined,
  say: Say,
) {
  if (!built) return []
  return entities
    .map((e) => ({
      id: e.id,
      name: e.name,
      hits: built.engine
        .screenCompany(
          { name: e.name, ...(countries.get(e.id) ? { country: countries.get(e.id)! } : {}) },
          { limit: 3 },
        )
        .map((h) => hitView(h, say)),
    }))
    .filter((e) => e.hits.length > 0)
}

/** The parties, their countries and the ownership edges, checked: a 400 naming the item that does not fit. */
export function readGraph(
  input: {
    company: { name: string }
    parties: Party[]
    ownership: { owner: string; owned: string; share_percent: number; voting_percent?: number | undefined }[]
  },
  say: Say,
) {
  const parties = new Map<string, Party>()
  for (const [i, p] of input.parties.entries()) {
    if (parties.has(p.id)) throw errors.invalid(`parties/${i}/id`, 'ids must be unique')
    parties.set(p.id, p)
  }
  const countries = new Map<string, string>()
  for (const [i, p] of input.parties.entries())
    if (p.country) countries.set(p.id, requireCountry(p.country, `parties/${i}/country`))
  const ownersOf = new Map<string, Edge[]>()
  const inflow = new Map<string, number>()
  for (const [i, e] of input.ownership.entries()) {
    if (!parties.has(e.owner)) throw errors.invalid(`ownership/${i}/owner`, `no party with id "${e.owner}"`)
    if (e.owned !== TARGET && parties.get(e.owned)?.type !== 'entity') {
      throw errors.invalid(`ownership/${i}/owned`, `must be "${TARGET}" or the id of an entity party`)
    }
    if (e.owner === e.owned) throw errors.invalid(`ownership/${i}/owner`, 'a party cannot own itself')
    ownersOf.set(e.owned, [
      ...(ownersOf.get(e.owned) ?? []),
      { owner: e.owner, share: e.share_percent / 100, vote: (e.voting_percent ?? e.share_percent) / 100 },
    ])
    inflow.set(e.owned, (inflow.get(e.owned) ?? 0) + e.share_percent)
  }
  const warnings: string[] = []
  for (const [owned, total] of inflow) {
    const label = owned === TARGET ? input.company.name : parties.get(owned)!.name
    if (total > 100.0001)
      throw errors.invalid('ownership', `shares in ${label} add up to ${round(total, 2)} %, more than 100 %`)
    if (total < 99.9999)
      warnings.push(
        say({
          cs: `podíly v ${label} dávají dohromady ${round(total, 2)} %: zbytek není znám`,
          en: `shares in ${label} add up to ${round(total, 2)} %: the rest is unknown`,
        }),
      )
  }
  if (!ownersOf.has(TARGET))
    throw errors.invalid('ownership', `no edge owns "${TARGET}" (the company analysed)`)
  return { parties, countries, ownersOf, warnings }
}

/**
 * Every chain from the company up to the persons, shares and votes multiplied along each chain and
 * added across chains; a circular holding is a warning and the loop is not followed.
 */
export function chains(
  company: string,
  graph: { parties: Map<string, Party>; ownersOf: Map<string, Edge[]>; warnings: string[] },
  say: Say,
): { holdings: Map<string, Holding>; maxDepth: number } {
  const { parties, ownersOf, warnings } = graph
  const holdings = new Map<string, Holding>()
  let maxDepth = 0
  type Link = { id: string; share: number }
  // `chain` holds the entities between the company and the current node, nearest the company first.
  const walk = (node: string, share: number, vote: number, chain: Link[]) => {
    for (const e of ownersOf.get(node) ?? []) {
      if (chain.some((l) => l.id === e.owner)) {
        const names = [company, ...chain.map((l) => parties.get(l.id)!.name), parties.get(e.owner)!.name]
        warnings.push(
          say({
            cs: `kruhové vlastnictví: ${names.join(' ← ')}`,
            en: `circular ownership: ${names.join(' ← ')}`,
          }),
        )
        continue
      }
      const s = share * e.share
      const v = vote * e.vote
      const next = [...chain, { id: e.owner, share: e.share }]
      if (parties.get(e.owner)!.type === 'person') {
        const trail = [...next]
          .reverse()
          .map((l) => `${parties.get(l.id)!.name} (${round(l.share * 100, 2)} %)`)
          .concat(company)
        const h = holdings.get(e.owner) ?? { share: 0, vote: 0, paths: [] }
        h.share += s
        h.vote += v
        h.paths.push(`${trail.join(' → ')}: ${round(s * 100, 2)} %`)
        holdings.set(e.owner, h)
        maxDepth = Math.max(maxDepth, next.length)
      } else walk(e.owner, s, v, next)
    }
  }
  walk(TARGET, 1, 1, [])
  return { holdings, maxDepth }
}

/**
 * The share of the company held by the person directly and by the entities the person controls
 * (a majority of the votes, directly or through entities it controls): zákon 37/2021 Sb., § 4
 * odst. 1 písm. c) makes the person a beneficial owner when that is more than 25 %, however small
 * the multiplied share (60 % of a holding with 40 % → 24 % multiplied, 40 % controlled).
 */
function controlledShare(person: string, ownersOf: Map<string, Edge[]>): number {
  const controlled = new Set<string>()
  const visit = (owner: string) => {
    for (const [owned, edges] of ownersOf) {
      if (owned === TARGET || controlled.has(owned)) continue
      const votes = edges.filter((e) => e.owner === owner).reduce((sum, e) => sum + e.vote, 0)
      if (votes > CONTROL / 100) {
        controlled.add(owned)
        visit(owned)
      }
    }
  }
  visit(person)
  return (ownersOf.get(TARGET) ?? [])
    .filter((e) => e.owner === person || controlled.has(e.owner))
    .reduce((sum, e) => sum + e.share, 0)
}

/** Why a person is a beneficial owner (none: not one), each reason with its figure. */
function ownerBasis(p: { share: number; vote: number; controlled: number }, say: Say): string[] {
  const basis: string[] = []
  if (p.share * 100 > UBO_THRESHOLD)
    basis.push(
      say({
        cs: `více než ${UBO_THRESHOLD} % podílu (${round(p.share * 100, 2)} %)`,
        en: `more than ${UBO_THRESHOLD} % of shares (${round(p.share * 100, 2)} %)`,
      }),
    )
  if (p.vote * 100 > UBO_THRESHOLD)
    basis.push(
      say({
        cs: `více než ${UBO_THRESHOLD} % hlasů (${round(p.vote * 100, 2)} %)`,
        en: `more than ${UBO_THRESHOLD} % of votes (${round(p.vote * 100, 2)} %)`,
      }),
    )
  if (p.controlled * 100 > UBO_THRESHOLD)
    basis.push(
      say({
        cs: `rozhodující vliv: ovládá osoby, které spolu s jejím přímým podílem drží ${round(p.controlled * 100, 2)} % (více než ${UBO_THRESHOLD} %)`,
        en: `decisive influence: controls entities that, with the person’s direct holding, hold ${round(p.controlled * 100, 2)} % (more than ${UBO_THRESHOLD} %)`,
      }),
    )
  return basis
}

/** The EU high-risk list in force on `at`, or none when the list on file starts later. */
function highRiskListOn(at: string) {
  return at < highRiskFirst() ? undefined : highRiskOn(at).version
}

function highRiskFirst(): string {
  return loadReference('eu-high-risk-third-countries').versions[0]!.effective_from
}

export function uboRules(
  today: string,
  law: UboLaw,
  persons: number,
  fallback: boolean,
  highRisk: { list: boolean; anyHighRisk: boolean },
  say: Say,
): AppliedRule[] {
  const definition: AppliedRule = law.held
    ? {
        rule: say({
          cs: `skutečným majitelem je fyzická osoba, která přímo nebo nepřímo drží více než ${UBO_THRESHOLD} % podílu nebo hlasů, nebo ovládá osoby, které drží více než ${UBO_THRESHOLD} %`,
          en: `a natural person holding, directly or indirectly, more than ${UBO_THRESHOLD} % of shares or votes, or controlling entities that hold more than ${UBO_THRESHOLD} %, is a beneficial owner`,
        }),
        ...cite(today, ESM),
        outcome: say({ cs: `osob: ${persons}`, en: `persons: ${persons}` }),
      }
    : {
        rule: say({
          cs: 'skutečný majitel podle vymezení platného ke dni posouzení',
          en: 'the beneficial owner under the definition in force on the day judged',
        }),
        ...cite(today, law.entry),
        outcome: say({
          cs: `posoudí pracovník (osob: ${persons}): ${law.reason.cs}`,
          en: `to be assessed by a person (persons: ${persons}): ${law.reason.en}`,
        }),
      }
  return [
    definition,
    {
      rule: say({
        cs: 'nepřímé podíly se násobí podél každého řetězce a sčítají napříč řetězci; ovládání (většina hlasů) přechází přes ovládané osoby',
        en: 'indirect holdings multiply along each chain and add up across chains; control (a majority of votes) passes through controlled entities',
      }),
      ...cite(today, 'method-ubo-chains'),
    },
    ...(law.held
      ? [
          {
            rule: say({
              cs: 'není-li taková osoba, uvádějí se jako skuteční majitelé členové statutárního orgánu',
              en: 'without such a person, the members of the statutory body are reported as beneficial owners',
            }),
            ...cite(today, ESM),
            outcome: fallback
              ? say({ cs: 'uplatněno', en: 'applied' })
              : say({ cs: 'není třeba', en: 'not needed' }),
          },
        ]
      : []),
    {
      rule: say({
        cs: 'zjistit skutečného majitele a ověřit jej v evidenci skutečných majitelů a v dalším zdroji',
        en: 'identify the beneficial owner and verify it in the register of beneficial owners and one more source',
      }),
      ...cite(today, 'cz-253-2008-s9'),
    },
    {
      rule: say({
        cs: 'vlastníci ve vysoce rizikových třetích zemích podle EU vyžadují zesílenou kontrolu',
        en: 'owners in EU high-risk third countries require enhanced due diligence',
      }),
      ...cite(today, ...HIGH_RISK_LAW),
      outcome: !highRisk.list
        ? say({
            cs: `neověřeno: seznam je zde od ${highRiskFirst()}`,
            en: `not checked: the list is held from ${highRiskFirst()}`,
          })
        : highRisk.anyHighRisk
          ? say({ cs: 'platí', en: 'applies' })
          : say({ cs: 'žádní', en: 'none' }),
    },
  ]
}
