import { Type } from 'typebox'
import { findDuplicates } from '../../engines/contacts/dedup.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { ContactSchema, lawRule, today } from './shared.ts'

type Contact = {
  name?: string
  email?: string
  phone?: string
  organization?: string
  title?: string
  address?: string
  ico?: string
  url?: string
  note?: string
}

const KEYS = ['name', 'email', 'phone', 'organization', 'title', 'address', 'ico', 'url', 'note'] as const

export const contactDedup = defineAgent({
  service: 'contact',
  name: 'contact_dedup',
  description:
    'Finds duplicate contacts in a list: the same e-mail (case-folded; Gmail dots and +tags ignored), the same phone number in E.164, the same IČO of a company or sole trader, or the same name (titles, diacritics and word order ignored) at the same organisation or e-mail domain. Groups are transitive and each comes with a merged record and the links that joined it.',
  input: Type.Object(
    {
      contacts: Type.Array(ContactSchema, { minItems: 1, maxItems: 5000 }),
      default_country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', default: 'CZ' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    input_count: Type.Integer(),
    unique_count: Type.Integer(),
    duplicates_found: Type.Integer(),
    not_comparable: Type.Array(Type.Integer(), {
      description: 'contacts with no name, e-mail, phone or IČO: nothing to compare them by',
    }),
    groups: Type.Array(
      Type.Object({
        members: Type.Array(Type.Integer()),
        links: Type.Array(
          Type.Object({ a: Type.Integer(), b: Type.Integer(), rule: Type.String(), key: Type.String() }),
        ),
        merged: ContactSchema,
        conflicts: Type.Array(Type.Object({ field: Type.String(), values: Type.Array(Type.String()) })),
      }),
    ),
  }),
  verdict: {
    explain:
      '`informational`; `incomplete` when a contact has no name, e-mail, phone or IČO, so whether it duplicates another cannot be told',
    of: (r) => (r.not_comparable.length > 0 ? 'incomplete' : 'informational'),
  },
  law: ['method-contact-matching', 'rfc-5321', 'itu-e164', 'cz-111-2009-s24', 'eu-2016-679-art5'],
  examples: [
    {
      title: 'The same person entered three times (e-mail case, phone format, titles)',
      input: {
        contacts: [
          { name: 'Ing. Jiří Dvořák', email: 'Jiri.Dvorak@firma.cz', phone: '602 123 456' },
          { name: 'Jiri Dvorak', email: 'jiri.dvorak@firma.cz' },
          { name: 'J. Dvořák', phone: '+420602123456', organization: 'Firma s.r.o.' },
          { name: 'Petra Nováková', email: 'petra.novakova@firma.cz' },
        ],
      },
    },
    {
      title: 'Gmail ignores dots and +tags',
      input: {
        contacts: [
          { name: 'Lucie Černá', email: 'lucie.cerna+crm@gmail.com' },
          { name: 'Lucie Cerna', email: 'luciecerna@gmail.com' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const contacts = input.contacts as Contact[]
    const { groups, links } = findDuplicates(contacts, input.default_country ?? 'CZ')
    const out = groups
      .filter((g) => g.length > 1)
      .map((members) => {
        const merged: Contact = {}
        const conflicts: { field: string; values: string[] }[] = []
        for (const key of KEYS) {
          const values = [
            ...new Set(members.map((i) => contacts[i]![key]).filter((v): v is string => Boolean(v))),
          ]
          // The longest value usually carries the most (titles, full company name).
          const best = [...values].sort((a, b) => b.length - a.length)[0]
          if (best !== undefined) merged[key] = best
          if (values.length > 1 && key !== 'name') conflicts.push({ field: key, values })
        }
        const set = new Set(members)
        return { members, links: links.filter((l) => set.has(l.a) && set.has(l.b)), merged, conflicts }
      })
    const duplicates = out.reduce((n, g) => n + g.members.length - 1, 0)
    const notComparable = contacts.flatMap((c, i) => (c.name || c.email || c.phone || c.ico ? [] : [i]))
    return {
      not_comparable: notComparable,
      input_count: contacts.length,
      unique_count: groups.length,
      duplicates_found: duplicates,
      groups: out,
      rules_applied: [
        lawRule(
          say({
            cs: 'osobní údaje se udržují přesné: duplicitní záznamy se sloučí nebo opraví',
            en: 'personal data are kept accurate: duplicate records are merged or corrected',
          }),
          cite(today(ctx), 'eu-2016-679-art5'),
          say({ cs: `duplicit: ${duplicates}`, en: `${duplicates} duplicate(s)` }),
        ),
        lawRule(
          say({
            cs: 'stejná e-mailová adresa (doména bez ohledu na velikost písmen; místní část také, jak to dělají všichni velcí poskytovatelé)',
            en: 'same e-mail address (domain case-folded; local part case-folded as all major providers do)',
          }),
          cite(today(ctx), 'rfc-5321'),
          say({
            cs: `vazeb: ${links.filter((l) => l.rule === 'same_email').length}`,
            en: `${links.filter((l) => l.rule === 'same_email').length} links`,
          }),
        ),
        lawRule(
          say({
            cs: 'Gmail nerozlišuje tečky a +přípony v místní části',
            en: 'Gmail ignores dots and +suffixes in the local part',
          }),
          cite(today(ctx), 'method-contact-matching'),
          say({
            cs: 'uplatněno na gmail.com a googlemail.com',
            en: 'applied to gmail.com and googlemail.com',
          }),
        ),
        lawRule(
          say({ cs: 'stejné telefonní číslo v E.164', en: 'same telephone number in E.164' }),
          cite(today(ctx), 'itu-e164'),
          say({
            cs: `vazeb: ${links.filter((l) => l.rule === 'same_phone').length}`,
            en: `${links.filter((l) => l.rule === 'same_phone').length} links`,
          }),
        ),
        lawRule(
          say({
            cs: 'stejné IČO samotného subjektu (společnost nebo podnikatel bez organizace); osoba ve firmě sdílí IČO s kolegy, a proto se podle něj nespojuje',
            en: 'same IČO of the party itself (a company, or a sole trader without an organisation); a person at a company shares its IČO with colleagues and is not linked by it',
          }),
          cite(today(ctx), 'method-contact-matching', 'cz-111-2009-s24'),
          say({
            cs: `vazeb: ${links.filter((l) => l.rule === 'same_ico').length}`,
            en: `${links.filter((l) => l.rule === 'same_ico').length} links`,
          }),
        ),
        lawRule(
          say({
            cs: 'stejné jméno (bez ohledu na tituly, diakritiku, velikost písmen a pořadí slov) ve stejné organizaci nebo e-mailové doméně',
            en: 'same name (titles, diacritics, case and word order ignored) at the same organisation or e-mail domain',
          }),
          cite(today(ctx), 'method-contact-matching'),
          say({
            cs: `vazeb: ${links.filter((l) => l.rule === 'same_name_and_organization').length}`,
            en: `${links.filter((l) => l.rule === 'same_name_and_organization').length} links`,
          }),
        ),
        lawRule(
          say({ cs: 'vazby jsou tranzitivní (union–find)', en: 'links are transitive (union–find)' }),
          cite(today(ctx), 'method-contact-matching'),
          say({ cs: `skupin s duplicitami: ${out.length}`, en: `${out.length} groups with duplicates` }),
        ),
      ],
    }
  },
})
