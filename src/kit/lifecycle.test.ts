import { Agent, createServer as createHttpServer, request } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ConfigError, env } from './config.ts'
import { ListenError, startServices } from './lifecycle.ts'
import { createLogger } from './logger.ts'
import { createServer, DRAIN_IDLE_GRACE_MS } from './server.ts'
import { defineService } from './service.ts'

const logger = createLogger({ level: 'silent' })

function slowService(flushed: string[]) {
  return defineService({
    name: 'slow',
    defaultPort: 0,
    description: 'answers after 300 ms',
    spec: { SLOW_DELAY_MS: env.int({ default: 300, min: 0 }) },
    async start(config) {
      const app = createServer({ name: 'slow', envelope: 'standard', logger, logRequests: false })
      app.get('/slow', async () => {
        await new Promise((r) => setTimeout(r, config.SLOW_DELAY_MS))
        return { done: true }
      })
      return { app, close: async () => void flushed.push('closed after drain') }
    },
  })
}

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

describe('startServices', () => {
  it('prints where each service listens', async () => {
    const lines: string[] = []
    const { started, stop } = await startServices(
      [slowService([])],
      { SLOW_PORT: '0' },
      { logger, print: (l) => lines.push(l) },
    )
    expect(lines[0]).toMatch(/^slow\s+http:\/\/127\.0\.0\.1:\d+ {2}answers after 300 ms$/)
    expect(started[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    await stop()
  })

  it('gives a service the address another one took, unless its variable names one', async () => {
    /** Reports the SLOW_URL it was given. */
    const caller = defineService({
      name: 'caller',
      defaultPort: 0,
      description: 'calls slow',
      spec: { SLOW_URL: env.string({ default: 'http://127.0.0.1:8999' }) },
      async start(config) {
        const app = createServer({ name: 'caller', envelope: 'standard', logger, logRequests: false })
        app.get('/callee', async () => ({ url: config.SLOW_URL }))
        return { app }
      },
    })
    const callee = async (source: Record<string, string>) => {
      const { started, stop } = await startServices([slowService([]), caller], source, {
        logger,
        print: () => {},
      })
      const said = JSON.parse((await get(`${started[1]!.url}/callee`)).body).url as string
      await stop()
      return { said, slow: started[0]!.url }
    }
    // Port 0 and no SLOW_URL: the caller is given the port slow took, not the default address.
    const taken = await callee({ SLOW_PORT: '0', CALLER_PORT: '0' })
    expect(taken.said).toBe(taken.slow)
    expect(taken.said).not.toBe('http://127.0.0.1:8999')
    // An address set on purpose (a proxy in front, another machine) stays.
    const set = await callee({ SLOW_PORT: '0', CALLER_PORT: '0', SLOW_URL: 'http://slow.internal:80' })
    expect(set.said).toBe('http://slow.internal:80')
  })

  it('drains in-flight requests on stop, then runs the close hook', async () => {
    const flushed: string[] = []
    const { started, stop } = await startServices(
      [slowService(flushed)],
      { SLOW_PORT: '0' },
      { logger, print: () => {} },
    )
    const inFlight = get(`${started[0]!.url}/slow`)
    await new Promise((r) => setTimeout(r, 50))
    await stop()
    expect(await inFlight).toEqual({ status: 200, body: '{"done":true}' })
    expect(flushed).toEqual(['closed after drain'])
    await expect(get(`${started[0]!.url}/slow`)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('stops services that have just served kept-alive traffic within one idle grace, not one grace per service', async () => {
    const names = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']
    const defs = names.map((name) =>
      defineService({
        name,
        defaultPort: 0,
        description: name,
        spec: {},
        async start() {
          const app = createServer({ name, envelope: 'standard', logger, logRequests: false })
          app.get('/ping', async () => ({ pong: true }))
          return { app }
        },
      }),
    )
    const ports = Object.fromEntries(names.map((n) => [`${n.toUpperCase()}_PORT`, '0']))
    const { started, stop } = await startServices(defs, ports, { logger, print: () => {} })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const ping = (url: string) =>
      new Promise<number>((resolve, reject) => {
        request(`${url}/ping`, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
          .on('error', reject)
          .end()
      })
    // Every service is left with a kept-alive connection that has just answered.
    for (const s of started) expect(await ping(s.url)).toBe(200)
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(names.length)
    const before = performance.now()
    await stop()
    const took = performance.now() - before
    agent.destroy()
    // One grace for all of them, with seconds of slack for a loaded machine's pauses; one grace
    // after another (eight services: 8 s) is far above.
    expect(took).toBeLessThan(DRAIN_IDLE_GRACE_MS + 5000)
  })

  it('keeps a kept-alive connection that has just answered open through the grace: a request sent on it gets 503, not a reset', async () => {
    const { started, stop } = await startServices(
      [slowService([])],
      { SLOW_PORT: '0', SLOW_DELAY_MS: '0' },
      { logger, print: () => {} },
    )
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const call = () =>
      new Promise<{ status: number; connection: string | undefined } | { error: string }>((resolve) => {
        request(`${started[0]!.url}/slow`, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
        })
          .on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
          .end()
      })
    expect(await call()).toMatchObject({ status: 200 })
    const stopping = stop()
    await new Promise((r) => setTimeout(r, 50))
    // The agent sends this on the connection that answered 50 ms ago, as a client under load would:
    // closed at the drain's start, it would have been refused (or reset, sent as it closed).
    expect(await call()).toEqual({ status: 503, connection: 'close' })
    await stopping
    agent.destroy()
  })

  it('refuses to start when a variable is bad, naming it', async () => {
    await expect(
      startServices(
        [slowService([])],
        { SLOW_PORT: 'eighty', SLOW_DELAY_MS: '-1' },
        { logger, print: () => {} },
      ),
    ).rejects.toThrow(ConfigError)
    await expect(
      startServices(
        [slowService([])],
        { SLOW_PORT: 'eighty', SLOW_DELAY_MS: '-1' },
        { logger, print: () => {} },
      ),
    ).rejects.toThrow(/SLOW_PORT must be an integer[\s\S]*SLOW_DELAY_MS must be >= 0/)
  })

  it('reports a taken port as one ListenError and releases every service it had started', async () => {
    const taken = createHttpServer()
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()))
    const address = taken.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const closed: string[] = []
    const named = (name: string) =>
      defineService({
        name,
        defaultPort: 0,
        description: name,
        spec: {},
        async start() {
          const app = createServer({ name, envelope: 'standard', logger, logRequests: false })
          return { app, close: async () => void closed.push(name) }
        },
      })
    try {
      const starting = startServices(
        [named('first'), named('second')],
        { SECOND_PORT: String(port) },
        {
          logger,
          print: () => {},
        },
      )
      await expect(starting).rejects.toThrow(ListenError)
      await expect(starting).rejects.toThrow(
        `second cannot listen on 127.0.0.1:${port}: the port is in use; stop what listens there or choose another port with SECOND_PORT`,
      )
      expect(closed.sort()).toEqual(['first', 'second'])
    } finally {
      taken.close()
    }
  })

  it('drains kept-alive connections without a reset: in-flight answers close their connection, later requests get 503 or a refused connect', async () => {
    const { started, stop } = await startServices(
      [slowService([])],
      { SLOW_PORT: '0', SLOW_DELAY_MS: '300' },
      { logger, print: () => {} },
    )
    const url = `${started[0]!.url}/slow`
    const agent = new Agent({ keepAlive: true, maxSockets: 4 })
    type Outcome = { status: number; connection: string | undefined; body: string } | { error: string }
    const call = () =>
      new Promise<Outcome>((resolve) => {
        request(url, { agent }, (res) => {
          let body = ''
          res.on('data', (c) => (body += c))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
          )
          res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
        })
          .on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
          .end()
      })
    // Warm four kept-alive connections, then keep them all busy when the drain starts.
    await Promise.all([call(), call(), call(), call()])
    const inFlight = [call(), call(), call(), call()]
    await new Promise((r) => setTimeout(r, 50))
    const stopping = stop()
    // Requests made during the drain wait in the agent for one of the four connections.
    await new Promise((r) => setTimeout(r, 50))
    const during = [call(), call(), call(), call()]
    await stopping
    const first = await Promise.all(inFlight)
    const later = await Promise.all(during)
    agent.destroy()
    for (const outcome of first) {
      expect(outcome).toMatchObject({ status: 200, connection: 'close', body: '{"done":true}' })
    }
    for (const outcome of later) {
      if ('error' in outcome) expect(outcome.error).toBe('ECONNREFUSED')
      else {
        expect(outcome).toMatchObject({ status: 503, connection: 'close' })
        expect(JSON.parse(outcome.body)).toMatchObject({
          success: false,
          error: { code: 'SERVICE_UNAVAILABLE' },
        })
      }
    }
  })

  it('never resets a kept-alive connection under continuous load during the drain', async () => {
    const { started, stop } = await startServices(
      [slowService([])],
      { SLOW_PORT: '0', SLOW_DELAY_MS: '1' },
      { logger, print: () => {} },
    )
    const url = `${started[0]!.url}/slow`
    const agent = new Agent({ keepAlive: true, maxSockets: 16 })
    const outcomes = new Map<string, number>()
    const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1)
    const one = () =>
      new Promise<boolean>((resolve) => {
        request(url, { agent }, (res) => {
          res.resume()
          res.on('end', () => {
            count(String(res.statusCode))
            resolve(true)
          })
        })
          .on('error', (e: NodeJS.ErrnoException) => {
            count(e.code ?? e.message)
            resolve(e.code !== 'ECONNREFUSED')
          })
          .end()
      })
    const deadline = Date.now() + 4000
    const loop = async () => {
      while (Date.now() < deadline && (await one())) {}
    }
    const loops = Array.from({ length: 16 }, loop)
    await new Promise((r) => setTimeout(r, 300))
    await stop()
    await Promise.all(loops)
    agent.destroy()
    const seen = Object.fromEntries(outcomes)
    expect(Object.keys(seen).filter((k) => !['200', '503', 'ECONNREFUSED'].includes(k))).toEqual([])
    expect(seen['200']).toBeGreaterThan(0)
  })

  it('answers a request that reaches a draining service with 503 in its envelope, asking to close the connection', async () => {
    const app = createServer({ name: 'slow', envelope: 'standard', logger, logRequests: false })
    // The slow request is held in its handler until the late one has its answer, and the drain
    // starts once it is there: with a 200 ms handler and a 50 ms head start, a loaded machine's
    // pause could close the server before it took the slow request, or end the drain first.
    let reached!: () => void
    const inHandler = new Promise<void>((r) => {
      reached = r
    })
    let release!: () => void
    const held = new Promise<void>((r) => {
      release = r
    })
    app.get('/slow', async () => {
      reached()
      await held
      return { done: true }
    })
    app.get('/fast', async () => ({ done: true }))
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    // A request that reaches the router during the drain, as one sent on a kept-alive connection
    // just before the client read the server's close would: delivered through `app.routing`.
    const late = createHttpServer((req, res) => app.routing(req, res))
    await new Promise<void>((r) => late.listen(0, '127.0.0.1', () => r()))
    const lateAddress = late.address()
    const lateUrl = `http://127.0.0.1:${typeof lateAddress === 'object' && lateAddress ? lateAddress.port : 0}/fast`
    const slow = get(`${base}/slow`)
    await inHandler
    const closing = app.close()
    await new Promise((r) => setTimeout(r, 10))
    const res = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        request(lateUrl, { agent: false }, (r) => {
          let body = ''
          r.on('data', (c) => (body += c))
          r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body }))
        })
          .on('error', reject)
          .end()
      },
    )
    expect(res.status).toBe(503)
    expect(res.headers.connection).toBe('close')
    expect(res.headers['retry-after']).toMatch(/^\d+$/)
    expect(JSON.parse(res.body)).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
    release()
    await closing
    expect((await slow).status).toBe(200)
    late.close()
  })

  it('reads a request that arrived on an idle connection while the process was paused, before closing the idle ones', async () => {
    const app = createServer({ name: 'paused', envelope: 'standard', logger, logRequests: false })
    app.get('/fast', async () => ({ done: true }))
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const send = () =>
      new Promise<string>((resolve) => {
        request(`${base}/fast`, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve(String(res.statusCode)))
        })
          .on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
          .end()
      })
    expect(await send()).toBe('200')
    const closing = app.close()
    // The next request goes out on the kept-alive connection, and the process then stalls past
    // the drain's grace (a long GC pause, or no core for it on a busy machine): when it runs again
    // the grace has run out while the request waits unread in the socket.
    const next = send()
    const stalledUntil = performance.now() + DRAIN_IDLE_GRACE_MS + 300
    while (performance.now() < stalledUntil) {}
    expect(await next).toBe('503')
    await closing
    agent.destroy()
  })

  it('keeps a kept-alive connection whose answer was under way when the drain began, answering its next request 503', async () => {
    const app = createServer({ name: 'streaming', envelope: 'standard', logger, logRequests: false })
    // An answer whose headers (keep-alive) went out before the drain and whose body ends after it.
    app.get('/stream', async (_request, reply) => {
      const body = new PassThrough()
      body.write('first ')
      setTimeout(() => body.end('last'), 200)
      return reply.send(body)
    })
    app.get('/fast', async () => ({ done: true }))
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const send = (path: string, onHeaders?: () => void) =>
      new Promise<string>((resolve) => {
        request(`${base}${path}`, { agent }, (res) => {
          onHeaders?.()
          res.resume()
          res.on('end', () => resolve(String(res.statusCode)))
        })
          .on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
          .end()
      })
    let closing: Promise<void> | undefined
    // The drain begins while the stream is being answered: no connection is idle then.
    expect(await send('/stream', () => (closing = app.close()))).toBe('200')
    // The client asks again on the same connection a moment later, well within the drain's grace.
    await new Promise((r) => setTimeout(r, 100))
    expect(await send('/fast')).toBe('503')
    await closing
    agent.destroy()
  })
})
