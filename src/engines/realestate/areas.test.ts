/**
 * Places in words read against the RÚIAN gazetteer and listings of the test fixture: a city
 * district covers the parts the gazetteer puts in it, a part its own listings.
 */
import { describe, expect, it } from 'vitest'
import { csv, haveSharedData, REGISTRY_DIR, SAMPLE } from '../../../test/domain/fixtures.ts'
import { inArea, localityPrefix, resolveArea } from './areas.ts'
import { toSales } from './comparables.ts'
import { parseListings } from './listings.ts'
import { loadGazetteer, placeOfLocality } from './regions.ts'

describe.skipIf(!haveSharedData)('resolveArea', () => {
  const gazetteer = loadGazetteer(REGISTRY_DIR)
  const sales = toSales(
    parseListings(csv(SAMPLE)).listings.map((l) => ({
      ...l,
      ...(placeOfLocality(l.locality, gazetteer) ?? { municipality: null, region: null }),
    })),
  )
  const codesIn = (text: string) => {
    const area = resolveArea(text, gazetteer, sales)!
    return sales.filter((s) => inArea(s, area)).map((s) => s.code)
  }

  it('reads a city district as the parts it holds: Veveří lies in Brno-střed, Žabovřesky does not', () => {
    const area = resolveArea('Brno-střed', gazetteer, sales)!
    expect(area).toMatchObject({ kind: 'district', label: 'Brno-střed (Brno)' })
    expect(area.parts).toContain('veveri')
    expect(codesIn('Brno-střed')).toEqual(['2001', '2003'])
    expect(localityPrefix(area)).toBeUndefined()
  })

  it('reads "Praha 5 - Smíchov" and "Smíchov" as the part Smíchov of Praha', () => {
    for (const text of ['Praha 5 - Smíchov', 'Smíchov', 'praha smichov']) {
      const area = resolveArea(text, gazetteer, sales)!
      expect(area).toMatchObject({ kind: 'part', label: 'Smíchov (Praha)' })
      expect(localityPrefix(area)).toBe('praha-smichov')
    }
    expect(codesIn('Praha 5 - Smíchov')).toHaveLength(8)
  })

  it('reads a municipality whole, also one without sales', () => {
    expect(resolveArea('Brno', gazetteer, sales)).toMatchObject({ kind: 'municipality', parts: null })
    expect(codesIn('Brno')).toEqual(['2001', '2002', '2003'])
    expect(resolveArea('Ostrava', gazetteer, sales)).toMatchObject({ kind: 'municipality', label: 'Ostrava' })
    expect(codesIn('Ostrava')).toEqual([])
  })

  it('names nothing for a place the gazetteer does not know', () => {
    expect(resolveArea('Atlantida', gazetteer, sales)).toBeUndefined()
    expect(resolveArea('§§', gazetteer, sales)).toBeUndefined()
  })
})
