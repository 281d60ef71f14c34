/**
 * GET /api/v1/contacts/search end to end: the router asks a real domain service listening on a
 * port (its app over contacts saved in SQLite) through DOMAIN_URL; the same limits as the domain
 * route; and a domain service that is not there is a 503 naming DOMAIN_URL.
 */
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saleListings } from '../../src/engines/realestate/comparables.ts'
import { loadGazetteer } from '../../src/engines/realestate/regions.ts'
import { valuerFor } from '../../src/engines/realestate/valuation.ts'
import { type Database, openDatabase } from '../../src/kit/db.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../src/kit/operator-keys.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp as buildDomain } from '../../src/services/domain/app.ts'
import { checkContact, type RawContact } from '../../src/services/domain/modules/contacts/record.ts'
import { ContactStore } from '../../src/services/domain/modules/contacts/store.ts'
import { VariableSymbolStore } from '../../src/services/domain/modules/payments/store.ts'
import { ListingStore } from '../../src/services/domain/modules/reality/store.ts'
import { buildSnapshot } from '../../src/services/domain/state.ts'
import { haveSharedData, REGISTRY_DIR, SHARED_LISTINGS } from '../domain/fixtures.ts'
import { type Harness, routerHarness } from './harness.ts'

const PEOPLE: RawContact[] = [
  {
    name: 'Ing. Jiří Dvořák',
    company: 'Stavby Plzeň, s.r.o.',
    email: 'jiri@stavby-plzen.cz',
    phone: '602 123 456',
  },
  { name: 'Žofie Šťastná', email: 'zofie@pekarna.cz', latitude: 49.1951, longitude: 16.6068 },
  { company: 'Pivovar Černá Hora a.s.', ico: '25596641' },
]

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe.skipIf(!haveSharedData)('GET /api/v1/contacts/search', () => {
  let db: Database
  let domain: App
  let h: Harness
  let down: Harness
  let downUrl: string

  beforeAll(async () => {
    db = openDatabase({ dataDir: '', file: ':memory:' })
    await db.migrate()
    const contacts = new ContactStore(db)
    await contacts.save(
      PEOPLE.map((p) => {
        const c = checkContact(p)
        if (!c.ok) throw new Error(c.rule)
        return c.contact
      }),
      { source: 'test' },
    )
    domain = await buildDomain({
      logger: createLogger({ level: 'silent' }),
      store: new ListingStore(db),
      contacts,
      symbols: new VariableSymbolStore(db),
      operatorKeys: DEV_OPERATOR_KEYS,
      snapshot: buildSnapshot([], loadGazetteer(REGISTRY_DIR)),
      valuer: valuerFor(saleListings(SHARED_LISTINGS)),
      logRequests: false,
    })
    const domainUrl = await domain.listen({ host: '127.0.0.1', port: 0 })
    h = await routerHarness({ start: false, env: { DOMAIN_URL: domainUrl } })
    downUrl = `http://127.0.0.1:${await closedPort()}`
    down = await routerHarness({ start: false, env: { DOMAIN_URL: downUrl } })
  }, 120_000)

  afterAll(async () => {
    await h?.close()
    await down?.close()
    await domain?.close()
    await db?.close()
  })

  const search = async (harness: Harness, qs: string) => {
    const res = await harness.app.inject({ method: 'GET', url: `/api/v1/contacts/search?${qs}` })
    return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, any> }
  }

  it('answers from the domain service by name, company, IČO, e-mail or phone, diacritics and case aside', async () => {
    const names = async (query: string) =>
      (await search(h, `query=${encodeURIComponent(query)}`)).body.data.items.map(
        (c: { name: string }) => c.name,
      )
    expect(await names('STASTNA')).toEqual(['Žofie Šťastná'])
    expect(await names('plzen')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('25596641')).toEqual(['Pivovar Černá Hora a.s.'])
    expect(await names('zofie@pekarna.cz')).toEqual(['Žofie Šťastná'])
    expect(await names('+420 602 123 456')).toEqual(['Ing. Jiří Dvořák'])
    const { status, body } = await search(h, 'query=%C5%BEofie&limit=1')
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, data: { query: 'žofie', total: 1 } })
    expect(body.data.items[0]).toMatchObject({
      kind: 'person',
      email: 'zofie@pekarna.cz',
      emails: ['zofie@pekarna.cz'],
      latitude: 49.1951,
      longitude: 16.6068,
    })
  })

  it('answers 400 for a limit of 0 or 101 and a missing, empty or too long query', async () => {
    for (const [qs, field, rule] of [
      ['query=a&limit=0', 'limit', 'minimum 1'],
      ['query=a&limit=101', 'limit', 'maximum 100'],
      ['limit=5', 'query', 'required'],
      ['query=', 'query', 'minLength 1'],
      [`query=${'x'.repeat(201)}`, 'query', 'maxLength 200'],
      ['query=%20', 'query', 'at least one letter or digit'],
    ] as const) {
      const { status, body } = await search(h, qs)
      expect(status, qs).toBe(400)
      expect(body.error.details, qs).toMatchObject({ field, rule })
    }
    expect((await search(h, 'query=a&limit=100')).status).toBe(200)
  })

  it('answers 503 naming DOMAIN_URL when the domain service is not there', async () => {
    const { status, headers, body } = await search(down, 'query=novak')
    expect(status).toBe(503)
    expect(headers['retry-after']).toBe('5')
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(body.error.message).toContain(`DOMAIN_URL=${downUrl}`)
    expect(body.error.details).toMatchObject({ variable: 'DOMAIN_URL', domain_url: downUrl })
  })
})
