/**
 * MCP over HTTP+SSE holds a stream open per session, so sessions are a resource a client could
 * hoard: each client (key, or address without one) may hold a few at once, the instance a bounded
 * number in all, and a session that stays silent is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, routerHarness } from '../../../../../test/router/harness.ts'

// Two routers: the caps are counted where sessions do not go idle during the test (the default
// 300 s); with a 1 s idle, a machine slow enough to take a second between the first session and the
// third would close the first and let the third in. The idle limit has a router of its own.
let capped: Harness
let cappedBase: string
let idling: Harness
let idlingBase: string
beforeAll(async () => {
  capped = await routerHarness({
    start: false,
    env: { MCP_SSE_SESSIONS_PER_CLIENT: '2', MCP_SSE_MAX_SESSIONS: '3' },
  })
  cappedBase = await capped.app.listen({ port: 0, host: '127.0.0.1' })
  idling = await routerHarness({ start: false, env: { MCP_SSE_IDLE_SECONDS: '1' } })
  idlingBase = await idling.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await capped?.close()
  await idling?.close()
})

/** Opens an SSE session and reads until its endpoint event; returns the response and a closer. */
async function open(base: string, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const res = await fetch(`${base}/mcp/knowledge/sse`, { headers, signal: controller.signal })
  return { res, close: () => controller.abort() }
}

describe('MCP SSE sessions', () => {
  it('caps the sessions one client holds at once, with a 429 that says why', async () => {
    const first = await open(cappedBase)
    const second = await open(cappedBase)
    expect(first.res.status).toBe(200)
    expect(second.res.status).toBe(200)
    const third = await open(cappedBase)
    expect(third.res.status).toBe(429)
    const body = (await third.res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('RATE_LIMITED')
    expect(body.error.message).toMatch(/2 MCP sessions/)
    first.close()
    second.close()
    // Closed sessions free their places.
    await new Promise((r) => setTimeout(r, 100))
    const again = await open(cappedBase)
    expect(again.res.status).toBe(200)
    again.close()
  })

  it('closes a session that stays idle past MCP_SSE_IDLE_SECONDS', async () => {
    const session = await open(idlingBase)
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
