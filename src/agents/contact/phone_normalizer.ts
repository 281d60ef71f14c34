import { Type } from 'typebox'
import { isCountry, parsePhone } from '../../engines/contacts/phone.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

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
  verdict: {
    explain:
      'a valid number of a country → `clear`; not valid for its country → `adverse`; a code that belongs to no country (E.164 shared codes such as +800, +882): no national plan to check it → `review`',
    of: (r) => (r.country === null ? 'review' : r.valid ? 'clear' : 'adverse'),
  },
  law: ['itu-e164', 'cz-ctu-numbering-plan', 'method-libphonenumber'],
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
        ...(p.country
          ? []
          : [
              lawRule(
                say({
                  cs: `kód +${p.country_calling_code} nepatří žádné zemi (sdílený kód mezinárodní sítě nebo služby): národní plán, podle kterého by se číslo ověřilo, tu není`,
                  en: `code +${p.country_calling_code} belongs to no country (a shared code of an international network or service): there is no national plan to check the number against`,
                }),
                cite(today(ctx), 'itu-e164'),
                say({ cs: 'k posouzení', en: 'review' }),
              ),
            ]),
        lawRule(
          say({
            cs: '„00“ je mezinárodní předvolba; číslo bez +kódu patří do default_country',
            en: '"00" is the international call prefix; a number without +code belongs to default_country',
          }),
          cite(today(ctx), 'itu-e164'),
          say({ cs: `země ${p.country ?? 'neznámá'}`, en: `country ${p.country ?? 'unknown'}` }),
        ),
        lawRule(
          say({
            cs: 'česká čísla: +420 a 9 číslic, uzavřený číslovací plán, bez předvolby 0',
            en: 'Czech numbers: +420 and 9 digits, closed plan, no trunk prefix 0',
          }),
          cite(today(ctx), 'cz-ctu-numbering-plan'),
          p.country_calling_code === '420'
            ? say({ cs: `${p.national_number.length} číslic`, en: `${p.national_number.length} digits` })
            : say({ cs: 'není české', en: 'not Czech' }),
        ),
        lawRule(
          say({
            cs: 'délka a rozsah čísla platné pro danou zemi',
            en: 'number length and range valid for the country',
          }),
          cite(today(ctx), 'method-libphonenumber'),
          p.valid ? say({ cs: 'platné', en: 'valid' }) : say({ cs: 'neplatné', en: 'not valid' }),
        ),
      ],
    }
  },
})
