/**
 * The storages a suite runs against: SQLite always, PostgreSQL when it answers (required with
 * CI=true, see backing.ts). One `Storage` is one place data lives — a SQLite folder or a
 * PostgreSQL schema — and `open()` gives one more connection to it, so a suite can run two service
 * instances over the same data. `cleanup()` removes the folder or drops the schema.
 *
 *   for (const kind of await storageKinds()) describe(`X on ${kind.name}`, () => { … kind.create('x') … })
 *   describe.each(await storages('router'))(…)            // one storage per kind, made up front
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openDatabase } from '../../src/kit/db.ts'
import { backing, dropSchema, uniqueSchema } from './backing.ts'

type StorageName = 'sqlite' | 'postgres'

export interface Storage {
  name: StorageName
  /** SQLite: the folder of the file (for a connection in another thread or process). */
  dir?: string
  /** Opens one more connection to the same data (each caller closes its own). */
  open(): Database
  /** Removes the data: the SQLite folder or the PostgreSQL schema. */
  cleanup(): Promise<void>
}

export interface StorageKind {
  name: StorageName
  /** A new, empty storage of this kind; `label` names its folder or schema. */
  create(label: string, options?: StorageOptions): Storage
}

export interface StorageOptions {
  /** SQLite file name inside the folder (default: the kit's). */
  file?: string
  /** PostgreSQL pool size per connection. */
  poolSize?: number
}

export function sqliteStorage(label: string, options: StorageOptions = {}): Storage {
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-${label}-`))
  return {
    name: 'sqlite',
    dir,
    open: () => openDatabase({ dataDir: dir, ...(options.file ? { file: options.file } : {}) }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

export function postgresStorage(url: string, label: string, options: StorageOptions = {}): Storage {
  const schema = uniqueSchema(label.replace(/[^a-z0-9_]/g, '_'))
  return {
    name: 'postgres',
    open: () =>
      openDatabase({
        dataDir: '',
        databaseUrl: url,
        schema,
        ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      }),
    cleanup: () => dropSchema(url, schema),
  }
}

/** SQLite always; PostgreSQL when reachable (a skip reason is printed otherwise; CI requires it). */
export async function storageKinds(): Promise<StorageKind[]> {
  const postgres = await backing.postgres()
  const kinds: StorageKind[] = [{ name: 'sqlite', create: (label, options) => sqliteStorage(label, options) }]
  if (postgres.available) {
    kinds.push({
      name: 'postgres',
      create: (label, options) => postgresStorage(postgres.url, label, options),
    })
  }
  return kinds
}

/** One new storage of every available kind. */
export async function storages(label: string, options?: StorageOptions): Promise<Storage[]> {
  return (await storageKinds()).map((kind) => kind.create(label, options))
}
