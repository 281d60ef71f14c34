import { describe, expect, it } from 'vitest'
import { matches } from './filters.ts'
import type { Memory } from './store.ts'

const memory: Memory = {
  id: 'm1',
  memory: 'Klient preferuje e-mail',
  user_id: 'alice',
  agent_id: 'concierge',
  run_id: null,
  metadata: { topic: 'contact', score: 7 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
}

describe('memory filters', () => {
  it('matches scope fields, metadata (nested or bare) and operators', () => {
    expect(matches(memory, { user_id: 'alice', metadata: { topic: 'contact' } })).toBe(true)
    expect(matches(memory, { topic: { in: ['contact', 'calendar'] } })).toBe(true)
    expect(matches(memory, { score: { gte: 7, lt: 8 } })).toBe(true)
    expect(matches(memory, { created_at: { gte: '2026-11-21' } })).toBe(false)
    expect(matches(memory, { agent_id: { ne: 'concierge' } })).toBe(false)
  })

  it('combines conditions with AND, OR and NOT', () => {
    expect(matches(memory, { OR: [{ user_id: 'bob' }, { topic: 'contact' }] })).toBe(true)
    expect(matches(memory, { AND: [{ user_id: 'alice' }, { topic: 'calendar' }] })).toBe(false)
    expect(matches(memory, { NOT: { topic: 'calendar' } })).toBe(true)
  })

  it('refuses an unknown operator, naming the field', () => {
    expect(() => matches(memory, { topic: { like: 'c%' } })).toThrow(/filters\.topic/)
  })
})
