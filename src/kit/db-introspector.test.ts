import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { backing, dropSchema, uniqueSchema } from '../../test/support/backing.ts'
import { openDatabase } from './db.ts'

const postgres = await backing.postgres()

describe.skipIf(!postgres.available)('migrations on PostgreSQL beside other schemas', () => {
  it('migrate while another user of the database creates and drops its schemas', async () => {
    // Another suite or service on the same database: schemas with a serial column come and go.
    const other = new pg.Client({ connectionString: postgres.url })
    await other.connect()
    let churning = true
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = uniqueSchema(`churn${i}`)
        await other.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial primary key)`)
        await other.query(`DROP SCHEMA ${name} CASCADE`)
      }
    })()
    const schemas: string[] = []
    try {
      for (let round = 0; round < 4; round++) {
        const schema = uniqueSchema('migrate_churn')
        schemas.push(schema)
        const db = openDatabase({ dataDir: '', databaseUrl: postgres.url, schema })
        try {
          expect((await db.migrate()).length).toBeGreaterThan(0)
          expect(await db.migrate()).toEqual([])
        } finally {
          await db.close()
        }
      }
    } finally {
      churning = false
      await churn
      await other.end()
      for (const schema of schemas) await dropSchema(postgres.url, schema)
    }
  }, 120_000)
})
