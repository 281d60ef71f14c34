import { Type } from 'typebox'
import { requireIco } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { requireCountry } from '../aml/common.ts'
import { MATCH_SCORE } from '../aml/screening.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { placeholderName, SanctionsSchema, screenParty } from './sanctions.ts'

/** The measures that freeze for a Czech person: EU regulations (UN measures through them) and Czech lists. */
const FREEZE_LAW = ['eu-269-2014', 'eu-2580-2001', 'cz-69-2006', 'cz-1-2023'] as const

type Screened = Awaited<ReturnType<typeof screenParty>>

export const sanctionsScreening = defineAgent({
  service: 'legal-aml',
  name: 'sanctions_screening',
  description:
    'Screens a person or a company against the sanctions lists binding in Czechia and those commonly checked (EU consolidated list, UN, Czech 210/2008, OFAC, UK) through the AML engine, with the risk level the AML service gives the same subject. A corroborated hit (identifier or birth date) on an EU, UN or Czech list is a match: freeze and notify FAÚ. A name-only hit, or one only on OFAC or UK lists (which do not bind a Czech person by themselves but matter for correspondent banking), is a possible match a person reviews.',
  input: Type.Object(
    {
      name: Type.String({
        minLength: 2,
        maxLength: 300,
        description:
          'full name of the person or the company, in letters (a name with none, or a placeholder such as N/A, unknown, neznámý, xxx or test, is refused)',
      }),
      type: Type.Union([Type.Literal('person'), Type.Literal('company')]),
      birth_date: Type.Optional(DateString()),
      nationality: Type.Optional(
        Type.String({ minLength: 2, maxLength: 60, description: 'ISO code or name' }),
      ),
      ico: Type.Optional(Type.String({ maxLength: 12 })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    screening: Type.Union(
      [
        Type.Literal('match'),
        Type.Literal('possible_match'),
        Type.Literal('clear'),
        Type.Literal('not_checked'),
      ],
      { description: 'what the screening found (the lists not consulted: not_checked)' },
    ),
    sanctions: SanctionsSchema,
    obligations: Type.Array(Type.String()),
  }),
  law: [
    ...FREEZE_LAW,
    'method-sanctions-match',
    'method-foreign-sanctions',
    'cz-253-2008-s9a',
    'eu-2016-1675',
  ],
  verdict: {
    explain:
      'from `screening`: match → `adverse`, possible_match → `review`, not_checked → `incomplete`; clear follows the AML level (`sanctions.level`): LOW → `clear`, MEDIUM, HIGH or CRITICAL (e.g. an EU high-risk third country) → `review`, INCOMPLETE → `incomplete`',
    of: (r) =>
      r.screening === 'match'
        ? 'adverse'
        : r.screening === 'possible_match'
          ? 'review'
          : r.screening === 'not_checked' || r.sanctions.level === 'INCOMPLETE'
            ? 'incomplete'
            : r.sanctions.level === 'LOW'
              ? 'clear'
              : 'review',
  },
  examples: [
    {
      title: 'A person on the Czech 210/2008 list, with her birth date',
      input: { name: 'Itziar Alberdi Uranga', type: 'person', birth_date: '1963-10-07' },
    },
    {
      title: 'An ordinary Czech name: clear',
      input: { name: 'Jana Nováková', type: 'person', birth_date: '1995-03-21' },
    },
    {
      title: 'A Czech company on the OFAC list only, by IČO: a possible match, no freezing duty',
      input: { name: 'Umatex Group Europe s.r.o.', type: 'company', ico: '05556121' },
    },
    {
      title: 'Nicolas Maduro by name only: an OFAC-only, name-only hit is reviewed, not frozen',
      input: { name: 'Nicolas Maduro', type: 'person' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const sources: SourceStatus[] = []
    // The lists are matched by name: one with no letters ("--", "12345") matches nothing and would
    // come out clear.
    if (!/\p{L}/u.test(input.name))
      throw errors.invalid(
        'name',
        'must contain letters: a name with none cannot be matched against the sanctions lists',
      )
    // A placeholder ("N/A", "unknown", "neznámý", "xxx", "test") names nobody: no list entry is
    // near it, so it too would come out clear of a subject nobody identified.
    if (placeholderName(input.name))
      throw errors.invalid(
        'name',
        'is a placeholder (N/A, unknown, neznámý, xxx, test …), not a name: give the full name of the person or the company as on the identity document or in the register',
      )
    const nationality = input.nationality ? requireCountry(input.nationality, 'nationality') : undefined
    const ico = input.ico ? requireIco(input.ico) : undefined
    if (ico && input.type !== 'company') {
      throw errors.invalid('ico', 'only for type company')
    }
    const sanctions = await screenParty(
      ctx,
      {
        name: input.name,
        type: input.type,
        ...(input.birth_date ? { birth_date: input.birth_date } : {}),
        ...(nationality ? { nationality } : {}),
        ...(ico ? { ico } : {}),
      },
      sources,
    )
    const today = ctx.now.toISOString().slice(0, 10)
    return {
      screening: sanctions.status,
      sanctions,
      obligations: obligationsOf(sanctions, say),
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: [
        matchRule(sanctions, today, say),
        freezeRule(sanctions, today, say),
        foreignRule(sanctions, today, say),
        levelRule(sanctions, today, say),
      ],
    }
  },
})

/** The AML level was set by an EU high-risk third country (the engine's high_risk_country module). */
const highRiskCountry = (sanctions: Screened) => sanctions.level_reason.includes('high_risk_country:')

/** A subject no list names is still reviewed when the AML service rates it above LOW. */
function levelRule(sanctions: Screened, today: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Bez shody na seznamech rozhoduje úroveň služby AML: nad LOW (např. vysoce riziková třetí země podle EU, zesílená kontrola) posoudí člověk',
      en: 'With no list hit the AML level decides: above LOW (e.g. an EU high-risk third country, enhanced due diligence) a person reviews',
    }),
    ...cite(today, 'method-sanctions-match', 'cz-253-2008-s9a', 'eu-2016-1675'),
    outcome: sanctions.level_reason,
  }
}

