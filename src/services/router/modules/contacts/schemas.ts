/**
 * Schemas of GET /api/v1/contacts/search: the same query limits as the domain service's
 * GET /api/contacts/search (which answers it), so a bad query is a 400 here without a round trip.
 * The answer is the domain's, as its generated types say: the route passes the domain's contacts
 * on typed, so a field the domain changes that this schema describes fails compilation there.
 */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'

export const ContactSearchQuery = Type.Object(
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

const Contact = Open(
  {
    id: Type.String(),
    kind: Type.String({ description: 'person or company' }),
    name: Type.String(),
    company: Nullable(Type.String()),
    ico: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String({ description: 'E.164' })),
    emails: Type.Array(Type.String()),
    phones: Type.Array(Type.String()),
    address: Nullable(Type.String()),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
  },
  'a contact of the domain service, as it answers it',
)

export const ContactSearchResponse = okSchema(
  Type.Object({
    query: Type.String(),
    total: Type.Integer({ description: 'all matches, not only those answered' }),
    items: Type.Array(Contact),
  }),
)
