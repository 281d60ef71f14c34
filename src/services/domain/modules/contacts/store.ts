/**
 * The domain service's contacts (migration 0503), SQLite by default, PostgreSQL with DATABASE_URL.
 *
 * A contact is checked once (`checkContact` in record.ts: IČO checksum, e-mail syntax and phone number through
 * the contact engine, coordinates in range) and saved by `ContactStore.save`, which deduplicates
 * with the engine's identity keys (`identityKeys`: the normalised e-mail, the number in E.164, the
 * party's own IČO): a record whose key a row already holds merges into that row, and a record
 * holding the keys of two rows joins them into the older one, as the engine's union–find joins
 * groups. The first known value of a field is kept; later records fill what is missing and add
 * their other e-mails and numbers. Saving the same records again changes nothing.
 *
 * Writers are serialised (`writeTransaction`: PostgreSQL, a transaction-scoped advisory lock;
 * SQLite, BEGIN IMMEDIATE, which also orders other processes on the same file), so two callers
 * sending the same new person at once still make one row.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { emailKey } from '../../../../engines/contacts/dedup.ts'
import { parsePhone } from '../../../../engines/contacts/phone.ts'
import { fold, squish } from '../../../../engines/contacts/text.ts'
import { type Database, writeTransaction } from '../../../../kit/db.ts'
import { type CheckedContact, type ContactKind, contactKeys, LIMITS, searchText } from './record.ts'

interface ContactRow {
  id: string
  kind: ContactKind
  name: string
  company: string | null
  ico: string | null
  email: string | null
  phone: string | null
  /** JSON array of every address merged in; the first is `email`. */
  emails: string
  /** JSON array of every number merged in (E.164); the first is `phone`. */
  phones: string
  address: string | null
  latitude: number | null
  longitude: number | null
  source: string
  name_folded: string
  company_folded: string | null
  search_text: string
  created_at: string
  updated_at: string
}

interface Tables {
  domain_contacts: ContactRow
  domain_contact_keys: { key: string; contact_id: string }
}

/** The contact as the API answers it. */
export interface Contact {
  id: string
  kind: ContactKind
  name: string
  company: string | null
  ico: string | null
  email: string | null
  phone: string | null
  emails: string[]
  phones: string[]
  address: string | null
  latitude: number | null
  longitude: number | null
  source: string
  created_at: string
  updated_at: string
}

export type SaveStatus = 'added' | 'merged' | 'unchanged'

export interface SaveReport {
  /** New rows. */
  added: number
  /** Records that changed a row they matched (filled a field, added an address, joined two rows). */
  merged: number
  /** Records a row already held entirely. */
  unchanged: number
  /** Per record, in order: the row it is now part of, and what saving it did. */
  results: { id: string; status: SaveStatus }[]
}

/** Rows per statement: 19 parameters a row keeps an INSERT under SQLite's 32,766 limit. */
const CHUNK = 500

interface Work {
  row: ContactRow
  emails: string[]
  phones: string[]
  isNew: boolean
  dirty: boolean
}

export interface ContactPage {
  total: number
  items: Contact[]
}

export class ContactStore {
  private readonly db: Kysely<Tables>

