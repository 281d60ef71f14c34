import { Type } from 'typebox'
import { type Check, checkBirthNumber, checkDic } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import type { Say } from '../lang.ts'
import { cite } from '../law.ts'
import { type AppliedRule, defineAgent } from '../types.ts'
import { isoDate } from './shared.ts'

type Kind = 'legal_person' | 'natural_person' | 'without_birth_number'

const CHECKSUM = {
  ok: { cs: 'kontrolní součet v pořádku', en: 'checksum ok' },
  fails: { cs: 'kontrolní součet nesouhlasí', en: 'checksum fails' },
}

/** What the identifier after "CZ" is: 8 digits an IČO, 699… a number of its own, else a birth number. */
function kindCheck(digits: string, say: Say, at: string): { kind: Kind; rule: AppliedRule } {
  const kind: Kind =
    digits.length === 8
      ? 'legal_person'
      : digits.length === 9 && digits.startsWith('6')
        ? 'without_birth_number'
        : 'natural_person'
  return {
    kind,
    rule: {
      rule: say({
        cs: 'DIČ = „CZ“ + identifikátor daňového subjektu (IČO, rodné číslo, nebo číslo přidělené správcem daně)',
        en: 'DIČ = "CZ" + the taxpayer’s identifier (IČO, birth number, or a number the tax administrator gives)',
      }),
      ...cite(at, 'cz-280-2009-s130'),
      outcome: kind,
    },
  }
}

/** A legal person's DIČ holds its IČO, whose mod-11 check digit must match. */
function legalPersonCheck(check: Check, say: Say, at: string): AppliedRule {
  return {
    rule: say({
      cs: 'DIČ právnické osoby obsahuje její IČO, jehož kontrolní číslice mod 11 musí souhlasit',
      en: 'a legal person’s DIČ holds its IČO, whose mod-11 check digit must match',
    }),
    ...cite(at, 'cz-280-2009-s130', 'cz-111-2009-s24'),
    outcome: say(check.valid ? CHECKSUM.ok : CHECKSUM.fails),
  }
}

/**
 * A natural person's DIČ holds the birth number: divisible by 11 since 1954, a real date, and a
 * date no later than the day judged (a number is given at birth, so 451231/0000 — 2045-12-31 —
 * belongs to nobody yet although its checksum holds).
 */
function birthNumberCheck(digits: string, say: Say, at: string) {
  const rc = checkBirthNumber(digits, at)
  const rule: AppliedRule = {
    rule: say({
      cs: 'DIČ fyzické osoby obsahuje rodné číslo: 10 číslic dělitelných 11 (od roku 1954) se skutečným datem narození, které nenastalo po posuzovaném dni',
      en: 'a natural person’s DIČ holds the birth number: 10 digits divisible by 11 (since 1954) encoding a real birth date no later than the day judged',
    }),
    ...cite(at, 'cz-280-2009-s130', 'cz-133-2000-s13'),
    outcome: rc.valid
      ? say({
          cs: `rodné číslo v pořádku (narození ${rc.birthDate})`,
          en: `birth number ok (born ${rc.birthDate})`,
        })
      : say({ cs: `rodné číslo nevyhovuje: ${rc.reason_cs}`, en: `birth number fails: ${rc.reason}` }),
  }
  return { rule, birthDate: rc.valid ? (rc.birthDate ?? null) : null }
}

/** Persons without a birth number get 699 + 6 digits with a check digit. */
function specialCheck(check: Check, say: Say, at: string): AppliedRule {
  return {
    rule: say({
      cs: 'osoby bez rodného čísla dostávají 699 + 6 číslic s kontrolní číslicí mod 11',
      en: 'persons without a birth number get 699 + 6 digits with a mod-11 check digit',
    }),
    ...cite(at, 'cz-280-2009-s130'),
    outcome: say(check.valid ? CHECKSUM.ok : CHECKSUM.fails),
  }
}

export const dicValidator = defineAgent({
  service: 'data',
  name: 'dic_validator',
  description:
    'Checks a Czech DIČ (VAT/tax id) offline and says what kind it is: CZ + IČO for legal persons (the IČO checksum applies), CZ + birth number for natural persons (divisible by 11, a real date not after the day judged), or CZ + 699… for persons without a birth number. Whether the DIČ is a registered, reliable VAT payer is data/vat_payer_check.',
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
  law: ['cz-280-2009-s130', 'cz-111-2009-s24', 'cz-133-2000-s13'],
  examples: [
    { title: 'A company DIČ (Alza.cz a.s.)', input: { dic: 'CZ27082440' } },
    { title: 'A natural person, born 1 January 1985', input: { dic: 'CZ8501010001' } },
    { title: 'A company DIČ with a bad IČO checksum', input: { dic: 'CZ27082441' } },
    { title: 'A birth number dated 2045-12-31: invalid', input: { dic: 'CZ4512310000' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = isoDate(ctx.now)
    const dic = input.dic.replace(/\s+/g, '').toUpperCase()
    const m = /^CZ(\d{8,10})$/.exec(dic)
    if (!m) throw errors.invalid('dic', 'must be CZ followed by 8 to 10 digits')
    const digits = m[1]!
    const check = checkDic(dic, at)
    const { kind, rule } = kindCheck(digits, say, at)
    const rules = [rule]
    let birthDate: string | null = null
    if (kind === 'legal_person') rules.push(legalPersonCheck(check, say, at))
    else if (kind === 'without_birth_number') rules.push(specialCheck(check, say, at))
    else {
      const person = birthNumberCheck(digits, say, at)
      rules.push(person.rule)
      birthDate = person.birthDate
    }
    return {
      dic,
      valid: check.valid,
      kind,
      reason: check.valid ? null : say({ cs: check.reason_cs, en: check.reason }),
      ico: kind === 'legal_person' ? digits : null,
      birth_date: birthDate,
      rules_applied: rules,
    }
  },
})
