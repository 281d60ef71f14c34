import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { createDispatcher, hasDefaults } from '../../src/agents/dispatch.ts'
import { defineAgent } from '../../src/agents/types.ts'
import { silentLogger, testDeps } from './harness.ts'

const echo = defineAgent({
  service: 'contact',
  name: 'echo',
  description: 'returns its flags',
  input: Type.Object({ flag: Type.Boolean() }, { additionalProperties: false }),
  output: Type.Object({ flag: Type.Union([Type.Boolean(), Type.Null()]), count: Type.Integer() }),
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
  examples: [],
  async run() {
    return { count: '3' } as unknown as { count: number }
  },
})

describe('dispatcher output validation', () => {
  const d = createDispatcher([echo, liar], testDeps(), silentLogger)

  it('returns false in a boolean-or-null field as false (outputs are not coerced)', async () => {
    const { output } = await d.call('contact', 'echo', { flag: false })
    expect(output).toEqual({ flag: false, count: 0 })
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
    expect(output).toEqual({ limit: 10 })
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
