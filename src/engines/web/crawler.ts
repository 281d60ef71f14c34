/**
 * A polite breadth-first crawler: from a start URL, level by level, up to `maxPages` pages,
 * `maxDepth` links away and `timeLimitMs` in all. It obeys robots.txt (RFC 9309, robots.ts: a 4xx
 * robots.txt allows everything, a 5xx or an unreachable one disallows everything; cached per
 * origin for a day), waits `delayMs` between requests to the same host (longer when robots.txt
 * asks for a crawl-delay, up to a cap), keeps to the start site unless told otherwise, and
 * filters paths by include/exclude patterns (`*` wildcards, `$` end anchor: the robots matcher,
 * linear, never a user-supplied regular expression).
 *
 * Pages are scraped by the caller's `scrape` (so every page, and robots.txt itself, goes through
 * the same egress guard); one page failing is recorded, never fatal.
 */
import { ALLOW_ALL, DISALLOW_ALL, matches, parseRobots, ROBOTS_MAX_BYTES, type Robots } from './robots.ts'
import type { FetchedResponse, GuardedFetch, ScrapeResult } from './scraper.ts'

export interface CrawlOptions {
  url: string
  maxPages: number
  maxDepth: number
  /** Path patterns a page must match one of (`/blog/*`); empty: all. */
  include?: readonly string[] | undefined
  /** Path patterns that exclude a page. */
  exclude?: readonly string[] | undefined
  /** Stay on the start host and its subdomains (default true). */
  sameSite?: boolean | undefined
  /** Between two requests to one host (ms). */
  delayMs: number
  /** Whole crawl (ms). */
  timeLimitMs: number
  /** Per page (ms). */
  pageTimeoutMs: number
  signal?: AbortSignal | undefined
}

interface CrawledPage {
  url: string
  depth: number
  status: 'OK' | 'BLOCKED' | 'ERROR'
  http_status: number | null
  title: string | null
  markdown: string | null
  error?: string | undefined
}

interface CrawlProgress {
  pages_done: number
  pages_limit: number
  queued: number
  skipped_by_robots: number
}

export interface CrawlResult {
  start_url: string
  pages: CrawledPage[]
  skipped_by_robots: string[]
  /** Why it stopped: `done` (nothing left), `max_pages`, `time_limit` or `cancelled`. */
  stopped: 'done' | 'max_pages' | 'time_limit' | 'cancelled'
  duration_ms: number
}

