import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { referenceAt } from '../../engines/reference/load.ts'
import {
  DateString,
  NullableBoolean,
  NullableInteger,
  NullableObject,
} from '../../engines/reference/schema.ts'
import { defineAgent } from '../types.ts'
import {
  type Docs,
  identificationCheck,
  mrzCheck,
  numberFormatCheck,
  validityCheck,
} from './document-checks.ts'

export const documentValidator = defineAgent({
  service: 'compliance',
  name: 'document_validator',
  description:
    'Checks an identity document for KYC: the number format for the issuing country, the ICAO 9303 MRZ check digits (TD1 ID cards, TD3 passports) and their agreement with the stated data, and expiry on the day. A failed format or check digit is a 400 naming the rule.',
  input: Type.Object(
    {
      document_type: Type.Union([
        Type.Literal('id_card'),
        Type.Literal('passport'),
        Type.Literal('driving_licence'),
        Type.Literal('residence_permit'),
      ]),
      number: Type.String({ minLength: 1, maxLength: 30 }),
      issuing_country: Type.String({
        pattern: '^[A-Z]{2}$',
        description: 'ISO 3166-1 alpha-2',
      }),
      expiry_date: DateString(),
      issue_date: Type.Optional(DateString()),
      birth_date: Type.Optional(DateString('holder, to compare with the MRZ')),
      mrz: Type.Optional(
        Type.Array(Type.String({ maxLength: 44 }), {
          minItems: 2,
          maxItems: 3,
        }),
      ),
      as_of: Type.Optional(DateString()),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    status: Type.Union([Type.Literal('valid'), Type.Literal('expired'), Type.Literal('not_yet_valid')]),
    acceptable_for_kyc: Type.Boolean(),
    days_to_expiry: Type.Integer(),
    mrz_format: Type.Union([Type.Literal('TD1'), Type.Literal('TD3'), Type.Literal('none')]),
    validity_years: NullableInteger(),
    validity_within_law: NullableBoolean({
      description:
        'issue to expiry within the longest validity the issuing law sets for an adult’s document; null without an issue date or a national rule on file',
    }),
    mrz: NullableObject(
      Type.Object({
        document_number: Type.String(),
        issuer: Type.String({ description: 'ICAO 3-letter code' }),
        nationality: Type.String(),
        sex: Type.String(),
        birth_date: Type.String(),
        expiry_date: Type.String(),
      }),
    ),
    warnings: Type.Array(Type.String()),
    number_format: Type.Union([Type.Literal('national'), Type.Literal('generic')], {
      description:
        'national: the issuing country’s format on file; generic: none on file, so the number alone proves little',
    }),
  }),
  verdict: {
    explain:
      '`adverse` when expired or not yet valid; `review` when valid but nothing was verified beyond the date (no national format on file and no MRZ), or when issue to expiry is longer than the issuing law allows (`validity_within_law` false); else `clear`',
    of: (r) =>
      r.status !== 'valid'
        ? 'adverse'
        : (r.number_format === 'generic' && r.mrz_format === 'none') || r.validity_within_law === false
          ? 'review'
          : 'clear',
  },
  law: ['icao-9303', 'cz-269-2021', 'cz-329-1999', 'cz-361-2000', 'cz-253-2008-s8'],
  examples: [
    {
      title: 'Passport in the ICAO 9303 specimen layout (TD3), valid until 2032',
      input: {
        document_type: 'passport',
        number: 'L898902C3',
        issuing_country: 'DE',
        expiry_date: '2032-04-15',
        birth_date: '1974-08-12',
        mrz: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F3204153ZE184226B<<<<<16'],
      },
    },
    {
      title: 'Czech ID card expired last month: not acceptable',
      input: {
        document_type: 'id_card',
        number: '123456789',
        issuing_country: 'CZ',
        issue_date: '2015-05-01',
        expiry_date: '2025-05-01',
      },
    },
    {
      title: 'ID card in the ICAO 9303 specimen layout (TD1), read by its MRZ',
      input: {
        document_type: 'id_card',
        number: 'D23145890',
        issuing_country: 'NL',
        expiry_date: '2032-04-15',
        mrz: [
          'I<UTOD231458907<<<<<<<<<<<<<<<',
          '7408122F3204153UTO<<<<<<<<<<<2',
          'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const today = asOfDate(input.as_of, ctx.now)
    const ref = covered(() => referenceAt<Docs>('identity-documents', today))
    const numbered = numberFormatCheck(input, ref, today, say)
    const { number, format } = numbered
    const read = mrzCheck(input, number, format, today, say)
    const validity = validityCheck(input, format, today, say)
    const identification = identificationCheck(input, today, say)
    return {
      status: identification.status,
      acceptable_for_kyc: identification.status === 'valid',
      days_to_expiry: identification.daysToExpiry,
      mrz_format: read.mrzFormat,
      validity_years: validity.validityYears,
      validity_within_law: validity.withinLaw,
      mrz: read.mrz,
      warnings: [...read.warnings, ...validity.warnings],
      number_format: format ? ('national' as const) : ('generic' as const),
      rules_applied: [...numbered.rules, ...read.rules, ...validity.rules, ...identification.rules],
    }
  },
})
