import { describe, expect, it } from 'vitest'
import { Slots } from './state.ts'

describe('screening slots', () => {
  it('lets the next screening in when one finishes within the wait', async () => {
    const slots = new Slots(1, 500)
    const release = (await slots.acquire())!
    const waiting = slots.acquire()
    setTimeout(release, 50)
    const second = await waiting
    expect(second).toBeTypeOf('function')
    expect(slots.inUse).toBe(1)
    second!()
    expect(slots.inUse).toBe(0)
  })

  it('refuses after the wait when all slots stay busy', async () => {
    const slots = new Slots(2, 50)
    await slots.acquire()
    await slots.acquire()
    const started = Date.now()
    expect(await slots.acquire()).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    expect(slots.inUse).toBe(2)
  })

  it('counts a double release once', async () => {
    const slots = new Slots(1, 10)
    const release = (await slots.acquire())!
    release()
    release()
    expect(slots.inUse).toBe(0)
  })
})
