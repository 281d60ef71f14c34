/**
 * POST /api/contacts (one contact or up to 1,000, checked and saved in one transaction,
 * deduplicated), GET /api/contacts (contacts with a location, by box) and
 * GET /api/contacts/search (by name, company, IČO, e-mail or phone, diacritics and case aside).
 */
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { OPERATOR_SECURITY, type OperatorKeys, operatorOnly } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import { parseBbox } from '../../places.ts'
import { ERRORS, ErrorEnvelope } from '../../schemas.ts'
import { type CheckedContact, checkContact, type RawContact } from './record.ts'
import {
  ContactPage,
  ContactsBody,
  LocatedQuery,
  SaveResponse,
  SearchQuery,
  SearchResponse,
} from './schemas.ts'
import type { ContactStore } from './store.ts'

export interface ContactsDeps {
  /** The contacts table. */
  contacts: Pick<ContactStore, 'save' | 'byIds' | 'located' | 'search'>
  /** The keys that may save contacts. */
  operatorKeys: OperatorKeys
  now?: (() => Date) | undefined
}

export function registerContacts(app: App, deps: ContactsDeps): void {
  const now = deps.now ?? (() => new Date())

  app.post(
    '/api/contacts',
    {
      // The table is shared: everyone's searches and map read it, so only an operator key writes.
      onRequest: operatorOnly(deps.operatorKeys, 'Saving contacts'),
      // 1,000 contacts of at most ~1.2 KB each (the field limits) with room for JSON escapes.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        summary:
          'Save one contact, or {contacts:[…]} (up to 1,000) in one transaction; the same person or company (e-mail, phone in E.164, own IČO) merges into one contact',
        tags: ['contacts'],
        security: OPERATOR_SECURITY,
        body: ContactsBody,
        response: { 200: SaveResponse, ...ERRORS, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { contacts, source, ...single } = request.body
      if (contacts !== undefined && Object.keys(single).length > 0)
        throw errors.invalid(
          'contacts',
          'either one contact or {contacts:[…]}',
          `give either the fields of one contact or contacts:[…], not both (also got ${Object.keys(single).join(', ')})`,
        )
      const raws: RawContact[] = contacts ?? [single]
      const checked: CheckedContact[] = []
      // Every record is checked before anything is written: one bad record and none is saved.
      for (const [i, raw] of raws.entries()) {
        const check = checkContact(raw)
        if (!check.ok) {
          const field = contacts === undefined ? check.field : `contacts.${i}.${check.field}`
          throw new AppError('invalid_request', `${field}: ${check.rule}`, {
            location: 'body',
            field,
            rule: check.rule,
          })
        }
        checked.push(check.contact)
      }
      const report = await deps.contacts.save(checked, { source: source ?? 'api', now: now() })
      const rows = await deps.contacts.byIds(report.results.map((r) => r.id))
      const byId = new Map(rows.map((c) => [c.id, c]))
      return ok(reply, {
        received: raws.length,
        added: report.added,
        merged: report.merged,
        unchanged: report.unchanged,
        items: report.results.map((r) => ({ status: r.status, contact: byId.get(r.id)! })),
      })
    },
  )

  app.get(
    '/api/contacts',
    {
      schema: {
        summary:
          'Contacts with a location, within bbox when given (minLon,minLat,maxLon,maxLat), by name, paged',
        tags: ['contacts'],
        querystring: LocatedQuery,
        response: { 200: ContactPage, ...ERRORS },
      },
    },
    async (request, reply) => {
      const q = request.query
      const limit = q.limit ?? 100
      const offset = q.offset ?? 0
      const page = await deps.contacts.located({
        bbox: q.bbox === undefined ? undefined : parseBbox(q.bbox),
        limit,
        offset,
      })
      return ok(reply, { total: page.total, limit, offset, items: page.items })
    },
  )

  app.get(
    '/api/contacts/search',
    {
      schema: {
        summary:
          'Contacts by name, company, IČO, e-mail or phone: every word of the query must match, diacritics and case aside',
        tags: ['contacts'],
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { query } = request.query
      if (!/[\p{L}\p{N}]/u.test(query)) throw errors.invalid('query', 'at least one letter or digit')
      const page = await deps.contacts.search(query, request.query.limit ?? 10)
      return ok(reply, { query, total: page.total, items: page.items })
    },
  )
}
