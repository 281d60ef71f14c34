/**
 * Database statements as client spans of the request that runs them (see tracing.ts): the
 * dialect is wrapped so every statement Kysely executes, in or out of a transaction, is timed
 * with its SQL (parameters stay out: they hold the caller's data) and its failure recorded.
 * When spans are not exported a statement costs one context look-up more, and runs as before.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely'
import { inClientSpan } from './tracing.ts'

/** Longest SQL text kept on a span (characters): a bulk insert's is otherwise megabytes. */
const MAX_SQL_CHARS = 2_000

export function tracedDialect(inner: Dialect, system: 'sqlite' | 'postgresql'): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => new TracedDriver(inner.createDriver(), system),
  }
}

class TracedDriver implements Driver {
  private readonly inner: Driver
  private readonly system: string
  /** The driver's own connection behind each one handed to Kysely. */
  private readonly own = new WeakMap<DatabaseConnection, DatabaseConnection>()

  constructor(inner: Driver, system: string) {
    this.inner = inner
    this.system = system
  }
  init(): Promise<void> {
    return this.inner.init()
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection()
    const system = this.system
    const traced: DatabaseConnection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const sql = query.sql
        const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY'
        return inClientSpan(
          `${operation} ${system}`,
          {
            'db.system.name': system,
            'db.operation.name': operation,
            'db.query.text': sql.length > MAX_SQL_CHARS ? `${sql.slice(0, MAX_SQL_CHARS)}…` : sql,
          },
          () => connection.executeQuery<R>(query),
        )
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) =>
        connection.streamQuery<R>(query, chunkSize),
    }
    this.own.set(traced, connection)
    return traced
  }
  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.own.get(connection) ?? connection
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(this.unwrap(connection), settings)
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(this.unwrap(connection))
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(this.unwrap(connection))
  }
  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    await this.inner.savepoint?.(this.unwrap(connection), name, compile)
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(this.unwrap(connection), name, compile)
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(this.unwrap(connection), name, compile)
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = this.unwrap(connection)
    this.own.delete(connection)
    return this.inner.releaseConnection(own)
  }
  destroy(): Promise<void> {
    return this.inner.destroy()
  }
}
