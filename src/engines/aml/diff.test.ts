import { describe, expect, it } from 'vitest'
import { diffEntities } from './diff.ts'
import type { ListEntity } from './types.ts'

const entity = (listId: string, names: string[], extra: Partial<ListEntity> = {}): ListEntity => ({
  list: 'uk',
  listId,
  type: 'person',
  names: names.map((full, i) => ({ full, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: [],
  identifiers: [],
  programmes: ['RUSSIA'],
  listDate: '2026-01-01',
  ...extra,
})

describe('diffEntities', () => {
  it('finds entries added, removed and changed, and says which fields changed and how', () => {
    const before = [
      entity('1', ['Ivan PETROV', 'Ivan PETROFF']),
      entity('2', ['Olga SMIRNOVA']),
      entity('3', ['Pavel ORLOV'], { birthDates: ['1970'] }),
    ]
    const after = [
      entity('1', ['Ivan PETROV'], { listDate: '2026-06-01' }),
      entity('3', ['Pavel ORLOV'], { birthDates: ['1970-03-02'], listDate: '2026-06-01' }),
      entity('4', ['Anna VOLKOVA'], { listDate: '2026-06-01' }),
    ]
    const diff = diffEntities(before, after)
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 2, renumbered: 0, unchanged: 0 })
    expect(diff.changes.get('uk|1')).toMatchObject({
      kind: 'changed',
      changes: [{ field: 'names', removed: ['Ivan PETROFF (alias)'], added: [] }],
    })
    expect(diff.changes.get('uk|3')).toMatchObject({
      changes: [{ field: 'birth_dates', removed: ['1970'], added: ['1970-03-02'] }],
    })
    expect(diff.changes.get('uk|2')?.kind).toBe('removed')
    expect(diff.changes.get('uk|4')?.kind).toBe('added')
  })

  it('takes an entry that only changed its row id (lists without stable ids) as the same entry', () => {
    const before = [entity('2026-01-01#5', ['Ivan PETROV']), entity('2026-01-01#6', ['Olga SMIRNOVA'])]
    const after = [
      entity('2026-06-01#7', ['Ivan PETROV'], { listDate: '2026-06-01' }),
      entity('2026-06-01#8', ['Olga SMIRNOV']),
    ]
    const diff = diffEntities(before, after)
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 0, renumbered: 1, unchanged: 0 })
    expect(diff.renumbered.get('uk|2026-06-01#7')).toBe('uk|2026-01-01#5')
    expect(diff.changes.get('uk|2026-01-01#6')?.kind).toBe('removed')
  })
})
