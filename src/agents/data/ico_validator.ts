import { Type } from 'typebox'
import { checkIco, icoCheckDigit } from '../../engines/czech/identifiers.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule } from './shared.ts'

export const icoValidator = defineAgent({
  service: 'data',
  name: 'ico_validator',
  description:
    'Checks a Czech IČO offline: 8 digits (shorter historical forms left-padded with zeros) whose last digit is the mod-11 check digit over weights 8..2. Shows the weighted sum and the expected digit, so a typo can be found.',
  input: Type.Object(
    {
      ico: Type.String({ minLength: 1, maxLength: 12, description: 'the IČO to check; spaces are ignored' }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    ico: Type.String({ description: 'the IČO padded to 8 digits' }),
    valid: Type.Boolean(),
    reason: Type.Union([Type.Null(), Type.String()], { description: 'why it is invalid; null when valid' }),
    weighted_sum: Type.Integer({ description: 'Σ digit × weight over the first 7 digits (weights 8..2)' }),
    expected_check_digit: Type.Integer({ minimum: 0, maximum: 9 }),
  }),
  verdict: { field: 'valid', map: { true: 'clear', false: 'adverse' } },
  law: ['cz-111-2009-s24'],
  examples: [
    { title: 'A valid IČO (ČEZ, a. s.)', input: { ico: '45274649' } },
    { title: 'A typo in the last digit', input: { ico: '45274648' } },
    { title: 'A short historical IČO is padded', input: { ico: '6947' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const raw = input.ico.replace(/\s+/g, '')
    if (!/^\d{1,8}$/.test(raw)) throw errors.invalid('ico', 'must be 1 to 8 digits')
    const ico = raw.padStart(8, '0')
    let sum = 0
    for (let i = 0; i < 7; i++) sum += Number(ico[i]) * (8 - i)
    const expected = icoCheckDigit(ico.slice(0, 7))
    const check = checkIco(ico)
    return {
      ico,
      valid: check.valid,
      reason: check.valid ? null : say({ cs: check.reason_cs, en: check.reason }),
      weighted_sum: sum,
      expected_check_digit: expected,
      rules_applied: [
        lawRule(
          say({
            cs: 'IČO má 8 číslic; kratší zápis se zleva doplní nulami',
            en: 'IČO has 8 digits; shorter forms are left-padded with zeros',
          }),
          cite(at, 'cz-111-2009-s24'),
          say({ cs: `doplněno na ${ico}`, en: `padded to ${ico}` }),
        ),
        lawRule(
          say({
            cs: 'kontrolní číslice = (11 − Σ dᵢ·wᵢ mod 11) mod 10, váhy 8,7,6,5,4,3,2',
            en: 'check digit = (11 − Σ dᵢ·wᵢ mod 11) mod 10, weights 8,7,6,5,4,3,2',
          }),
          cite(at, 'cz-111-2009-s24'),
          say({
            cs: `součet ${sum}, zbytek ${sum % 11}, očekáváno ${expected}, zadáno ${ico[7]}`,
            en: `sum ${sum}, remainder ${sum % 11}, expected ${expected}, given ${ico[7]}`,
          }),
        ),
      ],
    }
  },
})
