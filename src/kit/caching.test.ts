import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { entityTag } from './caching.ts'

describe('entityTag', () => {
  it('is the first 128 bits of sha256 over each part followed by NUL, base64url and quoted', () => {
    const parts = ['v1\u00002026-11-01', '/v1/search', 'ocenění nemovitostí\u0000*\u000010']
    const hash = createHash('sha256')
    for (const part of parts) hash.update(part).update('\u0000')
    expect(entityTag(...parts)).toBe(`"${hash.digest('base64url').slice(0, 22)}"`)
  })

  it('differs when the same text is split into parts differently', () => {
    expect(entityTag('ab', 'c')).not.toBe(entityTag('a', 'bc'))
  })
})
