import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../../test/aml/lists.ts'
import { createScreeningEngine } from '../engine.ts'
import { entityView } from '../entities.ts'
import { activeEntities } from '../merge.ts'
import { isoDate } from './common.ts'
import { importFile, UnsupportedListFile } from './index.ts'
import { parseRemarks } from './ofac-csv.ts'

const FIXTURES = join(import.meta.dirname, '../../../../test/aml/fixtures')

describe('list dates and OFAC remarks', () => {
  it('reads the date shapes the lists print', () => {
    expect(isoDate('10 Jun 1969')).toBe('1969-06-10')
    expect(isoDate('circa 1962')).toBe('1962')
    expect(isoDate('1960 to 1962')).toBe('1960-1962')
    expect(isoDate('03/28/2025', { usOrder: true })).toBe('2025-03-28')
    expect(isoDate('7.10.1963')).toBe('1963-10-07')
  })

  it('reads birth dates, nationalities, Czech registration numbers and weak aliases from remarks', () => {
    const r = parseRemarks(
      "Organization Established Date 10 Nov 2016; V.A.T. Number CZ05556121 (Czech Republic); Registration Number 05556121 (Czech Republic); a.k.a. 'UMATEX EUROPE'; DOB 10 Jun 1969; alt. nationality Czech Republic.",
    )
    expect(r.identifiers).toEqual([
      { type: 'vat', value: 'CZ05556121', country: 'CZ' },
      { type: 'registration', value: '05556121', country: 'CZ' },
    ])
    expect(r.weakAliases).toEqual(['UMATEX EUROPE'])
    expect(r.birthDates).toEqual(['1969-06-10'])
    expect(r.nationalities).toEqual(['CZ'])
  })
})

describe('EU FSF XML (official format)', () => {
  const v = importFile(join(FIXTURES, 'eu_fsf_sample.xml'))

  it('reads entries with EU ids, strong and weak aliases, citizenships, birth dates and identifiers', () => {
    expect(v).toMatchObject({ list: 'eu_fsf', format: 'eu-xml', listDate: '2026-06-05', namesOnly: false })
    expect(v.entities).toHaveLength(3)
    const deripaska = v.entities[0]!
    expect(deripaska).toMatchObject({
      listId: 'EU-138212',
      type: 'person',
      birthDates: ['1968-01-02'],
      nationalities: ['RU', 'CY'],
      programmes: ['UKR'],
    })
    expect(deripaska.names.map((n) => n.kind)).toEqual(['primary', 'alias', 'alias', 'weak'])
    expect(deripaska.names[0]).toMatchObject({ first: 'Oleg', last: 'DERIPASKA' })
    const voice = v.entities[1]!
    expect(voice).toMatchObject({ type: 'company', countries: ['CZ'] })
    expect(voice.identifiers).toEqual([{ type: 'registration', value: '17683491', country: 'CZ' }])
  })

  it('feeds an engine that finds the Czech spelling and the registration number, not the weak alias', () => {
    const engine = createScreeningEngine({ entities: activeEntities([v]) })
    expect(engine.screenPerson({ firstName: 'Oleg', lastName: 'Děripaska' })[0]?.list_id).toBe('EU-138212')
    expect(engine.screenCompany({ ico: '17683491' })[0]).toMatchObject({ list_id: 'EU-165994', score: 1 })
    expect(engine.screenName('Aluminium King')).toEqual([])
  })
})

describe('UK Sanctions List XML (FCDO format)', () => {
  const v = importFile(join(FIXTURES, 'uk_sanctions_list_sample.xml'))

  it('reads designations with their ids, name parts, weak aliases, partial birth dates and nationalities', () => {
    expect(v).toMatchObject({ list: 'uk', format: 'uk-xml', listDate: '2026-06-10' })
    const akhund = v.entities.find((e) => e.listId === 'AFG0006')!
    expect(akhund).toMatchObject({
      type: 'person',
      birthDates: ['1957', '1958-03-02'],
      nationalities: ['AF'],
    })
    expect(akhund.names.map((n) => n.kind)).toEqual(['primary', 'alias', 'alias', 'weak', 'original_script'])
    expect(akhund.names[0]).toMatchObject({
      full: 'MOHAMMAD HASSAN AKHUND',
      first: 'MOHAMMAD HASSAN',
      last: 'AKHUND',
    })
    expect(v.entities.find((e) => e.listId === 'AFG0001')).toMatchObject({
      type: 'company',
      countries: ['PK'],
    })
  })

  it('lets a birth date clear a namesake, which the names-only UK file cannot', () => {
    const engine = createScreeningEngine({ entities: activeEntities([v]) })
    expect(engine.screenPerson({ firstName: 'Mohammad Hassan', lastName: 'Akhund' })[0]?.list_id).toBe(
      'AFG0006',
    )
    expect(
      engine.screenPerson({ firstName: 'Mohammad Hassan', lastName: 'Akhund', birthDate: '1990-01-01' }),
    ).toEqual([])
  })
})

