/**
 * Schemas of the contact routes: POST /api/contacts (one contact or a batch), GET /api/contacts
 * (those with a location, by box) and GET /api/contacts/search. Envelope and errors as in
 * the service's schemas.ts.
 */

import { Type } from 'typebox'
import { sharedSchema } from '../../../../kit/api-docs.ts'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable } from '../../../../kit/schemas.ts'
import { Bbox, Latitude, Longitude } from '../../schemas.ts'
import { CONTACT_KINDS, LIMITS } from './record.ts'

/** Most contacts one POST takes (one transaction). */
const MAX_BATCH = 1000

const Text = (max: number, description: string) =>
  Type.Optional(Type.String({ maxLength: max, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description }))

const contactFields = {
  kind: Type.Optional(
    Type.Enum(CONTACT_KINDS, {
      description:
        'person or company; when left out, a record without a personal name, or whose name carries a legal form (s.r.o., a.s. …), is a company',
    }),
  ),
  name: Text(LIMITS.name, 'the person’s name (titles allowed) or the company’s name'),
  company: Text(
    LIMITS.company,
    'the company a person works for, or the company itself when there is no name',
  ),
  ico: Text(LIMITS.ico, 'IČO, 8 digits with the mod-11 check digit (shorter forms are padded with zeros)'),
  email: Text(LIMITS.email, 'e-mail address (RFC 5321/5322 syntax; IDN domains allowed)'),
  phone: Text(
    LIMITS.phone,
    'telephone number as written; without a country code it is Czech; stored in E.164',
  ),
  address: Text(LIMITS.address, 'postal address as one line'),
  latitude: Type.Optional(Latitude),
  longitude: Type.Optional(Longitude),
}

const ContactInput = Type.Object(contactFields, { additionalProperties: false })

export const ContactsBody = Type.Object(
  {
    ...contactFields,
    contacts: Type.Optional(
      Type.Array(ContactInput, {
        minItems: 1,
        maxItems: MAX_BATCH,
        description: `up to ${MAX_BATCH} contacts saved together (all or none); give either this or the fields of one contact`,
      }),
    ),
    source: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.source,
        pattern: '^[^\\u0000-\\u001f\\u007f]+$',
        description: 'where the contacts come from (kept with new rows); default "api"',
      }),
    ),
  },
  { additionalProperties: false },
)

const ContactFields = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.Enum(CONTACT_KINDS),
  name: Type.String(),
  company: Nullable(Type.String()),
  ico: Nullable(Type.String()),
  email: Nullable(Type.String({ description: 'the first address known' })),
  phone: Nullable(Type.String({ description: 'the first number known, E.164' })),
  emails: Type.Array(Type.String(), { description: 'every address merged into this contact' }),
  phones: Type.Array(Type.String(), { description: 'every number merged into this contact, E.164' }),
  address: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  source: Type.String({ description: 'where the contact first came from (file name, or the POST’s source)' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})

/** A stored contact, as saving, the located list, the search and the map search answer it. */
export const SharedContact = sharedSchema('Contact', ContactFields)
const Contact = SharedContact.ref

export const SaveResponse = okSchema(
  Type.Object({
    received: Type.Integer(),
    added: Type.Integer({ description: 'new contacts' }),
    merged: Type.Integer({ description: 'records that matched a contact and added to it (or joined two)' }),
    unchanged: Type.Integer({ description: 'records a contact already held entirely' }),
    items: Type.Array(
      Type.Object({
        status: Type.Union([Type.Literal('added'), Type.Literal('merged'), Type.Literal('unchanged')]),
        contact: Contact,
      }),
      { description: 'per record, in order: the contact it is now part of' },
    ),
  }),
)

export const LocatedQuery = Type.Object(
  {
    bbox: Type.Optional(Bbox),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  },
  { additionalProperties: false },
)

export const ContactPage = okSchema(
  Type.Object({
    total: Type.Integer({ description: 'all matches, not only this page' }),
    limit: Type.Integer(),
    offset: Type.Integer(),
    items: Type.Array(Contact),
  }),
)

export const SearchQuery = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'words of a name, company, IČO, e-mail or phone number; diacritics and case aside',
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  },
  { additionalProperties: false },
)

export const SearchResponse = okSchema(
  Type.Object({
    query: Type.String(),
    total: Type.Integer({ description: 'all matches, not only those answered' }),
    items: Type.Array(Contact),
  }),
)
