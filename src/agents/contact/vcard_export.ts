import { createHash } from 'node:crypto'
import { Type } from 'typebox'
import { checkEmailSyntax } from '../../engines/contacts/email.ts'
import { parseName } from '../../engines/contacts/names.ts'
import { parsePhone } from '../../engines/contacts/phone.ts'
import { toVcard, type VcardContact } from '../../engines/contacts/vcard.ts'
import { AppError, errors } from '../../kit/errors.ts'
import { cite } from '../law.ts'
import { defineAgent } from '../types.ts'
import { ContactSchema, lawRule, today } from './shared.ts'

/** A stable UUID (version 5 layout, SHA-1) from the contact's identity, so re-exports update, not duplicate. */
function stableUuid(seed: string): string {
  const h = createHash('sha1').update(seed).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const hex = h.subarray(0, 16).toString('hex')
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

interface NormalizedAddress {
  street: string | null
  house_number: string | null
  orientation_number: string | null
  psc: string | null
  municipality: string | null
  region: string | null
  psc_known: boolean
  psc_matches_municipality: boolean | null
  issues: string[]
}

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
    const say = ctx.say
    const issues: { index: number; field: string; issue: string }[] = []
    const addresses: { index: number; card: VcardContact; address: string }[] = []
    const cards = input.contacts.map((c, index) => {
      const label = c.name ?? c.organization ?? c.email
      if (!label) throw errors.invalid(`contacts/${index}/name`, 'required (or organization or email)')
      const card: VcardContact = {
        full_name: label,
        uid: stableUuid(`${c.name ?? ''}|${c.email ?? ''}|${c.phone ?? ''}|${c.organization ?? ''}`),
      }
      if (c.name) {
        const n = parseName(c.name)
        card.full_name = [...n.given_names, n.surname].join(' ')
        if (n.titles_before.length) card.full_name = `${n.titles_before.join(' ')} ${card.full_name}`
        if (n.titles_after.length) card.full_name += `, ${n.titles_after.join(', ')}`
        card.surname = n.surname
        card.given_names = n.given_names
        card.titles_before = n.titles_before
        card.titles_after = n.titles_after
      }
      if (c.organization) card.organization = c.organization
      if (c.title) card.title = c.title
      if (c.email) {
        const e = checkEmailSyntax(c.email)
        if (e.valid) card.emails = [{ value: e.address, type: 'work' }]
        else
          issues.push({
            index,
            field: 'email',
            issue: say({ cs: `vynecháno: ${e.reason_cs}`, en: `left out: ${e.reason}` }),
          })
      }
      if (c.phone) {
        const p = parsePhone(c.phone, input.default_country ?? 'CZ')
        if (p.ok && p.valid) card.phones = [{ value: p.e164, type: p.type === 'mobile' ? 'cell' : 'voice' }]
        else
          issues.push({
            index,
            field: 'phone',
            issue: say({
              cs: `vynecháno: ${p.ok ? 'číslo není pro svou zemi platné' : p.reason}`,
              en: `left out: ${p.ok ? 'not a valid number for its country' : p.reason}`,
            }),
          })
      }
      if (c.address) addresses.push({ index, card, address: c.address })
      if (c.url) card.url = c.url
      if (c.note) card.note = c.note
      if (c.ico) card.note = `${card.note ? `${card.note}\n` : ''}IČO ${c.ico}`
      return card
    })
    // Addresses are split by the agent that owns Czech address rules, against the RÚIAN gazetteer.
    let placed = 0
    await Promise.all(
      addresses.map(async ({ index, card, address }) => {
        try {
          const a = (await ctx.call('data', 'address_normalizer', { address })) as NormalizedAddress
          if (a.psc_known && a.psc_matches_municipality !== false && a.municipality) {
            const numbers = [a.house_number, a.orientation_number].filter(Boolean).join('/')
            card.address = {
              street: [a.street, numbers].filter(Boolean).join(' '),
              locality: a.municipality,
              region: a.region ?? '',
              postal_code: a.psc ?? '',
              country: 'Česká republika',
            }
            placed++
          } else {
            card.address = { street: address }
            issues.push({
              index,
              field: 'address',
              issue: say({
                cs: `ponecháno na jednom řádku: ${a.issues.join('; ') || 'nenalezeno v místopisu'}`,
                en: `kept as one line: ${a.issues.join('; ') || 'not placed in the gazetteer'}`,
              }),
            })
          }
        } catch (error) {
          card.address = { street: address }
          const why = error instanceof AppError ? error.code : 'failed'
          issues.push({
            index,
            field: 'address',
            issue: say({
              cs: `ponecháno na jednom řádku: data/address_normalizer ${why}`,
              en: `kept as one line: data/address_normalizer ${why}`,
            }),
          })
        }
      }),
    )
    issues.sort((a, b) => a.index - b.index)
    const vcards = cards.map(toVcard)
    return {
      count: vcards.length,
      media_type: 'text/vcard' as const,
      vcard: vcards.join(''),
      issues,
      rules_applied: [
        lawRule(
          say({
            cs: 'vCard 4.0: FN, N (příjmení; jméno; další jména; tituly před; tituly za), TEL jako tel: URI, ADR',
            en: 'vCard 4.0: FN, N (surname; given; additional; prefixes; suffixes), TEL as tel: URI, ADR',
          }),
          cite(today(ctx), 'rfc-6350'),
          say({ cs: `vizitek: ${vcards.length}`, en: `${vcards.length} cards` }),
        ),
        lawRule(
          say({
            cs: 'escapování textu a zalamování řádků po 75 oktetech s CRLF',
            en: 'text escaping and 75-octet line folding with CRLF',
          }),
          cite(today(ctx), 'rfc-6350'),
        ),
        lawRule(
          say({
            cs: 'česká adresa ověřená v místopisu PSČ z RÚIAN',
            en: 'Czech address checked against the RÚIAN postcode gazetteer',
          }),
          cite(today(ctx), 'ruian-psc'),
          say({
            cs: `umístěno ${placed} z ${addresses.length} (data/address_normalizer)`,
            en: `${placed} of ${addresses.length} placed (data/address_normalizer)`,
          }),
        ),
      ],
    }
  },
})
