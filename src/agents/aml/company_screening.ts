import { Type } from 'typebox'
import type { AresCompany, PublicRegisterRecord, RegistryAnswer } from '../../engines/registries/index.ts'
import { errors } from '../../kit/errors.ts'
import { CompanySchema, companyAge } from '../data/ares_lookup.ts'
import { isStale, registryStatus } from '../data/registry-answer.ts'
import { failed, isoDate, nullable, requireIco } from '../data/shared.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { HIGH_RISK_LAW, highRiskOn, highRiskRule, requireCountry } from './common.ts'
import { type Check, type Flag, insolvencyCheck, vatCheck } from './company-registers.ts'
import { PublicRegisterSchema, type PublicRegisterView, screenRegister } from './people.ts'
import {
  type HitReading,
  HitSchema,
  hitView,
  ListsSchema,
  listView,
  readHits,
  screeningEngine,
} from './screening.ts'

const FlagSchema = Type.Object({
  flag: Type.String(),
  severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
  reason: Type.String(),
  source: Type.String(),
})

/** The freezing measures that bind a Czech person, and the due diligence that screens for them. */
const SANCTIONS_LAW = ['eu-269-2014', 'eu-2580-2001', 'cz-69-2006', 'cz-1-2023', 'cz-253-2008-s9'] as const
const PEOPLE_LAW = ['cz-253-2008-s5', 'cz-253-2008-s9', 'cz-304-2013'] as const
/** How a hit is read: the AML service's and sanctions_screening's reading (aml/screening.ts readHits). */
const READING_LAW = ['method-sanctions-match', 'method-foreign-sanctions'] as const

const RECOMMENDATION: Record<'low' | 'medium' | 'high', Texts> = {
  low: { cs: 'standardní kontrola klienta', en: 'standard due diligence' },
  medium: { cs: 'před přijetím zesílené posouzení', en: 'enhanced review before onboarding' },
  high: {
    cs: 'nepokračovat, dokud pracovník compliance neprověří příznaky',
    en: 'do not proceed until the compliance officer has cleared the flags',
  },
}

