/**
 * API key material: `<prefix>_<32 base62 characters>` from the operating system's CSPRNG
 * (~190 bits), stored only as its SHA-256 and its first 12 characters. A single SHA-256 is enough
 * for a secret of that entropy (slow KDFs are for low-entropy passwords and would cost ~100 ms per
 * request); lookups go by the hash itself, so there is no secret-dependent comparison to time.
 */
import { hash, randomBytes } from 'node:crypto'

const KEY_RANDOM_LENGTH = 32
/** Characters of the key kept in clear, so an operator can tell keys apart ("gk_7Fq2xY9aB"). */
const STORED_PREFIX_LENGTH = 12
/** Service prefixes: lower-case letters and digits, starting with a letter, short enough to leave
 * random characters inside the 12 stored ones. */
export const KEY_PREFIX_PATTERN = /^[a-z][a-z0-9]{0,7}$/

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** 62 × 4 = 248: bytes at or above it are discarded so every character is equally likely. */
const UNBIASED_LIMIT = 248

export interface NewKeyMaterial {
  /** The full key: shown once, never stored. */
  key: string
  /** SHA-256 of the key, hex. */
  hash: string
  /** First STORED_PREFIX_LENGTH characters of the key. */
  prefix: string
}

/** Uniform base62 string from the CSPRNG (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue
      out += BASE62[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

export function generateKey(servicePrefix: string): NewKeyMaterial {
  if (!KEY_PREFIX_PATTERN.test(servicePrefix)) {
    throw new Error(`key prefix "${servicePrefix}" must match ${KEY_PREFIX_PATTERN}`)
  }
  const key = `${servicePrefix}_${randomBase62(KEY_RANDOM_LENGTH)}`
  return { key, hash: hashKey(key), prefix: key.slice(0, STORED_PREFIX_LENGTH) }
}

export function hashKey(key: string): string {
  // One-shot hash: a fifth of the cost of createHash().update().digest() on a 35-byte key.
  return hash('sha256', key, 'hex')
}

/**
 * True when `key` has the shape of an issued key (any valid service prefix, so keys issued before
 * API_KEY_PREFIX changed keep working). Anything else is refused without a database lookup.
 */
export function looksLikeKey(key: string): boolean {
  return KEY_SHAPE.test(key)
}
const KEY_SHAPE = new RegExp(`^[a-z][a-z0-9]{0,7}_[0-9A-Za-z]{${KEY_RANDOM_LENGTH}}$`)
