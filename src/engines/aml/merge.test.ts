import { describe, expect, it } from 'vitest'
import { activeEntitiesWithReport, versionRoles } from './merge.ts'
import type { ListEntity, ListVersion } from './types.ts'

const entity = (
  list: string,
  listId: string,
  names: string[],
  extra: Partial<ListEntity> = {},
): ListEntity => ({
  list,
  listId,
  type: 'person',
  names: names.map((full, i) => ({ full, kind: i === 0 ? 'primary' : 'alias' })),
  birthDates: [],
  nationalities: [],
  countries: [],
  identifiers: [],
  programmes: [],
  listDate: '2000-01-01',
  ...extra,
})

const version = (
  list: string,
  listDate: string,
  entities: ListEntity[],
  extra: Partial<ListVersion> = {},
): ListVersion => ({
  list,
  title: list,
  format: 'test',
  source: `${list}_${listDate}`,
  sha256: `${list}-${listDate}-${extra.namesOnly ? 'names' : 'full'}`,
  listDate,
  namesOnly: false,
  entities: entities.map((e) => ({ ...e, listDate })),
  ...extra,
})

// The shape of the shared data: OFAC SDN as two full versions and a newer names-only one, the EU
// list as a full and a newer names-only one, the UN list in one full version.
const ofac2021 = version('ofac_sdn', '2021-07-07', [
  entity('ofac_sdn', '100', ['Ivan PETROV'], { birthDates: ['1960-01-01'] }),
  entity('ofac_sdn', '101', ['Olga SMIRNOVA']),
])
const ofac2024 = version('ofac_sdn', '2024-05-03', [
  entity('ofac_sdn', '100', ['Ivan PETROV', 'Ivan PETROFF'], { birthDates: ['1960-01-01'] }),
  entity('ofac_sdn', '102', ['Pavel ORLOV'], { birthDates: ['1970-03-02'] }),
])
const ofac2026 = version(
  'ofac_sdn',
  '2026-06-10',
  [entity('ofac_sdn', '2026-06-10#1', ['Pavel ORLOV']), entity('ofac_sdn', '2026-06-10#2', ['Anna VOLKOVA'])],
  { namesOnly: true },
)
const eu2025 = version('eu_fsf', '2025-04-15', [entity('eu_fsf', 'EU-1', ['Boris GREBEN'])])
const eu2026 = version('eu_fsf', '2026-06-05', [entity('eu_fsf', '2026-06-05#1', ['Boris GREBEN'])], {
  namesOnly: true,
})
const un = version('un', '2026-02-27', [entity('un', 'QDi.1', ['Omar ABDI'])])
const all = [ofac2021, ofac2024, ofac2026, eu2025, eu2026, un]

describe('versionRoles', () => {
  it('makes the newest version of each list the active one and every older one superseded', () => {
    const roles = versionRoles(all)
    const status = (v: ListVersion) => roles.get(v.sha256)?.status
    expect(all.filter((v) => status(v) === 'active').map((v) => v.source)).toEqual([
      'ofac_sdn_2026-06-10',
      'eu_fsf_2026-06-05',
      'un_2026-02-27',
    ])
    expect([ofac2021, ofac2024, eu2025].map(status)).toEqual(['superseded', 'superseded', 'superseded'])
    expect(roles.get(ofac2021.sha256)?.active).toBe(ofac2026.sha256)
    expect(roles.get(un.sha256)).toEqual({ status: 'active', active: un.sha256, details: false })
  })

  it('says which superseded full versions lend their details to a names-only active one', () => {
    const roles = versionRoles(all)
    expect(roles.get(ofac2024.sha256)).toEqual({
      status: 'superseded',
      active: ofac2026.sha256,
      details: true,
    })
    expect(roles.get(eu2025.sha256)?.details).toBe(true)
    // A full active version takes nothing from the versions it superseded.
    const full2026 = version('ofac_sdn', '2026-06-10', ofac2026.entities, { sha256: 'ofac-full-2026' })
    const withFull = versionRoles([ofac2024, full2026])
    expect(withFull.get(ofac2024.sha256)).toEqual({
      status: 'superseded',
      active: 'ofac-full-2026',
      details: false,
    })
  })

  it('prefers a full version over a names-only one of the same date', () => {
    const names = version('uk', '2026-06-10', [], { namesOnly: true })
    const full = version('uk', '2026-06-10', [])
    expect(versionRoles([names, full]).get(full.sha256)?.status).toBe('active')
    expect(versionRoles([full, names]).get(names.sha256)?.status).toBe('superseded')
  })
})

describe('activeEntitiesWithReport', () => {
  it('screens the entries of the active version only: an entry only a superseded version names is not listed', () => {
    const { entities } = activeEntitiesWithReport(all)
    const names = entities.map((e) => e.names[0]!.full).sort()
    expect(names).toEqual(['Anna VOLKOVA', 'Boris GREBEN', 'Omar ABDI', 'Pavel ORLOV'])
    // Pavel ORLOV keeps the official id and birth date of the superseded full version.
    expect(entities.find((e) => e.names[0]!.full === 'Pavel ORLOV')).toMatchObject({
      listId: '102',
      birthDates: ['1970-03-02'],
      listDate: '2026-06-10',
    })
  })
})
