/**
 * The AML store against both dialects: SQLite always, PostgreSQL when reachable (required with
 * CI=true). The screening id counter is the part that must hold across instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageKinds } from '../../../test/support/storage.ts'
import type { ListVersion } from '../../engines/aml/index.ts'
import type { Database } from '../../kit/db.ts'
import { AmlStore } from './store.ts'

const version = (sha: string, entities = 3): ListVersion => ({
  list: 'cz_210_2008',
  title: 'CZ 210/2008',
  format: 'cz-210-json',
  source: `cz_${sha}.json`,
  sha256: sha,
  listDate: '2026-04-10',
  namesOnly: false,
  entities: Array.from({ length: entities }, (_, i) => ({
    list: 'cz_210_2008',
    listId: `NV210-${i + 1}`,
    type: 'person' as const,
    names: [{ full: `Person ${i + 1}`, kind: 'primary' as const }],
    birthDates: ['1963-10-07'],
    nationalities: ['ES'],
    countries: [],
    identifiers: [{ type: 'national_id', value: '78.865.693', country: 'ES' }],
    programmes: ['NV 210/2008'],
    listDate: '2026-04-10',
  })),
})

for (const kind of await storageKinds()) {
  describe(`AML store on ${kind.name}`, () => {
    const storage = kind.create('aml_store', { file: 'aml.db' })
    let db: Database
    let store: AmlStore

    beforeAll(async () => {
      db = storage.open()
      await db.migrate()
      store = new AmlStore(db)
    })
    afterAll(async () => {
      await db.close()
      await storage.cleanup()
    })

    it('stores a version with its entities and reads them back whole', async () => {
      const outcome = await store.importVersion(version('a1', 1200))
      expect(outcome.added).toBe(true)
      expect(outcome.version).toMatchObject({ entityCount: 1200, nameCount: 1200 })
      const { versions } = await store.loadVersions()
      const v = versions.find((x) => x.sha256 === 'a1')!
      expect(v.entities).toHaveLength(1200)
      expect(v.entities[5]).toEqual(version('a1', 1200).entities[5])
    })

    it('skips a file it already holds (same sha256)', async () => {
      const again = await store.importVersion(version('a1', 1200))
      expect(again.added).toBe(false)
      expect((await store.listVersions()).filter((v) => v.sha256 === 'a1')).toHaveLength(1)
    })

    it('hands out every counter number once, also under concurrent calls', async () => {
      const numbers = await Promise.all(Array.from({ length: 25 }, () => store.next('screening:20261122')))
      expect(new Set(numbers).size).toBe(25)
      expect(Math.max(...numbers)).toBe(25)
      expect(await store.next('screening:20261123')).toBe(1)
    })

    it('gives two instances on one database unique, increasing numbers', async () => {
      const other = storage.open()
      try {
        const second = new AmlStore(other)
        const got: number[] = []
        for (let i = 0; i < 10; i++) {
          const [a, b] = await Promise.all([
            store.next('screening:20261124'),
            second.next('screening:20261124'),
          ])
          got.push(a, b)
          // Within one instance, numbers only grow.
          expect(b).not.toBe(a)
        }
        expect(new Set(got).size).toBe(20)
        expect([...got].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
        const mine = got.filter((_, i) => i % 2 === 0)
        expect(mine).toEqual([...mine].sort((x, y) => x - y))
      } finally {
        await other.close()
      }
    })

    it('keeps the audit record of a screening and finds it by id', async () => {
      const record = {
        screening_id: 'AML-20261122-000001',
        created_at: '2026-11-22T10:00:00.000Z',
        subject_type: 'person',
        risk_level: 'LOW',
        input: { first_name: 'Jan', last_name: 'Novák' },
        list_versions: [{ id: 1, list: 'cz_210_2008' }],
        result: { overall_risk: { level: 'LOW' } },
      }
      await store.saveScreening(record)
      expect(await store.getScreening('AML-20261122-000001')).toEqual(record)
      expect(await store.getScreening('AML-20261122-000002')).toBeUndefined()
    })
  })
}
