import { Type } from 'typebox'
import { toVcard } from '../../engines/contacts/vcard.ts'
import { defineAgent } from '../types.ts'
import { ContactSchema } from './shared.ts'
import { cardOf, cardRules, placeAddress } from './vcard-checks.ts'

export const vcardExport = defineAgent({
  service: 'contact',
  name: 'vcard_export',
  description:
    'Exports contacts as vCard 4.0 (RFC 6350) for address books: names split into titles, given name and surname, phones as E.164 tel: URIs, Czech addresses split into street, PSČ, municipality and region via the RÚIAN postcode gazetteer, with escaping and 75-octet line folding. Reports what it could not structure.',
  input: Type.Object(
    {
      contacts: Type.Array(ContactSchema, { minItems: 1, maxItems: 1000 }),
      default_country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', default: 'CZ' })),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    count: Type.Integer(),
    media_type: Type.Literal('text/vcard'),
    vcard: Type.String(),
    issues: Type.Array(Type.Object({ index: Type.Integer(), field: Type.String(), issue: Type.String() })),
  }),
  verdict: {
    explain:
      '`informational` when every field went into the cards; `review` when a field was left out or could not be placed (each in `issues` with the reason)',
    of: (r) => (r.issues.length > 0 ? 'review' : 'informational'),
  },
  law: ['rfc-6350', 'ruian-psc'],
  examples: [
    {
      title: 'A Prague contact with titles, phone and address',
      input: {
        contacts: [
          {
            name: 'Ing. Jana Nováková, Ph.D.',
            email: 'jana.novakova@firma.cz',
            phone: '602 123 456',
            organization: 'Firma s.r.o.',
            title: 'jednatelka',
            address: 'Václavské náměstí 846/1, 110 00 Praha 1',
          },
        ],
      },
    },
    {
      title: 'Two contacts, one with an address the gazetteer cannot place',
      input: {
        contacts: [
          { name: 'Tomáš Svoboda', phone: '541 123 456', address: 'Husova 5, 602 00 Brno' },
          { name: 'Lucie Černá', email: 'lucie@example.cz', address: 'Nádražní 12, 999 99 Nikde' },
        ],
      },
    },
  ],
  async run(input, ctx) {
    const built = input.contacts.map((c, index) => cardOf(c, index, input.default_country ?? 'CZ', ctx.say))
    const cards = built.map((b) => b.card)
    const addresses = input.contacts.flatMap((c, index) =>
      c.address ? [{ index, card: cards[index]!, address: c.address }] : [],
    )
    const placed = await Promise.all(addresses.map((a) => placeAddress(ctx, a.card, a.address, a.index)))
    const issues = [...built.flatMap((b) => b.issues), ...placed.flatMap((p) => p.issues)]
    issues.sort((a, b) => a.index - b.index)
    const vcards = cards.map(toVcard)
    return {
      count: vcards.length,
      media_type: 'text/vcard' as const,
      vcard: vcards.join(''),
      issues,
      rules_applied: cardRules(ctx, vcards.length, placed.filter((p) => p.placed).length, addresses.length),
    }
  },
})
