import { beforeAll, describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../test/aml/lists.ts'
import { createScreeningEngine, type ScreeningEngine } from './engine.ts'
import { importPaths } from './importers/index.ts'
import { activeEntitiesWithReport } from './merge.ts'
import { oneEditApart } from './token-similarity.ts'
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

describe('name shapes clients write', () => {
  const entity = (
    listId: string,
    full: string,
    parts: { first?: string; last?: string } = {},
    birthDates: string[] = [],
  ): ListEntity => ({
    list: 'ofac_sdn',
    listId,
    type: 'person',
    names: [{ full, kind: 'primary', ...parts }],
    birthDates,
    nationalities: [],
    countries: [],
    identifiers: [],
    programmes: [],
    listDate: '2024-05-03',
  })
  const engine = createScreeningEngine({
    entities: [
      entity('22790', 'Nicolas MADURO MOROS', { first: 'Nicolas', last: 'MADURO MOROS' }, ['1962-11-23']),
      entity('7169', 'Jose Alejandro GIL GARCIA', { first: 'Jose Alejandro', last: 'GIL GARCIA' }),
      entity('10725', 'Rami MAKHLOUF', { first: 'Rami', last: 'MAKHLOUF' }),
      entity('545', 'Arefullah AREF', { first: 'Arefullah', last: 'AREF' }),
      entity('16000', "'Abd-al-Hamid AL-MASLI"),
      entity('12735', 'Bashar AL-ASSAD', { first: 'Bashar', last: 'AL-ASSAD' }),
      entity('33871', 'Miljojko RADISAVLJEVIC', { first: 'Miljojko', last: 'RADISAVLJEVIC' }),
      entity('37303', 'Veronika Valerievna VLASOVA', { first: 'Veronika Valerievna', last: 'VLASOVA' }),
      // Fillers give the words their everyday rarity.
      ...['Jose', 'Nicolas', 'Maria', 'Rami', 'Bashar', 'Hamid', 'Garcia', 'Moros', 'Aref'].map((w, i) =>
        entity(`f${i}`, `${w} FILLER${i}`),
      ),
    ],
  })
  const hit = (hits: ReturnType<typeof engine.screenPerson>, id: string) => hits.find((h) => h.list_id === id)

  it('finds a person whose second surname is left out, as a partial match that says what is missing', () => {
    const h = hit(engine.screenPerson({ firstName: 'Nicolas', lastName: 'Maduro' }), '22790')!
    expect(h.explanation.features.partial).toEqual({ omitted: ['moros'], confirmed_by_birth_date: false })
    expect(h.explanation.features.omitted).toEqual([{ token: 'moros', role: 'family', share: 0.1 }])
  })

  it('confirms a partial match by the listed birth date and drops it on a different one', () => {
    const plain = hit(engine.screenPerson({ firstName: 'Nicolas', lastName: 'Maduro' }), '22790')!
    const same = hit(
      engine.screenPerson({ firstName: 'Nicolás', lastName: 'Maduro', birthDate: '1962-11-23' }),
      '22790',
    )!
    expect(same.score).toBeGreaterThan(plain.score)
    expect(same.explanation.features.partial?.confirmed_by_birth_date).toBe(true)
    expect(
      hit(
        engine.screenPerson({ firstName: 'Nicolas', lastName: 'Maduro', birthDate: '1985-01-01' }),
        '22790',
      ),
    ).toBeUndefined()
  })

  it('does not take the second surname alone for the first one: "Jose Garcia" is not Jose GIL GARCIA', () => {
    expect(hit(engine.screenPerson({ firstName: 'Jose', lastName: 'Garcia' }), '7169')).toBeUndefined()
  })

  it('reads a fused name as its list words and says so', () => {
    const h = hit(engine.screenPerson({ lastName: 'Ramimakhlouf' }), '10725')!
    expect(h.score).toBe(1)
    expect(h.explanation.features.reading).toBe('rami makhlouf')
  })

  it('moves a word boundary one letter: "Arefullaha Ref" is Arefullah Aref', () => {
    expect(hit(engine.screenPerson({ name: 'AREFULLAHA REF' }), '545')?.score).toBe(1)
  })

  it('forgives two swapped letters and a stray one, by an edit it names', () => {
    const swapped = hit(engine.screenPerson({ name: 'ADB-AL-HAMID AL-MASLI' }), '16000')!
    expect(swapped.explanation.features.tokens).toContainEqual({
      query: 'adb',
      list: 'abd',
      score: 0.85,
      how: 'edit',
    })
    const stray = hit(engine.screenPerson({ name: 'Bashar xal-Assad' }), '12735')!
    expect(stray.explanation.features.tokens).toContainEqual({
      query: 'xal',
      list: 'al',
      score: 0.8,
      how: 'edit',
    })
    const vlasova = hit(engine.screenPerson({ firstName: 'Veronika', lastName: 'Vlasoav' }), '37303')!
    expect(vlasova.explanation.features.tokens).toContainEqual({
      query: 'vlasoav',
      list: 'vlasova',
      score: 0.95,
      how: 'edit',
    })
  })

  it('lets particles go unwritten: "Bashar Assad" is Bashar AL-ASSAD', () => {
    expect(
      hit(engine.screenPerson({ firstName: 'Bashar', lastName: 'Assad' }), '12735')?.score,
    ).toBeGreaterThan(0.95)
  })

  it('keeps a listed -ević surname a family name, not a patronymic', () => {
    expect(
      hit(engine.screenPerson({ firstName: 'Miljojko', lastName: 'Radisavljveic' }), '33871'),
    ).toBeDefined()
  })

  it('screens one name string in any order', () => {
    expect(hit(engine.screenPerson({ name: 'MADURO MOROS Nicolas' }), '22790')?.score).toBe(1)
  })
})

describe('oneEditApart', () => {
  it.each([
    ['adb', 'abd', true],
    ['xal', 'al', true],
    ['makhluof', 'makhlouf', true],
    ['arefullaha', 'arefullah', true],
    ['rotenberg', 'rosenberg', false],
    ['abc', 'abc', false],
    ['abcd', 'ab', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected)
    expect(oneEditApart(b, a)).toBe(expected)
  })
})
