import { describe, expect, it } from 'vitest'
import { figuresIn, numbersIn, unknownNumbers } from './numbers.ts'

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

  it('scales by the word after the number and reads a percentage as a ratio too', () => {
    expect(numbersIn('9,3 mil. Kč')[0]).toMatchObject({ text: '9,3 mil.', values: [9.3, 9_300_000] })
    expect(values('98 tis. Kč')).toEqual([[98, 98_000]])
    expect(values('78 %')).toEqual([[78, 0.78]])
  })

  it('skips the numbers of list items and reads none in text without digits', () => {
    expect(numbersIn('1. Praha 5\n2) Brno')).toEqual([expect.objectContaining({ text: '5' })])
    expect(numbersIn('m² bez čísel')).toEqual([])
  })
})

describe('unknownNumbers', () => {
  const figures = figuresIn({ median: 98_234, price: 9_312_000, ratio: 0.78, note: 'asks 75000 CZK/m²' })

  it('accepts the figures as given and their roundings', () => {
    expect(unknownNumbers('98 234 Kč/m², asi 98 000, tedy 98 tis.', figures)).toEqual([])
    expect(unknownNumbers('cena 9,3 mil. Kč, 78 % odhadu, 75 000 Kč/m²', figures)).toEqual([])
  })

  it('lists, as written, the numbers that are none of the figures', () => {
    expect(unknownNumbers('medián 120 000 Kč/m², cena 9,5 mil. a 64 %', figures)).toEqual([
      '120 000',
      '9,5 mil.',
      '64',
    ])
  })

  it('collects figures from nested values and from numbers written in strings', () => {
    expect(
      [...figuresIn({ a: [1, { b: -2.5 }], as_of: '2024-04-12', c: 'praha-5' })].sort((x, y) => x - y),
    ).toEqual([1, 2.5, 4, 5, 12, 2024])
  })
})
