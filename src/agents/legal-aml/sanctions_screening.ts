import { Type } from 'typebox'
import { requireIco } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { requireCountry } from '../aml/common.ts'
import type { SourceStatus } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { MATCH_SCORE, SanctionsSchema, screenParty } from './sanctions.ts'

export const sanctionsScreening = defineAgent({
  service: 'legal-aml',
  name: 'sanctions_screening',
  description:
    'Screens a person or a company against the sanctions lists binding in Czechia and those commonly checked (EU consolidated list, UN, Czech 210/2008, OFAC, UK) through the AML engine: fuzzy, transliteration-aware name matching corroborated by birth date, nationality and IČO, with the verdict and what the law then requires.',
  input: Type.Object(
    {
      name: Type.String({
        minLength: 2,
        maxLength: 300,
        description: 'full name of the person or the company',
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
  verdict: {
    field: 'screening',
    map: { match: 'adverse', possible_match: 'review', clear: 'clear', not_checked: 'incomplete' },
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
      title: 'A Czech company on the OFAC list, by IČO',
      input: { name: 'Umatex Group Europe s.r.o.', type: 'company', ico: '05556121' },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const sources: SourceStatus[] = []
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
    const obligations: string[] = []
    if (sanctions.status === 'match') {
      obligations.push(
        say({
          cs: 'nezpřístupňovat prostředky ani hospodářské zdroje; zmrazit, co držíte',
          en: 'do not make funds or economic resources available; freeze what you hold',
        }),
      )
      obligations.push(
        say({
          cs: 'bez zbytečného odkladu oznámit Finančnímu analytickému úřadu (zákon 69/2006 Sb. § 7)',
          en: 'notify the Financial Analytical Office without undue delay (zákon 69/2006 Sb. § 7)',
        }),
      )
    } else if (sanctions.status === 'possible_match') {
      obligations.push(
        say({
          cs: 'před jakýmkoli obchodem porovnat identifikátory (datum narození, státní příslušnost, doklady)',
          en: 'compare the identifiers (birth date, nationality, documents) before any transaction',
        }),
      )
    } else if (sanctions.status === 'not_checked') {
      obligations.push(
        say({
          cs: 'seznamy nebylo možné načíst: před pokračováním prověrku zopakovat',
          en: 'the lists could not be loaded: screen again before proceeding',
        }),
      )
    }
    const rules: AppliedRule[] = [
      {
        rule: say({
          cs: `Shoda od skóre ${MATCH_SCORE}; možná shoda od prahu enginu; jména porovnána napříč písmy a bez české diakritiky`,
          en: `Match from score ${MATCH_SCORE}; possible match from the engine threshold; names folded across scripts and Czech diacritics`,
        }),
        source: say({
          cs: 'AML engine (src/engines/aml), seznamy s datem uvedeným v odpovědi',
          en: 'AML engine (src/engines/aml), lists as dated in the answer',
        }),
        outcome: `${sanctions.status}${
          sanctions.hits[0]
            ? `: ${say({ cs: 'nejlepší', en: 'best' })} ${sanctions.hits[0].matched_name} (${sanctions.hits[0].list} ${sanctions.hits[0].list_id}, ${sanctions.hits[0].score})`
            : ''
        }`,
      },
      {
        rule: say({
          cs: 'Omezující opatření EU platí přímo; české národní sankce podle sankčního zákona',
          en: 'EU restrictive measures bind directly; Czech national measures under the sanctions act',
        }),
        source:
          'nařízení Rady (EU) 269/2014 a další; zákon 69/2006 Sb.; zákon 1/2023 Sb.; nařízení vlády 210/2008 Sb.',
      },
    ]
    return {
      screening: sanctions.status,
      sanctions,
      obligations,
      partial: sources.some((s) => s.status === 'failed'),
      sources,
      rules_applied: rules,
    }
  },
})
