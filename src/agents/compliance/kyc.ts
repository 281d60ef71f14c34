import { Type } from 'typebox'
import { asOfDate } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { type PersonScreening, PersonScreeningSchema } from '../aml/people.ts'
import { nullable } from '../data/shared.ts'
import type { Texts } from '../lang.ts'
import type { Assumption } from '../result.ts'
import { defineAgent } from '../types.ts'
import {
  checked,
  documentValidity,
  join,
  nameParts,
  notAsked,
  type PublicRegister,
  personIdentity,
  personInsolvency,
  personLists,
  verdictOf,
} from './kyc-checks.ts'
import { companyIdentifiers, companyIdentity, companyLists, companyRegister } from './kyc-company-checks.ts'
import type { Insolvency } from './registry.ts'

const RECOMMENDATION: Record<'proceed' | 'review' | 'do_not_proceed', Texts> = {
  proceed: {
    cs: 'identifikace je úplná a žádný registr ani seznam nevzbudil pochybnost',
    en: 'the identification is complete and no register or list raised a concern',
  },
  review: {
    cs: 'před navázáním vztahu zjištění posoudí pracovník compliance',
    en: 'a compliance officer reviews the findings before the relationship starts',
  },
  do_not_proceed: {
    cs: 'vztah nenavazovat: klient je na sankčním seznamu',
    en: 'do not start the relationship: the client is on a sanctions list',
  },
}

const RegisterPartySchema = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('person'), Type.Literal('company')]),
  role: nullable(Type.String()),
  birth_date: nullable(Type.String()),
  ico: nullable(Type.String()),
  share_pct: Type.Optional(nullable(Type.Number())),
})

