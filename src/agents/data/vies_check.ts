import { Type } from 'typebox'
import { checkDic } from '../../engines/czech/identifiers.ts'
import { VIES_COUNTRIES } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { attempt, isoDate, lawRule, nullable } from './shared.ts'

export const viesCheck = defineAgent({
  service: 'data',
  name: 'vies_check',
  description:
    'Validates an EU VAT number in VIES, the European Commission’s system that asks the member state’s register: valid or not, with the registered name and address where the state discloses them. A Czech DIČ is checked offline first (a bad checksum is a 400, not a VIES query). Needed to zero-rate an intra-EU supply (Directive 2006/112/EC, Art. 138).',
  input: Type.Object(
    {
      vat_number: Type.String({
        minLength: 4,
        maxLength: 16,
        description: 'with its country prefix, e.g. CZ27082440, DE811907980 (Greece is EL)',
      }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    country_code: Type.String(),
    vat_number: Type.String(),
    valid: nullable(Type.Boolean({ description: 'null when the member state did not answer' })),
    name: nullable(Type.String()),
    address: nullable(Type.String()),
    checked_at: nullable(Type.String({ description: 'VIES request date: the evidence of the check' })),
  }),
  verdict: { field: 'valid', map: { true: 'clear', false: 'adverse', null: 'incomplete' } },
  law: ['cz-280-2009-s130', 'cz-235-2004-s64', 'eu-904-2010-a31'],
  examples: [
    { title: 'A valid Czech VAT number with name and address', input: { vat_number: 'CZ27082440' } },
    { title: 'A well-formed number VIES does not know', input: { vat_number: 'CZ 12345679' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const compact = input.vat_number.replace(/[\s.-]/g, '').toUpperCase()
    const m = /^([A-Z]{2})([0-9A-Z+*]{2,12})$/.exec(compact)
    if (!m)
      throw errors.invalid(
        'vat_number',
        'must be a 2-letter country prefix followed by 2 to 12 letters or digits',
      )
    const [, country, number] = m as unknown as [string, string, string]
    if (country === 'GR') throw errors.invalid('vat_number', 'Greek VAT numbers use the prefix EL')
    if (!(VIES_COUNTRIES as readonly string[]).includes(country)) {
      throw errors.invalid(
        'vat_number',
        `${country} is not an EU member state in VIES (${VIES_COUNTRIES.join(', ')})`,
      )
    }
    const rules = []
    if (country === 'CZ') {
      const check = checkDic(compact, at)
      if (!check.valid) throw errors.invalid('vat_number', check.reason)
      rules.push(
        lawRule(
          say({
            cs: 'české DIČ musí projít kontrolním součtem před dotazem do VIES',
            en: 'a Czech DIČ passes its checksum before VIES is asked',
          }),
          cite(at, 'cz-280-2009-s130'),
          say({ cs: 'kontrolní součet v pořádku', en: 'checksum ok' }),
        ),
      )
    }
    const sources: SourceStatus[] = []
    const answer = await attempt('vies', sources, () => ctx.deps.sources.vies.check(country, number))
    rules.push(
      lawRule(
        say({
          cs: 'dodání do jiného členského státu je osvobozeno jen pro odběratele s DIČ platným ve VIES',
          en: 'a supply to another member state is zero-rated only to a customer with a VAT number valid in VIES',
        }),
        cite(at, 'cz-235-2004-s64', 'eu-904-2010-a31'),
        answer
          ? answer.valid
            ? say({ cs: 'platné', en: 'valid' })
            : say({ cs: 'neplatné', en: 'not valid' })
          : say({ cs: 'VIES neodpověděl', en: 'VIES did not answer' }),
      ),
    )
    return {
      country_code: country,
      vat_number: number,
      valid: answer ? answer.valid : null,
      name: answer?.name ?? null,
      address: answer?.address ?? null,
      checked_at: answer?.request_date || null,
      rules_applied: rules,
      sources,
      partial: sources.some((s) => s.status === 'failed'),
    }
  },
})
