import { describe, expect, it } from 'vitest'
import { runInSlices, runNow } from './slices.ts'

function* count(to: number): Generator<void, number> {
  let n = 0
  for (let i = 0; i < to; i++) {
    n++
    yield
  }
  return n
}

describe('work in slices', () => {
  it('runs every slice at once', () => {
    expect(runNow(count(5))).toBe(5)
  })

  it('lets other callbacks run between slices and gives the same result', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    const slow = function* (): Generator<void, string> {
      for (let i = 0; i < 20; i++) {
        const until = Date.now() + 2
        while (Date.now() < until) {
          // a slice of 2 ms of CPU
        }
        yield
      }
      return 'done'
    }
    expect(await runInSlices(slow())).toBe('done')
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(0)
  })
})
