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
  async run(input) {
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
          '"00" is the international call prefix; a number without +code belongs to default_country',
          'ITU-T E.164',
          undefined,
          `country ${p.country ?? 'unknown'}`,
        ),
        rule(
          'Czech numbers: +420 and 9 digits, closed plan, no trunk prefix 0',
          'ČTÚ číslovací plán',
          '2002-09-22',
          p.country_calling_code === '420' ? `${p.national_number.length} digits` : 'not Czech',
        ),
        rule(
          'number length and range valid for the country',
          'Google libphonenumber metadata (libphonenumber-js)',
          undefined,
          p.valid ? 'valid' : 'not valid',
        ),
      ],
    }
  },
})
