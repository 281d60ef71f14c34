import { describe, expect, it } from 'vitest'
import { detectBlock } from './blocked.ts'

describe('block and challenge pages', () => {
  it('calls a 403 Cloudflare challenge blocked, naming the vendor', () => {
    const verdict = detectBlock({
      status: 403,
      body: '<title>Just a moment...</title><div id="cf-chl-widget"></div>',
    })
    expect(verdict).toMatchObject({ blocked: true, vendor: 'Cloudflare' })
    expect(verdict.reason).toMatch(/403/)
  })

  it('calls a 200 interstitial blocked, but not a long article that mentions a captcha', () => {
    expect(
      detectBlock({
        status: 200,
        title: 'Just a moment...',
        body: 'Enable JavaScript and cookies to continue',
      }).blocked,
    ).toBe(true)
    const article = `<p>${'Slovo '.repeat(3000)} Článek o tom, jak funguje hcaptcha.com a proč weby ptají: are you a robot?</p>`
    expect(detectBlock({ status: 200, body: article }).blocked).toBe(false)
  })

  it('calls 429 and 503 blocked with a reason a user can act on', () => {
    expect(detectBlock({ status: 429 }).reason).toMatch(/rate-limiting/)
    expect(detectBlock({ status: 503 }).blocked).toBe(true)
    expect(detectBlock({ status: 200, body: '<h1>Ahoj</h1>' }).blocked).toBe(false)
    expect(detectBlock({ status: 200, headers: { 'cf-mitigated': 'challenge' } }).blocked).toBe(true)
  })
})
