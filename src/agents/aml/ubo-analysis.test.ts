import { describe, expect, it } from 'vitest'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import type { ResultOf } from '../types.ts'
import { uboAnalysis } from './ubo_analysis.ts'

const d = testDispatcher([uboAnalysis], replayDeps('http://127.0.0.1:9'))
const call = async (input: unknown) =>
  (await d.call('aml', 'ubo_analysis', input, { now: NOW, lang: 'en' })).output as ResultOf<
    typeof uboAnalysis
  >
const example = (i: number) => uboAnalysis.examples[i]!.input

describe('aml/ubo_analysis', () => {
  it('example: 20 % direct + 70 % × 60 % through the holding makes Jana Svobodová the owner at 62 %, with control', async () => {
    const out = await call(example(0))
    expect(out.beneficial_owners).toHaveLength(1)
    expect(out.beneficial_owners[0]).toMatchObject({
      id: 'svoboda',
      effective_share_percent: 62,
      control: true,
      sanctions_hits: [],
    })
    expect(out.beneficial_owners[0]!.paths).toEqual([
      'Jana Svobodová (70 %) → Morava Holdings Ltd (60 %) → Stavby Morava s.r.o.: 42 %',
      'Jana Svobodová (20 %) → Stavby Morava s.r.o.: 20 %',
    ])
    expect(out.persons_below_threshold).toEqual([
      { id: 'novak', name: 'Petr Novák', effective_share_percent: 20 },
      { id: 'dvorak', name: 'Karel Dvořák', effective_share_percent: 18 },
    ])
    // A foreign holding company in the chain is a reason for review, not a high risk on its own.
    expect(out).toMatchObject({
      risk: 'medium',
      structure: { persons: 3, entities: 1, max_depth: 2, foreign_entities: 1 },
    })
  })

  it('example: with five 20 % owners the statutory body is reported', async () => {
    const out = await call(example(1))
    expect(out.fallback_to_statutory_body).toBe(true)
    expect(out.beneficial_owners).toEqual([
      expect.objectContaining({
        name: 'Eva Krátká',
        basis: ['member of the statutory body (no person above the threshold)'],
      }),
    ])
    expect(out.rules_applied[2]).toMatchObject({ outcome: 'applied' })
    // The reported director is no person above the threshold: the definition counts none.
    expect(out.rules_applied[0]).toMatchObject({ basis: ['cz-37-2021-s4-5'], outcome: 'persons: 0' })
  })

  it('screens owners: a sanctioned Russian owner is a sanctions hit in a high-risk country', async () => {
    const out = await call({
      company: { name: 'Alpha Kovo s.r.o.' },
      parties: [
        { id: 'od', name: 'Oleg Deripaska', type: 'person', country: 'RU', birth_date: '1968-01-02' },
      ],
      ownership: [{ owner: 'od', owned: 'target', share_percent: 100 }],
    })
    expect(out.risk).toBe('high')
    expect(out.beneficial_owners[0]).toMatchObject({ eu_high_risk_country: true })
    expect(out.beneficial_owners[0]!.sanctions_hits[0]).toMatchObject({ list: 'ofac_sdn' })
  })

  it('warns about circular ownership and unknown remainders', async () => {
    const out = await call({
      company: { name: 'Kruh a.s.' },
      parties: [
        { id: 'x', name: 'X Holding a.s.', type: 'entity' },
        { id: 'y', name: 'Y Holding a.s.', type: 'entity' },
        { id: 'p', name: 'Pavel Kruhový', type: 'person' },
      ],
      ownership: [
        { owner: 'x', owned: 'target', share_percent: 80 },
        { owner: 'y', owned: 'x', share_percent: 50 },
        { owner: 'x', owned: 'y', share_percent: 50 },
        { owner: 'p', owned: 'y', share_percent: 50 },
      ],
    })
    expect(out.warnings).toContain('shares in Kruh a.s. add up to 80 %: the rest is unknown')
    expect(out.warnings.some((w: string) => w.startsWith('circular ownership'))).toBe(true)
    // 80 % × 50 % × 50 %: the loop between the holdings adds nothing.
    expect(out.persons_below_threshold).toEqual([
      { id: 'p', name: 'Pavel Kruhový', effective_share_percent: 20 },
    ])
    expect(out.warnings).toContain('no beneficial owner above the threshold and no statutory body given')
    expect(out.sources).toEqual([{ name: 'sanctions_lists', status: 'ok' }])
  })

  const sole = {
    company: { name: 'Jediný s.r.o.' },
    parties: [{ id: 'j', name: 'Jan Jediný', type: 'person', country: 'CZ' }],
    ownership: [{ owner: 'j', owned: 'target', share_percent: 100 }],
    screen: false,
  }

  it('before 2021-06-01 names no owner under zákon 37/2021 Sb.: the AML Act’s own definition, left to a person', async () => {
    const out = await call({ ...sole, as_of: '2021-05-31' })
    expect(out.beneficial_owners).toEqual([])
    expect(out.to_assess).toMatchObject([{ id: 'j', effective_share_percent: 100 }])
    expect(out.risk).toBe('medium')
    expect(out.rules_applied[0]).toMatchObject({
      basis: ['cz-253-2008-s4-4'],
      since: '2008-09-01',
      outcome: expect.stringContaining('zákon 253/2008 Sb., § 4 odst. 4'),
    })
    expect(out.rules_applied.flatMap((r) => r.basis)).not.toContain('cz-37-2021-s4-5')
  })

  it('refuses a day before the AML Act (2008-09-01), naming as_of', async () => {
    await expect(call({ ...sole, as_of: '2008-08-31' })).rejects.toMatchObject({
      details: { field: 'as_of', rule: 'must be on or after 2008-09-01' },
    })
  })

  it('says a country was not checked on a day before the EU high-risk list on file, and reviews', async () => {
    const out = await call({ ...sole, as_of: '2023-06-30' })
    expect(out.beneficial_owners).toMatchObject([{ id: 'j', eu_high_risk_country: false }])
    expect(out.warnings).toContain(
      'the EU high-risk third-country list is held from 2025-01-01: the countries were not checked for 2023-06-30',
    )
    expect(out.risk).toBe('medium')
  })

  it('names an owner or entity whose country is not given as not checked against the EU high-risk list, and reviews instead of clearing', async () => {
    const out = await call({
      company: { name: 'Bez Země s.r.o.' },
      parties: [
        { id: 'j', name: 'Jan Bezzemý', type: 'person' },
        { id: 'h', name: 'Neznámý Holding a.s.', type: 'entity' },
        { id: 'k', name: 'Karla Česká', type: 'person', country: 'CZ' },
      ],
      ownership: [
        { owner: 'j', owned: 'target', share_percent: 60 },
        { owner: 'k', owned: 'h', share_percent: 100 },
        { owner: 'h', owned: 'target', share_percent: 40 },
      ],
    })
    expect(out.beneficial_owners).toMatchObject([
      { id: 'j', country: null, eu_high_risk_country: false },
      { id: 'k', country: 'CZ', eu_high_risk_country: false },
    ])
    expect(out.warnings).toEqual([
      'country not given for Jan Bezzemý, Neznámý Holding a.s.: not checked against the EU high-risk third-country list; give each party’s country',
    ])
    expect(out.risk).toBe('medium')
    expect(out.verdict).toBe('review')
  })

  it('answers 400 for shares above 100 % and for an edge to an unknown party', async () => {
    const base = {
      company: { name: 'Test s.r.o.' },
      parties: [{ id: 'a', name: 'Anna Testová', type: 'person' }],
    }
    await expect(
      call({
        ...base,
        ownership: [
          { owner: 'a', owned: 'target', share_percent: 100 },
          { owner: 'a', owned: 'target', share_percent: 10 },
        ],
      }),
    ).rejects.toMatchObject({
      details: { field: 'ownership', rule: 'shares in Test s.r.o. add up to 110 %, more than 100 %' },
    })
    await expect(
      call({ ...base, ownership: [{ owner: 'zz', owned: 'target', share_percent: 50 }] }),
    ).rejects.toMatchObject({
      details: { field: 'ownership/0/owner', rule: 'no party with id "zz"' },
    })
  })
})

describe('aml/ubo_analysis: screening skipped at the caller’s request', () => {
  it('says the owners were not screened (screen: false) and is reviewed, not low', async () => {
    const input = {
      company: { name: 'Jediný s.r.o.' },
      parties: [{ id: 'j', name: 'Jan Jediný', type: 'person', country: 'CZ' }],
      ownership: [{ owner: 'j', owned: 'target', share_percent: 100 }],
    }
    const skipped = await call({ ...input, screen: false })
    expect(skipped.warnings).toContain(
      'the owners were not screened against the sanctions lists: screening skipped at the caller’s request (screen: false)',
    )
    expect(skipped).toMatchObject({ risk: 'medium', verdict: 'review' })
    expect(skipped.sources).toEqual([
      { name: 'sanctions_lists', status: 'skipped', error: 'screen is false' },
    ])
    const screened = await call(input)
    expect(screened).toMatchObject({ risk: 'low', verdict: 'clear' })
  })
})
