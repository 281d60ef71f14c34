/**
 * The checks of ubo_verification, each a named function returning its rules, the sources it asked
 * and what it found: discrepancies (to report to the register) and reasons a person must review.
 * The agent runs them in order — the company in ARES, the declared owners (qualification, the
 * register extract, sanctions), the extract's undeclared names, the definition, the verification —
 * and joins them.
 */
import { type Static, Type } from 'typebox'
import { DateString } from '../../engines/reference/schema.ts'
import type { UboLaw } from '../aml/ubo-law.ts'
import { comparableName, lookupCompany } from '../compliance/registry.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AgentContext, AppliedRule } from '../types.ts'
import { screenParty } from './sanctions.ts'

/** Share above which a person is presumed to be a beneficial owner (per cent). */
const UBO_SHARE = 25
const sameName = (a: string, b: string) =>
  comparableName(a).split(' ').sort().join(' ') === comparableName(b).split(' ').sort().join(' ')

/** What a check gives the agent to join. */
export interface Checked {
  rules: AppliedRule[]
  sources: SourceStatus[]
  discrepancies: string[]
  review: string[]
}

/** A declared owner with the figures that decide whether it qualifies (also due_diligence_flow's). */
export const DeclaredOwnerSchema = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 300 }),
    birth_date: Type.Optional(DateString()),
    ownership_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    voting_pct: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    controlled_pct: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description:
          'share in the company held by the corporations the owner exercises decisive influence in (a majority of their votes), with the owner’s own direct share',
      }),
    ),
    control: Type.Optional(
      Type.Boolean({
        description: 'controls the company by other means (agreement, board majority)',
      }),
    ),
  },
  { additionalProperties: false },
)
export type DeclaredOwner = Static<typeof DeclaredOwnerSchema>

export interface OwnerView {
  name: string
  qualifies: boolean | null
  basis: string
  in_esm: boolean | null
  sanctions: string
}

type Company = { name?: string; active?: boolean } | null

/** The company in ARES: found and active (zákon 304/2013 Sb.); not found or dissolved is a discrepancy. */
export async function companyCheck(
  ctx: AgentContext,
  ico: string,
  today: string,
): Promise<Checked & { company: Company }> {
  const say = ctx.say
  const discrepancies: string[] = []
  const found = await lookupCompany(ctx, ico)
  let company: Company = null
  if (found.found === false)
    discrepancies.push(
      say({ cs: `ARES nemá subjekt s IČO ${ico}`, en: `ARES has no subject with IČO ${ico}` }),
    )
  else if (found.facts) {
    company = {
      ...(found.facts.name ? { name: found.facts.name } : {}),
      ...(found.facts.active !== undefined ? { active: found.facts.active } : {}),
    }
    if (found.facts.active === false)
      discrepancies.push(say({ cs: 'společnost je v ARES zaniklá', en: 'the company is dissolved in ARES' }))
  }
  const rule: AppliedRule = {
    rule: say({
      cs: 'Společnost existuje a je aktivní ve veřejném rejstříku',
      en: 'The company exists and is active in the public register',
    }),
    ...cite(today, 'cz-304-2013'),
    outcome:
      found.source.status === 'failed'
        ? say({ cs: `neověřeno: ${found.source.error}`, en: `not verified: ${found.source.error}` })
        : company
          ? say({
              cs: `aktivní: ${company.active !== false ? 'ano' : 'ne'}`,
              en: `active: ${company.active !== false}`,
            })
          : say({ cs: 'nenalezena', en: 'not found' }),
  }
  return { company, rules: [rule], sources: [found.source], discrepancies, review: [] }
}

