import { describe, expect, it } from 'vitest'
import { matches, parseRobots } from './robots.ts'

describe('robots.txt (RFC 9309)', () => {
  const robots = parseRobots(
    [
      'User-agent: *',
      'Disallow: /private/',
      'Allow: /private/public-page',
      'Disallow: /*.pdf$',
      'Crawl-delay: 2',
      '',
      'User-agent: GatehouseBot',
      'User-agent: OtherBot',
      'Disallow: /no-gatehouse/',
      '# a comment',
      'Sitemap: https://example.cz/sitemap.xml',
    ].join('\n'),
    'GatehouseBot/1.0',
  )

  it('uses the group naming our product token, not the * group', () => {
    expect(robots.isAllowed('/no-gatehouse/x')).toBe(false)
    expect(robots.isAllowed('/private/x')).toBe(true)
  })

  it('lets the longest matching rule win, allow winning a tie, and anchors $ at the end', () => {
    const any = parseRobots(
      'User-agent: *\nDisallow: /private/\nAllow: /private/public-page\nDisallow: /*.pdf$\nAllow: /tie\nDisallow: /tie',
      'Bot',
    )
    expect(any.isAllowed('/private/secret')).toBe(false)
    expect(any.isAllowed('/private/public-page')).toBe(true)
    expect(any.isAllowed('/files/report.pdf')).toBe(false)
    expect(any.isAllowed('/files/report.pdf?download=1')).toBe(true)
    expect(any.isAllowed('/tie')).toBe(true)
    expect(any.isAllowed('/robots.txt')).toBe(true)
  })

  it('reads crawl-delay and sitemaps, and treats an empty disallow as allow-all', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 2\nDisallow:', 'Bot')).toMatchObject({ crawlDelay: 2 })
    expect(parseRobots('User-agent: *\nDisallow:', 'Bot').isAllowed('/anything')).toBe(true)
    expect(robots.sitemaps).toEqual(['https://example.cz/sitemap.xml'])
  })

  it('matches adversarial wildcard patterns in linear-ish time', () => {
    const pattern = `/${'*a'.repeat(200)}$`
    const path = `/${'a'.repeat(20_000)}b`
    // This thread's CPU time (ms), not the wall clock, which a loaded machine stretches.
    const before = process.threadCpuUsage()
    expect(matches(pattern, path)).toBe(false)
    const used = process.threadCpuUsage(before)
    expect((used.user + used.system) / 1000).toBeLessThan(500)
  })
})
