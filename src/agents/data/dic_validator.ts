import { Type } from 'typebox'
import { checkBirthNumber, checkDic } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'
import { rule } from './shared.ts'

const LAW = 'zákon 280/2009 Sb., daňový řád, § 130 (daňové identifikační číslo)'

export const dicValidator = defineAgent({
  service: 'data',
  name: 'dic_validator',
  description:
    'Checks a Czech DIČ (VAT/tax id) offline and says what kind it is: CZ + IČO for legal persons (the IČO checksum applies), CZ + birth number for natural persons (divisible by 11, a real date), or CZ + 699… for persons without a birth number. Whether the DIČ is a registered, reliable VAT payer is data/vat_payer_check.',
  input: Type.Object(
    { dic: Type.String({ minLength: 1, maxLength: 16, description: 'the DIČ, with the CZ prefix' }) },
    { additionalProperties: false },
  ),
  output: Type.Object({
    dic: Type.String(),
    valid: Type.Boolean(),
    kind: Type.Union([
      Type.Literal('legal_person'),
      Type.Literal('natural_person'),
      Type.Literal('without_birth_number'),
    ]),
    reason: Type.Union([Type.Null(), Type.String()]),
    ico: Type.Union([Type.Null(), Type.String()], { description: 'the IČO inside a legal-person DIČ' }),
    birth_date: Type.Union([Type.Null(), Type.String()], { description: 'encoded in a natural-person DIČ' }),
  }),
  verdict: { field: 'valid', map: { true: 'clear', false: 'adverse' } },
  examples: [
    { title: 'A company DIČ (Alza.cz a.s.)', input: { dic: 'CZ27082440' } },
    { title: 'A natural person, born 1 January 1985', input: { dic: 'CZ8501010001' } },
    { title: 'A company DIČ with a bad IČO checksum', input: { dic: 'CZ27082441' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const dic = input.dic.replace(/\s+/g, '').toUpperCase()
    const m = /^CZ(\d{8,10})$/.exec(dic)
    if (!m) throw errors.invalid('dic', 'must be CZ followed by 8 to 10 digits')
    const digits = m[1]!
    const check = checkDic(dic)
    const kind: 'legal_person' | 'natural_person' | 'without_birth_number' =
      digits.length === 8
        ? 'legal_person'
        : digits.length === 9 && digits.startsWith('6')
          ? 'without_birth_number'
          : 'natural_person'
    const rc = kind === 'natural_person' ? checkBirthNumber(digits) : undefined
    const rules = [
      rule(
        say({
          cs: 'DIČ = „CZ“ + identifikátor daňového subjektu',
          en: 'DIČ = "CZ" + the taxpayer’s identifier',
        }),
        LAW,
        '2011-01-01',
        kind,
      ),
    ]
    if (kind === 'legal_person') {
      rules.push(
        rule(
          say({
            cs: 'DIČ právnické osoby obsahuje její IČO, jehož kontrolní číslice mod 11 musí souhlasit',
            en: 'a legal person’s DIČ holds its IČO, whose mod-11 check digit must match',
          }),
          LAW,
          undefined,
          check.valid
            ? say({ cs: 'kontrolní součet v pořádku', en: 'checksum ok' })
            : say({ cs: 'kontrolní součet nesouhlasí', en: 'checksum fails' }),
        ),
      )
    } else if (kind === 'natural_person') {
      rules.push(
        rule(
          say({
            cs: 'DIČ fyzické osoby obsahuje rodné číslo: 10 číslic dělitelných 11 (od roku 1954) se skutečným datem',
            en: 'a natural person’s DIČ holds the birth number: 10 digits divisible by 11 (since 1954) encoding a real date',
          }),
          'zákon 133/2000 Sb. o evidenci obyvatel, § 13',
          undefined,
          check.valid
            ? say({ cs: 'rodné číslo v pořádku', en: 'birth number ok' })
            : say({ cs: 'rodné číslo nevyhovuje', en: 'birth number fails' }),
        ),
      )
    } else {
      rules.push(
        rule(
          say({
            cs: 'osoby bez rodného čísla dostávají 699 + 6 číslic s kontrolní číslicí mod 11',
            en: 'persons without a birth number get 699 + 6 digits with a mod-11 check digit',
          }),
          LAW,
          undefined,
          check.valid
            ? say({ cs: 'kontrolní součet v pořádku', en: 'checksum ok' })
            : say({ cs: 'kontrolní součet nesouhlasí', en: 'checksum fails' }),
        ),
      )
    }
    return {
      dic,
      valid: check.valid,
      kind,
      reason: check.valid ? null : say({ cs: check.reason_cs, en: check.reason }),
      ico: kind === 'legal_person' ? digits : null,
      birth_date: rc?.valid ? (rc.birthDate ?? null) : null,
      rules_applied: rules,
    }
  },
})
