import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Replay, startReplay } from '../../../test/sources/replay.ts'
import { SOURCE_ROUTES } from '../../../test/sources/routes.ts'
import { UpstreamError } from '../../kit/http.ts'
import { createSources, czkPerUnit, parseCnbDaily, type Sources } from './index.ts'

let replay: Replay
let sources: Sources

beforeAll(async () => {
  replay = await startReplay([
    ...SOURCE_ROUTES,
    { path: '/slow/ms/CZ/vat/27082440', fixture: 'vies/CZ27082440.json', delayMs: 1500 },
  ])
  sources = createSources({
    cnbBaseUrl: `${replay.url}/cnb`,
    vatRegisterUrl: `${replay.url}/vat`,
    viesBaseUrl: `${replay.url}/vies`,
    ruianBaseUrl: `${replay.url}/ruian`,
    cadastreWfsUrl: `${replay.url}/cadastre`,
    aresBaseUrl: `${replay.url}/ares`,
    timeoutMs: 1000,
    retries: 0,
    cacheTtlMs: 60_000,
  })
})
afterAll(() => replay.close())

const failure = async (p: Promise<unknown>): Promise<UpstreamError> => {
  try {
    await p
  } catch (error) {
    if (error instanceof UpstreamError) return error
    throw error
  }
  throw new Error('expected an UpstreamError')
}

describe('ČNB daily rates', () => {
  it('parses the declaration date, serial number and rates with their units', async () => {
    const rates = await sources.cnb.daily('2026-11-20')
    expect(rates.date).toBe('2026-11-20')
    expect(rates.serial).toBe(225)
    expect(rates.rates).toHaveLength(30)
    expect(rates.rates.find((r) => r.code === 'EUR')).toEqual({
      country: 'EMU',
      currency: 'euro',
      amount: 1,
      code: 'EUR',
      rate: 24.3,
    })
    expect(czkPerUnit(rates, 'HUF')).toBeCloseTo(0.06302, 6)
    expect(czkPerUnit(rates, 'CZK')).toBe(1)
    expect(czkPerUnit(rates, 'RUB')).toBeUndefined()
  })

  it('asks ČNB with the DD.MM.YYYY date parameter and caches the answer', async () => {
    const before = replay.requests.length
    const first = await sources.cnb.daily('2026-01-02')
    const second = await sources.cnb.daily('2026-01-02')
    expect(replay.requests.length - before).toBe(1)
    expect(replay.requests.at(-1)!.query).toEqual({ date: '02.01.2026' })
    expect(first.cached).toBe(false)
    expect(second.cached).toBe(true)
    expect(second.rates.find((r) => r.code === 'USD')!.rate).toBe(20.73)
  })

  it('refuses a file that is not in the documented layout', () => {
    expect(() => parseCnbDaily('<html>maintenance</html>')).toThrow(/DD.MM.YYYY/)
    expect(() => parseCnbDaily('20.11.2026 #225\nzemě|měna|množství|kód|kurz\nEMU|euro|1|EUR|abc')).toThrow(
      /bad row/,
    )
  })

  it('names the source when ČNB has no answer for the date', async () => {
    const error = await failure(sources.cnb.daily('1990-01-01'))
    expect(error.source).toBe('cnb')
    expect(error.status).toBe(404)
  })
})

describe('VAT register (unreliable payers)', () => {
  it('reads a reliable payer with standard and non-standard published accounts', async () => {
    const answer = await sources.vatRegister.status(['CZ27082440'])
    expect(answer.generated).toBe('2026-11-20')
    expect(answer.payers).toEqual([
      {
        dic: '27082440',
        unreliable: 'NE',
        tax_office: '451',
        accounts: [
          { account: '2000145399/0800', kind: 'standard', published_since: '2013-04-01' },
          { account: '19-2000145399/0800', kind: 'standard', published_since: '2019-07-15' },
          { account: 'SK3112000000198742637541', kind: 'non_standard', published_since: '2021-02-01' },
        ],
      },
    ])
    expect(replay.requests.at(-1)!.body).toContain('<roz:dic>27082440</roz:dic>')
  })

  it('reads an unreliable payer with the date it was published', async () => {
    const answer = await sources.vatRegister.status(['24601357'])
    expect(answer.payers[0]).toMatchObject({
      unreliable: 'ANO',
      unreliable_since: '2025-03-12',
      accounts: [],
    })
  })

  it('caches answers although the service is a POST', async () => {
    const before = replay.requests.length
    const again = await sources.vatRegister.status(['27082440'])
    expect(again.cached).toBe(true)
    expect(replay.requests.length).toBe(before)
  })

  it('turns a maintenance status and a SOAP fault into failures of the source', async () => {
    const maintenance = await failure(sources.vatRegister.status(['45317054']))
    expect(maintenance.source).toBe('vat_register')
    expect(maintenance.message).toContain('service status 2')
    const fault = await failure(sources.vatRegister.status(['00000019']))
    expect(fault.message).toContain('Chybný formát DIČ')
  })
})

