import { describe, expect, it } from 'vitest'
import { createScreeningEngine } from './engine.ts'
import { normalizeName } from './normalize.ts'
import { assess } from './screening.ts'
import type { ListEntity } from './types.ts'

const company = (listId: string, full: string, list = 'ofac_sdn'): ListEntity => ({
  list,
  listId,
  type: 'company',
  names: [{ full, kind: 'primary' }],
  birthDates: [],
  nationalities: [],
  countries: [],
  identifiers: [],
  programmes: [],
  listDate: '2024-05-03',
})

describe('company names: legal forms and generic words are not names', () => {
  const engine = createScreeningEngine({
    entities: [
      company('5721', 'OJSC N Holding', 'eu_fsf'),
      company('45996', 'LIMITED LIABILITY COMPANY INVEST GROUP'),
      company('40863', 'UMATEX GROUP EUROPE S.R.O.'),
      company('24390', 'GLOBAL TRADING GROUP'),
      company('7234', 'AL-ARABI TRADING COMPANY'),
      company('11622', 'PETROCHEMICAL TRADING COMPANY LIMITED'),
      company('17449', 'MARSHALL CAPITAL PARTNERS'),
      company('28044', 'MDS IMPORT EXPORT'),
      company('32001', 'PJSC SOVCOMFLOT'),
      // Fillers give the words their everyday rarity in the lists.
      ...['Yona', 'Sham', 'Tulun', 'Jinhou', 'Cham', 'Khoon', 'Teton', 'Orbita'].flatMap((w, i) => [
        company(`h${i}`, `${w} HOLDING`),
        company(`g${i}`, `${w} INVESTMENT GROUP LTD`),
        company(`t${i}`, `${w} INTERNATIONAL TRADING LIMITED`),
      ]),
    ],
  })
  const ids = (name: string) => engine.screenCompany({ name }).map((h) => h.list_id)

  it('finds no hit for "Holding a.s." on OJSC N Holding: the name is a generic word and a legal form', () => {
    expect(ids('Holding a.s.')).toEqual([])
  })

  it('takes no single letter of a company name for an initial: "Novák Holding a.s." is not OJSC N Holding', () => {
    expect(ids('Novák Holding a.s.')).toEqual([])
  })

  it('finds no hit on generic words shared with a listed name that has words of its own', () => {
    for (const name of [
      'Trading Company Ltd',
      'Global Trading s.r.o.',
      'Capital Partners LLC',
      'Export Import spol. s r.o.',
      'International Holding GmbH',
      'Group s.r.o.',
    ])
      expect(ids(name), name).toEqual([])
  })

  it('matches a name of generic words only to the same listed name, as a possible match for review', () => {
    const [hit] = engine.screenCompany({ name: 'Invest Group a.s.' })
    expect(hit).toMatchObject({ list_id: '45996' })
    expect(hit!.explanation.features.generic_only).toBe(true)
    const r = assess(
      {
        sanctions: { status: 'COMPLETED', source: 'PRIMARY', data: { matches: [hit] }, execution_time_ms: 0 },
      },
      0.86,
    )
    expect(r.overall_risk).toMatchObject({ level: 'MEDIUM', score: 40, review_required: true })
    expect(r.overall_risk.review_reasons[0]!.reason).toMatch(/generic words/)
  })

  it('still finds a listed company by its own word, whatever generic words and legal form surround it', () => {
    expect(ids('Umatex Group Europe s.r.o.')[0]).toBe('40863')
    expect(ids('Umatex s.r.o.')[0]).toBe('40863')
    expect(ids('Al-Arabi Trading Co.')[0]).toBe('7234')
    expect(ids('Sovcomflot PAO')[0]).toBe('32001')
    expect(ids('OAO Sovcomflot')[0]).toBe('32001')
  })
})

describe('company names: industry words and spelled-out legal forms are not names either', () => {
  const engine = createScreeningEngine({
    entities: [
      company('7595', 'HASI', 'eu_fsf'),
      company('42083', 'LIMITED LIABILITY COMPANY FORUM'),
      company('14586', 'LIMITED LIABILITY COMPANY ELECOM'),
      company('12637', 'TOCHKA BANK LIMTED LIABILITY COMPANY', 'uk'),
      company('34681', 'JOINT STOCK COMMERCIAL BANK INVESTMENT TRADE BANK'),
      company('34782', 'OBSCHESTVO S OGRANICHENNOY OTVETSTVENNOSTYU SOKHRA'),
      company('12476', 'PARS OIL AND GAS COMPANY'),
      company('15644', 'CHEMICAL INDUSTRIES GROUP'),
      company('35156', 'JOINT STOCK COMPANY SCIENTIFIC-RESEARCH INSTITUTE VEKTOR'),
      company('48388', 'S. GROUP AIRLINES LTD'),
      ...['Yona', 'Sham', 'Tulun', 'Jinhou', 'Cham', 'Khoon', 'Teton', 'Orbita'].flatMap((w, i) => [
        company(`o${i}`, `${w} OIL COMPANY`),
        company(`a${i}`, `${w} AIRLINES`),
        company(`p${i}`, `${w} PHARMA LLC`),
        company(`j${i}`, `JOINT STOCK COMPANY ${w} TELECOM`),
      ]),
    ],
  })
  const ids = (name: string) => engine.screenCompany({ name }).map((h) => h.list_id)

  it('finds no hit for a name that is a legal form written out, in English or Russian', () => {
    for (const name of [
      'Joint Stock Company',
      'Limited Liability Company',
      'Obshchestvo s ogranichennoy otvetstvennostyu',
    ])
      expect(ids(name), name).toEqual([])
  })

  it('takes no industry word for a name, nor for the listed word it sounds like', () => {
    for (const name of [
      'Trading House a.s.',
      'Pharma s.r.o.',
      'Telecom a.s.',
      'Oil and Gas Company',
      'Chemical Industries Ltd',
      'Scientific Research Institute',
      'Airlines a.s.',
    ])
      expect(ids(name), name).toEqual([])
  })

  it('still finds a listed company by its own word beside industry words', () => {
    expect(ids('Pars Oil and Gas Company')[0]).toBe('12476')
    expect(ids('Vektor Scientific Research Institute JSC')[0]).toBe('35156')
    expect(ids('Elecom LLC')[0]).toBe('14586')
    expect(ids('Tochka Bank')[0]).toBe('12637')
  })
})

describe('legal forms', () => {
  it.each([
    ['a.s.', 'joint_stock'],
    ['a. s.', 'joint_stock'],
    ['s.r.o.', 'limited_liability'],
    ['spol. s r.o.', 'limited_liability'],
    ['v.o.s.', 'partnership'],
    ['k.s.', 'partnership'],
    ['OJSC', 'joint_stock'],
    ['JSC', 'joint_stock'],
    ['PJSC', 'joint_stock'],
    ['LLC', 'limited_liability'],
    ['Ltd', 'limited_liability'],
    ['GmbH', 'limited_liability'],
    ['AG', 'joint_stock'],
    ['S.A.', 'joint_stock'],
    ['SpA', 'joint_stock'],
    ['BV', 'limited_liability'],
    ['KGaA', 'joint_stock'],
    ['státní podnik', 'state_enterprise'],
    ['družstvo', 'cooperative'],
    ['FGUP', 'state_enterprise'],
  ])('cuts %s off a company name (%s)', (form, cls) => {
    const n = normalizeName(`Acme ${form}`, { company: true })
    expect(n.tokens.map((t) => t.folded)).toEqual(['acme'])
    expect(n.legalForm).toBe(cls)
  })
})
