import { Type } from 'typebox'
import { isCountry, parsePhone } from '../../engines/contacts/phone.ts'
import { errors } from '../../kit/errors.ts'
import { defineAgent } from '../types.ts'
import { rule } from './shared.ts'

export const phoneNormalizer = defineAgent({
  service: 'contact',
  name: 'phone_normalizer',
  description:
    'Normalises a telephone number as people write it ("602 123 456", "00420 602/123 456", "+420 224 000 111 ext. 12") to E.164 (+420602123456) and the international and national forms, assuming the Czech closed 9-digit plan when no country code is given, and says whether the number is valid for its country.',
  input: Type.Object(
    {
      phone: Type.String({ minLength: 3, maxLength: 40 }),
      default_country: Type.Optional(
        Type.String({
          pattern: '^[A-Z]{2}$',
          default: 'CZ',
          description: 'ISO 3166-1 alpha-2, used when the number has no +code',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    input: Type.String(),
    e164: Type.String(),
    international: Type.String(),
    national: Type.String(),
    country: Type.Union([Type.String(), Type.Null()]),
    country_calling_code: Type.String(),
    national_number: Type.String(),
    extension: Type.Union([Type.String(), Type.Null()]),
    valid: Type.Boolean(),
  }),
  verdict: { field: 'valid', map: { true: 'clear', false: 'adverse' } },
  examples: [
    { title: 'A Czech mobile written with the 00 prefix and a slash', input: { phone: '00420 602/123 456' } },
    { title: 'A Prague landline with an extension', input: { phone: '224 000 111 ext. 12' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    if (!isCountry(input.default_country ?? 'CZ'))
      throw errors.invalid('default_country', 'not a country with a telephone numbering plan')
    const p = parsePhone(input.phone, input.default_country ?? 'CZ')
    if (!p.ok) throw errors.invalid('phone', p.reason)
    return {
      input: input.phone,
      e164: p.e164,
      international: p.international,
      national: p.national,
      country: p.country ?? null,
      country_calling_code: p.country_calling_code,
      national_number: p.national_number,
      extension: p.extension ?? null,
      valid: p.valid,
      rules_applied: [
        rule(
          say({
            cs: '„00“ je mezinárodní předvolba; číslo bez +kódu patří do default_country',
            en: '"00" is the international call prefix; a number without +code belongs to default_country',
          }),
          'ITU-T E.164',
          undefined,
          say({ cs: `země ${p.country ?? 'neznámá'}`, en: `country ${p.country ?? 'unknown'}` }),
        ),
        rule(
          say({
            cs: 'česká čísla: +420 a 9 číslic, uzavřený číslovací plán, bez předvolby 0',
            en: 'Czech numbers: +420 and 9 digits, closed plan, no trunk prefix 0',
          }),
          'ČTÚ číslovací plán',
          '2002-09-22',
          p.country_calling_code === '420'
            ? say({ cs: `${p.national_number.length} číslic`, en: `${p.national_number.length} digits` })
            : say({ cs: 'není české', en: 'not Czech' }),
        ),
        rule(
          say({
            cs: 'délka a rozsah čísla platné pro danou zemi',
            en: 'number length and range valid for the country',
          }),
          'Google libphonenumber metadata (libphonenumber-js)',
          undefined,
          p.valid ? say({ cs: 'platné', en: 'valid' }) : say({ cs: 'neplatné', en: 'not valid' }),
        ),
      ],
    }
  },
})
