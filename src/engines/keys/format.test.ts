import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateKey, hashKey, looksLikeKey, randomBase62 } from './format.ts'

describe('key material', () => {
  it('is <prefix>_<32 base62> with the SHA-256 hex of the whole key and its first 12 characters', () => {
    const { key, hash, prefix } = generateKey('gk')
    expect(key).toMatch(/^gk_[0-9A-Za-z]{32}$/)
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'))
    expect(prefix).toBe(key.slice(0, 12))
    expect(prefix).toHaveLength(12)
  })

  it('never repeats a key in 10,000 draws', () => {
    const keys = new Set(Array.from({ length: 10_000 }, () => generateKey('gk').key))
    expect(keys.size).toBe(10_000)
  })

  it('draws every base62 character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>()
    const sample = randomBase62(62 * 2000)
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1)
    expect(counts.size).toBe(62)
    // Expected 2000 each; a biased draw (byte % 62) would give the first 8 characters ~25 % more.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(1750)
      expect(n).toBeLessThan(2250)
    }
  })

  it('refuses a service prefix that would not leave random characters in the stored 12', () => {
    expect(() => generateKey('averylongprefix')).toThrow(/must match/)
    expect(() => generateKey('GK')).toThrow(/must match/)
  })

  it('recognises the shape of issued keys under any prefix and nothing else', () => {
    expect(looksLikeKey(generateKey('gk').key)).toBe(true)
    expect(looksLikeKey(generateKey('acme').key)).toBe(true)
    expect(looksLikeKey('gk_short')).toBe(false)
    expect(looksLikeKey(`gk_${'a'.repeat(31)}-`)).toBe(false)
    expect(looksLikeKey(`${generateKey('gk').key}x`)).toBe(false)
    expect(hashKey('x')).toHaveLength(64)
  })
})
