import { describe, expect, it } from 'vitest'
import { emptyFeatures, makeHit } from '../../engines/aml/explanation.ts'
import type { ListEntity } from '../../engines/aml/types.ts'
import { sayIn } from '../lang.ts'
import { hitView } from './screening.ts'

const entity: ListEntity = {
  list: 'eu_fsf',
  listId: 'EU-1',
  type: 'person',
  names: [{ full: 'Ivan Petrov', kind: 'primary' }],
  birthDates: ['1970-05-01'],
  nationalities: ['RU'],
  countries: [],
  identifiers: [],
  programmes: ['RUS'],
  listDate: '2025-01-01',
}
const hit = makeHit(
  entity,
  entity.names[0]!,
  'Ivan Petrov',
  {
    ...emptyFeatures(),
    name: 0.9,
    birth_date: { query: '1970-05-02', list: ['1970-05-01'], result: 'day_differs', adjustment: -0.05 },
    country: {
      query: ['UA'],
      list: ['RU'],
      result: 'differs (Ukraine vs Russian Federation)',
      adjustment: -0.05,
    },
  },
  0.8,
  0.7,
)

describe('sanctions hits as the agents report them', () => {
  it('names the features that made the score in English', () => {
    expect(hitView(hit, sayIn('en')).why).toBe(
      'name 0.90; birth date day_differs; country differs (Ukraine vs Russian Federation)',
    )
  })

  it('names the same features in Czech, the countries by their Czech names', () => {
    expect(hitView(hit, sayIn('cs')).why).toBe(
      'jméno 0.90; datum narození jiný den; země liší se (Ukrajina vs Rusko)',
    )
  })
})
