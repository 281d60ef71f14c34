import { Type } from 'typebox'
import { asOfDate, requireIco } from '../../engines/reference/inputs.ts'
import { DateString, NullableBoolean, NullableObject } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { UBO_LAW, uboLawOn } from '../aml/ubo-law.ts'
import { comparableName, lookupCompany } from '../compliance/registry.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { screenParty } from './sanctions.ts'

/** Share above which a person is presumed to be a beneficial owner (per cent). */
const UBO_SHARE = 25
const sameName = (a: string, b: string) =>
  comparableName(a).split(' ').sort().join(' ') === comparableName(b).split(' ').sort().join(' ')

export const uboVerification = defineAgent({
  service: 'legal-aml',
  name: 'ubo_verification',
  description:
    "Verifies the beneficial owners a company declares: who qualifies (more than 25 % of capital or votes, decisive influence in corporations holding more than 25 %, or control; the Czech beneficial-owners act as amended from 2022-10-01, on an earlier day left to a person), whether the shares are consistent, whether the declaration matches the Register of Beneficial Owners extract (a discrepancy must be reported), the company's state in ARES, and a sanctions check of each owner through the AML engine.",
  input: Type.Object(
    {
      ico: Type.String({ maxLength: 12 }),
      declared_owners: Type.Array(
        Type.Object(
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
        ),
        { minItems: 1, maxItems: 50 },
      ),
      esm_owners: Type.Optional(
        Type.Array(Type.String({ maxLength: 300 }), {
          maxItems: 50,
          description: 'names in the Register of Beneficial Owners extract (evidence skutečných majitelů)',
        }),
      ),
      screen_sanctions: Type.Optional(Type.Boolean({ description: 'default true' })),
      as_of: Type.Optional(
        DateString('the day judged (default today): the definition of beneficial owner in force on it'),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    verified: Type.Boolean({
      description: 'no discrepancy, every qualifying owner declared and clear, nothing left to a person',
    }),
    company: NullableObject(
      Type.Object({ name: Type.Optional(Type.String()), active: Type.Optional(Type.Boolean()) }),
    ),
    owners: Type.Array(
      Type.Object({
        name: Type.String(),
        qualifies: NullableBoolean({
          description: 'null: the definition in force on the day judged is not held here, a person decides',
        }),
        basis: Type.String(),
        in_esm: NullableBoolean(),
        sanctions: Type.String(),
      }),
    ),
    discrepancies: Type.Array(Type.String()),
    review_reasons: Type.Array(Type.String(), {
      description: 'what a person must assess before the declaration can be verified',
    }),
  }),
  verdict: { field: 'verified', map: { true: 'clear', false: 'review' } },
  law: ['cz-304-2013', ...UBO_LAW, 'cz-253-2008-s9', 'method-sanctions-match', 'cz-69-2006'],
  examples: [
    {
      title: 'Two owners 60/40 matching the register extract',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', birth_date: '1975-01-01', ownership_pct: 60 },
          { name: 'Eva Malá', birth_date: '1980-05-05', ownership_pct: 40 },
        ],
        esm_owners: ['Novák Jan', 'Malá Eva'],
      },
    },
    {
      title: 'A 30 % owner missing from the register extract: discrepancy to report',
      input: {
        ico: '45274649',
        declared_owners: [
          { name: 'Jan Novák', ownership_pct: 70 },
          { name: 'Petr Svoboda', ownership_pct: 30 },
        ],
        esm_owners: ['Jan Novák'],
        screen_sanctions: false,
      },
    },
  ],
  async run(input, ctx) {
    const today = asOfDate(input.as_of, ctx.now)
    const law = uboLawOn(today)
    const say = ctx.say
    const ico = requireIco(input.ico)
    const total = input.declared_owners.reduce((s, o) => s + (o.ownership_pct ?? 0), 0)
    if (total > 100 + 1e-9)
      throw errors.invalid('declared_owners', `ownership shares add up to ${total} %, more than 100 %`)
    const sources: SourceStatus[] = []
    const rules: AppliedRule[] = []
    const discrepancies: string[] = []
    const reviewReasons: string[] = law.held ? [] : [say(law.reason)]

    const found = await lookupCompany(ctx, ico)
    sources.push(found.source)
    let company: { name?: string; active?: boolean } | null = null
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
        discrepancies.push(
          say({ cs: 'společnost je v ARES zaniklá', en: 'the company is dissolved in ARES' }),
        )
    }
    rules.push({
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
    })

    const owners = []
    for (const o of input.declared_owners) {
      const bases = [
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
      const inEsm = input.esm_owners ? input.esm_owners.some((n) => sameName(n, o.name)) : null
      if (bases.length > 0 && inEsm === false)
        (law.held ? discrepancies : reviewReasons).push(
          say({
            cs: `${o.name} (${bases.join(', ')}) není ve výpisu z evidence`,
            en: `${o.name} (${bases.join(', ')}) is not in the register extract`,
          }),
        )
      let sanctions = 'not_checked'
      if (input.screen_sanctions ?? true) {
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
        qualifies: law.held ? bases.length > 0 : null,
        basis: bases.join(', ') || say({ cs: 'pod 25 %, bez ovládání', en: 'below 25 %, no control' }),
        in_esm: inEsm,
        sanctions,
      })
    }
    if (input.esm_owners) {
      for (const n of input.esm_owners) {
        if (!input.declared_owners.some((o) => sameName(n, o.name)))
          discrepancies.push(
            say({
              cs: `${n} je ve výpisu z evidence, ale nebyl(a) uveden(a)`,
              en: `${n} is in the register extract but was not declared`,
            }),
          )
      }
    }
    if (input.screen_sanctions ?? true)
      rules.push({
        rule: say({
          cs: 'Skuteční majitelé se prověří proti sankčním seznamům (shoda jen s ověřenou totožností na seznamu EU, OSN nebo ČR)',
          en: 'The beneficial owners are screened against the sanctions lists (a match only with a corroborated identity on an EU, UN or Czech list)',
        }),
        ...cite(today, 'method-sanctions-match', 'cz-69-2006'),
        outcome: say({
          cs: `shod nebo možných shod: ${owners.filter((o) => o.sanctions === 'match' || o.sanctions === 'possible_match').length}`,
          en: `matches or possible matches: ${owners.filter((o) => o.sanctions === 'match' || o.sanctions === 'possible_match').length}`,
        }),
      })
    if (law.held && !owners.some((o) => o.qualifies)) {
      rules.push({
        rule: say({
          cs: 'Nikdo nad 25 % ani nikdo ovládající: za skutečné majitele se považují členové nejvyššího řídícího orgánu',
          en: 'No person above 25 % or in control: the members of the top management body are taken as beneficial owners',
        }),
        ...cite(today, 'cz-37-2021-s4-5'),
        outcome: say({ cs: 'uvést členy statutárního orgánu', en: 'declare the statutory body members' }),
      })
    }
    rules.push(
      law.held
        ? {
            rule: say({
              cs: `Skutečným majitelem je fyzická osoba s více než ${UBO_SHARE} % kapitálu nebo hlasů, s rozhodujícím vlivem v korporacích s podílem větším než ${UBO_SHARE} %, nebo ovládající jiným způsobem`,
              en: `A natural person with more than ${UBO_SHARE} % of capital or votes, with decisive influence in corporations holding more than ${UBO_SHARE} %, or with control by other means, is a beneficial owner`,
            }),
            ...cite(today, law.entry),
            outcome: say({
              cs: `splňuje ${owners.filter((o) => o.qualifies).length} z ${owners.length}`,
              en: `${owners.filter((o) => o.qualifies).length} of ${owners.length} qualify`,
            }),
          }
        : {
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
    )
    rules.push({
      rule: say({
        cs: 'Ověřit skutečného majitele z evidence a dalšího spolehlivého zdroje; každý nesoulad oznámit',
        en: 'Verify the beneficial owner from the register and another reliable source; report any discrepancy',
      }),
      ...cite(today, 'cz-253-2008-s9', law.entry),
      outcome: discrepancies.length
        ? say({ cs: `nesouladů: ${discrepancies.length}`, en: `discrepancies: ${discrepancies.length}` })
        : input.esm_owners
          ? say({ cs: 'v souladu', en: 'consistent' })
          : say({ cs: 'výpis z evidence nebyl předán', en: 'no register extract given' }),
    })
    const partial = sources.some((s) => s.status === 'failed')
    return {
      verified:
        discrepancies.length === 0 &&
        reviewReasons.length === 0 &&
        !partial &&
        input.esm_owners !== undefined,
      company,
      owners,
      discrepancies,
      review_reasons: reviewReasons,
      partial,
      sources,
      rules_applied: rules,
    }
  },
})