describe('VIES', () => {
  it('answers valid with the registered name and a one-line address', async () => {
    const answer = await sources.vies.check('CZ', '27082440')
    expect(answer).toMatchObject({
      valid: true,
      name: 'Alza.cz a.s.',
      address: 'Jankovcova 1522/53, PRAHA 7 - HOLEŠOVICE, 170 00  PRAHA 7',
    })
  })

  it('answers invalid without a name', async () => {
    expect(await sources.vies.check('CZ', '12345679')).toMatchObject({ valid: false, name: null })
  })

  it('treats a member state that did not answer as a failure, never as invalid', async () => {
    const error = await failure(sources.vies.check('DE', '811907980'))
    expect(error.source).toBe('vies')
    expect(error.message).toContain('MS_UNAVAILABLE')
  })

  it('times out a hanging upstream and says so', async () => {
    const slow = createSources({
      cnbBaseUrl: replay.url,
      vatRegisterUrl: replay.url,
      viesBaseUrl: `${replay.url}/slow`,
      ruianBaseUrl: replay.url,
      cadastreWfsUrl: replay.url,
      aresBaseUrl: replay.url,
      timeoutMs: 200,
      retries: 0,
      cacheTtlMs: 0,
    })
    const error = await failure(slow.vies.check('CZ', '27082440'))
    expect(error.kind).toBe('timeout')
    expect(error.source).toBe('vies')
  })
})

describe('RÚIAN geocoder', () => {
  it('returns WGS84 candidates with their RÚIAN type and score, asking for outSR 4326', async () => {
    const { candidates } = await sources.ruian.find('Jankovcova 1522/53, 17000 Praha 7')
    expect(candidates[0]).toEqual({
      address: 'Jankovcova 1522/53, Holešovice, 17000 Praha 7',
      type: 'AdresniMisto',
      score: 100,
      lat: 50.104698,
      lon: 14.452371,
    })
    expect(replay.requests.at(-1)!.query).toMatchObject({ outSR: '4326', f: 'json' })
  })

  it('refuses coordinates in another reference system rather than misplacing them', async () => {
    const error = await failure(sources.ruian.find('Jankovcova 1522/53 (S-JTSK)'))
    expect(error.message).toContain('EPSG:5514')
  })
})

describe('cadastre WFS', () => {
  it('reads a parcel: number, area, cadastral area and reference point', async () => {
    const { parcels } = await sources.cadastre.parcel('727181', '1589/3')
    expect(parcels).toEqual([
      {
        label: '1589/3',
        national_reference: '727181-1589/3',
        cadastral_area_code: '727181',
        cadastral_area_name: 'Sadská',
        area_m2: 1245,
        valid_since: '2019-06-24',
        reference_point: { lat: 50.05336, lon: 14.9845 },
      },
    ])
  })

  it('answers an empty list for a parcel that does not exist', async () => {
    expect((await sources.cadastre.parcel('727181', '99999')).parcels).toEqual([])
  })

  it('resolves a cadastral area name to its code', async () => {
    expect((await sources.cadastre.areasByName('Sadská')).areas).toEqual([{ code: '727181', name: 'Sadská' }])
  })

  it('turns a WFS exception report into a failure naming the source', async () => {
    const error = await failure(sources.cadastre.parcel('000000', '1'))
    expect(error.source).toBe('cadastre')
    expect(error.message).toContain('UPPER_ZONING_ID has invalid value')
  })
})

describe('ARES search', () => {
  it('posts the query as ARES expects and reads the subjects found', async () => {
    const { total, hits } = await sources.aresSearch.search({ name: 'Alza', count: 5 })
    expect(total).toBe(2)
    expect(hits[0]).toEqual({
      ico: '27082440',
      name: 'Alza.cz a.s.',
      legal_form_code: '121',
      address: 'Jankovcova 1522/53, Holešovice, 17000 Praha 7',
      established: '2003-08-26',
      dissolved: null,
      vat_id: 'CZ27082440',
      nace: ['47910', '46900', '62010'],
    })
    expect(JSON.parse(replay.requests.at(-1)!.body)).toEqual({ start: 0, pocet: 5, obchodniJmeno: 'Alza' })
  })

  it('turns ARES’s refusal of a too broad query into a failure with its reason', async () => {
    const error = await failure(sources.aresSearch.search({ name: 'a' }))
    expect(error.message).toContain('VSTUP_NEDOSTATECNY')
  })
})
