/**
 * The contact routes over HTTP (inject, SQLite): POST /api/contacts (one or a batch, deduplicated,
 * all or nothing, each bad field a 400 naming it), GET /api/contacts (located, by box) and
 * GET /api/contacts/search (diacritics and case aside, limits), and their OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveSharedData, REGISTRY_DIR, SHARED_LISTINGS } from '../../../../../test/domain/fixtures.ts'
import { type Storage, sqliteStorage } from '../../../../../test/support/storage.ts'
import { saleListings } from '../../../../engines/realestate/comparables.ts'
import { loadGazetteer } from '../../../../engines/realestate/regions.ts'
import { valuerFor } from '../../../../engines/realestate/valuation.ts'
import type { Database } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../../../kit/operator-keys.ts'
import { DEV_INTERNAL_KEY } from '../../../../kit/secrets.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { buildSnapshot } from '../../state.ts'
import { VariableSymbolStore } from '../payments/store.ts'
import { ListingStore } from '../reality/store.ts'
import { ContactStore } from './store.ts'

describe.skipIf(!haveSharedData)('domain contacts', () => {
  let storage: Storage
  let db: Database
  let app: App
  let contacts: ContactStore
  beforeAll(async () => {
    storage = sqliteStorage('domain-contacts')
    db = storage.open()
    await db.migrate()
    contacts = new ContactStore(db)
    app = await buildApp({
      logger: createLogger({ level: 'silent' }),
      store: new ListingStore(db),
      contacts,
      symbols: new VariableSymbolStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot: buildSnapshot([], loadGazetteer(REGISTRY_DIR)),
      valuer: valuerFor(saleListings(SHARED_LISTINGS)),
      now: () => new Date('2026-11-20T10:00:00Z'),
      logRequests: false,
    })
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await db?.close()
    await storage?.cleanup()
  })

  const post = async (payload: unknown) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: payload as object,
      headers: { 'x-api-key': DEV_INTERNAL_KEY },
    })
    return { status: res.statusCode, body: res.json() as Record<string, any> }
  }
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url })
    return { status: res.statusCode, body: res.json() as Record<string, any> }
  }

  describe('POST /api/contacts', () => {
    it('refuses a save without an operator key (401) or with a wrong one (403), and stores nothing', async () => {
      const payload = { name: 'Anonym Zapisovatel', email: 'anonym@example.cz' }
      const none = await app.inject({ method: 'POST', url: '/api/contacts', payload })
      expect(none.statusCode).toBe(401)
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/contacts',
        payload,
        headers: { 'x-api-key': 'not-the-key' },
      })
      expect(wrong.statusCode).toBe(403)
      expect((await get('/api/contacts/search?query=anonym')).body.data.total).toBe(0)
    })

    it('saves one contact normalised, and the same contact again as unchanged', async () => {
      const person = {
        name: 'Ing. Jiří Dvořák',
        company: 'Stavby Plzeň, s.r.o.',
        email: 'Jiri.Dvorak@Stavby-Plzen.cz',
        phone: '602 123 456',
        address: 'Americká 12, 301 00 Plzeň',
        latitude: 49.7447,
        longitude: 13.3775,
      }
      const first = await post(person)
      expect(first.status).toBe(200)
      expect(first.body.data).toMatchObject({ received: 1, added: 1, merged: 0, unchanged: 0 })
      expect(first.body.data.items[0]).toMatchObject({
        status: 'added',
        contact: {
          kind: 'person',
          name: 'Ing. Jiří Dvořák',
          company: 'Stavby Plzeň, s.r.o.',
          ico: null,
          email: 'Jiri.Dvorak@stavby-plzen.cz',
          phone: '+420602123456',
          emails: ['Jiri.Dvorak@stavby-plzen.cz'],
          phones: ['+420602123456'],
          latitude: 49.7447,
          longitude: 13.3775,
          source: 'api',
          created_at: '2026-11-20T10:00:00.000Z',
        },
      })
      const again = await post({ ...person, email: 'jiri.dvorak@stavby-plzen.cz', phone: '+420602123456' })
      expect(again.body.data).toMatchObject({ added: 0, unchanged: 1 })
      expect(again.body.data.items[0].contact.id).toBe(first.body.data.items[0].contact.id)
    })

    it('saves a batch with duplicates inside it as one contact each, under the given source', async () => {
      const { status, body } = await post({
        source: 'crm-export',
        contacts: [
          { company: 'Pivovar Černá Hora a.s.', ico: '25596641', email: 'info@pivovar-ch.cz' },
          { name: 'Pivovar Černá Hora a.s.', ico: '25596641', phone: '516 123 456' },
          { name: 'Lucie Černá', email: 'lucie.cerna+crm@gmail.com', latitude: 49.1951, longitude: 16.6068 },
          { name: 'Lucie Cerna', email: 'luciecerna@gmail.com', phone: '777 987 654' },
        ],
      })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ received: 4, added: 2, merged: 2, unchanged: 0 })
      const ids = body.data.items.map((i: { contact: { id: string } }) => i.contact.id)
      expect(ids[0]).toBe(ids[1])
      expect(ids[2]).toBe(ids[3])
      expect(body.data.items[1].contact).toMatchObject({
        kind: 'company',
        name: 'Pivovar Černá Hora a.s.',
        ico: '25596641',
        emails: ['info@pivovar-ch.cz'],
        phones: ['+420516123456'],
        source: 'crm-export',
      })
    })

    it('refuses the whole batch when one record is bad, naming the record, the field and the rule', async () => {
      const before = await contacts.count()
      const { status, body } = await post({
        contacts: [
          { name: 'Dobrý Záznam', email: 'dobry@zaznam.cz' },
          { name: 'Druhý Dobrý', phone: '731 111 222' },
          { name: 'Špatné IČO s.r.o.', ico: '27074359' },
        ],
      })
      expect(status).toBe(400)
      expect(body.error).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { field: 'contacts.2.ico', rule: 'checksum digit should be 8, not 9' },
      })
      expect(await contacts.count()).toBe(before)
      expect((await get('/api/contacts/search?query=dobry')).body.data.total).toBe(0)
    })

    it('answers 400 naming the field for a bad e-mail, phone, coordinate, unknown field, mixed or oversized body', async () => {
      const cases: [unknown, string, RegExp | string][] = [
        [{ name: 'Jan', email: 'jan@firma' }, 'email', 'domain needs a top-level domain'],
        [{ name: 'Jan', phone: '12' }, 'phone', /not a (valid )?/],
        [{ name: 'Jan', latitude: 50.1 }, 'longitude', 'latitude and longitude together'],
        [{ name: 'Jan', latitude: 91, longitude: 14 }, 'latitude', /maximum/],
        [{ email: 'jan@firma.cz' }, 'name', 'a name or a company is required'],
        [{ name: 'Jan', fax: '1' }, 'fax', 'not allowed (unknown property)'],
        [{ name: 'Jan', contacts: [{ name: 'Eva' }] }, 'contacts', 'either one contact or {contacts:[…]}'],
        [{ contacts: [] }, 'contacts', /minItems/],
        [{ contacts: Array.from({ length: 1001 }, (_, i) => ({ name: `N ${i}` })) }, 'contacts', /maxItems/],
        [{ name: 'Jan', kind: 'robot' }, 'kind', /./],
      ]
      for (const [payload, field, rule] of cases) {
        const { status, body } = await post(payload)
        expect(status, JSON.stringify(payload).slice(0, 80)).toBe(400)
        expect(body.error.details.field).toBe(field)
        if (typeof rule === 'string') expect(body.error.details.rule).toBe(rule)
        else expect(body.error.details.rule).toMatch(rule)
      }
    })
  })

  describe('GET /api/contacts', () => {
    it('lists contacts with a location, within the box when one is given', async () => {
      const all = await get('/api/contacts')
      expect(all.status).toBe(200)
      expect(all.body.data).toMatchObject({ total: 2, limit: 100, offset: 0 })
      expect(all.body.data.items.map((c: { name: string }) => c.name)).toEqual([
        'Ing. Jiří Dvořák',
        'Lucie Černá',
      ])
      const brno = await get('/api/contacts?bbox=16.5,49.1,16.7,49.3')
      expect(brno.body.data.items.map((c: { name: string }) => c.name)).toEqual(['Lucie Černá'])
      expect((await get('/api/contacts?limit=1&offset=1')).body.data.items[0].name).toBe('Lucie Černá')
    })

    it('answers 400 for a bad box or page', async () => {
      const swapped = await get('/api/contacts?bbox=16.7,49.1,16.5,49.3')
      expect(swapped.status).toBe(400)
      expect(swapped.body.error.details).toMatchObject({
        field: 'bbox',
        rule: 'minLon < maxLon and minLat < maxLat',
      })
      expect((await get('/api/contacts?bbox=abc')).body.error.details.field).toBe('bbox')
      expect((await get('/api/contacts?limit=0')).body.error.details.field).toBe('limit')
    })
  })

  describe('GET /api/contacts/search', () => {
    const names = async (query: string) =>
      (await get(`/api/contacts/search?query=${encodeURIComponent(query)}`)).body.data.items.map(
        (c: { name: string }) => c.name,
      )

    it('finds by name, company, IČO, e-mail and phone, diacritics and case aside', async () => {
      expect(await names('plzen')).toEqual(['Ing. Jiří Dvořák'])
      expect(await names('PLZEŇ')).toEqual(['Ing. Jiří Dvořák'])
      expect(await names('cerna')).toEqual(['Lucie Černá', 'Pivovar Černá Hora a.s.'])
      expect(await names('25596641')).toEqual(['Pivovar Černá Hora a.s.'])
      expect(await names('info@pivovar-ch.cz')).toEqual(['Pivovar Černá Hora a.s.'])
      expect(await names('777 987 654')).toEqual(['Lucie Černá'])
      expect(await names('nikdo takovy')).toEqual([])
      const one = await get('/api/contacts/search?query=cerna&limit=1')
      expect(one.body.data).toMatchObject({ query: 'cerna', total: 2 })
      expect(one.body.data.items).toHaveLength(1)
    })

    it('answers 400 for a limit of 0 or 101, an empty, too long or wordless query', async () => {
      for (const [url, field, rule] of [
        ['/api/contacts/search?query=a&limit=0', 'limit', 'minimum 1'],
        ['/api/contacts/search?query=a&limit=101', 'limit', 'maximum 100'],
        ['/api/contacts/search?query=', 'query', 'minLength 1'],
        [`/api/contacts/search?query=${'a'.repeat(201)}`, 'query', 'maxLength 200'],
        ['/api/contacts/search?query=%20%2B', 'query', 'at least one letter or digit'],
        ['/api/contacts/search', 'query', 'required'],
      ] as const) {
        const { status, body } = await get(url)
        expect(status, url).toBe(400)
        expect(body.error.details, url).toMatchObject({ field, rule })
      }
      expect((await get('/api/contacts/search?query=a&limit=100')).status).toBe(200)
    })
  })

  it('describes the three routes in /openapi.json', async () => {
    const doc = (await get('/openapi.json')).body
    expect(Object.keys(doc.paths['/api/contacts']).sort()).toEqual(['get', 'post'])
    expect(doc.paths['/api/contacts/search'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'query',
      'limit',
    ])
  })
})