export interface CrawlerDeps {
  scrape(url: string, opts: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<ScrapeResult>
  fetch: GuardedFetch
  userAgent: string
  /** Product token robots.txt groups are matched against ("GatehouseBot"). */
  robotsToken: string
  onProgress?: ((progress: CrawlProgress) => void) | undefined
}

/** A crawl-delay asked for in robots.txt is honoured up to this (ms). */
const MAX_ROBOTS_DELAY_MS = 10_000
const ROBOTS_TTL_MS = 24 * 3600_000
const ROBOTS_RETRY_MS = 10 * 60_000
const ROBOTS_CACHE_MAX = 1000
const robotsCache = new Map<string, { robots: Robots; until: number }>()

export async function crawl(opts: CrawlOptions, deps: CrawlerDeps): Promise<CrawlResult> {
  const started = Date.now()
  const deadline = started + opts.timeLimitMs
  const start = new URL(opts.url)
  start.hash = ''
  const site = start.hostname.replace(/^www\./, '')
  const seen = new Set<string>([start.href])
  let frontier: string[] = [start.href]
  const pages: CrawledPage[] = []
  const skipped: string[] = []
  const lastHit = new Map<string, number>()
  let stopped: CrawlResult['stopped'] = 'done'

  const progress = (queued: number) =>
    deps.onProgress?.({
      pages_done: pages.length,
      pages_limit: opts.maxPages,
      queued,
      skipped_by_robots: skipped.length,
    })

  outer: for (let depth = 0; depth <= opts.maxDepth && frontier.length > 0; depth++) {
    const next: string[] = []
    for (let i = 0; i < frontier.length; i++) {
      const url = frontier[i]!
      if (opts.signal?.aborted) {
        stopped = 'cancelled'
        break outer
      }
      if (pages.length >= opts.maxPages) {
        stopped = 'max_pages'
        break outer
      }
      if (Date.now() >= deadline) {
        stopped = 'time_limit'
        break outer
      }
      const target = new URL(url)
      const robots = await robotsFor(target, deps, opts)
      if (!robots.isAllowed(target.pathname + target.search)) {
        skipped.push(url)
        continue
      }
      const delay = Math.min(
        Math.max(opts.delayMs, (robots.crawlDelay ?? 0) * 1000),
        Math.max(opts.delayMs, MAX_ROBOTS_DELAY_MS),
      )
      const wait = (lastHit.get(target.host) ?? 0) + delay - Date.now()
      if (wait > 0) {
        if (Date.now() + wait >= deadline) {
          stopped = 'time_limit'
          break outer
        }
        await sleep(wait, opts.signal)
      }
      lastHit.set(target.host, Date.now())
      const page = await scrapeOne(
        url,
        depth,
        deps,
        Math.min(opts.pageTimeoutMs, Math.max(1, deadline - Date.now())),
        opts.signal,
      )
      pages.push(page.page)
      if (depth < opts.maxDepth) {
        for (const link of page.links) {
          if (seen.has(link) || !inScope(new URL(link), site, opts)) continue
          seen.add(link)
          next.push(link)
        }
      }
      progress(frontier.length - i - 1 + next.length)
    }
    frontier = next
  }
  if (stopped === 'done' && frontier.length > 0 && pages.length >= opts.maxPages) stopped = 'max_pages'
  return {
    start_url: start.href,
    pages,
    skipped_by_robots: skipped,
    stopped,
    duration_ms: Date.now() - started,
  }
}

async function scrapeOne(
  url: string,
  depth: number,
  deps: CrawlerDeps,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ page: CrawledPage; links: string[] }> {
  try {
    const result = await deps.scrape(url, { timeoutMs, signal })
    return {
      page: {
        url,
        depth,
        status: result.status,
        http_status: result.http_status,
        title: result.metadata?.title ?? null,
        markdown: result.markdown ?? null,
        ...(result.blocked ? { error: result.blocked.reason } : {}),
      },
      // Links of a page that asks not to be followed are not followed.
      links: result.metadata?.robots.includes('nofollow') ? [] : (result.links ?? []).map((l) => l.url),
    }
  } catch (error) {
    const e = error as { message?: string; details?: { upstream_status?: number } }
    return {
      page: {
        url,
        depth,
        status: 'ERROR',
        http_status: e.details?.upstream_status ?? null,
        title: null,
        markdown: null,
        error: e.message ?? String(error),
      },
      links: [],
    }
  }
}

function inScope(url: URL, site: string, opts: CrawlOptions): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (opts.sameSite !== false) {
    const host = url.hostname
    if (host !== site && !host.endsWith(`.${site}`)) return false
  }
  const path = url.pathname + url.search
  if (opts.include && opts.include.length > 0 && !opts.include.some((p) => matches(p, path))) return false
  if (opts.exclude?.some((p) => matches(p, path))) return false
  return true
}

/** robots.txt of a URL's origin, per RFC 9309's fetch policy, cached for a day. */
async function robotsFor(url: URL, deps: CrawlerDeps, opts: CrawlOptions): Promise<Robots> {
  const origin = url.origin
  const cached = robotsCache.get(origin)
  if (cached && cached.until > Date.now()) return cached.robots
  let robots: Robots
  let response: FetchedResponse | undefined
  try {
    // The guarded fetch follows redirects (five at least, as the RFC asks) and vets every hop.
    response = await deps.fetch(`${origin}/robots.txt`, {
      timeoutMs: Math.min(opts.pageTimeoutMs, 10_000),
      headers: { 'user-agent': deps.userAgent },
      signal: opts.signal,
    })
  } catch {
    response = undefined
  }
  if (!response || response.status >= 500) robots = DISALLOW_ALL
  else if (response.status >= 400) robots = ALLOW_ALL
  else robots = parseRobots(response.body.subarray(0, ROBOTS_MAX_BYTES).toString('utf8'), deps.robotsToken)
  if (robotsCache.size >= ROBOTS_CACHE_MAX) robotsCache.delete(robotsCache.keys().next().value as string)
  // An unreachable or failing robots.txt is asked again sooner than a good one.
  const ttl = !response || response.status >= 500 ? ROBOTS_RETRY_MS : ROBOTS_TTL_MS
  robotsCache.set(origin, { robots, until: Date.now() + ttl })
  return robots
}

/** Forgets cached robots.txt files (tests, and an operator who changed one). */
export function clearRobotsCache(): void {
  robotsCache.clear()
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}
