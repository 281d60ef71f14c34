/**
 * The domain service started on an empty listings table (LISTINGS_FILE=none, or a file that is
 * not there): it starts, says why there is no valuation model, answers what needs no model, and
 * answers valuations with a 503 that tells the user what to do.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveSharedData } from '../../../test/domain/fixtures.ts'
import { parseEnv } from '../../kit/config.ts'
import { createLogger } from '../../kit/logger.ts'
import type { RunningService } from '../../kit/service.ts'
import { domainService } from './service.ts'

describe.skipIf(!haveSharedData)('the domain service without listings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-domain-empty-'))
  let running: RunningService
  beforeAll(async () => {
    const config = parseEnv(domainService.spec, { DATA_DIR: dir, LISTINGS_FILE: 'none' })
    running = await domainService.start(config, { logger: createLogger({ level: 'silent' }) })
  }, 30_000)
  afterAll(async () => {
    await running?.app.close()
    await running?.close?.()
    rmSync(dir, { recursive: true, force: true })
  })

  it('starts and says there is no valuation model and how to get one', async () => {
    expect(running.notes?.join('\n')).toContain('no valuation model: 0 usable sales')
    const health = await running.app.inject({ url: '/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json().data).toMatchObject({ listings: 0, model: null })
  })

  it('answers a valuation with a 503 that names the import command', async () => {
    const res = await running.app.inject({
      url: '/api/estimate?latitude=50.0707&longitude=14.4036&area_m2=55&disposition=2%2Bkk',
    })
    expect(res.statusCode).toBe(503)
    expect(res.json().error.message).toContain('gatehouse realestate import')
    const opportunities = await running.app.inject({ url: '/api/reality/opportunities' })
    expect(opportunities.statusCode).toBe(503)
  })

  it('still answers the routes that need no model', async () => {
    const ads = await running.app.inject({ url: '/api/reality/ads' })
    expect(ads.statusCode).toBe(200)
    expect(ads.json().data.total).toBe(0)
    const layers = await running.app.inject({ url: '/api/layers' })
    expect(layers.statusCode).toBe(200)
    const qr = await running.app.inject({
      method: 'POST',
      url: '/api/qr/payment',
      payload: { account: '19-2000145399/0800', amount: 100 },
    })
    expect(qr.statusCode).toBe(200)
  })
})