/** What the law requires after the screening. */
function obligationsOf(sanctions: Screened, say: Say): string[] {
  switch (sanctions.status) {
    case 'match':
      return [
        say({
          cs: 'nezpřístupňovat prostředky ani hospodářské zdroje; zmrazit, co držíte',
          en: 'do not make funds or economic resources available; freeze what you hold',
        }),
        say({
          cs: 'bez zbytečného odkladu oznámit Finančnímu analytickému úřadu (zákon 69/2006 Sb., § 7–8)',
          en: 'notify the Financial Analytical Office without undue delay (zákon 69/2006 Sb., § 7–8)',
        }),
      ]
    case 'possible_match':
      return [
        say({
          cs: 'možná shoda: před jakýmkoli obchodem porovnat identifikátory (datum narození, státní příslušnost, doklady, IČO); povinnost zmrazit vzniká jen u shody ověřené identifikátorem na seznamu EU, OSN nebo ČR',
          en: 'a possible match: compare the identifiers (birth date, nationality, documents, IČO) before any transaction; the duty to freeze arises only for a match corroborated by an identifier on an EU, UN or Czech list',
        }),
        ...(sanctions.foreign_only
          ? [
              say({
                cs: 'shoda jen na seznamech USA (OFAC) nebo Spojeného království: českou osobu sama nezavazují (žádná povinnost zmrazit podle zákona 69/2006 Sb.), ale jsou podstatné pro korespondenční bankovnictví a platby v USD či GBP',
                en: 'a hit only on US (OFAC) or UK lists: they do not bind a Czech person by themselves (no freezing duty under zákon 69/2006 Sb.), but matter for correspondent banking and payments in USD or GBP',
              }),
            ]
          : []),
      ]
    case 'clear':
      if (sanctions.level === 'LOW') return []
      if (sanctions.level === 'INCOMPLETE')
        return [
          say({
            cs: `seznamy subjekt neuvádějí, ale služba AML úroveň nedokončila (sanctions.level_reason): ${sanctions.level_reason} — co nebylo prověřeno, prověřit znovu před pokračováním`,
            en: `no list names the subject, but the AML service could not complete its level (sanctions.level_reason): ${sanctions.level_reason} — screen what was not screened again before proceeding`,
          }),
        ]
      return [
        highRiskCountry(sanctions)
          ? say({
              cs: `seznamy subjekt neuvádějí, ale služba AML ho hodnotí ${sanctions.level} (sanctions.level_reason): ${sanctions.level_reason} — před jakýmkoli obchodem posoudí člověk; klient z vysoce rizikové třetí země podle EU vyžaduje zesílenou kontrolu (zákon 253/2008 Sb., § 9a)`,
              en: `no list names the subject, but the AML service rates it ${sanctions.level} (sanctions.level_reason): ${sanctions.level_reason} — a person reviews it before any transaction; a client from an EU high-risk third country needs enhanced due diligence (zákon 253/2008 Sb., § 9a)`,
            })
          : say({
              cs: `seznamy subjekt neuvádějí, ale služba AML ho hodnotí ${sanctions.level} (sanctions.level_reason): ${sanctions.level_reason} — před jakýmkoli obchodem posoudí člověk`,
              en: `no list names the subject, but the AML service rates it ${sanctions.level} (sanctions.level_reason): ${sanctions.level_reason} — a person reviews it before any transaction`,
            }),
      ]
    case 'not_checked':
      return [
        say({
          cs: 'seznamy nebylo možné načíst: před pokračováním prověrku zopakovat',
          en: 'the lists could not be loaded: screen again before proceeding',
        }),
      ]
  }
}

