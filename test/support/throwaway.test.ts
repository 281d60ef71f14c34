import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { throwaway } from './throwaway.ts'

const run = promisify(execFile)
const skip = throwaway.unavailable()

/** What another test process gets when it asks for a Redis server on `port` alone. */
async function anotherProcessAsksFor(port: number): Promise<string> {
  const script = `import { throwaway } from ${JSON.stringify(new URL('./throwaway.ts', import.meta.url).href)}
try { const r = await throwaway.redis(); console.log('took ' + r.port); await r.destroy() }
catch (error) { console.log('refused: ' + error.message) }`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, FAULT_PORTS: `${port}-${port}` },
  })
  return stdout.trim()
}

describe.skipIf(skip)('throwaway servers of parallel test files', () => {
  it("keeps a killed server's port from another test process until it is destroyed", async () => {
    const redis = await throwaway.redis()
    try {
      await redis.kill()
      // Free to listen on, but held: another file's server there would answer in this one's place.
      expect(await anotherProcessAsksFor(redis.port)).toBe(
        `refused: no free port in ${redis.port}-${redis.port} (FAULT_PORTS)`,
      )
      await redis.restart()
    } finally {
      await redis.destroy()
    }
    expect(await anotherProcessAsksFor(redis.port)).toBe(`took ${redis.port}`)
  })
})