  constructor(database: Database) {
    this.db = database.as<Tables>()
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('domain_contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /**
   * Saves checked contacts, deduplicating against the table and among themselves. `batch` records
   * are written per transaction (each all or nothing); the default is all of them in one.
   */
  async save(
    contacts: readonly CheckedContact[],
    opts: { source: string; now?: Date; batch?: number; onProgress?: (done: number, total: number) => void },
  ): Promise<SaveReport> {
    const report: SaveReport = { added: 0, merged: 0, unchanged: 0, results: [] }
    const size = opts.batch ?? Math.max(contacts.length, 1)
    for (let i = 0; i < contacts.length; i += size) {
      const slice = contacts.slice(i, i + size)
      const results = await this.exclusive((tx) =>
        this.saveBatch(
          tx,
          slice,
          opts.source.slice(0, LIMITS.source),
          (opts.now ?? new Date()).toISOString(),
        ),
      )
      for (const r of results) {
        report[r.status]++
        report.results.push(r)
      }
      opts.onProgress?.(Math.min(i + size, contacts.length), contacts.length)
    }
    return report
  }

  /** One writer at a time, across instances and processes (see the file comment). */
  private exclusive<T>(fn: (tx: Kysely<Tables>) => Promise<T>): Promise<T> {
    return writeTransaction(this.db, 'domain_contacts', fn)
  }

  private async saveBatch(
    tx: Kysely<Tables>,
    contacts: readonly CheckedContact[],
    source: string,
    now: string,
  ): Promise<{ id: string; status: SaveStatus }[]> {
    const keysOf = contacts.map(contactKeys)
    const allKeys = [...new Set(keysOf.flat())]
    const owner = new Map<string, string>()
    for (let i = 0; i < allKeys.length; i += CHUNK) {
      const rows = await tx
        .selectFrom('domain_contact_keys')
        .select(['key', 'contact_id'])
        .where('key', 'in', allKeys.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) owner.set(r.key, r.contact_id)
    }
    const work = new Map<string, Work>()
    const known = [...new Set(owner.values())]
    for (let i = 0; i < known.length; i += CHUNK) {
      const rows = await tx
        .selectFrom('domain_contacts')
        .selectAll()
        .where('id', 'in', known.slice(i, i + CHUNK))
        .execute()
      for (const row of rows)
        work.set(row.id, {
          row,
          emails: JSON.parse(row.emails) as string[],
          phones: JSON.parse(row.phones) as string[],
          isNew: false,
          dirty: false,
        })
    }
    // Rows joined into another: loser → survivor (followed to the end, as union–find does).
    const joined = new Map<string, string>()
    const resolve = (id: string): string => {
      let at = id
      for (let next = joined.get(at); next !== undefined; next = joined.get(at)) at = next
      return at
    }
    const changedKeys = new Set<string>()
    const results: { id: string; status: SaveStatus }[] = []

    contacts.forEach((c, i) => {
      const keys = keysOf[i]!
      const owners = [
        ...new Set(keys.map((k) => owner.get(k)).filter((id): id is string => id !== undefined)),
      ]
        .map(resolve)
        .filter((id, j, all) => all.indexOf(id) === j)
        .map((id) => work.get(id)!)
        .sort((a, b) => a.row.created_at.localeCompare(b.row.created_at) || a.row.id.localeCompare(b.row.id))
      let target: Work
      let status: SaveStatus
      if (owners.length === 0) {
        target = newWork(c, source, now)
        work.set(target.row.id, target)
        status = 'added'
      } else {
        target = owners[0]!
        let changed = false
        for (const other of owners.slice(1)) {
          fill(target, other.row, other.emails, other.phones)
          joined.set(other.row.id, target.row.id)
          for (const [k, id] of owner) if (id === other.row.id) changedKeys.add(k)
          changed = true
        }
        if (fill(target, contactRowValues(c), c.emails, c.phones)) changed = true
        if (changed) target.dirty = true
        status = changed ? 'merged' : 'unchanged'
      }
      for (const k of keys)
        if (owner.get(k) === undefined || resolve(owner.get(k)!) !== target.row.id) {
          owner.set(k, target.row.id)
          changedKeys.add(k)
        }
      results.push({ id: target.row.id, status })
    })

    const alive = [...work.values()].filter((w) => !joined.has(w.row.id))
    for (const w of alive) if (w.isNew || w.dirty) finish(w, now)
    const inserts = alive.filter((w) => w.isNew).map((w) => w.row)
    for (let i = 0; i < inserts.length; i += CHUNK)
      await tx
        .insertInto('domain_contacts')
        .values(inserts.slice(i, i + CHUNK))
        .execute()
    // Rows joined into others hand over all their keys, also those this batch did not load.
    const losers = [...joined.keys()].filter((id) => !work.get(id)!.isNew)
    for (const id of losers)
      await tx
        .updateTable('domain_contact_keys')
        .set({ contact_id: resolve(id) })
        .where('contact_id', '=', id)
        .execute()
    const keyRows = [...changedKeys].map((key) => ({ key, contact_id: resolve(owner.get(key)!) }))
    for (let i = 0; i < keyRows.length; i += CHUNK)
      await tx
        .insertInto('domain_contact_keys')
        .values(keyRows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ contact_id: eb.ref('excluded.contact_id') })),
        )
        .execute()
    for (let i = 0; i < losers.length; i += CHUNK)
      await tx
        .deleteFrom('domain_contacts')
        .where('id', 'in', losers.slice(i, i + CHUNK))
        .execute()
    for (const w of alive.filter((x) => !x.isNew && x.dirty)) {
      const { id, created_at: _created, ...rest } = w.row
      await tx.updateTable('domain_contacts').set(rest).where('id', '=', id).execute()
    }
    return results.map((r) => ({ id: resolve(r.id), status: r.status }))
  }

  /** The rows of these ids, in this order (an id given twice comes twice). */
  async byIds(ids: readonly string[]): Promise<Contact[]> {
    const unique = [...new Set(ids)]
    const byId = new Map<string, Contact>()
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('domain_contacts')
        .selectAll()
        .where('id', 'in', unique.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) byId.set(r.id, toContact(r))
    }
    return ids.map((id) => byId.get(id)).filter((c): c is Contact => c !== undefined)
  }

  /**
   * What changes whenever a located contact is added, merged or moved, from any instance: the map
   * rebuilds its contact layers when this differs from the one they were built at.
   */
  async locatedVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('domain_contacts')
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('last')])
      .executeTakeFirstOrThrow()
    return `${Number(row.n)}@${row.last ?? ''}`
  }

  /** Every contact with a location (the map's contact layers). */
  async allLocated(): Promise<Contact[]> {
    const rows = await this.db
      .selectFrom('domain_contacts')
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .selectAll()
      .orderBy('id')
      .execute()
    return rows.map(toContact)
  }

  /** Contacts with a location, within the box when one is given, by name; and how many in all. */
  async located(q: {
    bbox?: [number, number, number, number] | undefined
    limit: number
    offset: number
  }): Promise<ContactPage> {
    let s = this.db
      .selectFrom('domain_contacts')
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
    if (q.bbox) {
      const [minLon, minLat, maxLon, maxLat] = q.bbox
      s = s
        .where('longitude', '>=', minLon)
        .where('longitude', '<=', maxLon)
        .where('latitude', '>=', minLat)
        .where('latitude', '<=', maxLat)
    }
    const [countRow, rows] = await Promise.all([
      s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      s.selectAll().orderBy('name_folded').orderBy('id').limit(q.limit).offset(q.offset).execute(),
    ])
    return { total: Number(countRow.n), items: rows.map(toContact) }
  }

  /**
   * Contacts matching every word of the query in their name, company, IČO, e-mails or phone
   * numbers, diacritics and case aside (a query that is a telephone number also finds it in
   * E.164, "00420 602 123 456" included). Names starting with the query first, then companies,
   * then by name.
   */
  async search(query: string, limit: number): Promise<ContactPage> {
    // Control characters and line breaks never occur in search_text terms; at most 10 words count.
    const folded = fold(squish(query.replace(/\p{Cc}/gu, ' ')))
    const words = folded.split(' ').filter(Boolean).slice(0, 10)
    if (words.length === 0) return { total: 0, items: [] }
    const phone = parsePhone(query)
    const e164 = phone.ok && phone.valid ? phone.e164 : undefined
    const like = (text: string) => `%${escapeLike(text)}%`
    const matches = this.db.selectFrom('domain_contacts').where((eb) => {
      const all = eb.and(words.map((w) => sql<boolean>`search_text LIKE ${like(w)} ESCAPE '\\'`))
      return e164 ? eb.or([all, sql<boolean>`search_text LIKE ${like(e164)} ESCAPE '\\'`]) : all
    })
    const prefix = `${escapeLike(folded)}%`
    const [countRow, rows] = await Promise.all([
      matches.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      matches
        .selectAll()
        .orderBy(
          sql`CASE WHEN name_folded LIKE ${prefix} ESCAPE '\\' THEN 0 WHEN company_folded LIKE ${prefix} ESCAPE '\\' THEN 1 ELSE 2 END`,
        )
        .orderBy('name_folded')
        .orderBy('id')
        .limit(limit)
        .execute(),
    ])
    return { total: Number(countRow.n), items: rows.map(toContact) }
  }
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (ESCAPE '\'). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function contactRowValues(c: CheckedContact): ContactRow {
  return {
    id: '',
    kind: c.kind,
    name: c.name,
    company: c.company,
    ico: c.ico,
    email: null,
    phone: null,
    emails: '[]',
    phones: '[]',
    address: c.address,
    latitude: c.latitude,
    longitude: c.longitude,
    source: '',
    name_folded: '',
    company_folded: null,
    search_text: '',
    created_at: '',
    updated_at: '',
  }
}

