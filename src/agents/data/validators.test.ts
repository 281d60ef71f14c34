import { describe, expect, it } from 'vitest'
import { NOW, replayDeps, testDispatcher } from '../../../test/sources/routes.ts'
import { dicValidator } from './dic_validator.ts'
import { icoValidator } from './ico_validator.ts'

const dispatcher = testDispatcher([icoValidator, dicValidator], replayDeps('http://127.0.0.1:9'))
const call = async (agent: string, input: unknown) =>
  (await dispatcher.call('data', agent, input, { now: NOW, lang: 'en' })).output as Record<string, unknown>

describe('data/ico_validator', () => {
  it('example: accepts ČEZ’s IČO with the weighted sum and the expected digit', async () => {
    const out = await call('ico_validator', icoValidator.examples[0]!.input)
    expect(out).toMatchObject({
      ico: '45274649',
      valid: true,
      reason: null,
      weighted_sum: 156,
      expected_check_digit: 9,
    })
  })

  it('example: names the digit a typo should have had', async () => {
    const out = await call('ico_validator', icoValidator.examples[1]!.input)
    expect(out).toMatchObject({
      valid: false,
      reason: 'checksum digit should be 9, not 8',
      expected_check_digit: 9,
    })
  })

  it('example: pads a short historical IČO to 8 digits', async () => {
    const out = await call('ico_validator', icoValidator.examples[2]!.input)
    expect(out).toMatchObject({ ico: '00006947', valid: true })
  })

  it('answers 400 naming ico when it is not digits', async () => {
    await expect(call('ico_validator', { ico: '4527A649' })).rejects.toMatchObject({
      code: 'invalid_request',
      details: { field: 'ico', rule: 'must be 1 to 8 digits' },
    })
  })

  it('answers 400 for unknown fields (the input schema is closed)', async () => {
    await expect(call('ico_validator', { ico: '45274649', extra: 1 })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('data/dic_validator', () => {
  it('example: a company DIČ carries its IČO', async () => {
    const out = await call('dic_validator', dicValidator.examples[0]!.input)
    expect(out).toMatchObject({
      dic: 'CZ27082440',
      valid: true,
      kind: 'legal_person',
      ico: '27082440',
      birth_date: null,
    })
  })

  it('example: a natural person’s DIČ gives the birth date', async () => {
    const out = await call('dic_validator', dicValidator.examples[1]!.input)
    expect(out).toMatchObject({ valid: true, kind: 'natural_person', birth_date: '1985-01-01', ico: null })
  })

  it('example: a bad IČO checksum inside the DIČ is reported with the rule', async () => {
    const out = await call('dic_validator', dicValidator.examples[2]!.input)
    expect(out).toMatchObject({
      valid: false,
      reason: 'the IČO part is invalid: checksum digit should be 0, not 1',
    })
  })

  it('accepts a special DIČ (CZ6…) whose check digit follows the special rule', async () => {
    const out = await call('dic_validator', { dic: 'CZ640903926' })
    expect(out).toMatchObject({ dic: 'CZ640903926', valid: true })
  })

  it('rejects a special DIČ with a wrong check digit and names the expected one', async () => {
    const out = await call('dic_validator', { dic: 'CZ640903925' })
    expect(out).toMatchObject({ valid: false, reason: 'checksum digit should be 6' })
  })

  it('refuses a birth-number DIČ whose birth date lies after the day judged (CZ4512310000 → 2045-12-31)', async () => {
    const out = await call('dic_validator', { dic: 'CZ4512310000' })
    expect(out).toMatchObject({
      valid: false,
      kind: 'natural_person',
      birth_date: null,
      verdict: 'adverse',
      reason:
        'the birth-number part is invalid: encodes a birth date (2045-12-31) after the day judged (2026-11-20)',
    })
    const rules = out.rules_applied as { basis?: string[]; since?: string }[]
    expect(rules.some((r) => r.basis?.includes('cz-133-2000-s13'))).toBe(true)
  })

  it('accepts a birth-number DIČ of a child born on the day judged', async () => {
    // 261120/000C: 261120000 mod 11 = 9 → check digit 9
    const out = await call('dic_validator', { dic: 'CZ2611200009' })
    expect(out).toMatchObject({ valid: true, birth_date: '2026-11-20' })
  })

  it('answers 400 naming dic when the CZ prefix is missing', async () => {
    await expect(call('dic_validator', { dic: '27082440' })).rejects.toMatchObject({
      details: { field: 'dic', rule: 'must be CZ followed by 8 to 10 digits' },
    })
  })
})
