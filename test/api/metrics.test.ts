/**
 * Every service's /metrics passes `promtool check metrics` (Debian's prometheus package; .ci/run
 * installs it): a Prometheus server scrapes it without complaint. Discovery, the public gateway
 * of the spec's Group A, serves none.
 */
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICES, type ServiceUnderTest } from '../support/services.ts'

const promtool = spawnSync('promtool', ['--version']).status === 0
if (!promtool && (process.env.CI === 'true' || process.env.CI === '1'))
  throw new Error('promtool is missing; .ci/run installs Debian prometheus for it')
if (!promtool) console.warn('metrics tests skipped: promtool not installed (apt-get install prometheus)')

describe.skipIf(!promtool)('GET /metrics', () => {
  for (const target of SERVICES.filter((s) => s.name !== 'discovery')) {
    describe(target.name, () => {
      let service: ServiceUnderTest
      beforeAll(async () => {
        service = await target.build()
        // A request first, so the service's own series have samples.
        await service.app.inject({ method: 'GET', url: '/openapi.json' })
      }, 120_000)
      afterAll(() => service.close())

      it('passes promtool check metrics, with its own request series', async () => {
        const res = await service.app.inject({ method: 'GET', url: '/metrics', headers: service.credentials })
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
        const check = spawnSync('promtool', ['check', 'metrics'], { input: res.body, encoding: 'utf8' })
        expect(`${check.stdout}${check.stderr}`.trim()).toBe('')
        expect(check.status).toBe(0)
        expect(res.body).toMatch(/^# TYPE \w+_requests_total counter$/m)
      })
    })
  }

  it('passes with the process metrics, whose defaults promtool refused (gauges named _total)', async () => {
    const { createRegistry } = await import('../../src/kit/metrics.ts')
    const text = await createRegistry({ processMetrics: true }).metrics()
    expect(text).toMatch(/^nodejs_active_handles[{ ]/m)
    expect(text).not.toMatch(/nodejs_active_handles_total/)
    expect(spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' }).status).toBe(0)
  })

  it('catches what promtool refuses, so the check above can fail', () => {
    const bad = '# HELP x_total a gauge named as a counter\n# TYPE x_total gauge\nx_total 1\n'
    expect(spawnSync('promtool', ['check', 'metrics'], { input: bad }).status).not.toBe(0)
  })
})