function newWork(c: CheckedContact, source: string, now: string): Work {
  const row = { ...contactRowValues(c), id: randomUUID(), source, created_at: now, updated_at: now }
  return { row, emails: [...c.emails], phones: [...c.phones], isNew: true, dirty: true }
}

/** Fills the target's empty fields from `from` and adds its other e-mails and numbers; true when anything changed. */
function fill(target: Work, from: ContactRow, emails: readonly string[], phones: readonly string[]): boolean {
  const t = target.row
  let changed = false
  for (const field of ['company', 'ico', 'address'] as const) {
    if (t[field] === null && from[field] !== null) {
      t[field] = from[field]
      changed = true
    }
  }
  if (t.latitude === null && from.latitude !== null && from.longitude !== null) {
    t.latitude = Number(from.latitude)
    t.longitude = Number(from.longitude)
    changed = true
  }
  for (const e of emails)
    if (!target.emails.some((x) => emailKey(x) === emailKey(e))) {
      target.emails.push(e)
      changed = true
    }
  for (const p of phones)
    if (!target.phones.includes(p)) {
      target.phones.push(p)
      changed = true
    }
  return changed
}

/** The derived columns of a row about to be written: first address and number, folded search columns. */
function finish(w: Work, now: string): void {
  const r = w.row
  r.email = w.emails[0] ?? null
  r.phone = w.phones[0] ?? null
  r.emails = JSON.stringify(w.emails)
  r.phones = JSON.stringify(w.phones)
  r.name_folded = fold(r.name)
  r.company_folded = r.company === null ? null : fold(r.company)
  r.search_text = searchText(r, w.emails, w.phones)
  r.updated_at = now
}

function toContact(r: ContactRow): Contact {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    company: r.company,
    ico: r.ico,
    email: r.email,
    phone: r.phone,
    emails: JSON.parse(r.emails) as string[],
    phones: JSON.parse(r.phones) as string[],
    address: r.address,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    source: r.source,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}
