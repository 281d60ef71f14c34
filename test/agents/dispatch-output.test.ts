import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { createDispatcher, exceedsDepth, hasDefaults } from '../../src/agents/dispatch.ts'
import { defineAgent } from '../../src/agents/types.ts'
import { silentLogger, testDeps } from './harness.ts'

/** The result contract of an agent that judges nothing and consults no source. */
const NOTHING_JUDGED = {
  verdict: 'informational',
  partial: false,
  sources: [],
  rules_applied: [],
  assumptions: [],
}

const echo = defineAgent({
  service: 'contact',
  name: 'echo',
  description: 'returns its flags',
  input: Type.Object({ flag: Type.Boolean() }, { additionalProperties: false }),
  output: Type.Object({ flag: Type.Union([Type.Boolean(), Type.Null()]), count: Type.Integer() }),
  verdict: 'informational',
  examples: [],
  async run(input) {
    return { flag: input.flag, count: 0 }
  },
})

const liar = defineAgent({
  service: 'contact',
  name: 'liar',
  description: 'breaks its own output schema',
  input: Type.Object({}),
  output: Type.Object({ count: Type.Integer() }),
  verdict: 'informational',
  examples: [],
  async run() {
    return { count: '3' } as unknown as { count: number }
  },
})

describe('dispatcher output validation', () => {
  const d = createDispatcher([echo, liar], testDeps(), silentLogger)

  it('returns false in a boolean-or-null field as false (outputs are not coerced)', async () => {
    const { output } = await d.call('contact', 'echo', { flag: false })
    expect(output).toEqual({ ...NOTHING_JUDGED, flag: false, count: 0 })
  })

  it('rejects an output whose number is a string instead of coercing it', async () => {
    await expect(d.call('contact', 'liar', {})).rejects.toMatchObject({ code: 'internal_error' })
  })
})

const defaulted = defineAgent({
  service: 'contact',
  name: 'defaulted',
  description: 'echoes its input after defaults are filled',
  input: Type.Object({ options: Type.Object({ limit: Type.Integer({ default: 10 }) }) }),
  output: Type.Object({ limit: Type.Integer() }),
  verdict: 'informational',
  examples: [],
  async run(input) {
    return { limit: input.options.limit }
  },
})

describe('dispatcher input defaults', () => {
  const d = createDispatcher([echo, defaulted], testDeps(), silentLogger)

  it("fills a nested default for the agent without writing into the caller's object", async () => {
    const input = { options: {} }
    const { output } = await d.call('contact', 'defaulted', input)
    expect(output).toEqual({ ...NOTHING_JUDGED, limit: 10 })
    expect(input).toEqual({ options: {} })
  })

  it('finds a default anywhere in a schema, and none where there is none', () => {
    expect(hasDefaults(defaulted.input)).toBe(true)
    expect(
      hasDefaults({ anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { default: 1 } } }] }),
    ).toBe(true)
    expect(hasDefaults(echo.input)).toBe(false)
  })
})

const infinite = defineAgent({
  service: 'contact',
  name: 'infinite',
  description: 'answers a non-finite number',
  input: Type.Object({}),
  output: Type.Object({ value: Type.Number() }),
  verdict: 'informational',
  examples: [],
  async run() {
    return { value: Number.POSITIVE_INFINITY }
  },
})

const numeric = defineAgent({
  service: 'contact',
  name: 'numeric',
  description: 'echoes a number',
  input: Type.Object({ n: Type.Number() }, { additionalProperties: false }),
  output: Type.Object({ n: Type.Number() }),
  verdict: 'informational',
  examples: [],
  async run(input) {
    return { n: input.n }
  },
})

const anything = defineAgent({
  service: 'contact',
  name: 'anything',
  description: 'takes any object',
  input: Type.Object({}),
  output: Type.Object({}),
  verdict: 'informational',
  examples: [],
  async run() {
    return {}
  },
})

describe('dispatcher numbers and nesting', () => {
  const d = createDispatcher([infinite, numeric, anything], testDeps(), silentLogger)

  it('refers an output holding Infinity (sent as null in JSON) as a broken contract', async () => {
    await expect(d.call('contact', 'infinite', {})).rejects.toMatchObject({ code: 'internal_error' })
  })

  it('refuses a number closer to 0 than 1e-9 with a 400 naming the field, inside lists too', async () => {
    for (const n of [5e-324, 2.2250738585072014e-308, -1e-10]) {
      await expect(d.call('contact', 'numeric', { n })).rejects.toMatchObject({
        code: 'invalid_request',
        details: { field: 'n', rule: 'zero or at least 1e-9 in size' },
      })
    }
    await expect(d.call('contact', 'anything', { a: [{ b: 1 }, { b: 5e-324 }] })).rejects.toMatchObject({
      details: { field: 'a.1.b' },
    })
    // The first one in the order the input is written names the field.
    await expect(
      d.call('contact', 'anything', { z: [[0, 1e-12]], a: { deep: [1, { n: -1e-20 }] } }),
    ).rejects.toMatchObject({ details: { field: 'z.0.1' } })
    for (const n of [0, -0, 1e-9, -1e-9, 0.01, 1e300]) {
      expect((await d.call('contact', 'numeric', { n })).output).toEqual({ ...NOTHING_JUDGED, n })
    }
  })

  it('refuses 1e309 (Infinity once parsed) in an input with a 400 naming the field', async () => {
    await expect(d.call('contact', 'numeric', JSON.parse('{"n":1e309}'))).rejects.toMatchObject({
      code: 'invalid_request',
      details: { field: 'n' },
    })
  })

  it('refuses an input nested deeper than the JSON limit before copying it', async () => {
    let deep: unknown = {}
    for (let i = 0; i < 10_000; i++) deep = { a: deep }
    await expect(d.call('contact', 'anything', deep)).rejects.toMatchObject({
      code: 'invalid_request',
      details: { rule: 'max depth 64' },
    })
  })

  it('measures nesting without recursion and walks a shared object once', () => {
    const shared = { x: [1, 2, { y: 3 }] }
    expect(exceedsDepth({ a: shared, b: shared }, 4)).toBe(false)
    expect(exceedsDepth({ a: shared }, 3)).toBe(true)
    expect(exceedsDepth('text', 0)).toBe(false)
  })
})
