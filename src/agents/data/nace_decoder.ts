import { Type } from 'typebox'
import { loadReference, type ReferenceVersion, versionAt } from '../../engines/reference/load.ts'
import { errors } from '../../kit/errors.ts'
import { countCs } from '../czech.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { isoDate, lawRule } from './shared.ts'

interface Section {
  code: string
  name_cs: string
  name_en: string
  divisions: [string, string]
}
type Version = ReferenceVersion & { sections: Section[]; divisions: Record<string, string> }

export const naceDecoder = defineAgent({
  service: 'data',
  name: 'nace_decoder',
  description:
    'Decodes CZ-NACE activity codes as ARES lists them in czNace (e.g. "62010", "6201", "62.01", "47"): the section (Czech and English) and the division, and which level of the code was resolved.',
  input: Type.Object(
    {
      codes: Type.Array(Type.String({ minLength: 1, maxLength: 8 }), {
        minItems: 1,
        maxItems: 50,
        description: 'CZ-NACE codes, 2 to 5 digits, dots allowed',
      }),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    activities: Type.Array(
      Type.Object({
        code: Type.String(),
        section: Type.String(),
        section_name_cs: Type.String(),
        section_name_en: Type.String(),
        division: Type.String(),
        division_name_en: Type.String(),
        level: Type.Union([
          Type.Literal('division'),
          Type.Literal('group'),
          Type.Literal('class'),
          Type.Literal('subclass'),
        ]),
        resolved_to: Type.Literal('division'),
      }),
    ),
    sections: Type.Array(Type.String(), { description: 'distinct sections, in order of first appearance' }),
  }),
  verdict: 'informational',
  law: ['csu-cz-nace'],
  examples: [
    { title: 'An IT company’s activities from ARES', input: { codes: ['62010', '6202', '46510'] } },
    { title: 'A real-estate agency', input: { codes: ['68.31', '68'] } },
  ],
  async run(input, ctx) {
    const at = isoDate(ctx.now)
    const say = ctx.say
    const ref = loadReference<Version>('cz-nace')
    const version = versionAt(ref, isoDate(ctx.now))
    const activities = input.codes.map((raw, i) => {
      const code = raw.replace(/[.\s]/g, '')
      if (!/^\d{2,5}$/.test(code)) throw errors.invalid(`codes/${i}`, 'must be 2 to 5 digits (dots allowed)')
      const division = code.slice(0, 2)
      const divisionName = version.divisions[division]
      if (!divisionName) throw errors.invalid(`codes/${i}`, `division ${division} does not exist in CZ-NACE`)
      const section = version.sections.find((s) => division >= s.divisions[0] && division <= s.divisions[1])!
      const levels = ['division', 'group', 'class', 'subclass'] as const
      return {
        code,
        section: section.code,
        section_name_cs: section.name_cs,
        section_name_en: section.name_en,
        division,
        division_name_en: divisionName,
        level: levels[code.length - 2]!,
        resolved_to: 'division' as const,
      }
    })
    const sections = [...new Set(activities.map((a) => a.section))]
    return {
      activities,
      sections,
      rules_applied: [
        lawRule(
          say({
            cs: 'první dvě číslice jsou oddíl; sekce je rozsah oddílů, do něhož spadá',
            en: 'the first two digits are the division; the section is the range of divisions it falls in',
          }),
          cite(at, 'csu-cz-nace'),
          say({
            cs: `${countCs(sections.length, ['sekce', 'sekce', 'sekcí'])}: ${sections.join(', ')}`,
            en: `${sections.length} section(s): ${sections.join(', ')}`,
          }),
        ),
      ],
    }
  },
})
