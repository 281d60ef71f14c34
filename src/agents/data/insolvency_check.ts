import { Type } from 'typebox'
import { checkBirthNumber } from '../../engines/czech/identifiers.ts'
import {
  type InsolvencyResult,
  openInUnknownState,
  type PersonQuery,
  type RegistryAnswer,
} from '../../engines/registries/index.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import type { SourceStatus } from '../result.ts'
import { defineAgent } from '../types.ts'
import { isStale, registryStatus } from './registry-answer.ts'
import { DateSchema, failed, IcoSchema, isoDate, lawRule, nullable, requireIco } from './shared.ts'

export const insolvencyCheck = defineAgent({
  service: 'data',
  name: 'insolvency_check',
  description:
    'Checks the Czech insolvency register (ISIR, Ministry of Justice) for proceedings against a company by IČO, or against a natural person by birth number (rodné číslo) or by name and date of birth: each proceeding’s court file number, court, state (moratorium, bankruptcy, reorganisation, debt relief …), dates and whether it is still running.',
  input: Type.Object(
    {
      ico: Type.Optional(IcoSchema),
      birth_number: Type.Optional(
        Type.String({ minLength: 9, maxLength: 11, description: 'rodné číslo, YYMMDD/SSSC (a person)' }),
      ),
      last_name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 100, description: 'a person: surname, with birth_date' }),
      ),
      first_name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 100, description: 'a person: given name' }),
      ),
      birth_date: Type.Optional(DateSchema('a person: date of birth, with last_name')),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    subject: Type.Union([Type.Literal('company'), Type.Literal('person')]),
    ico: nullable(Type.String()),
    in_insolvency: nullable(
      Type.Boolean({
        description:
          'a proceeding is running (null when ISIR could not be asked, or when none is known to run and a proceeding not ended is in a state not recognised)',
      }),
    ),
    proceedings: Type.Array(
      Type.Object({
        reference: Type.String(),
        court: nullable(Type.String()),
        debtor: nullable(Type.String()),
        state: nullable(Type.String()),
        active: Type.Boolean(),
        started: nullable(Type.String()),
        ended: nullable(Type.String()),
        url: nullable(Type.String()),
      }),
    ),
    synchronized_at: nullable(Type.String()),
    not_recognised: Type.Array(Type.String(), {
      description:
        'proceedings with no end date whose state is neither a running nor a finished one this check knows, each with what to read',
    }),
  }),
  verdict: {
    explain:
      '`adverse` when a proceeding is running; `review` when none is known to run but a proceeding with no end date is in a state not recognised (`not_recognised`); `incomplete` when ISIR could not be asked; else `clear`',
    of: (r) =>
      r.in_insolvency === true
        ? 'adverse'
        : r.not_recognised.length > 0
          ? 'review'
          : r.in_insolvency === null
            ? 'incomplete'
            : 'clear',
  },
  law: ['cz-182-2006-s419'],
  examples: [
    { title: 'A company in reorganisation (OKD, a.s.)', input: { ico: '26863154' } },
    { title: 'No proceedings', input: { ico: '27082440' } },
    { title: 'A person in debt relief, by birth number', input: { birth_number: '765204/1232' } },
    {
      title: 'A person by name and date of birth',
      input: { last_name: 'Nováková', first_name: 'Jana', birth_date: '1976-02-04' },
    },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const person = personQuery(input)
    const ico = person ? null : requireIco(input.ico ?? '')
    const sources: SourceStatus[] = []
    let answer: RegistryAnswer<InsolvencyResult> | undefined
    try {
      answer = person
        ? await ctx.deps.registries.isir.byPerson(person)
        : await ctx.deps.registries.isir.byIco(ico!)
      sources.push(registryStatus('isir', answer))
    } catch (error) {
      sources.push(failed('isir', error))
    }
    const result = answer?.data
    // A proceeding not ended in a state that is neither running nor finished is not taken as over.
    const unknown = (result?.proceedings ?? []).filter(openInUnknownState)
    const notRecognised = unknown.map((p) => {
      const state = p.state ?? say({ cs: 'neuveden', en: 'not given' })
      const where = p.url ?? 'https://isir.justice.cz'
      return say({
        cs: `${p.reference}: stav „${state}“ není probíhající ani skončený stav, který tato kontrola zná, a řízení nemá datum skončení — přečtěte jeho stav v ISIR (${where})`,
        en: `${p.reference}: state “${state}” is neither a running nor a finished state this check knows, and the proceeding has no end date — read its state in ISIR (${where})`,
      })
    })
    return {
      subject: person ? ('person' as const) : ('company' as const),
      ico,
      in_insolvency: result ? (result.active ? true : unknown.length > 0 ? null : false) : null,
      not_recognised: notRecognised,
      proceedings: result?.proceedings ?? [],
      synchronized_at: result?.synchronized_at ?? null,
      rules_applied: [
        lawRule(
          say({
            cs: 'insolvenční řízení je v insolvenčním rejstříku veřejné od svého zahájení',
            en: 'insolvency proceedings are public in the insolvency register from their start',
          }),
          cite(at, 'cz-182-2006-s419'),
          result
            ? result.active
              ? say({ cs: 'řízení probíhá', en: 'proceeding running' })
              : unknown.length > 0
                ? say({
                    cs: `stav nerozpoznán: ${unknown.map((p) => p.reference).join(', ')}`,
                    en: `state not recognised: ${unknown.map((p) => p.reference).join(', ')}`,
                  })
                : say({
                    cs: `ukončených řízení: ${result.proceedings.length}`,
                    en: `${result.proceedings.length} past proceeding(s)`,
                  })
            : say({ cs: 'ISIR neodpověděl', en: 'ISIR did not answer' }),
        ),
      ],
      sources,
      partial: !answer || isStale(answer),
    }
  },
})

/**
 * The person the input names, or undefined for a company. Exactly one way of naming the subject:
 * an IČO, a birth number, or a surname with the date of birth (a surname alone would find
 * strangers of the same name).
 */
function personQuery(input: {
  ico?: string | undefined
  birth_number?: string | undefined
  last_name?: string | undefined
  first_name?: string | undefined
  birth_date?: string | undefined
}): PersonQuery | undefined {
  const byName =
    input.last_name !== undefined || input.first_name !== undefined || input.birth_date !== undefined
  const ways = [input.ico !== undefined, input.birth_number !== undefined, byName].filter(Boolean).length
  if (ways !== 1)
    throw errors.invalid('ico', 'give exactly one of ico, birth_number, or last_name with birth_date')
  if (input.birth_number !== undefined) {
    const check = checkBirthNumber(input.birth_number)
    if (!check.valid) throw errors.invalid('birth_number', check.reason)
    return { birthNumber: check.value }
  }
  if (!byName) return undefined
  if (input.last_name === undefined) throw errors.invalid('last_name', 'required with birth_date')
  if (input.birth_date === undefined) throw errors.invalid('birth_date', 'required with last_name')
  return { surname: input.last_name, firstName: input.first_name, birthDate: input.birth_date }
}