/** Why an owner qualifies under § 4 odst. 1 as amended, each reason with its figure (none: no reason). */
function ownerBases(o: DeclaredOwner, say: Say): string[] {
  return [
    (o.ownership_pct ?? 0) > UBO_SHARE
      ? say({ cs: `${o.ownership_pct} % základního kapitálu`, en: `${o.ownership_pct} % of capital` })
      : '',
    (o.voting_pct ?? 0) > UBO_SHARE
      ? say({ cs: `${o.voting_pct} % hlasovacích práv`, en: `${o.voting_pct} % of votes` })
      : '',
    (o.controlled_pct ?? 0) > UBO_SHARE
      ? say({
          cs: `rozhodující vliv v korporacích s podílem ${o.controlled_pct} %`,
          en: `decisive influence in corporations holding ${o.controlled_pct} %`,
        })
      : '',
    o.control ? say({ cs: 'ovládání jiným způsobem', en: 'control by other means' }) : '',
  ].filter(Boolean)
}

/** An owner declared with no share, vote, controlled holding or control: nothing to judge it by. */
const noFigures = (o: DeclaredOwner) =>
  o.ownership_pct === undefined &&
  o.voting_pct === undefined &&
  o.controlled_pct === undefined &&
  o.control === undefined

/**
 * Each declared owner: whether it qualifies (null on a day whose definition is not held, or for an
 * owner declared without any figure — read as 0 % it would be passed over), whether
 * the register extract names it — a qualifying owner missing from it is a discrepancy, or a reason
 * to review when qualification is left to a person — and, when asked, its sanctions screening with
 * its rule.
 */
export async function ownersCheck(
  ctx: AgentContext,
  declared: DeclaredOwner[],
  esm: string[] | undefined,
  screen: boolean,
  law: UboLaw,
  today: string,
): Promise<Checked & { owners: OwnerView[] }> {
  const say = ctx.say
  const sources: SourceStatus[] = []
  const discrepancies: string[] = []
  const review: string[] = []
  const owners: OwnerView[] = []
  for (const o of declared) {
    const bases = ownerBases(o, say)
    const unknown = noFigures(o)
    if (unknown && law.held)
      review.push(
        say({
          cs: `${o.name}: podíl ani kontrola neuvedeny — posoudí člověk`,
          en: `${o.name}: no share, vote or control given — to be assessed by a person`,
        }),
      )
    const inEsm = esm ? esm.some((n) => sameName(n, o.name)) : null
    if (bases.length > 0 && inEsm === false)
      (law.held ? discrepancies : review).push(
        say({
          cs: `${o.name} (${bases.join(', ')}) není ve výpisu z evidence`,
          en: `${o.name} (${bases.join(', ')}) is not in the register extract`,
        }),
      )
    let sanctions = 'not_checked'
    if (screen) {
      const s = await screenParty(
        ctx,
        { name: o.name, type: 'person', ...(o.birth_date ? { birth_date: o.birth_date } : {}) },
        sources,
      )
      sanctions = s.status
      if (s.status === 'match' || s.status === 'possible_match') {
        discrepancies.push(
          say({
            cs: `${o.name}: sankce – ${s.status === 'match' ? 'shoda' : 'možná shoda'} (${s.hits[0]!.list} ${s.hits[0]!.list_id})`,
            en: `${o.name}: sanctions ${s.status.replace('_', ' ')} (${s.hits[0]!.list} ${s.hits[0]!.list_id})`,
          }),
        )
      }
    }
    owners.push({
      name: o.name,
      qualifies: law.held && !unknown ? bases.length > 0 : null,
      basis:
        bases.join(', ') ||
        (unknown
          ? say({ cs: 'podíl ani kontrola neuvedeny', en: 'no share, vote or control given' })
          : say({ cs: 'pod 25 %, bez ovládání', en: 'below 25 %, no control' })),
      in_esm: inEsm,
      sanctions,
    })
  }
  const hits = owners.filter((o) => o.sanctions === 'match' || o.sanctions === 'possible_match').length
  const rules: AppliedRule[] = [
    {
      rule: say({
        cs: 'Skuteční majitelé se prověří proti sankčním seznamům (shoda jen s ověřenou totožností na seznamu EU, OSN nebo ČR)',
        en: 'The beneficial owners are screened against the sanctions lists (a match only with a corroborated identity on an EU, UN or Czech list)',
      }),
      ...cite(today, 'method-sanctions-match', 'cz-69-2006'),
      outcome: screen
        ? say({ cs: `shod nebo možných shod: ${hits}`, en: `matches or possible matches: ${hits}` })
        : say({
            cs: 'neprověřeno: vynecháno na žádost volajícího (screen_sanctions: false); k posouzení',
            en: 'not screened: skipped at the caller’s request (screen_sanctions: false); to be reviewed',
          }),
    },
  ]
  return { owners, rules, sources, discrepancies, review }
}

