import { type Static, Type } from 'typebox'
import { loadReference } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { DateSchema, isoDate, nullable, requireIco, round } from '../data/shared.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { HIGH_RISK_LAW, highRiskOn, requireCountry } from './common.ts'
import { HitSchema, hitView, ListsSchema, listView, screeningEngine } from './screening.ts'
import { ESM, UBO_LAW, type UboLaw, uboLawOn } from './ubo-law.ts'

const TARGET = 'target'
/** More than 25 % of shares, votes or profit makes a natural person a beneficial owner. */
const UBO_THRESHOLD = 25
/**
 * A majority of votes is decisive influence (control, zákon 90/2012 Sb., § 74–75): influence passes
 * through a controlled entity, and whoever controls entities that hold more than 25 % of the
 * company is its beneficial owner (zákon 37/2021 Sb., § 4 odst. 1 písm. c)).
 */
const CONTROL = 50

const PartySchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, pattern: '^(?!target$)' }),
    name: Type.String({ minLength: 2, maxLength: 300 }),
    type: Type.Union([Type.Literal('person'), Type.Literal('entity')]),
    country: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
    birth_date: Type.Optional(DateSchema('persons: for sanctions matching')),
  },
  { additionalProperties: false },
)

type Party = Static<typeof PartySchema>
type Edge = { owner: string; share: number; vote: number }
type Holding = { share: number; vote: number; paths: string[] }

const OwnerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  effective_share_percent: Type.Number(),
  effective_voting_percent: Type.Number(),
  control: Type.Boolean({
    description:
      'decisive influence: the person controls (by majority of votes, along a chain) entities that together with the person’s own direct holding hold more than 25 % of the company',
  }),
  controlled_share_percent: Type.Number({
    description:
      'the share in the company held by the person directly and by the entities the person controls',
  }),
  basis: Type.Array(Type.String()),
  paths: Type.Array(Type.String()),
  country: nullable(Type.String()),
  eu_high_risk_country: Type.Boolean(),
  sanctions_hits: Type.Array(HitSchema),
})

const EdgeSchema = Type.Object(
  {
    owner: Type.String({ description: 'id of a party' }),
    owned: Type.String({ description: 'id of an entity party, or "target" for the company analysed' }),
    share_percent: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    voting_percent: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'when votes differ from the share' }),
    ),
  },
  { additionalProperties: false },
)

