import { describe, expect, it } from 'vitest'
import type { Hit } from './engine.ts'
import { assess, levelOf, type ModuleResult } from './screening.ts'

const hit = (score: number, identifier = false): Hit =>
  ({
    list: 'eu_fsf',
    list_id: 'EU-1',
    entity_type: 'person',
    matched_name: 'X',
    score,
    explanation: { features: identifier ? { identifier: { type: 'ico' } } : {} },
  }) as unknown as Hit

const mod = (status: ModuleResult['status'], data: Record<string, unknown> = {}): ModuleResult => ({
  status,
  source: status === 'COMPLETED' ? 'PRIMARY' : 'NONE',
  data,
  execution_time_ms: 1,
})

describe('risk assessment', () => {
  it('puts scores into the documented bands', () => {
    expect([0, 24.9, 25, 49.9, 50, 74.9, 75, 100].map(levelOf)).toEqual([
      'LOW',
      'LOW',
      'MEDIUM',
      'MEDIUM',
      'HIGH',
      'HIGH',
      'CRITICAL',
      'CRITICAL',
    ])
  })

  it('is LOW and complete when every module completed clean', () => {
    const r = assess(
      {
        sanctions: mod('COMPLETED', { matches: [] }),
        pep: mod('COMPLETED', { matches: [] }),
        high_risk_country: mod('COMPLETED', { high_risk: [] }),
      },
      0.86,
    )
    expect(r).toMatchObject({ completeness: 1, overall_risk: { score: 0, level: 'LOW', weighted_total: 0 } })
  })

  it('counts only completed modules in completeness and in the weighted total', () => {
    const r = assess(
      {
        sanctions: mod('COMPLETED', { matches: [] }),
        pep: mod('NOT_CONFIGURED'),
        high_risk_country: mod('COMPLETED', { high_risk: ['RU'] }),
        registry: mod('TIMEOUT'),
      },
      0.86,
    )
    expect(r.completeness).toBe(0.5)
    // 0.15 × 100 / (0.40 + 0.15)
    expect(r.overall_risk.weighted_total).toBe(27.3)
    expect(r.overall_risk.level).toBe('MEDIUM')
  })

  it('raises a certain sanctions hit to CRITICAL and a hit under review to HIGH, whatever the weights', () => {
    const certain = assess(
      { sanctions: mod('COMPLETED', { matches: [hit(1, true)] }), pep: mod('NOT_CONFIGURED') },
      0.86,
    )
    expect(certain.overall_risk).toMatchObject({ level: 'CRITICAL', score: 100 })
    const review = assess(
      {
        sanctions: mod('COMPLETED', { matches: [hit(0.88)] }),
        pep: mod('COMPLETED', { matches: [] }),
        high_risk_country: mod('COMPLETED', { high_risk: [] }),
      },
      0.86,
    )
    expect(review.overall_risk.weighted_total).toBeLessThan(50)
    expect(review.overall_risk).toMatchObject({ level: 'HIGH', score: 70 })
  })

  it('ignores candidates under the threshold', () => {
    const r = assess({ sanctions: mod('COMPLETED', { matches: [hit(0.7)] }) }, 0.86)
    expect(r.overall_risk.level).toBe('LOW')
  })

  it('raises a running insolvency to HIGH and an unknown company to MEDIUM', () => {
    const insolvent = assess(
      {
        sanctions: mod('COMPLETED', { matches: [] }),
        insolvency: mod('COMPLETED', { active: true, proceedings: [{}] }),
      },
      0.86,
    )
    expect(insolvent.overall_risk.level).toBe('HIGH')
    const unknown = assess(
      { sanctions: mod('COMPLETED', { matches: [] }), registry: mod('COMPLETED', { company: null }) },
      0.86,
    )
    expect(unknown.overall_risk.level).toBe('MEDIUM')
  })

  it('asks for a person on a proceeding with no end date in a state it does not recognise (MEDIUM 25), naming it, not LOW', () => {
    const r = assess(
      {
        sanctions: mod('COMPLETED', { matches: [] }),
        insolvency: mod('COMPLETED', {
          active: false,
          proceedings: [
            {
              reference: '91 INS 4711/2025',
              state: 'ZRUŠENO VS',
              active: false,
              ended: null,
              url: 'https://isir.justice.cz/x',
            },
            { reference: '12 INS 1/2010', state: 'VYRIZENA', active: false, ended: '2011-01-01', url: null },
          ],
        }),
      },
      0.86,
    )
    expect(r.overall_risk).toMatchObject({ level: 'MEDIUM', score: 25, review_required: true })
    expect(r.overall_risk.review_reasons).toEqual([
      {
        module: 'insolvency',
        reason:
          '91 INS 4711/2025: state "ZRUŠENO VS" is neither a running nor a finished state, and the proceeding has no end date — read its state in ISIR (https://isir.justice.cz/x)',
      },
    ])
    expect(r.overall_risk.level_reason).toContain('91 INS 4711/2025')
  })
})

describe('review of possible matches', () => {
  const partial = (score: number): Hit =>
    ({
      list: 'ofac_sdn',
      list_id: '12345',
      entity_type: 'person',
      matched_name: 'Nicolas MADURO MOROS',
      score,
      explanation: { features: { partial: { omitted: ['moros'], confirmed_by_birth_date: false } } },
    }) as unknown as Hit
  const clean = { pep: mod('COMPLETED', { matches: [] }), high_risk_country: mod('SKIPPED') }

  it('asks for a person on a partial-name match no birth date confirms (MEDIUM 40), and says why', () => {
    const r = assess({ sanctions: mod('COMPLETED', { matches: [partial(0.93)] }), ...clean }, 0.86)
    expect(r.overall_risk).toMatchObject({ level: 'MEDIUM', score: 40, review_required: true, missing: [] })
    expect(r.overall_risk.review_reasons).toEqual([
      {
        module: 'sanctions',
        reason: expect.stringMatching(/possible match.*MADURO MOROS.*leaves out moros/),
      },
    ])
  })

  it('asks for a person on every sanctions or PEP hit, firm ones included', () => {
    const firm = assess({ sanctions: mod('COMPLETED', { matches: [hit(0.99)] }), ...clean }, 0.86)
    expect(firm.overall_risk).toMatchObject({ level: 'CRITICAL', review_required: true })
    const pep = assess(
      { sanctions: mod('COMPLETED', { matches: [] }), pep: mod('COMPLETED', { matches: [hit(0.9)] }) },
      0.86,
    )
    expect(pep.overall_risk).toMatchObject({ level: 'HIGH', review_required: true })
    expect(pep.overall_risk.review_reasons.map((r) => r.module)).toEqual(['pep'])
  })

  it('needs no person when every module completed and nothing reached the threshold', () => {
    const r = assess({ sanctions: mod('COMPLETED', { matches: [hit(0.7)] }), ...clean }, 0.86)
    expect(r.overall_risk).toMatchObject({ level: 'LOW', review_required: false, review_reasons: [] })
  })

  it('lists missing evidence among the reasons too', () => {
    const r = assess(
      {
        sanctions: mod('COMPLETED', { matches: [] }),
        registry: mod('TIMEOUT', { error: 'ARES: no answer' }),
      },
      0.86,
    )
    expect(r.overall_risk).toMatchObject({ level: 'INCOMPLETE', review_required: true })
    expect(r.overall_risk.review_reasons).toEqual([{ module: 'registry', reason: 'ARES: no answer' }])
  })
})
