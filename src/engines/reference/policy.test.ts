import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import { agentCalls } from '../../../test/agents/service-tests.ts'
import { premiumCalculator } from '../../agents/insurance/premium_calculator.ts'
import { REFERENCE_DIR, readPolicyDir } from './load.ts'

const NOW = new Date('2026-11-20T10:00:00Z')
// Built once: building agent deps reads POLICY_DIR (unset here), as a service does at start.
const { run } = agentCalls('insurance', NOW, testDispatcher([premiumCalculator], testDeps()))
const house = premiumCalculator.examples[0]!.input

const shipped = (name: string) => JSON.parse(readFileSync(join(REFERENCE_DIR, `${name}.json`), 'utf8'))

/** A POLICY_DIR holding one file. */
function policyDir(name: string, file: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'policy-'))
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(file))
  return dir
}

/** The shipped tariff with its latest version changed by `change`. */
function tariff(change: (v: Record<string, any>) => void, top: Record<string, unknown> = {}) {
  const file = { ...shipped('insurance-tariff'), policy_version: 'acme-2026-11', ...top }
  change(file.versions[file.versions.length - 1])
  return file
}

afterEach(() => readPolicyDir(undefined))

describe("the operator's policy files", () => {
  it('are marked as policy with a version and how to change them; the laws are not', () => {
    const policies = readdirSync(REFERENCE_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(REFERENCE_DIR, f), 'utf8')))
      .filter((f) => f.kind === 'operator_policy')
      .map((f) => {
        expect(f.policy_version).toMatch(/\S/)
        expect(f.how_to_change).toContain('POLICY_DIR')
        return f.name
      })
    expect(policies.sort()).toEqual([
      'bank-lending-policy',
      'cdd-risk-factors',
      'claims-triage',
      'company-risk-flags',
      'credit-scorecard',
      'fraud-rules',
      'insurance-tariff',
      'insurance-underwriting',
      'realestate-opportunity',
    ])
    expect(shipped('aml-act-thresholds').kind).toBeUndefined()
    expect(shipped('cnb-mortgage-limits').kind).toBeUndefined()
  })

  it('are named in rules_applied as the shipped default policy with its version, never as law', async () => {
    const out = await run('premium_calculator', house)
    const sources = out.rules_applied.map((r: { source?: string }) => r.source)
    expect(sources).toContain(
      'operator policy insurance-tariff gatehouse-default-1 (the shipped default; not law: Gatehouse reference tariff v1)',
    )
  })

  it('are replaced by the operator’s file in POLICY_DIR, and the agents say so', async () => {
    const before = await run('premium_calculator', house)
    readPolicyDir(
      policyDir(
        'insurance-tariff',
        tariff((v) => (v.base_rate_per_mille.house *= 2)),
      ),
    )
    const after = await run('premium_calculator', house)
    expect(after.annual_premium).toBeCloseTo(before.annual_premium * 2, 0)
    expect(after.rules_applied.map((r: { source?: string }) => r.source)).toContain(
      'operator policy insurance-tariff acme-2026-11 (set by the operator; not law: Gatehouse reference tariff v1)',
    )
  })

  it('accept a new entry in a table keyed by names', () => {
    expect(() =>
      readPolicyDir(
        policyDir(
          'insurance-tariff',
          tariff((v) => (v.construction_factor.prefab = 1.3)),
        ),
      ),
    ).not.toThrow()
  })

  it('refuse at start a file that does not fit, naming the file and the field', () => {
    const wrongType = policyDir(
      'insurance-tariff',
      tariff((v) => (v.base_rate_per_mille.house = 'high')),
    )
    expect(() => readPolicyDir(wrongType)).toThrow(
      `${join(wrongType, 'insurance-tariff.json')}.versions[0].base_rate_per_mille.house: must be a number, not string (as in the shipped insurance-tariff.json)`,
    )
    const missing = policyDir(
      'insurance-tariff',
      tariff((v) => delete v.minimum_premium),
    )
    expect(() => readPolicyDir(missing)).toThrow(/\.versions\[0\]\.minimum_premium: is required/)
    const unknown = policyDir(
      'insurance-tariff',
      tariff((v) => (v.minimum_premum = 900)),
    )
    expect(() => readPolicyDir(unknown)).toThrow(
      /\.versions\[0\]\.minimum_premum: is not a field of this policy/,
    )
    const unversioned = policyDir(
      'insurance-tariff',
      tariff(() => {}, { policy_version: '' }),
    )
    expect(() => readPolicyDir(unversioned)).toThrow(/\.policy_version: is required/)
  })
})
