import { Type } from 'typebox'
import { DateSchema, isoDate, nullable, requireIco } from '../data/shared.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { HIGH_RISK_LAW } from './common.ts'
import { HitSchema, ListsSchema, listView, screeningEngine } from './screening.ts'
import {
  chains,
  countryCheck,
  entityScreening,
  ownerScreen,
  ownersCheck,
  readGraph,
  statutoryFallback,
  TARGET,
  uboRules,
  unplacedWarnings,
} from './ubo-analysis-checks.ts'
import { UBO_LAW, uboLawOn } from './ubo-law.ts'

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
    'Finds the beneficial owners of a company from its ownership structure: multiplies shares along every chain (indirect ownership), follows majority control through intermediate entities, marks natural persons above 25 % of shares or votes or with control (Czech beneficial-owners act as amended from 2022-10-01; on an earlier day the persons are listed for a person to assess), falls back to the statutory body when there is none, and screens the owners against the sanctions lists and the EU high-risk country list (an owner or entity whose country is not given cannot be checked there: it is named in a warning and the answer is reviewed, never clear).',
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
        Type.Boolean({
          default: true,
          description:
            'screen owners against the sanctions lists; false: skipped, said in warnings, and the risk is at least medium',
        }),
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
    const { countries, warnings } = graph
    const { holdings, maxDepth } = chains(input.company.name, graph, say)
    const countryList = countryCheck(today, countries.size > 0, say)
    warnings.push(...countryList.warnings)
    const sources: SourceStatus[] = []
    const built = input.screen === false ? undefined : await screeningEngine(ctx, sources)
    // Skipped at the caller's request: said, and never a low risk on owners nobody screened.
    if (input.screen === false) {
      sources.push({ name: 'sanctions_lists', status: 'skipped', error: 'screen is false' })
      warnings.push(
        say({
          cs: 'vlastníci nebyli prověřeni proti sankčním seznamům: prověrka vynechána na žádost volajícího (screen: false)',
          en: 'the owners were not screened against the sanctions lists: screening skipped at the caller’s request (screen: false)',
        }),
      )
    }
    const screen = ownerScreen(built, say)

    const owners = ownersCheck(holdings, graph, law, countryList.highRisk, screen, say)
    warnings.push(...owners.warnings)
    const fallback = owners.fallback ? statutoryFallback(input.statutory_body ?? [], screen, say) : undefined
    if (fallback) warnings.push(...fallback.warnings)
    const ubos = [...owners.owners, ...(fallback?.owners ?? [])]
    const entities = input.parties.filter((p) => p.type === 'entity')
    const entityHits = entityScreening(entities, countries, built, say)
    const foreign = entities.filter((e) => (countries.get(e.id) ?? 'CZ') !== 'CZ').length
    // The statutory body's members come as names only: the fallback already makes the answer reviewed.
    warnings.push(
      ...unplacedWarnings(
        [...owners.owners, ...owners.toAssess, ...entities]
          .filter((p) => !countries.has(p.id))
          .map((p) => p.name),
        say,
      ),
    )
    const named = [...ubos, ...owners.toAssess]
    const anyHit = named.some((u) => u.sanctions_hits.length) || entityHits.length > 0
    const anyHighRisk =
      named.some((u) => u.eu_high_risk_country) ||
      entities.some((e) => countryList.highRisk(countries.get(e.id)))
    const risk: 'low' | 'medium' | 'high' =
      anyHit || anyHighRisk
        ? 'high'
        : foreign > 0 || maxDepth > 2 || owners.fallback || warnings.length
          ? 'medium'
          : 'low'
    return {
      beneficial_owners: ubos,
      to_assess: owners.toAssess,
      fallback_to_statutory_body: owners.fallback,
      persons_below_threshold: owners.below,
      entity_sanctions_hits: entityHits,
      structure: {
        persons: holdings.size,
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
        owners.owners.length + owners.toAssess.length,
        owners.fallback,
        { list: countryList.held, anyHighRisk },
        say,
      ),
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