export const kyc = defineAgent({
  service: 'compliance',
  name: 'kyc',
  description:
    'Know-your-customer check of a person or a company, and the onboarding of a natural person: the identification data the AML Act § 5 requires, checksums of rodné číslo, IČO and DIČ (a bad one is a 400), document validity; for a person the sanctions and PEP lists through the AML engine and the insolvency register (ISIR, by birth number or name and date of birth); for a company the public register (ARES: name, status, and the statutory bodies and shareholders from its VR record, checked against the statutory body given) and the sanctions lists by IČO and name. With no PEP list configured a person’s PEP status is the client’s declaration (pep): not given, the answer is reviewed naming pep. A register or list that cannot be asked makes the answer partial and never lets it recommend proceeding.',
  input: Type.Object(
    {
      subject_type: Type.Optional(
        Type.Union([Type.Literal('person'), Type.Literal('company')], {
          description: 'default: company when an IČO is given, else person (named in assumptions)',
        }),
      ),
      name: Type.String({
        minLength: 1,
        maxLength: 300,
        description: 'full name, or the company name',
      }),
      address: Type.Optional(
        Type.String({
          maxLength: 500,
          description: 'permanent address or registered office',
        }),
      ),
      birth_number: Type.Optional(Type.String({ description: 'rodné číslo' })),
      birth_date: Type.Optional(DateString()),
      birth_place: Type.Optional(Type.String({ maxLength: 200 })),
      sex: Type.Optional(Type.Union([Type.Literal('F'), Type.Literal('M')])),
      nationality: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
      document: Type.Optional(
        Type.Object(
          {
            type: Type.String({ maxLength: 50 }),
            number: Type.String({ maxLength: 30 }),
            issuing_country: Type.String({ pattern: '^[A-Z]{2}$' }),
            expiry_date: DateString(),
          },
          { additionalProperties: false },
        ),
      ),
      pep: Type.Optional(
        Type.Boolean({
          description:
            'a person: the client’s own declaration of being a politically exposed person (true) or not (false); with no PEP list configured it decides, and not given then the answer is reviewed naming pep',
        }),
      ),
      ico: Type.Optional(Type.String({ maxLength: 12 })),
      dic: Type.Optional(Type.String({ maxLength: 14 })),
      statutory_body: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
      check_registry: Type.Optional(
        Type.Boolean({
          description:
            'ask the registers and lists (default true): ARES and its public register for a company; the sanctions and PEP lists and ISIR for a person',
        }),
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    status: Type.Union([Type.Literal('complete'), Type.Literal('incomplete'), Type.Literal('mismatch')]),
    missing: Type.Array(Type.String()),
    findings: Type.Array(Type.String()),
    verified: Type.Array(Type.String()),
    recommendation: Type.Union(
      [Type.Literal('proceed'), Type.Literal('review'), Type.Literal('do_not_proceed')],
      {
        description: 'proceed only when complete, verified and clear on every register and list asked',
      },
    ),
    recommendation_text: Type.String(),
    screening: Type.Union([Type.Null(), PersonScreeningSchema], {
      description:
        'a person: the sanctions and PEP lists; a company: the sanctions lists by IČO and name (its pep not_checked: PEP status belongs to the people behind it); null when not asked',
    }),
    insolvency: Type.Union(
      [
        Type.Null(),
        Type.Object({
          active: nullable(Type.Boolean({ description: 'null when ISIR could not be asked' })),
          proceedings: Type.Integer(),
          references: Type.Array(Type.String()),
        }),
      ],
      {
        description: 'a person: the insolvency register (null when not asked)',
      },
    ),
    public_register: Type.Union(
      [
        Type.Null(),
        Type.Object({
          statutory_bodies: Type.Array(RegisterPartySchema),
          shareholders: Type.Array(RegisterPartySchema),
        }),
      ],
      {
        description:
          'a company: its statutory bodies and shareholders in the public register (null when not read)',
      },
    ),
  }),
  law: [
    'cz-133-2000-s13',
    'cz-253-2008-s5',
    'cz-253-2008-s8',
    'cz-69-2006',
    'cz-1-2023',
    'eu-269-2014',
    'cz-253-2008-s9',
    'cz-253-2008-s4-5',
    'cz-253-2008-s9a',
    'cz-182-2006-insolvency',
    'cz-111-2009-s24',
    'cz-304-2013',
  ],
  verdict: {
    field: 'recommendation',
    map: { proceed: 'clear', review: 'review', do_not_proceed: 'adverse' },
  },
  examples: [
    {
      title: 'Czech citizen with all identification data and a valid ID card',
      input: {
        subject_type: 'person',
        name: 'Jana Nováková',
        address: 'Korunní 810/104, 101 00 Praha 10',
        birth_number: '955321/0007',
        birth_date: '1995-03-21',
        birth_place: 'Praha',
        sex: 'F',
        nationality: 'CZ',
        pep: false,
        document: {
          type: 'id_card',
          number: '123456789',
          issuing_country: 'CZ',
          expiry_date: '2031-04-30',
        },
      },
    },
    {
      title: 'Company without statutory body data, checked offline',
      input: {
        subject_type: 'company',
        name: 'ČEZ, a. s.',
        address: 'Duhová 1444/2, Michle, 140 00 Praha 4',
        ico: '45274649',
        dic: 'CZ45274649',
        check_registry: false,
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const all = checked()
    let screening: PersonScreening | null = null
    let insolvency: Insolvency | null = null
    let register: PublicRegister | null = null
    const checkRegistry = input.check_registry ?? true

    const assumptions: Assumption[] = []
    const subjectType = input.subject_type ?? (input.ico !== undefined ? 'company' : 'person')
    if (input.subject_type === undefined) {
      assumptions.push({
        field: 'subject_type',
        value: subjectType,
        basis: input.ico !== undefined ? 'an IČO was given' : 'no IČO was given',
      })
    }
    if (subjectType === 'person') {
      const identity = personIdentity(input, today, say)
      join(all, identity)
      const parts = nameParts(input.name)
      if (checkRegistry) {
        const person = {
          ...parts,
          birth_date: identity.birthDate,
          nationality: input.nationality,
        }
        const lists = await personLists(ctx, person, input.pep, today)
        join(all, lists)
        screening = lists.screening
        const isir = await personInsolvency(ctx, parts, identity.birthNumber, identity.birthDate, today)
        join(all, isir)
        insolvency = isir.insolvency
      } else all.sources.push(notAsked('sanctions_lists'))
    } else {
      const ids = companyIdentifiers(input, today, say)
      join(all, ids)
      if (ids.ico !== undefined) {
        if (checkRegistry) {
          const ares = await companyRegister(ctx, ids.ico, input, today)
          join(all, ares)
          register = ares.register
        } else all.sources.push(notAsked('data/ares_lookup'))
      }
      join(all, companyIdentity(all.missing, input.statutory_body, register, today, say))
      if (checkRegistry) {
        const lists = await companyLists(ctx, { name: input.name, ico: ids.ico }, today)
        join(all, lists)
        screening = lists.screening
      } else all.sources.push(notAsked('sanctions_lists'))
    }
    if (input.document) join(all, documentValidity(input.document, today, say))

    const { partial, status, recommendation } = verdictOf(all)
    return {
      status,
      missing: all.missing,
      findings: all.findings,
      verified: all.verified,
      recommendation,
      recommendation_text: say(RECOMMENDATION[recommendation]),
      screening,
      insolvency: insolvency
        ? {
            active: insolvency.active ?? null,
            proceedings: insolvency.proceedings,
            references: insolvency.references,
          }
        : null,
      public_register: register,
      partial,
      sources: all.sources,
      rules_applied: all.rules,
      assumptions,
    } as const
  },
})
