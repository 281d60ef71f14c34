import { describe, expect, it } from 'vitest'
import { recordHtml } from './record-html.ts'

const record = (overallRisk: Record<string, unknown>) => ({
  screening_id: 'AML-20261127-000001',
  created_at: '2026-11-27T10:00:00.000Z',
  input: { first_name: 'Nicolas', last_name: 'Maduro' },
  list_versions: [],
  result: { timestamp: '2026-11-27T10:00:00.000Z', completeness: 1, overall_risk: overallRisk, modules: {} },
})
const print = (overallRisk: Record<string, unknown>) =>
  recordHtml(record(overallRisk), {
    printedBy: 'auditor',
    printedAt: new Date('2026-11-27T11:00:00Z'),
    lang: 'en',
  })

describe('the printed screening record', () => {
  it('says why a person must review a possible match, not that evidence is missing', () => {
    const html = print({
      score: 40,
      level: 'MEDIUM',
      review_required: true,
      review_reasons: [
        { module: 'sanctions', reason: '1 possible match on the sanctions lists (best: ofac_sdn 22790)' },
      ],
      missing: [],
    })
    expect(html).toContain('sanctions: 1 possible match on the sanctions lists (best: ofac_sdn 22790)')
    expect(html).not.toContain('evidence is missing')
  })

  it('lists the missing evidence of a record written before review reasons were given', () => {
    const html = print({
      score: 0,
      level: 'INCOMPLETE',
      review_required: true,
      missing: [{ module: 'registry', status: 'TIMEOUT', reason: 'no answer within 5000 ms' }],
    })
    expect(html).toContain('registry: TIMEOUT — no answer within 5000 ms')
  })

  it('prints the case: each hit’s decision and the trail, who, when, what and why', () => {
    const html = recordHtml(
      {
        ...record({ score: 95, level: 'CRITICAL', review_required: true, missing: [] }),
        case: {
          case_id: 'AMLC-20261127-000001',
          status: 'closed',
          outcome: 'cleared',
          hits: [
            {
              hit_no: 1,
              matched_name: 'MADURO MOROS, Nicolas',
              level: 'CRITICAL',
              decision: {
                decision: 'false_positive',
                comment: 'born in Brno <1990>',
                by: 'eva',
                at: '2026-11-27T10:05:00.000Z',
              },
            },
          ],
          closed: { outcome: 'cleared', by: 'eva', at: '2026-11-27T10:09:00.000Z', approved_by: 'adam' },
          trail: [
            {
              seq: 1,
              at: '2026-11-27T10:00:00.000Z',
              actor: 'eva',
              action: 'opened',
              hit_no: null,
              comment: null,
              detail: {},
            },
            {
              seq: 2,
              at: '2026-11-27T10:05:00.000Z',
              actor: 'eva',
              action: 'decided',
              hit_no: 1,
              comment: 'born in Brno <1990>',
              detail: { decision: 'false_positive' },
            },
            {
              seq: 3,
              at: '2026-11-27T10:09:00.000Z',
              actor: 'adam',
              action: 'approved',
              hit_no: null,
              comment: 'checked',
              detail: { outcome: 'cleared' },
            },
          ],
        },
      },
      { printedBy: 'auditor', printedAt: new Date('2026-11-27T11:00:00Z'), lang: 'en' },
    )
    expect(html).toContain('Case AMLC-20261127-000001')
    expect(html).toContain('Closed as “cleared” by eva')
    expect(html).toContain('approved by adam')
    expect(html).toContain('Hit 1 · false positive')
    expect(html).toContain('born in Brno &lt;1990&gt;')
    expect(html).toMatch(/<td>adam<\/td><td>approved · cleared<\/td><td>checked<\/td>/)
    const czech = recordHtml(
      {
        ...record({ level: 'CRITICAL', missing: [] }),
        case: {
          case_id: 'AMLC-20261127-000001',
          status: 'open',
          outcome: null,
          hits: [],
          closed: null,
          trail: [],
        },
      },
      { printedBy: 'auditor', printedAt: new Date('2026-11-27T11:00:00Z'), lang: 'cs' },
    )
    expect(czech).toContain('Případ AMLC-20261127-000001')
  })
})
