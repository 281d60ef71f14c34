import { Type } from 'typebox'
import { checkBirthNumber, checkDic } from '../../engines/czech/identifiers.ts'
import { asOfDate, requireIco } from '../../engines/reference/inputs.ts'
import { DateString } from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { type PersonScreening, PersonScreeningSchema, screenPerson } from '../aml/people.ts'
import { screeningEngine } from '../aml/screening.ts'
import { nullable } from '../data/shared.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { Assumption, SourceStatus } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import {
  comparableName,
  type Insolvency,
  insolvencyOf,
  lookupCompany,
  type RegisterParty,
} from './registry.ts'

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

/** Academic degrees and titles written before or after a Czech name (folded, without dots). */
const LISTS_UNAVAILABLE: Texts = { cs: 'neověřeno: seznamy nedostupné', en: 'not checked: lists unavailable' }
const TITLE = /^(ing|mgr|bc|judr|mudr|mvdr|phdr|rndr|paeddr|doc|prof|phd|csc|mba|dis|arch)$/
const isTitle = (word: string) => TITLE.test(comparableName(word).replace(/ /g, ''))

/** "Ing. Jan Novák, Ph.D." → "jan novak": titles aside, as the register lists people. */
const personKey = (name: string) =>
  name
    .split(/[\s,]+/)
    .filter((w) => w && !isTitle(w))
    .map(comparableName)
    .join(' ')