describe('files that are not lists', () => {
  it('refuses them with the reason', () => {
    expect(() => importFile(join(FIXTURES, '../replay/ares/27082440.json'))).toThrow(UnsupportedListFile)
    expect(() => importFile(join(FIXTURES, '../cases.json'))).toThrow(/unknown shape/)
  })
})

describe.skipIf(!haveLists)('the official files in the shared folder', () => {
  it('reads the OFAC consolidated XML with weak aliases apart and identifiers', () => {
    const v = importFile(join(SHARED_LISTS, 'ofac/consolidated_non_sdn_2025-03-28.xml'))
    expect(v).toMatchObject({ list: 'ofac_cons', format: 'ofac-xml', listDate: '2025-03-28' })
    expect(v.entities).toHaveLength(443)
    const haniya = v.entities.find((e) => e.listId === '9639')!
    expect(haniya).toMatchObject({ type: 'person', birthDates: ['1962'], programmes: ['NS-PLC'] })
    expect(haniya.names[0]).toMatchObject({ first: 'Ismail Abdul Salah', last: 'HANIYA', kind: 'primary' })
    expect(v.entities.some((e) => e.names.some((n) => n.kind === 'weak'))).toBe(true)
  })

  it('reads the UN list with reference numbers, low-quality aliases as weak, and original scripts', () => {
    const v = importFile(join(SHARED_LISTS, 'un/un_consolidated_2026-02-27.xml'))
    expect(v).toMatchObject({ list: 'un', listDate: '2026-02-27' })
    expect(v.entities.filter((e) => e.type === 'person')).toHaveLength(730)
    expect(v.entities.filter((e) => e.type === 'organization')).toHaveLength(273)
    const badege = v.entities.find((e) => e.listId === 'CDi.001')!
    expect(badege).toMatchObject({ nationalities: ['CD'], birthDates: ['1971'] })
    expect(
      v.entities.filter((e) => e.names.some((n) => n.kind === 'original_script')).length,
    ).toBeGreaterThan(300)
  })

  it('reads a coherent OFAC legacy CSV set as one version with its strong aliases', () => {
    const v = importFile(join(SHARED_LISTS, 'ofac/sdn_2021-07/sdn.csv'))
    expect(v).toMatchObject({ list: 'ofac_sdn', format: 'ofac-csv', listDate: '2021-07' })
    expect(v.source).toBe('sdn.csv+alt.csv+add.csv+sdn_comments.csv')
    expect(v.entities).toHaveLength(8976)
    expect(v.entities.find((e) => e.listId === '36')!.names.map((n) => [n.full, n.kind])).toEqual([
      ['AEROCARIBBEAN AIRLINES', 'primary'],
      ['AERO-CARIBBEAN', 'alias'],
    ])
  })
})

describe('listed addresses, one line each, from every format that has them', () => {
  const byId = (v: ReturnType<typeof importFile>, id: string) => v.entities.find((e) => e.listId === id)!

  it('EU FSF XML and UK XML: street, city, postal code, region and country', () => {
    expect(byId(importFile(join(FIXTURES, 'eu_fsf_sample.xml')), 'EU-165994').addresses).toEqual([
      'Praha, CZECH REPUBLIC',
    ])
    expect(byId(importFile(join(FIXTURES, 'uk_sanctions_list_sample.xml')), 'AFG0001').addresses).toEqual([
      'Chaman, Pakistan',
    ])
  })

  it.skipIf(!haveLists)('OFAC CSV (add.csv), OFAC XML and UN XML', () => {
    const sdn = importFile(join(SHARED_LISTS, 'ofac/sdn_2021-07/sdn.csv'))
    expect(byId(sdn, '173').addresses).toEqual(['Ibex House, The Minories, London EC3N 1DY, United Kingdom'])
    expect(byId(sdn, '306').addresses).toContain('Zweierstrasse 35, Zurich CH-8022, Switzerland')
    expect(byId(sdn, '306').addresses!.length).toBeGreaterThan(3)
    expect(sdn.entities.filter((e) => (e.addresses ?? []).length > 0).length).toBeGreaterThan(5000)
    const cons = importFile(join(SHARED_LISTS, 'ofac/consolidated_non_sdn_2025-03-28.xml'))
    expect(byId(cons, '9641').addresses).toEqual(['Gaza, Palestinian'])
    const un = importFile(join(SHARED_LISTS, 'un/un_consolidated_2026-02-27.xml'))
    expect(byId(un, 'CDi.002').addresses).toEqual(['Kinshasa, Democratic Republic of the Congo'])
  })

  it('shows them in the hit’s entity, with the other listed facts', () => {
    const v = importFile(join(FIXTURES, 'uk_sanctions_list_sample.xml'))
    expect(entityView([byId(v, 'AFG0001')])).toMatchObject({
      names: ['HAJI KHAIRULLAH HAJI SATTAR MONEY EXCHANGE'],
      aliases: ['Haji Alim Hawala'],
      addresses: ['Chaman, Pakistan'],
    })
  })
})
