import MiniSearch from 'minisearch'
import { Type } from 'typebox'
import { parsePhone } from '../../engines/contacts/phone.ts'
import { fold } from '../../engines/contacts/text.ts'
import { errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { ContactSchema, lawRule, today } from './shared.ts'

const FIELDS = ['name', 'email', 'phone', 'organization', 'title', 'address', 'ico'] as const
type Field = (typeof FIELDS)[number]

/** A phone is indexed by its digits as written and, when it parses, as E.164 and national digits. */
function phoneTerms(phone: string): string {
  const p = parsePhone(phone)
  const terms = new Set([phone.replace(/\D/g, '')])
  if (p.ok) {
    terms.add(p.e164.slice(1))
    terms.add(p.national_number)
  }
  return [...terms].join(' ')
}

export const contactSearch = defineAgent({
  service: 'contact',
  name: 'contact_search',
  description:
    'Searches a list of contacts for a query across name, e-mail, phone, organisation, job title, address and IČO, ignoring diacritics and case, with prefix and typo-tolerant matching (BM25 ranking); returns the best hits up to the limit with the fields that matched.',
  input: Type.Object(
    {
      query: Type.String({ minLength: 1, maxLength: 200 }),
      contacts: Type.Array(ContactSchema, { minItems: 1, maxItems: 5000 }),
      fields: Type.Optional(Type.Array(Type.Enum(FIELDS), { minItems: 1, uniqueItems: true })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
      fuzzy: Type.Optional(
        Type.Boolean({ default: true, description: 'tolerate one typo per 5 characters' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    query: Type.String(),
    total: Type.Integer(),
    hits: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'position in the input list' }),
        score: Type.Number(),
        matched_fields: Type.Array(Type.String()),
        contact: ContactSchema,
      }),
    ),
  }),
  verdict: 'informational',
  law: ['method-text-search'],
  examples: [
    {
      title: 'Finds a person without diacritics in the query',
      input: {
        query: 'dvorak',
        contacts: [
          { name: 'Ing. Jiří Dvořák', email: 'jiri.dvorak@firma.cz', organization: 'Firma s.r.o.' },
          { name: 'Petra Nováková', email: 'petra.novakova@firma.cz', organization: 'Firma s.r.o.' },
          { name: 'Tomáš Dvořáček', organization: 'Stavby Brno, s.r.o.' },
        ],
        limit: 5,
        fuzzy: false,
      },
    },
    {
      title: 'A typo in an organisation name',
      input: {
        query: 'stavbi brno',
        contacts: [
          { name: 'Tomáš Svoboda', organization: 'Stavby Brno, s.r.o.', title: 'jednatel' },
          { name: 'Lucie Černá', organization: 'Reality Praha a.s.' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const fields: Field[] = input.fields ? [...input.fields] : [...FIELDS]
    const index = new MiniSearch<Record<string, string | number>>({
      fields,
      storeFields: [],
      idField: 'id',
      // A leading + (E.164) is dropped so "+420…" matches the indexed digits.
      processTerm: (term) => fold(term).replace(/^\+/, ''),
      tokenize: (text) => text.split(/[\s,;/()<>"']+|(?<=\S)@|\.(?=\s|$)/u).filter(Boolean),
    })
    index.addAll(
      input.contacts.map((c, id) => {
        const doc: Record<string, string | number> = { id }
        for (const f of fields) {
          const value = c[f]
          if (value === undefined) continue
          doc[f] = f === 'phone' ? phoneTerms(value) : value
        }
        return doc
      }),
    )
    // A query of punctuation alone folds to nothing: no contact could match it, so say so.
    if (!/[\p{L}\p{N}]/u.test(input.query)) throw errors.invalid('query', 'has no letters or digits')
    const results = index.search(input.query, {
      prefix: true,
      fuzzy: input.fuzzy !== false ? 0.2 : false,
      combineWith: 'AND',
    })
    const hits = results.slice(0, input.limit ?? 10).map((r) => ({
      index: Number(r.id),
      score: Math.round(r.score * 1000) / 1000,
      matched_fields: [...new Set(Object.values(r.match).flat())].sort(),
      contact: input.contacts[Number(r.id)]!,
    }))
    return {
      query: input.query,
      total: results.length,
      hits,
      rules_applied: [
        lawRule(
          say({
            cs: 'každé slovo dotazu musí odpovídat (AND), podle začátku',
            en: 'every query word must match (AND), by prefix',
          }) +
            (input.fuzzy !== false
              ? say({
                  cs: ' nebo v editační vzdálenosti 0,2 × délka',
                  en: ' or within edit distance 0.2 × length',
                })
              : ''),
          cite(today(ctx), 'method-text-search'),
          say({ cs: `shod: ${results.length}`, en: `${results.length} matches` }),
        ),
        lawRule(
          say({
            cs: 'diakritika a velikost písmen se nerozlišují; telefonní čísla se porovnávají podle číslic',
            en: 'diacritics and case are ignored; phone numbers compared by digits',
          }),
          cite(today(ctx), 'method-text-search'),
          fields.join(', '),
        ),
      ],
    }
  },
})
