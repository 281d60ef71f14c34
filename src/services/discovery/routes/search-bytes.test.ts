/**
 * The search response put together from pre-encoded parts is byte for byte what
 * JSON.stringify writes for the same SearchBody.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_ORIGIN, loadDataset } from '../../../engines/discovery/dataset.ts'
import { SHIPPED_DATASET } from '../config.ts'
import { publicFields, type SearchBody } from './common.ts'
import { SearchEncoder } from './search-bytes.ts'

const loaded = await loadDataset(SHIPPED_DATASET, DEFAULT_ORIGIN)
if (!loaded.ok) throw new Error('the shipped dataset is invalid')
const { records, dataVersion } = loaded.snapshot
const encoder = new SearchEncoder(records, dataVersion)

const stringified = (
  query: string,
  count: number,
  results: Array<{ record: (typeof records)[number]; score: number }>,
) => {
  const body: SearchBody = {
    query,
    count,
    results: results.map(({ record, score }) => ({ ...publicFields(record), type: record.type, score })),
    source: 'curated_public_snapshot',
    data_version: dataVersion,
  }
  return Buffer.from(JSON.stringify(body))
}

describe('SearchEncoder', () => {
  it('writes every record of the snapshot exactly as JSON.stringify does', () => {
    for (let i = 0; i < records.length; i += 7) {
      const results = records.slice(i, i + 7).map((record, k) => ({ record, score: 1 + k * 997 }))
      const query = 'ocenění nemovitostí'
      expect(encoder.encode(query, 72, results).equals(stringified(query, 72, results))).toBe(true)
    }
  })

  it('escapes a query with quotes, backslashes, control characters and non-Latin text', () => {
    const query = 'a "b" \\ c\u0001 žluťoučký 💡 </script>'
    const results = [{ record: records[0]!, score: 123 }]
    expect(encoder.encode(query, 1, results).toString()).toBe(stringified(query, 1, results).toString())
  })

  it('writes an empty result list', () => {
    expect(encoder.encode('xylofon', 0, []).equals(stringified('xylofon', 0, []))).toBe(true)
  })

  it('refuses a record it was not built with', () => {
    const stranger = { ...records[0]!, id: 'not-in-the-snapshot' }
    expect(() => encoder.encode('x', 1, [{ record: stranger, score: 1 }])).toThrow(/not-in-the-snapshot/)
  })
})
