/**
 * Operator passwords: scrypt (memory-hard, node:crypto) with a random 16-byte salt per user,
 * stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking stored
 * hashes (each is checked with the parameters it was made with). Comparison is constant-time.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt's work factors: N (CPU and memory, a power of 2), r (block size), p (parallelism). */
export interface ScryptCost {
  N: number
  r: number
  p: number
}

/**
 * N = 2^15, r = 8: 128 · N · r bytes = 32 MiB of memory per hash and about 60 ms on one core, so
 * a stolen table costs an attacker that much per guess. p = 1. Not configurable: only code (the
 * tests, whose users guard nothing) can ask for less.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 }
const KEY_BYTES = 32
const SALT_BYTES = 16
/** scrypt refuses to use more than `maxmem` (default 32 MiB, exactly our need): allow 64 MiB. */
const MAX_MEM = 64 * 1024 * 1024

/** The shortest password accepted (NIST SP 800-63B asks for at least 8 characters). */
const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 256

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, cost.N, cost.r, cost.p)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** True when `password` is the one `stored` was made from; a malformed `stored` never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (![N, r, p].every((v) => Number.isInteger(v) && v > 0)) return false
  const expected = Buffer.from(parts[5]!, 'base64url')
  const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), N, r, p)
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash of a random password: checked against when the user does not exist, so a sign-in with an
 *  unknown name takes as long as one with a wrong password (no user enumeration by timing). */
export const DUMMY_HASH_PROMISE: () => Promise<string> = (() => {
  let made: Promise<string> | undefined
  return () => {
    made ??= hashPassword(randomBytes(18).toString('base64url'))
    return made
  }
})()

/** Why a password is not acceptable, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`
  return undefined
}
