import { describe, expect, it } from 'vitest'
import { type FigureUnit, figuresIn, labelsIn, MAX_ROUNDING, unknownNumbers } from './grounding.ts'

const unitOf = (key: string): FigureUnit | null =>
  (({ median: 'czk_per_m2', price: 'czk', ratio: 'ratio', area: 'm2' })[key] as FigureUnit | null) ?? null
const result = {
  median: 98_234,
  price: 9_312_000,
  ratio: 0.78,
  area: 60,
  count: 1,
  disposition: '1+1',
  as_of: '2024-04-12',
  note: 'asks 75000 CZK/m²',
}
const figures = figuresIn(result, unitOf)
const labels = labelsIn(result)
const unknown = (text: string) => unknownNumbers(text, figures, labels)

describe('figuresIn and labelsIn', () => {
  it('take numbers with the unit of their field, and from strings only numbers written with a unit', () => {
    expect(
      figuresIn({ a: [1, { median: -2.5 }], as_of: '2024-04-12', c: 'praha-5', d: 'ask 5 Kč' }, unitOf),
    ).toEqual([
      { value: 1, unit: null },
      { value: -2.5, unit: 'czk_per_m2' },
      { value: 5, unit: 'czk' },
    ])
  })

  it('take strings with digits as labels, ISO dates with their Czech spellings', () => {
    expect([...labelsIn({ a: '2+kk', b: 'Praha', c: ['2024-04-12'] })]).toEqual([
      '2+kk',
      '2024-04-12',
      '12. 4. 2024',
      '12.4.2024',
      '12.04.2024',
    ])
  })
})

describe('unknownNumbers', () => {
  it('accepts the figures as given and their roundings, each with its unit', () => {
    expect(unknown('98 234 Kč/m², asi 98 000 Kč/m², tedy 98 tis. Kč/m²; 60 m²')).toEqual([])
    expect(unknown('cena 9,3 mil. Kč, 78 % odhadu, 75 000 Kč/m², 1 inzerát')).toEqual([])
  })

  it('lists, as written, the numbers that are none of the figures', () => {
    expect(unknown('medián 120 000 Kč/m², cena 9,5 mil. a 64 %')).toEqual(['120 000', '9,5 mil.', '64'])
  })

  it('matches a number written with a unit only to a figure of that unit', () => {
    // 1 is the count and the "1" of the label "1+1"; 60 is an area, 2024 a year of the date.
    expect(unknown('Medián je 1 Kč, cena 60 Kč, k roku 2024 Kč.')).toEqual(['1', '60', '2024'])
    expect(unknown('Je to 1+1 za 9 312 000 Kč, data k 12. 4. 2024.')).toEqual([])
  })

  it(`takes a rounding only within ${MAX_ROUNDING * 100} % of its figure`, () => {
    const given = figuresIn({ price: 136_411 }, unitOf)
    expect(unknownNumbers('140 000 Kč', given)).toEqual([])
    expect(unknownNumbers('100 000 Kč', given)).toEqual(['100 000'])
    expect(unknownNumbers('0,1 mil. Kč', given)).toEqual(['0,1 mil.'])
    expect(unknownNumbers('0,14 mil. Kč', given)).toEqual([])
  })

  it('reads signs, and other scripts’ digits as the numbers they are', () => {
    expect(unknown('-98 234 Kč/m²')).toEqual(['-98 234'])
    expect(unknown('٩٨٬٢٣٤ Kč/m²')).toEqual([])
    expect(unknown('١ Kč, １ Kč')).toEqual(['١', '１'])
    expect(unknownNumbers('5 % pod odhadem, -5 %, +5 %', figuresIn({ ratio: -0.05 }, unitOf))).toEqual(['+5'])
  })

  it('never takes a label for the number of a quantity', () => {
    const coded = labelsIn({ code: '1001' })
    expect(unknownNumbers('Inzerát 1001 je nejlevnější.', [], coded)).toEqual([])
    expect(unknownNumbers('Stojí 1001 Kč.', [], coded)).toEqual(['1001'])
  })
})