export const uboAnalysis = defineAgent({
  service: 'aml',
  name: 'ubo_analysis',
  description:
    'Finds the beneficial owners of a company from its ownership structure: multiplies shares along every chain (indirect ownership), follows majority control through intermediate entities, marks natural persons above 25 % of shares or votes or with control (Czech beneficial-owners act as amended from 2022-10-01; on an earlier day the persons are listed for a person to assess), falls back to the statutory body when there is none, and screens the owners against the sanctions lists and the EU high-risk country list.',
  input: Type.Object(
    {
      company: Type.Object(
        {
          name: Type.String({ minLength: 2, maxLength: 300 }),
          ico: Type.Optional(Type.String({ maxLength: 12 })),
        },
        { additionalProperties: false },
      ),
      parties: Type.Array(PartySchema, { minItems: 1, maxItems: 200 }),
      ownership: Type.Array(EdgeSchema, { minItems: 1, maxItems: 500 }),
      statutory_body: Type.Optional(
        Type.Array(Type.String({ minLength: 2, maxLength: 200 }), {
          maxItems: 20,
          description: 'names of the directors',
        }),
      ),
      screen: Type.Optional(
        Type.Boolean({ default: true, description: 'screen owners against the sanctions lists' }),
      ),
      as_of: Type.Optional(
        DateSchema('the day judged (default today): the definition of beneficial owner in force on it'),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    beneficial_owners: Type.Array(OwnerSchema),
    to_assess: Type.Array(OwnerSchema, {
      description:
        'every person with a holding, for a person to assess, when the definition in force on the day judged is not held here (before 2022-10-01); basis gives the reason',
    }),
    fallback_to_statutory_body: Type.Boolean(),
    persons_below_threshold: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), effective_share_percent: Type.Number() }),
    ),
    entity_sanctions_hits: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), hits: Type.Array(HitSchema) }),
    ),
    structure: Type.Object({
      persons: Type.Integer(),
      entities: Type.Integer(),
      max_depth: Type.Integer(),
      foreign_entities: Type.Integer(),
    }),
    warnings: Type.Array(Type.String()),
    risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    sanctions_lists: ListsSchema,
  }),
  verdict: { field: 'risk', map: { low: 'clear', medium: 'review', high: 'adverse' } },
  law: [...UBO_LAW, 'method-ubo-chains', 'cz-253-2008-s9', ...HIGH_RISK_LAW],
  examples: [
    {
      title: 'Two founders, one holding through a Cypriot company',
      input: {
        company: { name: 'Stavby Morava s.r.o.' },
        parties: [
          { id: 'novak', name: 'Petr Novák', type: 'person', country: 'CZ', birth_date: '1975-03-14' },
          { id: 'holding', name: 'Morava Holdings Ltd', type: 'entity', country: 'CY' },
          { id: 'svoboda', name: 'Jana Svobodová', type: 'person', country: 'CZ' },
          { id: 'dvorak', name: 'Karel Dvořák', type: 'person', country: 'CZ' },
        ],
        ownership: [
          { owner: 'novak', owned: TARGET, share_percent: 20 },
          { owner: 'holding', owned: TARGET, share_percent: 60 },
          { owner: 'svoboda', owned: TARGET, share_percent: 20 },
          { owner: 'svoboda', owned: 'holding', share_percent: 70 },
          { owner: 'dvorak', owned: 'holding', share_percent: 30 },
        ],
      },
    },
    {
      title: 'Dispersed ownership: nobody above 25 %, the directors are reported',
      input: {
        company: { name: 'Družstevní obchod s.r.o.' },
        parties: [
          { id: 'a', name: 'Adam Malý', type: 'person' },
          { id: 'b', name: 'Bohumil Velký', type: 'person' },
          { id: 'c', name: 'Cyril Střední', type: 'person' },
          { id: 'd', name: 'David Dlouhý', type: 'person' },
          { id: 'e', name: 'Eva Krátká', type: 'person' },
        ],
        ownership: [
          { owner: 'a', owned: TARGET, share_percent: 20 },
          { owner: 'b', owned: TARGET, share_percent: 20 },
          { owner: 'c', owned: TARGET, share_percent: 20 },
          { owner: 'd', owned: TARGET, share_percent: 20 },
          { owner: 'e', owned: TARGET, share_percent: 20 },
        ],
        statutory_body: ['Eva Krátká'],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.company.ico !== undefined) requireIco(input.company.ico, 'company/ico')
    const today = input.as_of ?? isoDate(ctx.now)
    const law = uboLawOn(today)
    const graph = readGraph(input, say)
    const { parties, countries, ownersOf, warnings } = graph
    const { holdings, maxDepth } = chains(input.company.name, graph, say)

    const list = highRiskListOn(today)
    const anyCountry = input.parties.some((p) => countries.has(p.id))
    if (!list && anyCountry)
      warnings.push(
        say({
          cs: `seznam vysoce rizikových třetích zemí EU je zde od ${highRiskFirst()}: země ke dni ${today} neověřeny`,
          en: `the EU high-risk third-country list is held from ${highRiskFirst()}: the countries were not checked for ${today}`,
        }),
      )
    const highRisk = (country: string | null | undefined) =>
      !!list && !!country && list.countries.includes(country)
    const sources: SourceStatus[] = []
    const built = input.screen === false ? undefined : await screeningEngine(ctx, sources)
    const screenPerson = (name: string, birth?: string, country?: string) => {
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

    const persons = [...holdings.entries()].map(([id, h]) => ({
      id,
      ...h,
      controlled: controlledShare(id, ownersOf),
      party: parties.get(id)!,
    }))
    const ownerView = (p: (typeof persons)[number], basis: string[]) => {
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
        sanctions_hits: screenPerson(p.party.name, p.party.birth_date, country ?? undefined),
      }
    }
    // On a day whose definition is not held, nobody is named an owner or placed below the threshold.
    const owners = law.held ? persons.filter((p) => ownerBasis(p, say).length > 0) : []
    const toAssess = law.held ? [] : persons.map((p) => ownerView(p, [say(law.reason)]))
    if (!law.held) warnings.push(say(law.reason))
    const fallback = law.held && owners.length === 0
    const ubos = owners.map((p) => ownerView(p, ownerBasis(p, say)))
    if (fallback) {
      for (const [i, name] of (input.statutory_body ?? []).entries()) {
        ubos.push({
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
          sanctions_hits: screenPerson(name),
        })
      }
      if (!input.statutory_body?.length)
        warnings.push(
          say({
            cs: 'žádný skutečný majitel nad prahem a statutární orgán nezadán',
            en: 'no beneficial owner above the threshold and no statutory body given',
          }),
        )
    }
    const entities = input.parties.filter((p) => p.type === 'entity')
    const entityHits = built
      ? entities
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
      : []
    const foreign = entities.filter((e) => (countries.get(e.id) ?? 'CZ') !== 'CZ').length
    const named = [...ubos, ...toAssess]
    const anyHit = named.some((u) => u.sanctions_hits.length) || entityHits.length > 0
    const anyHighRisk =
      named.some((u) => u.eu_high_risk_country) || entities.some((e) => highRisk(countries.get(e.id)))
    const risk: 'low' | 'medium' | 'high' =
      anyHit || anyHighRisk
        ? 'high'
        : foreign > 0 || maxDepth > 2 || fallback || warnings.length
          ? 'medium'
          : 'low'
    return {
      beneficial_owners: ubos,
      to_assess: toAssess,
      fallback_to_statutory_body: fallback,
      persons_below_threshold: law.held
        ? persons
            .filter((p) => !owners.includes(p))
            .map((p) => ({ id: p.id, name: p.party.name, effective_share_percent: round(p.share * 100, 2) }))
        : [],
      entity_sanctions_hits: entityHits,
      structure: {
        persons: persons.length,
        entities: entities.length,
        max_depth: maxDepth,
        foreign_entities: foreign,
      },
      warnings,
      risk,
      sanctions_lists: built ? listView(built.lists) : [],
      rules_applied: uboRules(
        today,
        law,
        owners.length + toAssess.length,
        fallback,
        { list: !!list, anyHighRisk },
        say,
      ),
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})

/** The parties, their countries and the ownership edges, checked: a 400 naming the item that does not fit. */
function readGraph(
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
function chains(
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

function uboRules(
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
