/**
 * The AML store (SQLite by default, PostgreSQL with DATABASE_URL): imported list versions with
 * their entities, the screening audit trail, and the screening id counter. Tables come from
 * migrations/0201_aml.ts.
 */
import { type Generated, type Kysely, sql } from 'kysely'
import {
  type ListEntity,
  type ListVersion,
  type ListVersionInfo,
  versionInfo,
} from '../../engines/aml/index.ts'
import type { Database } from '../../kit/db.ts'

interface Tables {
  aml_list_versions: {
    id: Generated<number>
    list: string
    title: string
    format: string
    source: string
    sha256: string
    list_date: string
    names_only: boolean | number
    entity_count: number
    name_count: number
    imported_at: string
  }
  aml_list_entities: { version_id: number; seq: number; list_id: string; data: string }
  aml_screenings: {
    screening_id: string
    created_at: string
    subject_search: string | null
    screened_by: string | null
    subject_type: string
    risk_level: string
    input: string
    list_versions: string
    result: string
  }
  aml_counters: { name: string; value: number | string | bigint }
}

export interface StoredScreening {
  screening_id: string
  created_at: string
  subject_type: string
  risk_level: string
  input: unknown
  list_versions: unknown
  result: unknown
  /** Who screened: a console user's name, or the operator key (`key:internal`). */
  screened_by?: string | undefined
}

export interface ScreeningFilter {
  q?: string | undefined
  /** Who screened: a console user's name, or `key:admin` / `key:internal`. */
  screened_by?: string | undefined
  /** The status of the screening's case (open, in_review, awaiting_approval, closed). */
  case_status?: string | undefined
  level?: string | undefined
  from?: string | undefined
  to?: string | undefined
  limit: number
  offset: number
}

export interface ScreeningSummary {
  screening_id: string
  created_at: string
  subject_type: string
  risk_level: string
  /** Who was screened, as sent: the name (or first and last name), company name and IČO. */
  subject: string
  /** Who screened (null for records written before it was kept). */
  screened_by: string | null
}

/** The subject as sent, in one line: names first, then the IČO. */
function subjectText(input: Record<string, unknown>): string {
  const text = (k: string) => (typeof input[k] === 'string' ? (input[k] as string) : '')
  const person = text('name') || [text('first_name'), text('last_name')].filter(Boolean).join(' ')
  const ico = text('ico') ? `IČO ${text('ico')}` : ''
  return [person, text('company_name'), ico].filter(Boolean).join(', ')
}

/** Lower case without diacritics ("Nováková" → "novakova"): how the trail is searched. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The subject's search text: names, company name and IČO, folded. */
export function searchText(input: Record<string, unknown>): string {
  return fold(subjectText(input))
}

export interface ImportOutcome {
  version: ListVersionInfo
  /** False when a version with the same sha256 was already stored. */
  added: boolean
}

/** Rows per INSERT: 4 parameters each, well under SQLite's and PostgreSQL's limits. */
const BATCH = 500

export class AmlStore {
  private readonly db: Kysely<Tables>
  /** The database the store writes to (the batch and monitoring stores share it). */
  readonly database: Database

  constructor(database: Database) {
    this.database = database
    this.db = database.as<Tables>()
  }

  /** Stores a version with all its entities in one transaction; a known sha256 is skipped. */
  async importVersion(
    v: ListVersion,
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportOutcome> {
    const existing = await this.db
      .selectFrom('aml_list_versions')
      .select('id')
      .where('sha256', '=', v.sha256)
      .executeTakeFirst()
    if (existing) return { version: versionInfo(v, existing.id), added: false }
    const info = versionInfo(v)
    const write = this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('aml_list_versions')
        .values({
          list: v.list,
          title: v.title,
          format: v.format,
          source: v.source,
          sha256: v.sha256,
          list_date: v.listDate,
          names_only: v.namesOnly,
          entity_count: info.entityCount,
          name_count: info.nameCount,
          imported_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (let i = 0; i < v.entities.length; i += BATCH) {
        const rows = v.entities.slice(i, i + BATCH).map((e, k) => ({
          version_id: row.id,
          seq: i + k,
          list_id: e.listId,
          data: JSON.stringify(e),
        }))
        await tx.insertInto('aml_list_entities').values(rows).execute()
        onProgress?.(Math.min(i + BATCH, v.entities.length), v.entities.length)
      }
      return row.id
    })
    try {
      return { version: versionInfo(v, await write), added: true }
    } catch (error) {
      // Another instance stored the same file meanwhile (unique sha256): that is the same outcome.
      const again = await this.db
        .selectFrom('aml_list_versions')
        .select('id')
        .where('sha256', '=', v.sha256)
        .executeTakeFirst()
      if (again) return { version: versionInfo(v, again.id), added: false }
      throw error
    }
  }

  async listVersions(): Promise<ListVersionInfo[]> {
    const rows = await this.db
      .selectFrom('aml_list_versions')
      .selectAll()
      .orderBy('list')
      .orderBy('list_date', 'desc')
      .execute()
    return rows.map((r) => ({
      id: r.id,
      list: r.list,
      title: r.title,
      format: r.format,
      source: r.source,
      sha256: r.sha256,
      listDate: r.list_date,
      namesOnly: Boolean(r.names_only),
      entityCount: r.entity_count,
      nameCount: r.name_count,
    }))
  }

  /** Every stored version with its entities (the engine's merge picks the current ones). */
  async loadVersions(): Promise<{ versions: ListVersion[]; infos: ListVersionInfo[] }> {
    const infos = await this.listVersions()
    const versions: ListVersion[] = []
    for (const info of infos) {
      const rows = await this.db
        .selectFrom('aml_list_entities')
        .select('data')
        .where('version_id', '=', info.id!)
        .orderBy('seq')
        .execute()
      const { id: _id, entityCount: _e, nameCount: _n, ...rest } = info
      const entities: ListEntity[] = []
      for (const [i, r] of rows.entries()) {
        // Parsing a large version takes a while: let the event loop answer requests meanwhile.
        if (i % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve))
        entities.push(JSON.parse(r.data) as ListEntity)
      }
      versions.push({ ...rest, entities })
    }
    return { versions, infos }
  }