/** A name in the register extract that was not declared is a discrepancy. */
export function extractCheck(declared: DeclaredOwner[], esm: string[] | undefined, say: Say): string[] {
  return (esm ?? [])
    .filter((n) => !declared.some((o) => sameName(n, o.name)))
    .map((n) =>
      say({
        cs: `${n} je ve výpisu z evidence, ale nebyl(a) uveden(a)`,
        en: `${n} is in the register extract but was not declared`,
      }),
    )
}

/**
 * The definition of the day: with none qualifying and none left to a person, the statutory body
 * (§ 5); who qualifies; or, on a day whose definition is not held, that a person assesses the owners.
 */
export function definitionRules(owners: OwnerView[], law: UboLaw, today: string, say: Say): AppliedRule[] {
  if (!law.held)
    return [
      {
        rule: say({
          cs: 'Skutečný majitel podle vymezení platného ke dni posouzení',
          en: 'The beneficial owner under the definition in force on the day judged',
        }),
        ...cite(today, law.entry),
        outcome: say({
          cs: `posoudí pracovník (osob: ${owners.length}): ${law.reason.cs}`,
          en: `to be assessed by a person (persons: ${owners.length}): ${law.reason.en}`,
        }),
      },
    ]
  const qualifying = owners.filter((o) => o.qualifies).length
  // An owner declared without figures may yet hold more than 25 %: § 5 applies only when none does.
  const undetermined = owners.filter((o) => o.qualifies === null).length
  return [
    ...(qualifying === 0 && undetermined === 0
      ? [
          {
            rule: say({
              cs: 'Nikdo nad 25 % ani nikdo ovládající: za skutečné majitele se považují členové nejvyššího řídícího orgánu',
              en: 'No person above 25 % or in control: the members of the top management body are taken as beneficial owners',
            }),
            ...cite(today, law.entry),
            outcome: say({ cs: 'uvést členy statutárního orgánu', en: 'declare the statutory body members' }),
          },
        ]
      : []),
    {
      rule: say({
        cs: `Skutečným majitelem je fyzická osoba s více než ${UBO_SHARE} % kapitálu nebo hlasů, s rozhodujícím vlivem v korporacích s podílem větším než ${UBO_SHARE} %, nebo ovládající jiným způsobem`,
        en: `A natural person with more than ${UBO_SHARE} % of capital or votes, with decisive influence in corporations holding more than ${UBO_SHARE} %, or with control by other means, is a beneficial owner`,
      }),
      ...cite(today, law.entry),
      outcome: say({
        cs: `splňuje ${qualifying} z ${owners.length}${undetermined ? `, posoudí člověk: ${undetermined}` : ''}`,
        en: `${qualifying} of ${owners.length} qualify${undetermined ? `, to be assessed by a person: ${undetermined}` : ''}`,
      }),
    },
  ]
}

/** The duty to verify from the register and one more source and to report any discrepancy (§ 9). */
export function verificationRule(
  discrepancies: number,
  extractGiven: boolean,
  law: UboLaw,
  today: string,
  say: Say,
): AppliedRule {
  return {
    rule: say({
      cs: 'Ověřit skutečného majitele z evidence a dalšího spolehlivého zdroje; každý nesoulad oznámit',
      en: 'Verify the beneficial owner from the register and another reliable source; report any discrepancy',
    }),
    ...cite(today, 'cz-253-2008-s9', law.entry),
    outcome: discrepancies
      ? say({ cs: `nesouladů: ${discrepancies}`, en: `discrepancies: ${discrepancies}` })
      : extractGiven
        ? say({ cs: 'v souladu', en: 'consistent' })
        : say({ cs: 'výpis z evidence nebyl předán', en: 'no register extract given' }),
  }
}
