import { describe, expect, it } from 'vitest'
import { testDeps } from '../../test/agents/harness.ts'
import { haveLists } from '../../test/aml/lists.ts'

describe.skipIf(!haveLists)('the agents’ sanctions engine', () => {
  it('is built on first use in slices, the event loop running between them', async () => {
    const deps = testDeps()
    // How often this thread's own immediates ran while the lists were read and indexed: none when
    // the build holds the event loop from start to end (seconds for the lists the tests read).
    let turns = 0
    let building = true
    const tick = () => {
      if (!building) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    const built = await deps.aml.engine()
    building = false
    expect(built.lists.length).toBeGreaterThan(0)
    expect(built.engine.screenName('Hamas', { type: 'company', limit: 1, threshold: 1 })).toHaveLength(1)
    expect(turns).toBeGreaterThan(20)
  }, 120_000)
})
