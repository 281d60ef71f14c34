import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { Offload } from './offload.ts'

const pool = new Offload<{ spin?: boolean; echo?: unknown }, unknown>({
  filename: new URL('../../test/support/busy-worker.ts', import.meta.url),
  name: 'test parse',
  maxThreads: 1,
  timeoutMs: 300,
})
afterAll(() => pool.close())

describe('offload', () => {
  it('stops a task that runs past its time limit with a 422 naming the limit, and keeps serving', async () => {
    const started = performance.now()
    const error = await pool.run({ spin: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'unprocessable', details: { limit: 'time', limit_ms: 300 } })
    expect(performance.now() - started).toBeLessThan(5000)
    // The thread was replaced: the next task runs.
    expect(await pool.run({ echo: { ok: true } })).toEqual({ ok: true })
  })
})
