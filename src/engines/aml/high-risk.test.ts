import { describe, expect, it } from 'vitest'
import { checkCountries, loadHighRiskTable, versionOn } from './high-risk.ts'

describe('EU high-risk third countries', () => {
  const table = loadHighRiskTable()

  it('dates each version from its first day to the day before the next one', () => {
    expect(table.versions.map((v) => [v.effective_from, v.effective_until])).toEqual([
      ['2025-01-01', '2025-08-04'],
      ['2025-08-05', '2026-01-28'],
      ['2026-01-29', null],
    ])
  })

  it('applies the version in force on the screening date', () => {
    expect(versionOn(table, '2025-08-04').version).toBe('2016/1675 consolidated before 2025/1184')
    expect(versionOn(table, '2025-08-05').version).toBe('2016/1675 as amended by 2025/1184')
    expect(versionOn(table, '2026-11-22').version).toBe('2016/1675 as amended by 2026/46 and 2026/83')
  })

  it('flags Russia from 29 January 2026 and Nigeria only before it, naming the version', () => {
    const countries = [
      { value: 'RU', role: 'nationality' },
      { value: 'Nigeria', role: 'registered_seat' },
    ]
    const before = checkCountries(table, countries, '2026-01-28')
    expect(before.high_risk).toEqual(['NG'])
    const after = checkCountries(table, countries, '2026-01-29')
    expect(after).toMatchObject({
      high_risk: ['RU'],
      list_version: '2016/1675 as amended by 2026/46 and 2026/83',
      effective_from: '2026-01-29',
      effective_until: null,
    })
  })
})
