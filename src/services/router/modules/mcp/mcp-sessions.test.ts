/**
 * MCP over HTTP+SSE holds a stream open per session, so sessions are a resource a client could
 * hoard: each client (key, or address without one) may hold a few at once, the instance a bounded
 * number in all, and a session that stays silent is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, routerHarness } from '../../../../../test/router/harness.ts'

let h: Harness
let base: string
beforeAll(async () => {
  h = await routerHarness({
    start: false,
    env: { MCP_SSE_SESSIONS_PER_CLIENT: '2', MCP_SSE_MAX_SESSIONS: '3', MCP_SSE_IDLE_SECONDS: '1' },
  })
  base = await h.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => h.close())

/** Opens an SSE session and reads until its endpoint event; returns the response and a closer. */
async function open(headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const res = await fetch(`${base}/mcp/knowledge/sse`, { headers, signal: controller.signal })
  return { res, close: () => controller.abort() }
}

describe('MCP SSE sessions', () => {
  it('caps the sessions one client holds at once, with a 429 that says why', async () => {
    const first = await open()
    const second = await open()
    expect(first.res.status).toBe(200)
    expect(second.res.status).toBe(200)
    const third = await open()
    expect(third.res.status).toBe(429)
    const body = (await third.res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('RATE_LIMITED')
    expect(body.error.message).toMatch(/2 MCP sessions/)
    first.close()
    second.close()
    // Closed sessions free their places.
    await new Promise((r) => setTimeout(r, 100))
    const again = await open()
    expect(again.res.status).toBe(200)
    again.close()
  })

  it('closes a session that stays idle past MCP_SSE_IDLE_SECONDS', async () => {
    await new Promise((r) => setTimeout(r, 100))
    const session = await open()
    expect(session.res.status).toBe(200)
    const started = performance.now()
    const reader = session.res.body!.getReader()
    // The stream ends by itself once the session has been idle for about a second.
    for (;;) {
      const { done } = await reader.read()
      if (done) break
    }
    expect(performance.now() - started).toBeLessThan(5000)
  })
})
