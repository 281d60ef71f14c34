/**
 * PostgreSQL introspection of one schema: the only reader is Kysely's migrator (does its table
 * exist?). Kysely's own introspector reads every schema of the database and calls
 * `has_schema_privilege(name)` and `pg_get_serial_sequence(name)` on each: a schema dropped by
 * someone else while that query runs fails it with "schema … does not exist", so one service's
 * start (or migration) failed because another, sharing the database, dropped its schema. Here
 * the schema is chosen in the WHERE clause and the name-taking functions run on its rows only.
 */
import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely'

interface ColumnRow {
  table: string
  table_type: string
  column: string
  type: string
  type_schema: string
  not_null: boolean
  has_default: boolean
  auto_incrementing: string | null
  column_description: string | null
}

export class SchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>
  readonly #schema: string

  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db
    this.#schema = schema
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.#db).getSchemas()
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as table_type, a.attname as column,
        tp.typname as type, tns.nspname as type_schema, a.attnotnull as not_null,
        a.atthasdef as has_default, col_description(a.attrelid, a.attnum) as column_description,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
          as auto_incrementing
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type tp on a.atttypid = tp.oid
        join pg_catalog.pg_namespace tns on tp.typnamespace = tns.oid
      where ns.nspname = ${this.#schema} and c.relkind in ('r', 'v', 'p', 'f')
        and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db)
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>()
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && row.table.startsWith('kysely_migration')) continue
      let table = tables.get(row.table)
      if (!table) {
        table = {
          name: row.table,
          schema: this.#schema,
          isView: row.table_type === 'v',
          isForeign: row.table_type === 'f',
          columns: [],
        }
        tables.set(row.table, table)
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      })
    }
    return [...tables.values()]
  }
}
