import { Type } from 'typebox'
import { parseName } from '../../engines/contacts/names.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

export const nameParser = defineAgent({
  service: 'contact',
  name: 'name_parser',
  description:
    'Splits a Czech personal name into academic titles before and after it (Ing., Mgr., MUDr., doc., Ph.D., MBA …), given names and surname, and infers the grammatical gender from the Czech name endings (-ová/-á surnames are female), saying which cue decided.',
  input: Type.Object(
    { name: Type.String({ minLength: 1, maxLength: 200, description: 'the name as written' }) },
    { additionalProperties: false },
  ),
  output: Type.Object({
    name: Type.String(),
    titles_before: Type.Array(Type.String()),
    titles_after: Type.Array(Type.String()),
    given_names: Type.Array(Type.String()),
    surname: Type.String(),
    gender: Type.Union([Type.Literal('female'), Type.Literal('male'), Type.Literal('unknown')]),
    gender_basis: Type.String(),
    formatted: Type.String({
      description: 'titles before, name, then titles after a comma (Czech convention)',
    }),
  }),
  verdict: 'informational',
  law: ['cz-111-1998-titles', 'cz-561-2004-s101', 'ujc-name-gender'],
  examples: [
    { title: 'Titles on both sides', input: { name: 'doc. Ing. Jana Nováková, Ph.D., MBA' } },
    { title: 'Surname first with a comma', input: { name: 'Dvořák, Jiří' } },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const p = parseName(input.name)
    if (!p.surname || !/\p{L}/u.test(p.surname))
      throw errors.invalid('name', 'must contain a name, not only titles')
    const core = [...p.given_names, p.surname].join(' ')
    const formatted = `${[...p.titles_before, core].join(' ')}${p.titles_after.length ? `, ${p.titles_after.join(', ')}` : ''}`
    return {
      name: input.name,
      ...p,
      formatted,
      rules_applied: [
        lawRule(
          say({
            cs: 'akademické tituly před jménem (Bc., Ing., Mgr., MUDr., JUDr., PhDr. …; doc., prof.)',
            en: 'academic titles before the name (Bc., Ing., Mgr., MUDr., JUDr., PhDr. …; doc., prof.)',
          }),
          cite(today(ctx), 'cz-111-1998-titles'),
          p.titles_before.join(' ') || say({ cs: 'žádné', en: 'none' }),
        ),
        lawRule(
          say({
            cs: 'tituly za jménem (Ph.D., CSc., DiS., MBA …)',
            en: 'titles after the name (Ph.D., CSc., DiS., MBA …)',
          }),
          cite(today(ctx), 'cz-111-1998-titles', 'cz-561-2004-s101'),
          p.titles_after.join(', ') || say({ cs: 'žádné', en: 'none' }),
        ),
        lawRule(
          say({ cs: 'mluvnický rod podle koncovek jména', en: 'grammatical gender from the name endings' }),
          cite(today(ctx), 'ujc-name-gender'),
          `${p.gender} (${p.gender_basis})`,
        ),
      ],
    }
  },
})
