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
})
