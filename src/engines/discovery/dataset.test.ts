import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildSnapshot, DATASET_FORMAT, isDateTime, loadDataset, validateDataset } from './dataset.ts'

const record = (over: Record<string, unknown> = {}) => ({
  id: 'aml-screening',
  type: 'service',
  lang: 'en',
  title: 'AML screening',
  description: 'Screening against sanctions lists',
  path: '/en/services/aml-screening',
  updated: '2026-11-20',
  excerpt: 'Each screening checks the EU, UN, OFAC and UK lists.',
  ...over,
})
const file = (records: unknown[], over: Record<string, unknown> = {}) => ({
  format: DATASET_FORMAT,
  data_version: '2026-11-22T08:00:00Z',
  records,
  ...over,
})

describe('validateDataset', () => {
  it('accepts a valid file', () => {
    expect(validateDataset(file([record()]))).toEqual([])
  })

  it('names every problem by record id and field', () => {
    const problems = validateDataset(
      file([
        record({ title: '', excerpt: 'x'.repeat(12001) }),
        record({ id: 'second', path: '/b', type: 'article', canonical_url: 'https://x' }),
      ]),
    )
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 'aml-screening', field: 'title', rule: 'minLength 1' }),
        expect.objectContaining({ record: 'aml-screening', field: 'excerpt', rule: 'maxLength 12000' }),
        expect.objectContaining({
          record: 'second',
          field: 'type',
          rule: 'one of service, content, product',
        }),
        expect.objectContaining({ record: 'second', field: 'canonical_url', rule: 'unknown field' }),
      ]),
    )
    expect(problems).toHaveLength(4)
  })

  it('names a record without a usable id by its index', () => {
    const problems = validateDataset(file([record({ id: 'Bad Id' })]))
    expect(problems).toEqual([expect.objectContaining({ record: 'records[0]', field: 'id' })])
  })

  it('reports missing fields', () => {
    const { excerpt: _, ...noExcerpt } = record()
    expect(validateDataset(file([noExcerpt]))).toEqual([
      expect.objectContaining({ record: 'aml-screening', field: 'excerpt', rule: 'required' }),
    ])
  })

  it('reports duplicate ids and duplicate paths', () => {
    const problems = validateDataset(file([record(), record({ path: '/other' }), record({ id: 'x2' })]))
    expect(problems).toEqual([
      expect.objectContaining({ record: 'aml-screening', field: 'id', rule: 'unique' }),
      expect.objectContaining({ record: 'x2', field: 'path', rule: 'unique' }),
    ])
  })

  it('refuses impossible dates and an update later than data_version', () => {
    const problems = validateDataset(
      file([record({ updated: '2026-02-30' }), record({ id: 'later', path: '/l', updated: '2026-11-23' })]),
    )
    expect(problems).toEqual([
      expect.objectContaining({ record: 'aml-screening', field: 'updated', rule: 'format date' }),
      expect.objectContaining({ record: 'later', field: 'updated', rule: 'not after data_version' }),
    ])
  })

  it('refuses a path with a query, a fragment or a double slash', () => {
    for (const path of ['/a?b=1', '/a#x', '//evil.example/x', 'relative', '/A']) {
      expect(validateDataset(file([record({ path })]))).toEqual([
        expect.objectContaining({ record: 'aml-screening', field: 'path' }),
      ])
    }
  })

  it('refuses control characters in titles', () => {
    expect(validateDataset(file([record({ title: 'AML\nscreening' })]))).toEqual([
      expect.objectContaining({ field: 'title' }),
    ])
  })

  it('checks the file-level fields', () => {
    const problems = validateDataset({ format: 'other', data_version: '2026-11-22', records: [], extra: 1 })
    expect(problems.map((p) => [p.record, p.field])).toEqual(
      expect.arrayContaining([
        ['(file)', 'format'],
        ['(file)', 'data_version'],
        ['(file)', 'records'],
        ['(file)', 'extra'],
      ]),
    )
  })

  it('refuses an origin that is not https or has a path', () => {
    expect(validateDataset(file([record()]), 'http://gatehouse.cz')).toEqual([
      expect.objectContaining({ field: 'origin' }),
    ])
    expect(validateDataset(file([record()]), 'https://gatehouse.cz/api')).toEqual([
      expect.objectContaining({ field: 'origin' }),
    ])
  })
})

describe('buildSnapshot', () => {
  it('puts every canonical_url on the configured origin', () => {
    const result = buildSnapshot(file([record()]), 'https://example.cz', 'abc')
    expect(result.ok && result.snapshot.records[0]!.canonical_url).toBe(
      'https://example.cz/en/services/aml-screening',
    )
  })
})

describe('loadDataset', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-dataset-'))

  it('reports an unreadable file', async () => {
    const result = await loadDataset(join(dir, 'missing.json'))
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ rule: 'readable' })] })
  })

  it('reports a file that is not JSON', async () => {
    const path = join(dir, 'broken.json')
    writeFileSync(path, '{"format":')
    const result = await loadDataset(path)
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ rule: 'json' })] })
  })

  it('loads a valid file with its digest and data_version', async () => {
    const path = join(dir, 'ok.json')
    writeFileSync(path, JSON.stringify(file([record()])))
    const result = await loadDataset(path)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.snapshot.dataVersion).toBe('2026-11-22T08:00:00Z')
    expect(result.snapshot.digest).toMatch(/^[0-9a-f]{64}$/)
    expect(result.snapshot.byId.get('aml-screening')?.title).toBe('AML screening')
  })
})

describe('isDateTime', () => {
  it('requires a time zone and a real day', () => {
    expect(isDateTime('2026-11-22T08:00:00Z')).toBe(true)
    expect(isDateTime('2026-11-22T08:00:00.123+01:00')).toBe(true)
    expect(isDateTime('2026-11-22T08:00:00')).toBe(false)
    expect(isDateTime('2026-02-30T08:00:00Z')).toBe(false)
  })
})
