/**
 * The `web.crawl` job kind: POST /v1/crawler queues it, a built-in worker runs the crawler
 * (src/engines/web/crawler.ts) with every page scraped through the egress guard, and reports its
 * progress on the job as it goes, so GET /v1/crawler/{id} shows how far it got on any instance.
 */
import { Type } from 'typebox'
import { crawl } from '../../../../engines/web/crawler.ts'
import type { GuardedFetch, Scraper } from '../../../../engines/web/scraper.ts'
import type { BuiltinKind } from '../jobs/builtin-kinds.ts'

const CrawlInput = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    max_pages: Type.Integer({ minimum: 1, maximum: 500 }),
    max_depth: Type.Integer({ minimum: 0, maximum: 10 }),
    include: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }),
    exclude: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }),
    same_site: Type.Boolean(),
    delay_ms: Type.Integer({ minimum: 0, maximum: 60_000 }),
    time_limit_seconds: Type.Integer({ minimum: 1, maximum: 3600 }),
  },
  { additionalProperties: false },
)

type CrawlInputType = {
  url: string
  max_pages: number
  max_depth: number
  include: string[]
  exclude: string[]
  same_site: boolean
  delay_ms: number
  time_limit_seconds: number
}

/** Per page, at most (ms). */
const PAGE_TIMEOUT_MS = 15_000

export function crawlKind(deps: {
  scraper: Scraper
  fetch: GuardedFetch
  userAgent: string
  robotsToken: string
}): BuiltinKind {
  return {
    description: 'Crawls a site breadth-first (robots.txt, per-host delay, page, depth and time limits).',
    input: CrawlInput as unknown as Record<string, unknown>,
    run: async (input, ctx) => {
      const i = input as CrawlInputType
      return crawl(
        {
          url: i.url,
          maxPages: i.max_pages,
          maxDepth: i.max_depth,
          include: i.include,
          exclude: i.exclude,
          sameSite: i.same_site,
          delayMs: i.delay_ms,
          timeLimitMs: i.time_limit_seconds * 1000,
          pageTimeoutMs: PAGE_TIMEOUT_MS,
          signal: ctx.signal,
        },
        {
          scrape: (url, opts) =>
            deps.scraper.scrape({
              url,
              formats: ['markdown', 'metadata', 'links'],
              timeoutMs: opts.timeoutMs,
              signal: opts.signal,
            }),
          fetch: deps.fetch,
          userAgent: deps.userAgent,
          robotsToken: deps.robotsToken,
          onProgress: (progress) => ctx.progress(progress),
        },
      )
    },
  }
}
