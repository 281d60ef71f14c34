/**
 * The domain agents against the real data agents (ares_lookup, insolvency_check) answering from
 * recorded ARES and ISIR responses on a local replay server: the registry facts are read from
 * the data service's actual answers, not from a test double.
 */
import { describe, expect, it } from 'vitest'
import { replayedSources } from '../../../test/agents/service-tests.ts'
import { NOW } from '../../../test/sources/routes.ts'
import { complianceAgents } from '../compliance/index.ts'
import { dataAgents } from '../data/index.ts'
import type { AgentName, ResultNamed } from '../index.ts'
import { realEstateAgents } from '../real-estate/index.ts'
import { riskAgents } from './index.ts'

const sources = replayedSources([...riskAgents, ...complianceAgents, ...realEstateAgents, ...dataAgents])
const run = async <N extends AgentName>(service: string, name: N, input: unknown) =>
  (await sources.online.call(service, name, input, { now: NOW, lang: 'en' })).output as ResultNamed<N>

describe('domain agents on recorded ARES and ISIR answers', () => {
  it('rates ČEZ low from its ARES record (its CZ-NACE activities included) and an empty ISIR answer', async () => {
    const out = await run('risk', 'company_risk', { ico: '45274649' })
    expect(out).toMatchObject({
      verdict: 'clear',
      risk_level: 'low',
      flags: [],
      not_verified: [],
      company: { name: 'ČEZ, a. s.', established: '1992-05-06' },
      partial: false,
      sources: [
        { name: 'data/ares_lookup', status: 'ok' },
        { name: 'data/insolvency_check', status: 'ok' },
      ],
    })
  })

  it('finds OKD in insolvency', async () => {
    const out = await run('risk', 'company_risk', { ico: '26863154' })
    expect(out.flags.map((f) => f.flag)).toEqual(['insolvency'])
    expect(out.risk_level).toBe('high')
  })

  it('reviews a company whose only proceeding has no end date and a state it does not recognise, naming it, not clear', async () => {
    const out = await run('risk', 'company_risk', { ico: '27182819' })
    expect(out).toMatchObject({
      verdict: 'review',
      flags: [],
      partial: false,
      sources: [
        { name: 'data/ares_lookup', status: 'ok' },
        { name: 'data/insolvency_check', status: 'ok' },
      ],
    })
    expect(out.not_verified).toEqual([
      expect.stringMatching(
        /^insolvency \(in_insolvency\): 91 INS 4711\/2025: state “ZRUŠENO VS” is neither a running nor a finished state .* read its state in ISIR/,
      ),
    ])
  })

  it('rates an IČO unknown to ARES critical', async () => {
    const out = await run('risk', 'company_risk', { ico: '12345679' })
    expect(out).toMatchObject({ risk_level: 'critical', flags: [{ flag: 'not_found' }], partial: false })
  })

  it('verifies a company name in KYC against the ARES record', async () => {
    const out = await run('compliance', 'kyc', {
      subject_type: 'company',
      name: 'CEZ a.s.',
      address: 'Duhová 1444/2, Praha 4',
      ico: '45274649',
      statutory_body: ['Daniel Beneš'],
    })
    expect(out).toMatchObject({ status: 'complete', partial: false })
    expect(out.verified).toContain('name matches ARES')
  })

  it('stops a due diligence whose company seller is in insolvency proceedings', async () => {
    const out = await run('real-estate', 'due_diligence', {
      property_value: 5_000_000,
      ico: '26863154',
      energy_class: 'C',
      building_approved: true,
    })
    expect(out.overall).toBe('stop')
    expect(out.items.filter((i) => i.status === 'fail').map((i) => i.item)).toEqual([
      'seller company in ARES',
      'seller in the insolvency register (ISIR)',
    ])
  })

  it('leaves the seller’s insolvency unknown in a due diligence, naming the proceeding whose state it does not recognise, not ISIR unavailable', async () => {
    const out = await run('real-estate', 'due_diligence', {
      property_value: 5_000_000,
      ico: '27182819',
      energy_class: 'C',
      building_approved: true,
    })
    const seller = out.items.find((i) => i.item === 'seller in the insolvency register (ISIR)')
    expect(seller).toMatchObject({
      status: 'unknown',
      detail: expect.stringMatching(/^91 INS 4711\/2025: state “ZRUŠENO VS” .* read its state in ISIR/),
    })
    expect(out.overall).not.toBe('proceed')
  })
})
