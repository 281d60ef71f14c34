import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { ConfigError, env } from './config.ts'
import { startServices } from './lifecycle.ts'
import { createLogger } from './logger.ts'
import { createServer } from './server.ts'
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
})
