import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { createDispatcher } from '../../src/agents/dispatch.ts'
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
