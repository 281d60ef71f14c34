import { beforeAll, describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../test/aml/lists.ts'
import { createScreeningEngine, type ScreeningEngine } from './engine.ts'
import { importPaths } from './importers/index.ts'
import { activeEntitiesWithReport } from './merge.ts'
import type { ListEntity, ListVersion } from './types.ts'

describe.skipIf(!haveLists)('screening engine over the real lists', () => {
  let versions: ListVersion[]
  let engine: ScreeningEngine

  beforeAll(() => {
    versions = importPaths([SHARED_LISTS]).versions
    engine = createScreeningEngine({ entities: activeEntitiesWithReport(versions).entities })
  })

  it('imports every list in the shared folder with its date', () => {
    const lists = new Set(versions.map((v) => v.list))
    expect([...lists].sort()).toEqual(['cz_210_2008', 'eu_fsf', 'ofac_cons', 'ofac_sdn', 'uk', 'un'])
    const sdn2024 = versions.find((v) => v.source === 'sdn_2024-05-03.csv')!
    expect(sdn2024.listDate).toBe('2024-05-03')
    expect(sdn2024.entities.length).toBe(14965)
  })

  it('finds a person written in Czech on the EU list, with the EU id from the full version', () => {
    const hits = engine.screenPerson({ firstName: 'Oleg', lastName: 'Děripaska', birthDate: '1968-01-02' })
    const eu = hits.find((h) => h.list === 'eu_fsf')!
    expect(eu.list_id).toBe('EU-138212')
    expect(eu.score).toBe(1)
    expect(eu.explanation.features.birth_date?.result).toBe('exact')
    expect(hits.some((h) => h.list === 'ofac_sdn')).toBe(true)
  })

  it('matches Cyrillic input to Latin list names', () => {
    const hits = engine.screenName('Рамзан Кадыров', { type: 'person' })
    expect(hits[0]?.matched_name).toMatch(/kadyrov/i)
    expect(hits[0]!.score).toBeGreaterThan(0.9)
  })

  it('treats an IČO found in OFAC remarks as certain', () => {
    const hits = engine.screenCompany({ ico: '05556121' })
    expect(hits[0]).toMatchObject({ list: 'ofac_sdn', list_id: '40863', score: 1 })
    expect(hits[0]!.explanation.features.identifier).toMatchObject({ type: 'registration', country: 'CZ' })
  })

  it('finds a company under another Czech legal form spelling', () => {
    const hits = engine.screenCompany({ name: 'Versvet spol. s r.o.' })
    expect(hits[0]).toMatchObject({ list: 'ofac_sdn', list_id: '43321' })
  })

  it('lets a wrong birth date pull a name match under the threshold', () => {
    const right = engine.screenPerson({ firstName: 'Aleksandr', lastName: 'Udodov', birthDate: '1969-06-10' })
    const wrong = engine.screenPerson({ firstName: 'Aleksandr', lastName: 'Udodov', birthDate: '1990-01-01' })
    expect(right.some((h) => h.list_id === '40789')).toBe(true)
    expect(wrong.some((h) => h.list_id === '40789')).toBe(false)
  })

  it('never makes a hit from a birth date and country alone', () => {
    const hits = engine.screenPerson({
      firstName: 'Petr',
      lastName: 'Dvořák',
      birthDate: '1968-01-02',
      countries: ['RU'],
    })
    expect(hits).toEqual([])
  })

  it('explains every hit: entry, name, per-feature scores and threshold', () => {
    const [hit] = engine.screenPerson({ firstName: 'Jevgenij', lastName: 'Prigožin' })
    expect(hit!.explanation).toMatchObject({
      threshold: engine.threshold,
      matched_name: { name: hit!.matched_name },
    })
    expect(hit!.explanation.features.tokens.length).toBeGreaterThan(0)
  })

  it('does not match a rare surname with a different common first name', () => {
    expect(engine.screenPerson({ firstName: 'Jana', lastName: 'Nováková' })).toEqual([])
  })
})

describe('joined words', () => {
  const entity = (listId: string, full: string): ListEntity => ({
    list: 'ofac_sdn',
    listId,
    type: 'person',
    names: [{ full, kind: 'primary' }],
    birthDates: [],
    nationalities: [],
    countries: [],
    identifiers: [],
    programmes: [],
    listDate: '2024-05-03',
  })
  const engine = createScreeningEngine({
    entities: [
      entity('2686', 'Hasan NASRALLAH'),
      entity('1', 'Abdulrahman KHALIL'),
      entity('2', 'Jana Svobodová'),
    ],
  })

  it('joins words the list writes as one: Arabic "Nasr Allah", Latin "Abdul Rahman"', () => {
    expect(engine.screenPerson({ firstName: 'حسن', lastName: 'نصر الله' })[0]?.list_id).toBe('2686')
    expect(engine.screenPerson({ firstName: 'Abdul Rahman', lastName: 'Khalil' })[0]?.list_id).toBe('1')
  })

  it('does not join words into something the lists do not have', () => {
    expect(engine.screenPerson({ firstName: 'Jan', lastName: 'Novák' })).toEqual([])
  })
})