export const companyScreening = defineAgent({
  service: 'aml',
  name: 'company_screening',
  description:
    'Screens a company before a business relationship: ARES (does it exist, is it dissolved, how old), the sanctions lists (EU, UN, OFAC, UK, Czech 210/2008) by IČO and name, the members of its statutory bodies and its shareholders from the public register (ARES, VR source) screened as persons against the sanctions and PEP lists, the insolvency register, the VAT register (unreliable payer) and the EU high-risk country list for its seat (a company given by name alone without a country cannot be placed: a medium flag, reviewed). A sanctions hit is read as the AML service and sanctions_screening read it: a match corroborated by an identifier or birth date on an EU, UN or Czech list freezes (a high flag); a name-only hit, or one only on OFAC or UK lists, is a possible match a person reviews (a medium flag, noting what US and UK measures mean for correspondent banking). Rolls the findings up into flags, a risk level and a recommendation; a source that fails is named and the rest still answers.',
  input: Type.Object(
    {
      ico: Type.Optional(Type.String({ minLength: 1, maxLength: 12, description: 'IČO of a Czech company' })),
      name: Type.Optional(
        Type.String({ minLength: 2, maxLength: 300, description: 'company name (required without an IČO)' }),
      ),
      country: Type.Optional(
        Type.String({
          minLength: 2,
          maxLength: 60,
          description:
            'country of the seat when not Czech; a company given by name alone without it is reviewed (the EU high-risk list cannot be checked)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    subject: Type.Object({
      ico: nullable(Type.String()),
      name: nullable(Type.String()),
      country: nullable(Type.String()),
    }),
    company: nullable(CompanySchema),
    public_register: nullable(PublicRegisterSchema),
    risk: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
    recommendation: Type.String(),
    flags: Type.Array(FlagSchema),
    sanctions: Type.Object({
      status: Type.Union(
        [
          Type.Literal('match'),
          Type.Literal('possible_match'),
          Type.Literal('clear'),
          Type.Literal('not_checked'),
        ],
        {
          description:
            'as sanctions_screening and the AML service read it — match: a corroborated hit (identifier) on an EU, UN or Czech list, which freezes; possible_match: any other hit (a name only, or OFAC/UK only), which a person reviews',
        },
      ),
      hits: Type.Array(HitSchema),
      lists: ListsSchema,
    }),
    insolvency: nullable(
      Type.Object({
        active: Type.Boolean(),
        proceedings: Type.Integer(),
        not_recognised: Type.Array(Type.String(), {
          description:
            'proceedings with no end date in a state neither running nor finished (a medium flag each, reviewed)',
        }),
      }),
    ),
    vat: nullable(
      Type.Object({
        registered: Type.Boolean(),
        unreliable: Type.Boolean(),
        unreliable_since: nullable(Type.String()),
      }),
    ),
    eu_high_risk_country: nullable(Type.Boolean()),
  }),
  verdict: { field: 'risk', map: { low: 'clear', medium: 'review', high: 'adverse' } },
  law: [
    'cz-304-2013',
    'policy-company-screening',
    ...SANCTIONS_LAW,
    ...READING_LAW,
    ...PEOPLE_LAW,
    'cz-253-2008-s9a',
    'cz-182-2006-insolvency',
    'cz-235-2004-s106a',
    ...HIGH_RISK_LAW,
  ],
  examples: [
    { title: 'A clean, long-established company (Alza.cz a.s.)', input: { ico: '27082440' } },
    {
      title: 'A company on the OFAC SDN list only, by its IČO: a possible match, reviewed',
      input: { ico: '05556121' },
    },
    { title: 'A company in insolvency (OKD, a.s.)', input: { ico: '26863154' } },
    {
      title: 'A company whose director and sole partner are on the OFAC SDN list only: reviewed',
      input: { ico: '31415920' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (input.ico === undefined && input.name === undefined) throw errors.invalid('ico', 'give ico or name')
    const ico = input.ico !== undefined ? requireIco(input.ico) : undefined
    const today = isoDate(ctx.now)
    const sources: SourceStatus[] = []

    let ares: RegistryAnswer<AresCompany | null> | undefined
    let register: RegistryAnswer<PublicRegisterRecord | null> | undefined
    if (ico) {
      try {
        ares = await ctx.deps.registries.ares.lookup(ico)
        sources.push(registryStatus('ares', ares))
      } catch (error) {
        sources.push(failed('ares', error))
      }
      try {
        register = await ctx.deps.registries.ares.publicRegister(ico)
        sources.push(registryStatus('ares_vr', register))
      } catch (error) {
        sources.push(failed('ares_vr', error))
      }
    }
    const company = ares?.data ?? null
    const name = company?.name ?? input.name ?? null
    const country =
      input.country !== undefined
        ? requireCountry(input.country, 'country')
        : (company?.country ?? (ico ? 'CZ' : null))

    const built = await screeningEngine(ctx, sources)
    const registry = ico && ares ? registryCheck(ico, company, today, say) : undefined
    const sanctions = built
      ? sanctionsCheck(built, { ico, name, country }, today, say)
      : { flags: [], rules: [], hits: [], status: 'not_checked' as const }
    const people = register ? peopleCheck(built, register, today, say) : undefined
    const insolvency = ico ? await insolvencyCheck(ctx, ico, sources, today) : undefined
    const vat = await vatCheck(ctx, company?.vat_id ?? (ico ? `CZ${ico}` : undefined), sources, today)
    const seat = countryCheck(country, today, say)
    const checks: Check[] = [registry, sanctions, people, insolvency, vat, seat].filter(
      (c): c is NonNullable<typeof c> => c !== undefined,
    )
    const flags = [...checks.flatMap((c) => c.flags), ...unavailable(sources, say)]
    const risk: 'low' | 'medium' | 'high' = flags.some((f) => f.severity === 'high')
      ? 'high'
      : flags.some((f) => f.severity === 'medium')
        ? 'medium'
        : 'low'
    return {
      subject: { ico: ico ?? null, name, country },
      company,
      public_register: people?.view ?? null,
      risk,
      recommendation: say(RECOMMENDATION[risk]),
      flags,
      sanctions: {
        status: sanctions.status,
        hits: sanctions.hits,
        lists: built ? listView(built.lists) : [],
      },
      insolvency: insolvency?.result ?? null,
      vat: vat?.result ?? null,
      eu_high_risk_country: seat?.listed ?? null,
      rules_applied: checks.flatMap((c) => c.rules),
      sources,
      partial:
        sources.some((s) => s.status === 'failed') ||
        isStale(ares) ||
        isStale(register) ||
        insolvency?.stale === true,
    }
  },
})

/** The company exists in ARES, is not dissolved, and is not brand new. */
function registryCheck(ico: string, company: AresCompany | null, today: string, say: Say): Check {
  const flags: Flag[] = []
  if (!company)
    flags.push({
      flag: 'not_in_ares',
      severity: 'high',
      reason: say({ cs: `IČO ${ico} v ARES není`, en: `IČO ${ico} is not in ARES` }),
      source: 'ARES',
    })
  else {
    if (company.status === 'dissolved')
      flags.push({
        flag: 'dissolved',
        severity: 'high',
        reason: say({ cs: `zanikla ${company.dissolved}`, en: `dissolved on ${company.dissolved}` }),
        source: 'ARES',
      })
    const age = companyAge(company.established, today)
    if (age !== null && age < 1)
      flags.push({
        flag: 'newly_established',
        severity: 'medium',
        reason: say({
          cs: `založena ${company.established} (${age} let)`,
          en: `established ${company.established} (${age} years)`,
        }),
        source: 'ARES',
      })
  }
  return {
    flags,
    rules: [
      {
        rule: say({
          cs: 'společnost musí v ARES existovat a nesmí být zaniklá; společnost mladší jednoho roku vyžaduje bližší posouzení',
          en: 'the company must exist in ARES and not be dissolved; a company under a year old needs closer review',
        }),
        ...cite(today, 'cz-304-2013', 'policy-company-screening'),
        outcome: company
          ? say({
              cs: company.status === 'dissolved' ? 'zaniklá' : 'aktivní',
              en: company.status === 'dissolved' ? 'dissolved' : 'active',
            })
          : say({ cs: 'nenalezena', en: 'not found' }),
      },
    ],
  }
}

/** What a flag's reason adds to a hit, by how the hit is read. */
const READING_NOTE = {
  match: {
    cs: 'ověřená shoda na seznamu EU, OSN nebo ČR: zmrazit a oznámit FAÚ',
    en: 'a corroborated match on an EU, UN or Czech list: freeze and notify FAÚ',
  },
  possible: {
    cs: 'možná shoda bez totožnosti ověřené na seznamu EU, OSN nebo ČR: posoudí pracovník compliance',
    en: 'a possible match, the identity not corroborated on an EU, UN or Czech list: a compliance officer reviews it',
  },
  foreign: {
    cs: 'seznamy USA (OFAC) a Spojeného království českou osobu samy nezavazují, jsou ale podstatné pro korespondenční bankovnictví a platby v USD či GBP',
    en: 'US (OFAC) and UK lists do not bind a Czech person by themselves, but matter for correspondent banking and payments in USD or GBP',
  },
} satisfies Record<string, Texts>

/**
 * One flag for a subject's sanctions hits, read as the AML service and sanctions_screening read
 * them: high only for a match that freezes, medium (review) for a possible match.
 */
function sanctionsFlag(
  reading: HitReading,
  hit: ReturnType<typeof hitView>,
  flag: { match: string; possible: string },
  who: string,
  say: Say,
): Flag {
  const what = `${who}${hit.list} ${hit.list_id} "${hit.matched_name}" (${say({ cs: 'skóre', en: 'score' })} ${hit.score}; ${hit.why})`
  if (reading.status === 'match')
    return {
      flag: flag.match,
      severity: 'high',
      reason: `${what}: ${say(READING_NOTE.match)}`,
      source: hit.list,
    }
  const foreign = reading.foreign_only ? `; ${say(READING_NOTE.foreign)}` : ''
  return {
    flag: flag.possible,
    severity: 'medium',
    reason: `${what}: ${say(READING_NOTE.possible)}${foreign}`,
    source: hit.list,
  }
}

/** The company's IČO and name against the sanctions lists. */
function sanctionsCheck(
  built: NonNullable<Awaited<ReturnType<typeof screeningEngine>>>,
  subject: { ico: string | undefined; name: string | null; country: string | null },
  today: string,
  say: Say,
): Check & { hits: ReturnType<typeof hitView>[]; status: HitReading['status'] } {
  const found = built.engine.screenCompany(
    {
      ...(subject.ico ? { ico: subject.ico } : {}),
      ...(subject.name ? { name: subject.name } : {}),
      ...(subject.country ? { country: subject.country } : {}),
    },
    { limit: 5 },
  )
  const reading = readHits(found)
  const hits = found.map((h) => hitView(h, say))
  const deciding = hits[reading.deciding]
  return {
    hits,
    status: reading.status,
    flags: deciding
      ? [
          sanctionsFlag(
            reading,
            deciding,
            { match: 'sanctions_match', possible: 'sanctions_possible_match' },
            '',
            say,
          ),
        ]
      : [],
    rules: [
      {
        rule: say({
          cs: 'žádné obchody se sankcionovanou osobou: prověřit IČO a název proti seznamům EU, OSN, USA, Spojeného království a ČR',
          en: 'no business with a sanctioned person: screen the IČO and the name against the EU, UN, US, UK and Czech lists',
        }),
        ...cite(today, ...SANCTIONS_LAW),
        outcome: hits.length
          ? say({ cs: `shod: ${hits.length}`, en: `hits: ${hits.length}` })
          : say({ cs: 'bez shody', en: 'no hit' }),
      },
      readingRule(reading, today, say),
    ],
  }
}

/** How the hits were read: freezing only on a corroborated hit on a binding list. */
function readingRule(reading: HitReading, today: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'zmrazit jen při shodě ověřené identifikátorem na seznamu EU, OSN nebo ČR; shoda jen podle jména nebo jen na seznamech USA či Spojeného království je možná shoda k posouzení',
      en: 'freeze only on a match corroborated by an identifier on an EU, UN or Czech list; a name-only hit, or one only on US or UK lists, is a possible match to be reviewed',
    }),
    ...cite(today, ...READING_LAW),
    outcome: say(
      reading.status === 'match'
        ? { cs: 'shoda: zmrazit a oznámit', en: 'match: freeze and notify' }
        : reading.status === 'possible_match'
          ? reading.foreign_only
            ? {
                cs: 'možná shoda jen na seznamech USA nebo UK: k posouzení',
                en: 'possible match on US or UK lists only: to be reviewed',
              }
            : { cs: 'možná shoda: k posouzení', en: 'possible match: to be reviewed' }
          : { cs: 'bez shody', en: 'no hit' },
    ),
  }
}

