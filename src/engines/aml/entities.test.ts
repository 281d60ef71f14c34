import { beforeAll, describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../test/aml/lists.ts'
import { createScreeningEngine, type ScreeningEngine } from './engine.ts'
import { changesSince, fingerprintOf, groupHits, sourceUrl, subjectKey } from './entities.ts'
import type { Hit } from './explanation.ts'
import { loadHighRiskTable } from './high-risk.ts'
import { importPaths } from './importers/index.ts'
import { activeEntitiesWithReport } from './merge.ts'
import { createScreener } from './screening.ts'
import type { ListEntity } from './types.ts'

const entity = (list: string, listId: string, over: Partial<ListEntity> = {}): ListEntity => ({
  list,
  listId,
  type: 'person',
  names: [{ full: 'Wali MOHAMMAD', kind: 'primary' }],
  birthDates: [],
  nationalities: [],
  countries: [],
  identifiers: [],
  programmes: [],
  listDate: '2026-06-10',
  ...over,
})

const hitOn = (e: ListEntity, score: number): Hit =>
  ({
    list: e.list,
    list_id: e.listId,
    entity_type: e.type,
    matched_name: e.names[0]!.full,
    score,
    explanation: {
      entry: {
        list: e.list,
        list_id: e.listId,
        type: e.type,
        list_date: e.listDate,
        programmes: e.programmes,
        birth_dates: e.birthDates,
        nationalities: e.nationalities,
      },
      matched_name: { name: e.names[0]!.full, kind: 'primary' },
      query: 'x',
      features: { name: score, tokens: [], unmatched_query: [], unmatched_list: [], omitted: [] },
      threshold: 0.86,
      score,
    },
  }) as Hit

describe('hits grouped by listed entity', () => {
  it('makes one entity of the same name on OFAC, the EU and the UK, with each listing and its source', () => {
    const ofac = entity('ofac_sdn', '7795', {
      names: [
        { full: 'MOHAMMAD, Wali', kind: 'primary' },
        { full: 'Wali Mohammad Akhund', kind: 'alias' },
      ],
      birthDates: ['1965'],
      programmes: ['SDGT'],
      remarks: 'Taliban official',
    })
    const eu = entity('eu_fsf', 'EU-123', { birthDates: ['1965-01-01'], nationalities: ['AF'] })
    const uk = entity('uk', 'AFG0042')
    const other = entity('ofac_sdn', '9999', { birthDates: ['1980'] })
    const all = [ofac, eu, uk, other]
    const groups = groupHits(
      all.map((e, i) => hitOn(e, 0.9 - i * 0.01)),
      'sanctions',
      (list, id) => all.find((e) => e.list === list && e.listId === id),
    )
    expect(groups).toHaveLength(2)
    const wali = groups.find((g) => g.listings.length === 3)!
    expect(wali.listings.map((l) => l.list)).toEqual(['ofac_sdn', 'eu_fsf', 'uk'])
    expect(wali.entity.names).toContain('MOHAMMAD, Wali')
    expect(wali.entity.aliases).toEqual(['Wali Mohammad Akhund'])
    expect(wali.entity.birth_dates).toEqual(['1965', '1965-01-01'])
    expect(wali.entity.nationalities).toEqual(['AF'])
    expect(wali.entity.programmes).toEqual(['SDGT'])
    expect(wali.entity.remarks).toEqual(['Taliban official'])
    expect(wali.listings[0]!.source_url).toBe('https://sanctionssearch.ofac.treas.gov/Details.aspx?id=7795')
    expect(wali.level).toBe('HIGH')
    expect(wali.level_reason).toMatch(/^HIGH: ofac_sdn 7795 .*score 0\.9.*one entity, 3 listings/)
    // Born in 1980, not 1965: another man of the same name.
    expect(groups.find((g) => g.listings.length === 1)!.listings[0]!.list_id).toBe('9999')
  })

  it('joins entries that share an identifier whatever their names', () => {
    const a = entity('eu_fsf', 'EU-1', {
      type: 'company',
      names: [{ full: 'Voice of Europe', kind: 'primary' }],
      identifiers: [{ type: 'ico', value: '05556121' }],
    })
    const b = entity('uk', 'RUS1', {
      type: 'company',
      names: [{ full: 'VOICE OF EUROPE s.r.o.', kind: 'primary' }],
      identifiers: [{ type: 'ico', value: '055 561 21' }],
    })
    const groups = groupHits([hitOn(a, 1), hitOn(b, 0.95)], 'sanctions', (l, id) =>
      [a, b].find((e) => e.list === l && e.listId === id),
    )
    expect(groups).toHaveLength(1)
  })

  it('links a list without pages per entry to the list’s official page', () => {
    expect(sourceUrl('eu_fsf', 'EU-139815')).toMatch(/^https:\/\/data\.europa\.eu\//)
    expect(sourceUrl('ofac_sdn', '2026-06-10#5012')).toBe('https://sanctionssearch.ofac.treas.gov/')
    expect(sourceUrl('nowhere', '1')).toBeNull()
  })
})

describe('the subject a decision is remembered by', () => {
  it('is the same for a name in one string and in its parts, accents and case aside', () => {
    expect(subjectKey({ name: 'NOVÁK Jan', birth_date: '1980-05-01' })).toBe(
      subjectKey({ first_name: 'Jan', last_name: 'Novak', birth_date: '1980-05-01' }),
    )
    expect(subjectKey({ name: 'Jan Novák' })).not.toBe(
      subjectKey({ name: 'Jan Novák', birth_date: '1980-05-01' }),
    )
    expect(subjectKey({ ico: '27082440', company_name: 'Alza.cz a.s.' })).toBe('company|ico:27082440')
  })

  it('says what changed in a listed entry since a decision: a new alias, birth date or programme', () => {
    const before = entity('ofac_sdn', '1', { birthDates: ['1965'], programmes: ['SDGT'] })
    const after = entity('ofac_sdn', '1', {
      names: [...before.names, { full: 'Mullah Wali', kind: 'alias' }],
      birthDates: ['1965', '1966'],
      programmes: ['SDGT'],
      remarks: 'changed remarks are not a change of identity',
    })
    expect(changesSince(fingerprintOf(before), after)).toEqual([
      { field: 'names', added: ['Mullah Wali'], removed: [] },
      { field: 'birth_dates', added: ['1966'], removed: [] },
    ])
    expect(changesSince(fingerprintOf(before), { ...before, remarks: 'new' })).toEqual([])
  })
})

describe.skipIf(!haveLists)('levels that say why, over the real lists', () => {
  let engine: ScreeningEngine

  beforeAll(() => {
    const { versions } = importPaths([SHARED_LISTS])
    engine = createScreeningEngine({ entities: activeEntitiesWithReport(versions).entities })
  }, 120_000)

  const screener = () =>
    createScreener({ engine, versions: [], highRisk: loadHighRiskTable(), now: () => new Date('2026-11-27') })

  it('shows the same Wali Mohammad once with his listings when "Mohammad Ali" is screened', async () => {
    const result = await screener().screen({ name: 'Mohammad Ali' })
    const data = result.modules.sanctions!.data as {
      matches: Hit[]
      entities: { listings: { list: string; list_id: string }[]; entity: { names: string[] } }[]
    }
    const keys = data.matches.map((m) => `${m.list}|${m.list_id}`)
    const grouped = data.entities.flatMap((e) => e.listings.map((l) => `${l.list}|${l.list_id}`))
    expect(grouped.sort()).toEqual([...keys].sort())
    expect(data.entities.length).toBeLessThan(data.matches.length)
    const wali = data.entities.filter((e) => e.entity.names.some((n) => /wali/i.test(n)))
    expect(wali.length).toBeLessThanOrEqual(2)
  })

  it('says why Maduro without a birth date is MEDIUM: a partial name no birth date confirms', async () => {
    const result = await screener().screen({ first_name: 'Nicolas', last_name: 'Maduro' })
    expect(result.overall_risk.level).toBe('MEDIUM')
    expect(result.overall_risk.level_reason).toMatch(
      /^MEDIUM \(score 40\): sanctions: partial-name match only/,
    )
    const entities = result.modules.sanctions!.data.entities as { level: string; level_reason: string }[]
    expect(entities[0]!.level).toBe('MEDIUM')
    expect(entities[0]!.level_reason).toMatch(/no birth date confirms it/)
  })

  it('says why Maduro with his birth date is CRITICAL', async () => {
    const result = await screener().screen({
      first_name: 'Nicolas',
      last_name: 'Maduro',
      birth_date: '1962-11-23',
    })
    expect(result.overall_risk.level).toBe('CRITICAL')
    expect(result.overall_risk.level_reason).toMatch(
      /^CRITICAL \(score \d+(\.\d)?\): sanctions: CRITICAL: .*birth date 1962-11-23 agrees/,
    )
  })

  it('says what was not screened when a company is given by IČO alone and the registry does not answer', async () => {
    const down = {
      lookup: async () => {
        throw new Error('ares: unreachable (ENOTFOUND)')
      },
    }
    const result = await createScreener({
      engine,
      versions: [],
      highRisk: loadHighRiskTable(),
      ares: down as never,
    }).screen({ ico: '27082440' })
    expect(result.overall_risk.level).toBe('INCOMPLETE')
    expect(result.overall_risk.level_reason).toMatch(
      /^INCOMPLETE: not screened: sanctions \(no company name: none was given and the registry \(ARES\) did not answer \(FAILED\)\)/,
    )
    expect(result.overall_risk.level_reason).not.toMatch(/Screened: .*sanctions/)
  })
})