/** How a hit is scored and levelled: the AML engine's method, the same as the AML service's. */
function matchRule(sanctions: Screened, today: string, say: Say): AppliedRule {
  const best = sanctions.hits[0]
  return {
    rule: say({
      cs: `Úroveň rizika jako ve službě AML; shoda od skóre ${MATCH_SCORE} s ověřenou totožností (identifikátor nebo datum narození); jinak možná shoda; jména porovnána napříč písmy a bez diakritiky`,
      en: `The risk level as the AML service gives it; a match from score ${MATCH_SCORE} with the identity corroborated (identifier or birth date); otherwise a possible match; names folded across scripts and diacritics`,
    }),
    ...cite(today, 'method-sanctions-match'),
    outcome: `${sanctions.status}, ${sanctions.level} ${sanctions.score}${
      best
        ? `: ${say({ cs: 'nejlepší', en: 'best' })} ${best.matched_name} (${best.list} ${best.list_id}, ${best.score})`
        : ''
    }`,
  }
}

function freezeRule(sanctions: Screened, today: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Zmrazení a oznámení FAÚ: omezující opatření EU (a OSN jejich prostřednictvím) platí přímo, české národní sankce podle sankčního zákona; jen u ověřené totožnosti',
      en: 'Freezing and notifying FAÚ: EU restrictive measures (and the UN’s through them) bind directly, Czech national measures under the sanctions act; only for a corroborated identity',
    }),
    ...cite(today, ...FREEZE_LAW),
    outcome:
      sanctions.status === 'match'
        ? say({ cs: 'platí: zmrazit a oznámit', en: 'applies: freeze and notify' })
        : sanctions.binding
          ? say({
              cs: 'shoda na závazném seznamu bez ověřené totožnosti: k posouzení',
              en: 'a hit on a binding list without a corroborated identity: to be reviewed',
            })
          : say({ cs: 'neplatí', en: 'does not apply' }),
  }
}

function foreignRule(sanctions: Screened, today: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Sankce USA (OFAC) a Spojeného království českou osobu samy nezavazují; jsou podstatné pro korespondenční bankovnictví',
      en: 'US (OFAC) and UK sanctions do not bind a Czech person by themselves; they matter for correspondent banking',
    }),
    ...cite(today, 'method-foreign-sanctions'),
    outcome: sanctions.foreign_only
      ? say({
          cs: 'shoda jen na seznamech USA nebo UK: k posouzení',
          en: 'hits only on US or UK lists: to be reviewed',
        })
      : say({ cs: 'nepoužito', en: 'not the case' }),
  }
}