/** The statutory bodies and shareholders from the public register, screened as persons. */
function peopleCheck(
  built: Awaited<ReturnType<typeof screeningEngine>>,
  register: RegistryAnswer<PublicRegisterRecord | null>,
  today: string,
  say: Say,
): Check & { view: PublicRegisterView | null } {
  if (!register.data)
    return {
      view: null,
      flags: [],
      rules: [
        {
          rule: say({
            cs: 'členové statutárních orgánů a společníci se zjistí z veřejného rejstříku',
            en: 'the members of the statutory bodies and the shareholders are identified from the public register',
          }),
          ...cite(today, 'cz-253-2008-s5', 'cz-304-2013'),
          outcome: say({
            cs: 'není ve veřejném rejstříku: žádný statutární orgán ani společník tam zapsán není',
            en: 'not in the public register: no statutory body or shareholder listed there',
          }),
        },
      ],
    }
  const { view, reading } = screenRegister(built, register.data, say)
  const parties = [
    ...view.statutory_bodies.map((p) => ({ ...p, as: 'statutory body', reading: reading(p) })),
    ...view.shareholders.map((p) => ({ ...p, as: 'shareholder', reading: reading(p) })),
  ]
  const flags: Flag[] = []
  for (const p of parties) {
    const as = say(
      p.as === 'shareholder'
        ? { cs: 'společník', en: 'shareholder' }
        : { cs: 'statutární orgán', en: 'statutory body' },
    )
    const who = `${p.name} (${as}${p.role ? `, ${p.role}` : ''})`
    const deciding = p.screening.hits[p.reading.deciding]
    if (deciding) {
      const shareholder = p.as === 'shareholder'
      const flag = shareholder
        ? { match: 'shareholder_sanctioned', possible: 'shareholder_possible_match' }
        : { match: 'statutory_member_sanctioned', possible: 'statutory_member_possible_match' }
      flags.push(sanctionsFlag(p.reading, deciding, flag, `${who}: `, say))
    }
    if (p.screening.pep === 'hit')
      flags.push({
        flag: 'politically_exposed_person',
        severity: 'medium',
        reason: say({
          cs: `${who} je na seznamu PEP: platí zesílená kontrola`,
          en: `${who} is on a PEP list: enhanced due diligence applies`,
        }),
        source: 'PEP lists',
      })
  }
  const persons = parties.filter((p) => p.kind === 'person')
  const sanctionHits = parties.filter((p) => p.screening.sanctions === 'hit').length
  const matches = parties.filter((p) => p.reading.status === 'match').length
  const pepHits = persons.filter((p) => p.screening.pep === 'hit').length
  return {
    view,
    flags,
    rules: [
      {
        rule: say({
          cs: 'členové statutárních orgánů a společníci se zjistí z veřejného rejstříku a prověří proti sankčním seznamům (osoby také proti seznamům PEP)',
          en: 'the members of the statutory bodies and the shareholders are identified from the public register and screened against the sanctions lists (persons also against the PEP lists)',
        }),
        ...cite(today, ...PEOPLE_LAW, 'cz-253-2008-s9a', ...READING_LAW),
        outcome: say({
          cs: `zapsáno ${parties.length} (osob ${persons.length}); sankce ${
            built ? `shod ${sanctionHits} (ověřených ${matches})` : 'neověřeno'
          }; PEP ${!built ? 'neověřeno' : built.pep ? `shod ${pepHits}` : 'seznam PEP není nastaven'}`,
          en: `${parties.length} listed (${persons.length} persons); sanctions ${
            built ? `hits: ${sanctionHits} (corroborated: ${matches})` : 'not checked'
          }; PEP ${!built ? 'not checked' : built.pep ? `hits: ${pepHits}` : 'no PEP list configured'}`,
        }),
      },
    ],
  }
}

