import { describe, expect, it } from 'vitest'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import type { AgentName, ResultNamed } from '../index.ts'
import { addressNormalizer } from './address_normalizer.ts'
import { legalFormDecoder } from './legal_form_decoder.ts'
import { listingStore } from './listing_store.ts'
import { naceDecoder } from './nace_decoder.ts'
import { priceIndex } from './price_index.ts'

const agents = [addressNormalizer, legalFormDecoder, listingStore, naceDecoder, priceIndex]
const dispatcher = testDispatcher(agents, replayDeps('http://127.0.0.1:9'))
const call = async <N extends AgentName>(agent: N, input: unknown) =>
  (await dispatcher.call('data', agent, input, { now: NOW, lang: 'en' })).output as ResultNamed<N>
const example = (agent: { examples: { input: unknown }[] }, i: number) => agent.examples[i]!.input

describe('data/legal_form_decoder', () => {
  it('example: decodes ARES pravniForma 112 as an s.r.o. in the commercial register', async () => {
    const out = await call('legal_form_decoder', example(legalFormDecoder, 0))
    expect(out).toMatchObject({
      found: true,
      matched_by: 'code',
      form: { code: '112', name: 'Společnost s ručením omezeným', register: 'obchodní rejstřík' },
      can_be_founded_today: true,
    })
  })

  it('example: reads the form from the end of a company name', async () => {
    const out = await call('legal_form_decoder', example(legalFormDecoder, 1))
    expect(out).toMatchObject({ matched_by: 'name', form: { code: '121', name: 'Akciová společnost' } })
  })

  it('example: says an o.p.s. can no longer be founded, citing the Civil Code', async () => {
    const out = await call('legal_form_decoder', example(legalFormDecoder, 2))
    expect(out.can_be_founded_today).toBe(false)
    expect(out.rules_applied[1]).toMatchObject({
      basis: ['cz-89-2012-s3050'],
      source: 'zákon 89/2012 Sb., § 3050',
      since: '2014-01-01',
    })
  })

  it('reports a code outside the table as not found rather than guessing', async () => {
    expect(await call('legal_form_decoder', { code: '999' })).toMatchObject({ found: false, form: null })
  })

  it('answers 400 when neither code nor name is given, and for a malformed code', async () => {
    await expect(call('legal_form_decoder', {})).rejects.toMatchObject({ details: { field: 'code' } })
    await expect(call('legal_form_decoder', { code: '12' })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('data/nace_decoder', () => {
  it('example: resolves IT and wholesale codes to sections J and G', async () => {
    const out = await call('nace_decoder', example(naceDecoder, 0))
    expect(out.sections).toEqual(['J', 'G'])
    expect(out.activities[0]).toMatchObject({
      code: '62010',
      division: '62',
      division_name_en: 'Computer programming, consultancy and related activities',
      level: 'subclass',
    })
    expect(out.activities[2]).toMatchObject({
      section_name_cs: 'Velkoobchod a maloobchod; opravy a údržba motorových vozidel',
    })
  })

  it('example: accepts dotted codes and a bare division', async () => {
    const out = await call('nace_decoder', example(naceDecoder, 1))
    expect(out.activities.map((a: { code: string; level: string }) => [a.code, a.level])).toEqual([
      ['6831', 'class'],
      ['68', 'division'],
    ])
    expect(out.sections).toEqual(['L'])
  })

  it('answers 400 naming the item for a division that does not exist', async () => {
    await expect(call('nace_decoder', { codes: ['62010', '04'] })).rejects.toMatchObject({
      details: { field: 'codes/1', rule: 'division 04 does not exist in CZ-NACE' },
    })
  })
})

describe('data/price_index', () => {
  it('example: 100,000 CZK of 2021 is 130,474 CZK in 2024 prices (15.1 %, 10.7 %, 2.4 %)', async () => {
    const out = await call('price_index', example(priceIndex, 0))
    expect(out).toMatchObject({
      factor: 1.304737,
      adjusted_amount: 130474,
      cumulative_inflation_percent: 30.47,
    })
    expect(out.yearly).toEqual([
      { year: 2022, inflation_percent: 15.1 },
      { year: 2023, inflation_percent: 10.7 },
      { year: 2024, inflation_percent: 2.4 },
    ])
  })

  it('example: deflates backwards in time', async () => {
    const out = await call('price_index', example(priceIndex, 1))
    expect(out).toMatchObject({ factor: 0.715484, adjusted_amount: 35774 })
  })

  it('answers 400 for a year the series does not cover', async () => {
    await expect(call('price_index', { amount: 1, from_year: 2020, to_year: 2026 })).rejects.toMatchObject({
      details: { field: 'to_year', rule: 'the series covers 1999–2024' },
    })
  })
})

describe('data/address_normalizer', () => {
  it('example: splits a Prague address and finds part, district and region', async () => {
    const out = await call('address_normalizer', example(addressNormalizer, 0))
    expect(out).toMatchObject({
      street: 'Jankovcova',
      house_number: '1522',
      orientation_number: '53',
      psc: '170 00',
      municipality: 'Praha',
      part: 'Holešovice',
      city_district: 'Praha 7',
      region: 'Hlavní město Praha',
      psc_matches_municipality: true,
      formatted: 'Jankovcova 1522/53, Holešovice, 170 00 Praha 7',
      issues: [],
    })
  })

  it('example: flags a PSČ that serves Brno when the address says Ostrava', async () => {
    const out = await call('address_normalizer', example(addressNormalizer, 1))
    expect(out.psc_matches_municipality).toBe(false)
    expect(out.places_for_psc[0]!.municipality).toBe('Brno')
    expect(out.issues[0]).toMatch(/^PSČ 602 00 serves Brno, not the place named; Ostrava has PSČ/)
  })

  it('example: a village address with only č.p.', async () => {
    const out = await call('address_normalizer', example(addressNormalizer, 2))
    expect(out).toMatchObject({
      street: null,
      house_number: '45',
      municipality: 'Dolní Lhota',
      district: 'Ostrava-město',
      region: 'Moravskoslezský',
      formatted: 'č.p. 45, 747 66 Dolní Lhota',
    })
  })

  it('without a PSČ finds the municipality by name and lists its PSČ', async () => {
    const out = await call('address_normalizer', { address: 'Husova 12, Brno' })
    expect(out).toMatchObject({
      municipality: 'Brno',
      region: 'Jihomoravský',
      psc: null,
      psc_matches_municipality: null,
      formatted: 'Husova 12, Brno',
    })
    expect(out.issues[0]).toMatch(/^no PSČ given; Brno has PSČ 60200, /)
  })

  it('without a PSČ says when several municipalities share the name', async () => {
    const out = await call('address_normalizer', { address: 'č.p. 45, Dolní Lhota' })
    expect(out.municipality).toBeNull()
    expect(out.issues[0]).toMatch(/^no PSČ given and \d+ municipalities match: Dolní Lhota \(/)
  })

  it('says so when the PSČ does not exist', async () => {
    const out = await call('address_normalizer', { address: 'Dlouhá 5, 999 99 Praha' })
    expect(out).toMatchObject({ psc_known: false, psc_matches_municipality: null })
    expect(out.issues).toContain('PSČ 999 99 does not exist')
  })
})

describe('data/listing_store', () => {
  it('example: 18 Brno 2+kk flats up to 60 m², cheapest per m² first', async () => {
    const out = await call('listing_store', example(listingStore, 0))
    expect(out).toMatchObject({ count: 18, median_price_czk: 6860000, median_price_per_m2: 124954 })
    expect(out.listings.map((l: { code: string; price_per_m2: number }) => [l.code, l.price_per_m2])).toEqual(
      [
        ['676664652', 106690],
        ['2344289612', 108944],
        ['830174284', 111326],
      ],
    )
    expect(out.dataset).toEqual({
      file: 'sreality_byty_prodej_20240412.csv',
      scraped_on: '2024-04-12',
      rows: 14480,
    })
  })

  it('example: Stodůlky under 8 M CZK sorted by price', async () => {
    const out = await call('listing_store', example(listingStore, 1))
    expect(out.count).toBe(20)
    expect(out.listings[0]).toMatchObject({
      code: '951256396',
      price_czk: 1138000,
      locality: 'praha-stodulky-precechtelova',
    })
    const prices = out.listings.map((l: { price_czk: number }) => l.price_czk)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it('answers 400 when min_area exceeds max_area', async () => {
    await expect(call('listing_store', { min_area: 80, max_area: 40 })).rejects.toMatchObject({
      details: { field: 'min_area', rule: 'must not exceed max_area' },
    })
  })
})
