import { Type } from 'typebox'
import { parseName } from '../../engines/contacts/names.ts'
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { lawRule, today } from './shared.ts'

/** The parser's gender cues in both languages (by its English wording); an unknown cue shows as given. */
const GENDER_BASIS: Record<string, Texts> = {
  'surname ends in -ová': { cs: 'příjmení končí na -ová', en: 'surname ends in -ová' },
  'adjectival surname ends in -á': {
    cs: 'příjmení přídavného typu končí na -á',
    en: 'adjectival surname ends in -á',
  },
  'adjectival surname ends in -ý': {
    cs: 'příjmení přídavného typu končí na -ý',
    en: 'adjectival surname ends in -ý',
  },
  'given name is a listed female name': {
    cs: 'křestní jméno je na seznamu ženských jmen',
    en: 'given name is a listed female name',
  },
  'given name ends in -a but is not only female': {
    cs: 'křestní jméno končí na -a, ale není jen ženské',
    en: 'given name ends in -a but is not only female',
  },
  'given name ends in -a/-e (female declension)': {
    cs: 'křestní jméno končí na -a/-e (ženské skloňování)',
    en: 'given name ends in -a/-e (female declension)',
  },
  'given name ends in a consonant, -í or -é (male declension)': {
    cs: 'křestní jméno končí na souhlásku, -í nebo -é (mužské skloňování)',
    en: 'given name ends in a consonant, -í or -é (male declension)',
  },
  'no gender cue in the name': { cs: 'jméno rod neprozrazuje', en: 'no gender cue in the name' },
}
const GENDER: Record<string, Texts> = {
  female: { cs: 'ženský rod', en: 'female' },
  male: { cs: 'mužský rod', en: 'male' },
  unknown: { cs: 'rod neurčen', en: 'unknown' },
}

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
    const basis = say(GENDER_BASIS[p.gender_basis] ?? { cs: p.gender_basis, en: p.gender_basis })
    const core = [...p.given_names, p.surname].join(' ')
    const formatted = `${[...p.titles_before, core].join(' ')}${p.titles_after.length ? `, ${p.titles_after.join(', ')}` : ''}`
    return {
      name: input.name,
      ...p,
      gender_basis: basis,
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
          `${say(GENDER[p.gender]!)} (${basis})`,
        ),
      ],
    }
  },
})