  /** Stored versions with their entities, by store id (monitoring compares two sets of them). */
  async loadVersionsById(ids: number[]): Promise<Map<number, ListVersion>> {
    const infos = (await this.listVersions()).filter((v) => ids.includes(v.id!))
    const out = new Map<number, ListVersion>()
    for (const info of infos) {
      const rows = await this.db
        .selectFrom('aml_list_entities')
        .select('data')
        .where('version_id', '=', info.id!)
        .orderBy('seq')
        .execute()
      const { id: _id, entityCount: _e, nameCount: _n, ...rest } = info
      const entities: ListEntity[] = []
      for (const [i, r] of rows.entries()) {
        if (i % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve))
        entities.push(JSON.parse(r.data) as ListEntity)
      }
      out.set(info.id!, { ...rest, entities })
    }
    return out
  }

  /**
   * The next number of a named sequence, atomically in the database (one statement), so
   * instances sharing the database never hand out the same number.
   */
  async next(name: string): Promise<number> {
    return this.reserve(name, 1)
  }

  /**
   * `count` consecutive numbers of a named sequence in one statement (a chunk of a batch takes its
   * screening ids at once); returns the first. Numbers are never handed out twice, across
   * instances; a range whose work is lost leaves a gap.
   */
  async reserve(name: string, count: number): Promise<number> {
    const row = await this.db
      .insertInto('aml_counters')
      .values({ name, value: count })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`aml_counters.value + ${count}` }))
      .returning('value')
      .executeTakeFirstOrThrow()
    return Number(row.value) - count + 1
  }

  /** `resultJson`: the result already serialised (the route sends the same text). */
  async saveScreening(s: StoredScreening, resultJson?: string): Promise<void> {
    await this.db
      .insertInto('aml_screenings')
      .values({
        screening_id: s.screening_id,
        created_at: s.created_at,
        subject_type: s.subject_type,
        risk_level: s.risk_level,
        input: JSON.stringify(s.input),
        subject_search: searchText(s.input as Record<string, unknown>),
        screened_by: s.screened_by ?? null,
        list_versions: JSON.stringify(s.list_versions),
        result: resultJson ?? JSON.stringify(s.result),
      })
      .execute()
  }

  /**
   * The audit trail, newest first: `q` matches any part of the subject as sent (a name, an IČO),
   * whatever the case and the diacritics ("novakova" finds "Nováková"); `screened_by` who screened,
   * `case_status` the status of the screening's case, `from`/`to` UTC days (inclusive), `level` the
   * risk level.
   */
  async listScreenings(filter: ScreeningFilter): Promise<{ total: number; rows: ScreeningSummary[] }> {
    let query = this.db.selectFrom('aml_screenings')
    if (filter.q) {
      const pattern = `%${fold(filter.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      query = query.where(sql<boolean>`subject_search like ${pattern} escape '\\'`)
    }
    if (filter.screened_by) query = query.where('screened_by', '=', filter.screened_by)
    if (filter.case_status)
      query = query.where(
        sql<boolean>`screening_id in (select screening_id from aml_cases where status = ${filter.case_status})`,
      )
    if (filter.level) query = query.where('risk_level', '=', filter.level)
    if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00`)
    if (filter.to) {
      const next = new Date(`${filter.to}T00:00:00Z`)
      next.setUTCDate(next.getUTCDate() + 1)
      query = query.where('created_at', '<', next.toISOString().slice(0, 19))
    }
    const count = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    const rows = await query
      .select(['screening_id', 'created_at', 'subject_type', 'risk_level', 'input', 'screened_by'])
      .orderBy('created_at', 'desc')
      .orderBy('screening_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute()
    return {
      total: Number(count.n),
      rows: rows.map((r) => ({
        screening_id: r.screening_id,
        created_at: r.created_at,
        subject_type: r.subject_type,
        risk_level: r.risk_level,
        subject: subjectText(JSON.parse(r.input) as Record<string, unknown>),
        screened_by: r.screened_by,
      })),
    }
  }

  async getScreening(id: string): Promise<StoredScreening | undefined> {
    const r = await this.db
      .selectFrom('aml_screenings')
      .selectAll()
      .where('screening_id', '=', id)
      .executeTakeFirst()
    if (!r) return undefined
    return {
      screening_id: r.screening_id,
      created_at: r.created_at,
      subject_type: r.subject_type,
      risk_level: r.risk_level,
      input: JSON.parse(r.input),
      list_versions: JSON.parse(r.list_versions),
      result: JSON.parse(r.result),
    }
  }
}
