import { describe, expect, it } from 'vitest'
import { numbersIn } from './numbers.ts'

const values = (text: string) => numbersIn(text).map((m) => m.values)

describe('numbersIn', () => {
  it('reads Czech thousands groups and decimal commas', () => {
    expect(values('cena 125 000 Kč')).toEqual([[125_000]])
    expect(values('125\u00a0000,5 Kč/m²')).toEqual([[125_000.5]])
    expect(values('1 250 000 Kč')).toEqual([[1_250_000]])
    expect(values('plocha 125,5 m²')).toEqual([[125.5]])
    expect(values('1.250.000 Kč')).toEqual([[1_250_000]])
  })

  it('reads English spellings, keeping both readings where the mark is ambiguous', () => {
    expect(values('125,000.50 CZK')).toEqual([[125_000.5]])
    expect(values('1.5 m')).toEqual([[1.5]])
    expect(values('125,000')).toEqual([[125_000, 125]])
  })

  it('splits numbers that a space separates but that are no thousands group', () => {
    expect(numbersIn('v roce 2024 123 bytů').map((m) => m.text)).toEqual(['2024', '123'])
    expect(numbersIn('12.4.2024').map((m) => m.values)).toEqual([[12], [4], [2024]])
  })

  it('scales by the word after the number and reads the unit written after it', () => {
    expect(numbersIn('9,3 mil. Kč')[0]).toMatchObject({ text: '9,3 mil.', values: [9_300_000], unit: 'czk' })
    expect(numbersIn('98 tis. Kč/m²')[0]).toMatchObject({ values: [98_000], unit: 'czk_per_m2' })
    expect(numbersIn('0,001 mil. Kč')[0]).toMatchObject({ values: [1000], tolerances: [500] })
    expect(numbersIn('78 %')[0]).toMatchObject({ values: [78], unit: 'percent' })
    expect(numbersIn('60 m², 2 km, 5 korun')).toMatchObject([
      { values: [60], unit: 'm2' },
      { values: [2], unit: 'km' },
      { values: [5], unit: 'czk' },
    ])
    expect(numbersIn('5 kmenů')[0]!.unit).toBeNull()
  })

  it('reads a sign, but not a hyphen inside a date, a range or a layout', () => {
    expect(numbersIn('-136411 Kč')[0]).toMatchObject({ text: '-136411', values: [-136_411], signed: true })
    expect(numbersIn('o −5 %, o –3 % a +2 %').map((m) => m.values[0])).toEqual([-5, -3, 2])
    expect(values('2024-04-12, 100–200, 2+1')).toEqual([[2024], [4], [12], [100], [200], [2], [1]])
  })

  it('reads the digits of every script, and shows the number as written', () => {
    expect(numbersIn('١٣٦٬٤١١ Kč')[0]).toMatchObject({ text: '١٣٦٬٤١١', values: [136_411, 136.411] })
    expect(numbersIn('１２３ Kč')[0]).toMatchObject({ text: '１２３', values: [123], unit: 'czk' })
    expect(values('𝟗𝟖 ० ߃')).toEqual([[98], [0], [3]])
  })

  it('takes the 2 of m2 after no number for an exponent, not a figure', () => {
    expect(values('cena za m2 je 98 000 Kč/m2')).toEqual([[98_000]])
  })

  it('skips the numbers of list items and reads none in text without digits', () => {
    expect(numbersIn('1. Praha 5\n2) Brno')).toEqual([expect.objectContaining({ text: '5' })])
    expect(numbersIn('m² bez čísel')).toEqual([])
  })
})
