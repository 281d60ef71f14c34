import { Type } from 'typebox'
import { checkBirthNumber, checkDic } from '../../engines/czech/identifiers.ts'
import { asOfDate, requireIco } from '../../engines/reference/inputs.ts'
import {
  DateString,
  PartialSchema,
  RulesAppliedSchema,
  type SourceStatus,
  SourcesSchema,
} from '../../engines/reference/schema.ts'
import { errors } from '../../kit/errors.ts'
import { type Assumption, AssumptionsSchema } from '../result.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'
import { comparableName, lookupCompany } from './registry.ts'

const AML_5 = { source: 'zákon 253/2008 Sb. § 5 (identifikační údaje)', since: '2008-09-01' }
const AML_8 = { source: 'zákon 253/2008 Sb. § 8 (identifikace klienta)', since: '2008-09-01' }

export const kyc = defineAgent({
  service: 'compliance',
  name: 'kyc',
  description:
    'Know-your-customer check of a person or a company: the identification data the AML Act § 5 requires, checksums of rodné číslo, IČO and DIČ (a bad one is a 400), document validity, and for companies a cross-check with the public register (ARES: name, status) — partial, naming the source, when the register cannot be reached.',
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
        Type.Boolean({ description: 'cross-check a company with ARES (default true)' }),
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
    partial: PartialSchema,
    sources: SourcesSchema,
    rules_applied: RulesAppliedSchema,
    assumptions: AssumptionsSchema,
  }),
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
    const today = asOfDate(input.as_of, ctx.now)
    const rules: AppliedRule[] = []
    const missing: string[] = []
    const findings: string[] = []
    const verified: string[] = []
    const sources: SourceStatus[] = []
    let mismatch = false
    let unverified = false
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
      if (input.birth_number) {
        const rc = checkBirthNumber(input.birth_number)
        if (!rc.valid) throw errors.invalid('birth_number', rc.reason)
        verified.push('birth_number checksum')
        if (input.birth_date && input.birth_date !== rc.birthDate) {
          throw errors.invalid('birth_date', `does not match the birth number (${rc.birthDate})`)
        }
        if (input.sex && input.sex !== rc.sex)
          throw errors.invalid('sex', `does not match the birth number (${rc.sex})`)
        rules.push({
          rule: 'Rodné číslo: 10 digits divisible by 11, encoding birth date and sex',
          source: 'zákon 133/2000 Sb. § 13',
          outcome: 'valid',
        })
      }
      rules.push({
        rule: 'Natural person: names, birth number (or date of birth), place of birth, sex, address, citizenship, document data',
        ...AML_5,
        outcome: missing.length ? `missing ${missing.join(', ')}` : 'complete',
      })
    } else {
      need('address', input.address)
      need('ico', input.ico)
      need('statutory_body', input.statutory_body)
      if (input.ico) {
        const ico = requireIco(input.ico)
        verified.push('ico checksum')
        rules.push({
          rule: 'IČO: 8 digits, mod-11 check digit',
          source: 'ČSÚ, identifikační číslo osoby',
          outcome: ico,
        })
        if (input.dic) {
          const dic = checkDic(input.dic)
          if (!dic.valid) throw errors.invalid('dic', dic.reason)
          verified.push('dic checksum')
          if (dic.value !== `CZ${ico}`) {
            findings.push(`DIČ ${dic.value} is not CZ + IČO (VAT group registration, or another subject)`)
          }
        }
        if (input.check_registry ?? true) {
          const found = await lookupCompany(ctx, ico)
          sources.push(found.source)
          if (found.source.status === 'failed') {
            // Fail closed: data that could not be checked against the register is not complete.
            unverified = true
            findings.push(
              `not verified against ARES (${found.source.error ?? 'no answer'}): verify before relying on the data`,
            )
          }
          if (found.found === false) {
            mismatch = true
            findings.push(`ARES has no subject with IČO ${ico}`)
          } else if (found.facts) {
            const f = found.facts
            if (f.name) {
              if (comparableName(f.name) === comparableName(input.name)) verified.push('name matches ARES')
              else {
                mismatch = true
                findings.push(`name differs from ARES ("${f.name}")`)
              }
            }
            if (f.active === false) {
              mismatch = true
              findings.push(`ARES shows the company dissolved${f.dissolved ? ` on ${f.dissolved}` : ''}`)
            }
            if (f.insolvency) findings.push('the company is in the insolvency register')
          }
          rules.push({
            rule: 'Company data verified against the public register',
            source: 'zákon 253/2008 Sb. § 8 odst. 1; ARES (MF ČR)',
            outcome: found.source.status === 'failed' ? `not verified: ${found.source.error}` : 'checked',
          })
        } else sources.push({ name: 'data/ares_lookup', status: 'skipped', error: 'check_registry is false' })
      }
      rules.push({
        rule: 'Legal person: name, registered office, IČO, identification of the statutory body members',
        ...AML_5,
        outcome: missing.length ? `missing ${missing.join(', ')}` : 'complete',
      })
    }

    if (input.document) {
      if (input.document.expiry_date < today) {
        findings.push(`identity document expired on ${input.document.expiry_date}`)
        missing.push('valid document')
      } else verified.push('document valid')
      rules.push({
        rule: 'Identity verified on a valid identity document',
        ...AML_8,
        outcome: input.document.expiry_date < today ? 'expired' : 'valid',
      })
    }
    const partial = sources.some((s) => s.status === 'failed')
    return {
      status: mismatch ? 'mismatch' : missing.length > 0 || unverified ? 'incomplete' : 'complete',
      missing,
      findings,
      verified,
      partial,
      sources,
      rules_applied: rules,
      assumptions,
    } as const
  },
})