/** Given names and surname (the last word), titles aside: "Ing. Jana Nováková" → Jana / Nováková. */
function nameParts(name: string): { first_name?: string; last_name: string } {
  const words = name.split(/[\s,]+/).filter((w) => w && !isTitle(w))
  if (words.length === 0) return { last_name: name.trim() }
  return words.length > 1
    ? { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1]! }
    : { last_name: words[0]! }
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
    'Know-your-customer check of a person or a company, and the onboarding of a natural person: the identification data the AML Act § 5 requires, checksums of rodné číslo, IČO and DIČ (a bad one is a 400), document validity; for a person the sanctions and PEP lists through the AML engine and the insolvency register (ISIR, by birth number or name and date of birth); for a company the public register (ARES: name, status, and the statutory bodies and shareholders from its VR record, checked against the statutory body given). A register or list that cannot be asked makes the answer partial and never lets it recommend proceeding.',
  input: Type.Object(
    {
      subject_type: Type.Optional(
        Type.Union([Type.Literal('person'), Type.Literal('company')], {
          description: 'default: company when an IČO is given, else person (named in assumptions)',
        }),
      ),
      name: Type.String({ minLength: 1, maxLength: 300, description: 'full name, or the company name' }),
      address: Type.Optional(
        Type.String({ maxLength: 500, description: 'permanent address or registered office' }),
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
      { description: 'proceed only when complete, verified and clear on every register and list asked' },
    ),
    recommendation_text: Type.String(),
    screening: Type.Union([Type.Null(), PersonScreeningSchema], {
      description: 'a person: the sanctions and PEP lists (null when not asked)',
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
      { description: 'a person: the insolvency register (null when not asked)' },
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
        document: { type: 'id_card', number: '123456789', issuing_country: 'CZ', expiry_date: '2031-04-30' },
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
    const rules: AppliedRule[] = []
    const missing: string[] = []
    const findings: string[] = []
    const verified: string[] = []
    const sources: SourceStatus[] = []
    let mismatch = false
    let unverified = false
    let sanctioned = false
    let concern = false
    let screening: PersonScreening | null = null
    let insolvency: Insolvency | null = null
    let register: { statutory_bodies: RegisterParty[]; shareholders: RegisterParty[] } | null = null
    const checkRegistry = input.check_registry ?? true
    const need = (field: string, present: unknown) => {
      if (present === undefined || present === '' || (Array.isArray(present) && present.length === 0))
        missing.push(field)
    }

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
      need('address', input.address)
      need('nationality', input.nationality)
      need('birth_place', input.birth_place)
      need('sex', input.sex)
      need('document', input.document)
      if (!input.birth_number && !input.birth_date) missing.push('birth_number or birth_date')
      let birthDate = input.birth_date
      let birthNumber: string | undefined
      if (input.birth_number) {
        const rc = checkBirthNumber(input.birth_number)
        if (!rc.valid) throw errors.invalid('birth_number', rc.reason)
        verified.push('birth_number checksum')
        if (input.birth_date && input.birth_date !== rc.birthDate) {
          throw errors.invalid('birth_date', `does not match the birth number (${rc.birthDate})`)
        }
        if (input.sex && input.sex !== rc.sex)
          throw errors.invalid('sex', `does not match the birth number (${rc.sex})`)
        birthDate = rc.birthDate
        birthNumber = rc.value
        rules.push({
          rule: say({
            cs: 'Rodné číslo: 10 číslic dělitelných 11, kóduje datum narození a pohlaví',
            en: 'Rodné číslo: 10 digits divisible by 11, encoding birth date and sex',
          }),
          ...cite(today, 'cz-133-2000-s13'),
          outcome: say({ cs: 'platné', en: 'valid' }),
        })
      }
      rules.push({
        rule: say({
          cs: 'Fyzická osoba: jména, rodné číslo (nebo datum narození), místo narození, pohlaví, adresa, státní občanství, údaje z dokladu',
          en: 'Natural person: names, birth number (or date of birth), place of birth, sex, address, citizenship, document data',
        }),
        ...cite(today, 'cz-253-2008-s5'),
        outcome: missing.length
          ? say({ cs: `chybí ${missing.join(', ')}`, en: `missing ${missing.join(', ')}` })
          : say({ cs: 'úplné', en: 'complete' }),
      })
      const parts = nameParts(input.name)
      if (checkRegistry) {
        // Sanctions and PEP lists through the AML engine.
        const built = await screeningEngine(ctx, sources)
        screening = screenPerson(
          built,
          { ...parts, birth_date: birthDate, nationality: input.nationality },
          say,
        )
        for (const h of screening.hits)
          findings.push(
            say({
              cs: `${h.list === 'pep' ? 'seznam PEP' : 'sankční seznam'} ${h.list} ${h.list_id}: „${h.matched_name}“ (skóre ${h.score}; ${h.why})`,
              en: `${h.list === 'pep' ? 'PEP list' : 'sanctions list'} ${h.list} ${h.list_id}: "${h.matched_name}" (score ${h.score}; ${h.why})`,
            }),
          )
        if (screening.sanctions === 'hit') sanctioned = true
        if (screening.pep === 'hit') concern = true
        if (screening.sanctions === 'not_checked') {
          unverified = true
          findings.push(
            say({
              cs: 'neprověřeno proti sankčním seznamům: seznamy nebylo možné načíst',
              en: 'not screened against the sanctions lists: the lists could not be read',
            }),
          )
        }
        rules.push({
          rule: say({
            cs: 'žádné obchody s osobou na sankčním seznamu: prověřit klienta proti seznamům EU, OSN, USA, Spojeného království a ČR',
            en: 'no business with a person on a sanctions list: screen the client against the EU, UN, US, UK and Czech lists',
          }),
          ...cite(today, 'cz-69-2006', 'cz-1-2023', 'eu-269-2014', 'cz-253-2008-s9'),
          outcome:
            screening.sanctions === 'not_checked'
              ? say(LISTS_UNAVAILABLE)
              : screening.sanctions === 'hit'
                ? say({ cs: 'shoda', en: 'hit' })
                : say({ cs: 'bez shody', en: 'no hit' }),
        })
        rules.push({
          rule: say({
            cs: 'politicky exponovaná osoba vyžaduje zesílenou kontrolu',
            en: 'a politically exposed person needs enhanced due diligence',
          }),
          // § 9a (zesílená identifikace a kontrola klienta) took effect on 1 January 2021.
          ...cite(today, 'cz-253-2008-s4-5', 'cz-253-2008-s9a'),
          outcome:
            screening.pep === 'not_configured'
              ? say({
                  cs: 'seznam PEP není nastaven (PEP_PATHS): rozhoduje vlastní prohlášení klienta',
                  en: 'no PEP list is configured (PEP_PATHS): the client’s own declaration decides',
                })
              : screening.pep === 'not_checked'
                ? say(LISTS_UNAVAILABLE)
                : screening.pep,
        })
        // Insolvency: by birth number, else by surname and date of birth.
        const subject = birthNumber
          ? { birth_number: birthNumber }
          : birthDate
            ? {
                last_name: parts.last_name,
                ...(parts.first_name ? { first_name: parts.first_name } : {}),
                birth_date: birthDate,
              }
            : undefined
        if (subject) {
          insolvency = await insolvencyOf(ctx, subject)
          sources.push(insolvency.source)
          if (insolvency.source.status === 'failed') {
            unverified = true
            findings.push(
              say({
                cs: `neověřeno v insolvenčním rejstříku (${insolvency.source.error ?? 'bez odpovědi'})`,
                en: `not checked in the insolvency register (${insolvency.source.error ?? 'no answer'})`,
              }),
            )
          } else if (insolvency.active) {
            concern = true
            findings.push(
              say({
                cs: `probíhá insolvenční řízení: ${insolvency.references.join(', ')}`,
                en: `insolvency proceeding running: ${insolvency.references.join(', ')}`,
              }),
            )
          }
          rules.push({
            rule: say({
              cs: 'osoba v probíhajícím insolvenčním řízení (oddlužení, konkurs) se před přijetím posoudí',
              en: 'a person in a running insolvency proceeding (debt relief, bankruptcy) is reviewed before onboarding',
            }),
            ...cite(today, 'cz-182-2006-insolvency'),
            outcome:
              insolvency.source.status === 'failed'
                ? say({ cs: 'ISIR neodpověděl', en: 'ISIR did not answer' })
                : insolvency.active
                  ? say({ cs: 'řízení probíhá', en: 'proceeding running' })
                  : say({
                      cs: `ukončených řízení: ${insolvency.proceedings}`,
                      en: `${insolvency.proceedings} past proceeding(s)`,
                    }),
          })
        }
      } else sources.push({ name: 'sanctions_lists', status: 'skipped', error: 'check_registry is false' })
    } else {
      need('address', input.address)
      need('ico', input.ico)
      if (input.ico) {
        const ico = requireIco(input.ico)
        verified.push(say({ cs: 'kontrolní součet IČO', en: 'ico checksum' }))
        rules.push({
          rule: say({
            cs: 'IČO: 8 číslic, kontrolní číslice mod 11',
            en: 'IČO: 8 digits, mod-11 check digit',
          }),
          ...cite(today, 'cz-111-2009-s24'),
          outcome: ico,
        })
        if (input.dic) {
          const dic = checkDic(input.dic)
          if (!dic.valid) throw errors.invalid('dic', dic.reason)
          verified.push(say({ cs: 'kontrolní součet DIČ', en: 'dic checksum' }))
          if (dic.value !== `CZ${ico}`) {
            findings.push(
              say({
                cs: `DIČ ${dic.value} není CZ + IČO (registrace skupiny pro DPH, nebo jiný subjekt)`,
                en: `DIČ ${dic.value} is not CZ + IČO (VAT group registration, or another subject)`,
              }),
            )
          }
        }
        if (checkRegistry) {
          const found = await lookupCompany(ctx, ico, { publicRegister: true })
          sources.push(found.source)
          if (found.source.status === 'failed') {
            // Fail closed: data that could not be checked against the register is not complete.
            unverified = true
            findings.push(
              say({
                cs: `neověřeno v ARES (${found.source.error ?? 'bez odpovědi'}): ověřte, než se na údaje spolehnete`,
                en: `not verified against ARES (${found.source.error ?? 'no answer'}): verify before relying on the data`,
              }),
            )
          }
          if (found.found === false) {
            mismatch = true
            findings.push(
              say({ cs: `ARES nemá subjekt s IČO ${ico}`, en: `ARES has no subject with IČO ${ico}` }),
            )
          } else if (found.facts) {
            const f = found.facts
            if (f.name) {
              if (comparableName(f.name) === comparableName(input.name))
                verified.push(say({ cs: 'název odpovídá ARES', en: 'name matches ARES' }))
              else {
                mismatch = true
                findings.push(
                  say({
                    cs: `název se liší od ARES („${f.name}“)`,
                    en: `name differs from ARES ("${f.name}")`,
                  }),
                )
              }
            }
            if (f.active === false) {
              mismatch = true
              findings.push(
                say({
                  cs: `ARES uvádí společnost jako zaniklou${f.dissolved ? ` dne ${f.dissolved}` : ''}`,
                  en: `ARES shows the company dissolved${f.dissolved ? ` on ${f.dissolved}` : ''}`,
                }),
              )
            }
            if (f.insolvency)
              findings.push(
                say({
                  cs: 'společnost je v insolvenčním rejstříku',
                  en: 'the company is in the insolvency register',
                }),
              )
          }
          register = found.register ?? null
          if (register) {
            const members = new Map(register.statutory_bodies.map((m) => [personKey(m.name), m]))
            const given = input.statutory_body ?? []
            for (const name of given) {
              if (members.has(personKey(name)))
                verified.push(
                  say({
                    cs: `${name} je ve statutárním orgánu podle veřejného rejstříku`,
                    en: `${name} is on the statutory body in the public register`,
                  }),
                )
              else {
                unverified = true
                findings.push(
                  say({
                    cs: `${name} není současným členem statutárního orgánu podle veřejného rejstříku: ověřte oprávnění jednat (plná moc)`,
                    en: `${name} is not a current member of the statutory body in the public register: verify the authority to act (a power of attorney)`,
                  }),
                )
              }
            }
            if (given.length === 0 && register.statutory_bodies.length > 0)
              verified.push(
                say({
                  cs: 'statutární orgán převzat z veřejného rejstříku',
                  en: 'statutory body taken from the public register',
                }),
              )
          } else if (found.register === null) {
            findings.push(
              say({
                cs: 'společnost není ve veřejném rejstříku: statutární orgán zjistěte z jejích dokumentů',
                en: 'the company is not in the public register: identify its statutory body from its documents',
              }),
            )
          }
          rules.push({
            rule: say({
              cs: 'Údaje o společnosti ověřené ve veřejném rejstříku, včetně statutárního orgánu',
              en: 'Company data verified against the public register, the statutory body among them',
            }),
            ...cite(today, 'cz-253-2008-s8', 'cz-253-2008-s5', 'cz-304-2013'),
            outcome:
              found.source.status === 'failed'
                ? say({ cs: `neověřeno: ${found.source.error}`, en: `not verified: ${found.source.error}` })
                : register
                  ? say({
                      cs: `ověřeno; zapsaných členů ${register.statutory_bodies.length}, společníků ${register.shareholders.length}`,
                      en: `checked; ${register.statutory_bodies.length} member(s) and ${register.shareholders.length} shareholder(s) on record`,
                    })
                  : say({ cs: 'ověřeno', en: 'checked' }),
          })
        } else sources.push({ name: 'data/ares_lookup', status: 'skipped', error: 'check_registry is false' })
      }
      // The statutory body is identified when given, or when the public register lists it.
      if (!input.statutory_body?.length && !register?.statutory_bodies.length) missing.push('statutory_body')
      rules.push({
        rule: say({
          cs: 'Právnická osoba: název, sídlo, IČO, identifikace členů statutárního orgánu',
          en: 'Legal person: name, registered office, IČO, identification of the statutory body members',
        }),
        ...cite(today, 'cz-253-2008-s5'),
        outcome: missing.length
          ? say({ cs: `chybí ${missing.join(', ')}`, en: `missing ${missing.join(', ')}` })
          : say({ cs: 'úplné', en: 'complete' }),
      })
    }

    if (input.document) {
      if (input.document.expiry_date < today) {
        findings.push(
          say({
            cs: `platnost dokladu totožnosti skončila ${input.document.expiry_date}`,
            en: `identity document expired on ${input.document.expiry_date}`,
          }),
        )
        missing.push('valid document')
      } else verified.push(say({ cs: 'doklad platný', en: 'document valid' }))
      rules.push({
        rule: say({
          cs: 'Totožnost ověřena podle platného dokladu totožnosti',
          en: 'Identity verified on a valid identity document',
        }),
        ...cite(today, 'cz-253-2008-s8'),
        outcome:
          input.document.expiry_date < today
            ? say({ cs: 'neplatný', en: 'expired' })
            : say({ cs: 'platný', en: 'valid' }),
      })
    }
    const partial = sources.some((s) => s.status === 'failed')
    const status = mismatch ? 'mismatch' : missing.length > 0 || unverified ? 'incomplete' : 'complete'
    // Proceed only on a complete identification checked on every register and list: a source not
    // asked (check_registry false) or not answering is never a clean result.
    const asked = sources.length > 0 && sources.every((s) => s.status === 'ok' || s.status === 'cached')
    const recommendation = sanctioned
      ? 'do_not_proceed'
      : status === 'complete' && !concern && !partial && asked
        ? 'proceed'
        : 'review'
    return {
      status,
      missing,
      findings,
      verified,
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
      sources,
      rules_applied: rules,
      assumptions,
    } as const
  },
})
