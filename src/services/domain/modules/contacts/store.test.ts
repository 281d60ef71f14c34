/**
 * The contacts table on SQLite and PostgreSQL (PostgreSQL when reachable; required with CI=true):
 * deduplication by the contact engine's identity keys, merging, idempotent saves, search with
 * diacritics and case aside, the located list, and one row for one person under concurrent saves
 * from two connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storages } from '../../../../../test/support/storage.ts'
import type { Database } from '../../../../kit/db.ts'
import { type CheckedContact, checkContact, type RawContact } from './record.ts'
import { ContactStore } from './store.ts'

const checked = (raw: RawContact): CheckedContact => {
  const c = checkContact(raw)
  if (!c.ok) throw new Error(`${c.field}: ${c.rule}`)
  return c.contact
}

describe('checking a contact', () => {
  it('names the field and the rule of what is wrong', () => {
    expect(checkContact({ name: 'ACME', ico: '27074359' })).toEqual({
      ok: false,
      field: 'ico',
      rule: 'checksum digit should be 8, not 9',
    })
    expect(checkContact({ name: 'Jan', email: 'jan@firma' })).toEqual({
      ok: false,
      field: 'email',
      rule: 'domain needs a top-level domain',
    })
    expect(checkContact({ name: 'Jan', phone: '123' })).toMatchObject({ ok: false, field: 'phone' })
    expect(checkContact({ name: 'Jan', latitude: 50 })).toEqual({
      ok: false,
      field: 'longitude',
      rule: 'latitude and longitude together',
    })
    expect(checkContact({ name: 'Jan', latitude: '95', longitude: '14' })).toMatchObject({
      field: 'latitude',
    })
    expect(checkContact({ email: 'a@b.cz' })).toEqual({
      ok: false,
      field: 'name',
      rule: 'a name or a company is required',
    })
  })

  it('normalises: E.164, the IČO padded, Czech decimal commas, and the kind from a legal form', () => {
    const c = checked({
      name: '  Ing. Jiří   Dvořák ',
      email: 'Jiri.Dvorak@FIRMA.cz',
      phone: '602 123 456',
      ico: '2707 4358',
      latitude: '50,0755',
      longitude: '14,4378',
    })
    expect(c).toMatchObject({
      kind: 'person',
      name: 'Ing. Jiří Dvořák',
      emails: ['Jiri.Dvorak@firma.cz'],
      phones: ['+420602123456'],
      ico: '27074358',
      latitude: 50.0755,
      longitude: 14.4378,
    })
    expect(checked({ name: 'Stavby Brno, s.r.o.' }).kind).toBe('company')
    expect(checked({ company: 'Stavby Brno, s.r.o.' })).toMatchObject({
      kind: 'company',
      name: 'Stavby Brno, s.r.o.',
      company: null,
    })
  })
})

describe.each(await storages('domain_contacts'))('contacts store on $name', (storage) => {
  let db: Database
  let store: ContactStore
  const now = new Date('2026-11-20T10:00:00Z')
  beforeAll(async () => {
    db = storage.open()
    await db.migrate()
    store = new ContactStore(db)
  })
  afterAll(async () => {
    await db.close()
    await storage.cleanup()
  })

  it('merges the same person arriving by e-mail case, phone format or own IČO, and a second save changes nothing', async () => {
    const records = [
      checked({ name: 'Ing. Jiří Dvořák', email: 'Jiri.Dvorak@firma.cz' }),
      checked({ name: 'Jiri Dvorak', email: 'jiri.dvorak@FIRMA.cz', phone: '602 123 456' }),
      checked({ name: 'J. Dvořák', phone: '+420 602 123 456', address: 'Vinohradská 12, 120 00 Praha 2' }),
      checked({ company: 'Stavby Brno, s.r.o.', ico: '27074358' }),
      checked({ name: 'Stavby Brno s.r.o.', ico: '27074358', email: 'info@stavby-brno.cz' }),
    ]
    const first = await store.save(records, { source: 'a.csv', now })
    expect(first).toMatchObject({ added: 2, merged: 3, unchanged: 0 })
    expect(new Set(first.results.map((r) => r.id)).size).toBe(2)
    const [person] = await store.byIds([first.results[0]!.id])
    expect(person).toMatchObject({
      name: 'Ing. Jiří Dvořák',
      email: 'Jiri.Dvorak@firma.cz',
      phone: '+420602123456',
      emails: ['Jiri.Dvorak@firma.cz'],
      address: 'Vinohradská 12, 120 00 Praha 2',
      source: 'a.csv',
    })
    const again = await store.save(records, { source: 'a.csv', now: new Date('2026-11-21T10:00:00Z') })
    expect(again).toMatchObject({ added: 0, merged: 0, unchanged: 5 })
    expect(again.results.map((r) => r.id)).toEqual(first.results.map((r) => r.id))
    expect(await store.count()).toBe(2)
    const [unchanged] = await store.byIds([first.results[0]!.id])
    expect(unchanged!.updated_at).toBe(now.toISOString())
  })

  it('joins two contacts into the older one when a record carries the keys of both, keeping every address', async () => {
    const a = await store.save([checked({ name: 'Petra Nováková', email: 'petra@novakova.cz' })], {
      source: 'a',
      now,
    })
    const b = await store.save(
      [checked({ name: 'P. Nováková', phone: '777 123 456', email: 'p.novakova@gmail.com' })],
      {
        source: 'b',
        now: new Date('2026-11-20T11:00:00Z'),
      },
    )
    const before = await store.count()
    const link = await store.save(
      [checked({ name: 'Petra Nováková', email: 'petra@novakova.cz', phone: '777123456' })],
      {
        source: 'c',
        now: new Date('2026-11-20T12:00:00Z'),
      },
    )
    expect(link.results[0]).toEqual({ id: a.results[0]!.id, status: 'merged' })
    expect(await store.count()).toBe(before - 1)
    expect(await store.byIds([b.results[0]!.id])).toEqual([])
    const [joined] = await store.byIds([a.results[0]!.id])
    expect(joined).toMatchObject({
      name: 'Petra Nováková',
      emails: ['petra@novakova.cz', 'p.novakova@gmail.com'],
      phones: ['+420777123456'],
      source: 'a',
    })
    // The joined row's keys all lead to the survivor, also those this save did not send (Gmail dots aside).
    const late = await store.save([checked({ name: 'Petra', email: 'pnovakova@gmail.com' })], {
      source: 'd',
      now,
    })
    expect(late.results[0]).toEqual({ id: a.results[0]!.id, status: 'unchanged' })
  })

  it('does not merge colleagues by their employer’s IČO, and finds a record without keys again', async () => {
    const r = await store.save(
      [
        checked({ name: 'Karel Malý', company: 'Pekárna Malý s.r.o.', ico: '25596641' }),
        checked({ name: 'Eva Malá', company: 'Pekárna Malý s.r.o.', ico: '25596641' }),
        checked({ name: 'Tomáš Dvořáček', company: 'Stavby Brno, s.r.o.' }),
      ],
      { source: 'e', now },
    )
    expect(r).toMatchObject({ added: 3 })
    const again = await store.save([checked({ name: 'Tomáš  Dvořáček', company: 'Stavby Brno, s.r.o.' })], {
      source: 'e',
      now,
    })
    expect(again).toMatchObject({ added: 0, unchanged: 1 })
  })

  it('searches name, company, IČO, e-mail and phone with diacritics and case aside', async () => {
    const names = async (q: string, limit = 20) => (await store.search(q, limit)).items.map((c) => c.name)
    expect(await names('dvora')).toEqual(['Ing. Jiří Dvořák', 'Tomáš Dvořáček'])
    expect(await names('dvorak')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('DVOŘÁK jiří')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('stavby brno')).toEqual(['Stavby Brno, s.r.o.', 'Tomáš Dvořáček'])
    expect(await names('27074358')).toEqual(['Stavby Brno, s.r.o.'])
    expect(await names('jiri.dvorak@firma.cz')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('602 123 456')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('+420602123456')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('00420 602 123 456')).toEqual(['Ing. Jiří Dvořák'])
    expect(await names('pnovakova@gmail.com')).toEqual(['Petra Nováková'])
    // LIKE wildcards in a query are plain characters.
    expect(await names('%')).toEqual([])
    expect(await names('_')).toEqual([])
    const page = await store.search('s.r.o', 1)
    expect(page.total).toBe(4)
    expect(page.items).toHaveLength(1)
  })

  it('lists contacts with a location, within a box, by name', async () => {
    await store.save(
      [
        checked({ name: 'Anna Horká', email: 'anna@horka.cz', latitude: 49.1951, longitude: 16.6068 }),
        checked({ name: 'Bohuslav Čech', email: 'b@cech.cz', latitude: 50.0755, longitude: 14.4378 }),
      ],
      { source: 'g', now },
    )
    const all = await store.located({ limit: 10, offset: 0 })
    expect(all.items.map((c) => c.name)).toEqual(['Anna Horká', 'Bohuslav Čech'])
    const brno = await store.located({ bbox: [16.5, 49.1, 16.7, 49.3], limit: 10, offset: 0 })
    expect(brno).toMatchObject({
      total: 1,
      items: [{ name: 'Anna Horká', latitude: 49.1951, longitude: 16.6068 }],
    })
    expect((await store.located({ limit: 1, offset: 1 })).items.map((c) => c.name)).toEqual(['Bohuslav Čech'])
  })

  it('makes one contact of one new person saved 20 times at once (PostgreSQL: over two connections)', async () => {
    // SQLite: one connection per process (node:sqlite waits for a lock synchronously, so a second
    // connection in the same process would stall the first); other processes are ordered by BEGIN IMMEDIATE.
    const other = storage.name === 'postgres' ? storage.open() : undefined
    try {
      const stores = other ? [store, new ContactStore(other)] : [store]
      const person = checked({ name: 'Zdeněk Souběžný', email: 'zdenek@soubezny.cz', phone: '731 000 111' })
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          stores[i % stores.length]!.save([person], { source: `race-${i}`, now }),
        ),
      )
      const ids = new Set(results.map((r) => r.results[0]!.id))
      expect(ids.size).toBe(1)
      expect(results.filter((r) => r.added === 1)).toHaveLength(1)
      expect((await store.search('soubezny', 10)).total).toBe(1)
    } finally {
      await other?.close()
    }
  })

  it('writes all of a batch or nothing', async () => {
    const before = await store.count()
    // 500 rows go in with the first INSERT; the 501st breaks the second (kind is NOT NULL).
    const good = Array.from({ length: 500 }, (_, i) =>
      checked({ name: `Člověk ${i}`, email: `c${i}@hromada.cz` }),
    )
    const broken = {
      ...checked({ name: 'Zlý Záznam', email: 'zly@zaznam.cz' }),
      kind: null,
    } as unknown as CheckedContact
    await expect(store.save([...good, broken], { source: 'h', now })).rejects.toThrow()
    expect(await store.count()).toBe(before)
    expect((await store.search('hromada', 1)).total).toBe(0)
  })
})
