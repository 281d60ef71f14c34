import { Type } from 'typebox'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { fold } from '../../engines/sources/index.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule } from './shared.ts'

interface Form {
  code: string
  name: string
  abbreviations: string[]
  category: 'sole_trader' | 'business_corporation' | 'non_profit' | 'public'
  register: string | null
  since?: string
  closed_to_new?: string
}
type Version = ReferenceVersion & { forms: Form[] }

const FormSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  abbreviations: Type.Array(Type.String()),
  category: Type.Union([
    Type.Literal('sole_trader'),
    Type.Literal('business_corporation'),
    Type.Literal('non_profit'),
    Type.Literal('public'),
  ]),
  register: Type.Union([Type.Null(), Type.String()], {
    description: 'public register the form is entered in',
  }),
})

/** The abbreviation at the end of a company name ("Alza.cz a.s." → a.s.), longest first. */
function formFromName(name: string, forms: Form[]): Form | undefined {
  const folded = ` ${fold(name)} `
  const candidates = forms.flatMap((f) => f.abbreviations.map((a) => ({ f, key: ` ${fold(a)} ` })))
  candidates.sort((a, b) => b.key.length - a.key.length)
  return candidates.find((c) => c.key.trim() !== '' && folded.endsWith(c.key))?.f
}

export const legalFormDecoder = defineAgent({
  service: 'data',
  name: 'legal_form_decoder',
  description:
    'Decodes a Czech legal form: from the ČSÚ code ARES returns as pravniForma (112 → společnost s ručením omezeným) or from the abbreviation at the end of a company name ("… s.r.o."). Says which public register holds that form and whether new ones can still be founded.',
  input: Type.Object(
    {
      code: Type.Optional(
        Type.String({ pattern: '^\\d{3}$', description: 'ČSÚ legal-form code (3 digits)' }),
      ),
      name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 300, description: 'company name ending in its legal form' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    found: Type.Boolean(),
    matched_by: Type.Union([Type.Null(), Type.Literal('code'), Type.Literal('name')]),
    form: Type.Union([Type.Null(), FormSchema]),
    can_be_founded_today: Type.Union([Type.Null(), Type.Boolean()]),
  }),
  verdict: {
    explain:
      '`informational` for a form the ČSÚ code list names; `review` for a code or name suffix it does not (no form can be read from it)',
    of: (r) => (r.found ? 'informational' : 'review'),
  },
  law: ['csu-legal-forms', 'cz-89-2012-s3050', 'cz-304-2013'],
  examples: [
    { title: 'ARES pravniForma 112', input: { code: '112' } },
    { title: 'The form at the end of a company name', input: { name: 'Alza.cz a.s.' } },
    { title: 'An obecně prospěšná společnost (closed to new ones since 2014)', input: { code: '141' } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    if (input.code === undefined && input.name === undefined)
      throw errors.invalid('code', 'give code or name')
    const ref = loadReference<Version>('cz-legal-forms')
    const today = isoDate(ctx.now)
    const version = versionAt(ref, today)
    const form =
      input.code !== undefined
        ? version.forms.find((f) => f.code === input.code)
        : formFromName(input.name!, version.forms)
    const rules = [
      lawRule(
        input.code !== undefined
          ? say({
              cs: 'vyhledat kód v číselníku právních forem ČSÚ',
              en: 'look the code up in the ČSÚ legal-form code list',
            })
          : say({
              cs: 'najít zkratku právní formy na konci názvu',
              en: 'match the legal-form abbreviation at the end of the name',
            }),
        cite(at, 'csu-legal-forms'),
        form
          ? `${form.code} ${form.name}`
          : say({ cs: 'není v dodané tabulce', en: 'not in the shipped table' }),
      ),
    ]
    let open: boolean | null = null
    if (form) {
      open = !(form.closed_to_new && form.closed_to_new <= today) && !(form.since && form.since > today)
      if (form.closed_to_new)
        rules.push(
          lawRule(
            say({
              cs: 'od rekodifikace soukromého práva nelze tuto formu nově zakládat',
              en: 'no new entities of this form since the recodification of private law',
            }),
            cite(at, 'cz-89-2012-s3050'),
            say({
              cs: 'stávající trvají; nové nelze založit',
              en: 'existing ones continue; new ones cannot be founded',
            }),
          ),
        )
      if (form.since)
        rules.push(
          lawRule(
            say({
              cs: 'forma zavedená rekodifikací soukromého práva',
              en: 'form introduced by the recodification of private law',
            }),
            cite(at, 'cz-89-2012-s3050'),
          ),
        )
      if (form.register)
        rules.push(
          lawRule(
            say({ cs: `zapisuje se do: ${form.register}`, en: `entered in the ${form.register}` }),
            cite(at, 'cz-304-2013'),
          ),
        )
    }
    return {
      found: form !== undefined,
      matched_by: form ? (input.code !== undefined ? ('code' as const) : ('name' as const)) : null,
      form: form
        ? {
            code: form.code,
            name: form.name,
            abbreviations: form.abbreviations,
            category: form.category,
            register: form.register,
          }
        : null,
      can_be_founded_today: open,
      rules_applied: rules,
    }
  },
})
