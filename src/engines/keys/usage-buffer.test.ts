import { describe, expect, it } from 'vitest'
import { UsageBuffer } from './usage-buffer.ts'

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('UsageBuffer', () => {
  it('writes nothing on record, then everything in order on close', async () => {
    const written: number[][] = []
    const buffer = new UsageBuffer<number>({
      write: async (b) => void written.push(b),
      batchSize: 4,
      flushIntervalMs: 60_000,
    })
    for (let i = 0; i < 3; i++) buffer.record(i)
    await tick()
    expect(written).toEqual([])
    for (let i = 3; i < 10; i++) buffer.record(i)
    await buffer.close()
    expect(written.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(written.every((b) => b.length <= 4)).toBe(true)
    expect(buffer.written).toBe(10)
  })

  it('starts a write as soon as a full batch waits', async () => {
    const written: number[][] = []
    const buffer = new UsageBuffer<number>({
      write: async (b) => void written.push(b),
      batchSize: 3,
      flushIntervalMs: 60_000,
    })
    for (let i = 0; i < 3; i++) buffer.record(i)
    await tick()
    expect(written).toEqual([[0, 1, 2]])
    await buffer.close()
  })

  it('lets other work run between batches instead of writing a long backlog in one go', async () => {
    const written: number[][] = []
    const buffer = new UsageBuffer<number>({
      write: async (b) => void written.push(b),
      batchSize: 2,
      flushIntervalMs: 60_000,
    })
    // The second record starts a write; the other eight arrive while it is in flight.
    const records = Array.from({ length: 10 }, (_, i) => i)
    for (const i of records) buffer.record(i)
    await tick()
    expect(written).toEqual([[0, 1]])
    await buffer.flush()
    expect(written.flat()).toEqual(records)
    await buffer.close()
  })

  it('writes on its interval', async () => {
    const written: number[] = []
    const buffer = new UsageBuffer<number>({
      write: async (b) => void written.push(...b),
      flushIntervalMs: 20,
    })
    buffer.record(1)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(written).toEqual([1])
    await buffer.close()
  })

  it('keeps the records of a failed write and writes them, in order, once the database is back', async () => {
    const written: number[] = []
    let failing = true
    const errors: number[] = []
    const buffer = new UsageBuffer<number>({
      write: async (b) => {
        if (failing) throw new Error('database down')
        written.push(...b)
      },
      batchSize: 2,
      flushIntervalMs: 60_000,
      onError: (_e, pending) => errors.push(pending),
    })
    for (let i = 0; i < 5; i++) buffer.record(i)
    await expect(buffer.flush()).rejects.toThrow('database down')
    expect(buffer.size).toBe(5)
    failing = false
    await buffer.close()
    expect(written).toEqual([0, 1, 2, 3, 4])
    expect(errors.length).toBeGreaterThan(0)
  })

  it('drops the oldest records beyond its bound, and counts them', async () => {
    const buffer = new UsageBuffer<number>({
      write: async () => {
        throw new Error('down')
      },
      batchSize: 1000,
      maxBuffered: 3,
      flushIntervalMs: 60_000,
    })
    for (let i = 0; i < 5; i++) buffer.record(i)
    expect(buffer.size).toBe(3)
    expect(buffer.dropped).toBe(2)
    await expect(buffer.close({ attempts: 1 })).rejects.toThrow('down')
  })
})