/**
 * The seat in an EU high-risk third country. Without a country (a company given by name alone,
 * no IČO to place it in Czechia) the seat was not checked: a medium flag naming what to give, the
 * answer never low on it, `listed` null.
 */
function countryCheck(country: string | null, today: string, say: Say): Check & { listed: boolean | null } {
  const { version } = highRiskOn(today)
  if (country === null)
    return {
      listed: null,
      flags: [
        {
          flag: 'country_not_given',
          severity: 'medium',
          reason: say({
            cs: 'země sídla neuvedena a IČO chybí: neověřeno proti seznamu vysoce rizikových třetích zemí EU (§ 9a); uveďte IČO české společnosti, nebo zemi sídla',
            en: 'seat country not given and no IČO: not checked against the EU high-risk third-country list (§ 9a); give the IČO of a Czech company or the country of the seat',
          }),
          source: 'Delegated Regulation (EU) 2016/1675',
        },
      ],
      rules: [highRiskRule(version, undefined, say, today)],
    }
  const listed = version.countries.includes(country)
  return {
    listed,
    flags: listed
      ? [
          {
            flag: 'high_risk_country',
            severity: 'high',
            reason: say({
              cs: `sídlo v ${country}, vysoce rizikové třetí zemi podle EU`,
              en: `seat in ${country}, an EU high-risk third country`,
            }),
            source: 'Delegated Regulation (EU) 2016/1675',
          },
        ]
      : [],
    rules: [highRiskRule(version, country, say, today)],
  }
}

/**
 * Fail closed: a register that could not be asked is not a clean result, so it is a flag of its
 * own and the company is never rated low on what was not checked.
 */
function unavailable(sources: SourceStatus[], say: Say): Flag[] {
  return sources
    .filter((src) => src.status === 'failed')
    .map((src) => ({
      flag: 'source_unavailable',
      severity: 'medium' as const,
      reason: say({
        cs: `${src.name} nebylo možné ověřit${src.error ? ` (${src.error})` : ''}: co ověřuje, není známo`,
        en: `${src.name} could not be consulted${src.error ? ` (${src.error})` : ''}: what it checks is unknown`,
      }),
      source: src.name,
    }))
}
