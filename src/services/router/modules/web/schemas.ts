/** Request and response schemas of the web tools (scrape, crawl, convert, browser). */

import { Type } from 'typebox'
import { sharedSchema } from '../../../../kit/api-docs.ts'
import { okSchema } from '../../../../kit/envelope.ts'
import { Uuid } from '../../schemas.ts'

export const WebUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'http or https URL of a public page (internal addresses are refused)',
})

const Formats = Type.Array(
  Type.Union([
    Type.Literal('markdown'),
    Type.Literal('html'),
    Type.Literal('links'),
    Type.Literal('metadata'),
  ]),
  { minItems: 1, maxItems: 4, uniqueItems: true, description: 'default: markdown, metadata, links' },
)

const ScrapeFields = {
  prompt: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 4000,
      description: 'what to extract; the answer comes back as JSON in `json`',
    }),
  ),
  schema: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema the extraction should follow' }),
  ),
  formats: Type.Optional(Formats),
  only_main_content: Type.Optional(
    Type.Boolean({ default: true, description: 'Readability article (true) or whole body' }),
  ),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 1000, maximum: 60_000, default: 15_000 })),
}

export const ScrapeBody = Type.Object({ url: WebUrl, ...ScrapeFields }, { additionalProperties: false })

export const BatchBody = Type.Object(
  { urls: Type.Array(WebUrl, { minItems: 1, maxItems: 10, description: 'at most 10' }), ...ScrapeFields },
  { additionalProperties: false },
)

const Metadata = Type.Object({
  title: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  canonical_url: Type.Union([Type.String(), Type.Null()]),
  site_name: Type.Union([Type.String(), Type.Null()]),
  published_time: Type.Union([Type.String(), Type.Null()]),
  robots: Type.Array(Type.String()),
})

const Tier = Type.Union([Type.Literal('fetch'), Type.Literal('browser'), Type.Literal('browser_wait')])

const ScrapeResultSchema = Type.Object({
  status: Type.Union([Type.Literal('OK'), Type.Literal('BLOCKED')]),
  url: Type.String(),
  final_url: Type.String(),
  http_status: Type.Integer(),
  content_type: Type.String(),
  tier: Tier,
  escalations: Type.Array(Type.Object({ tier: Tier, reason: Type.String() })),
  blocked: Type.Optional(Type.Object({ reason: Type.String(), vendor: Type.Optional(Type.String()) })),
  metadata: Type.Optional(Metadata),
  markdown: Type.Optional(Type.String()),
  html: Type.Optional(Type.String()),
  links: Type.Optional(Type.Array(Type.Object({ url: Type.String(), text: Type.String() }))),
  json: Type.Optional(Type.Unknown()),
  refused_requests: Type.Optional(Type.Array(Type.Object({ host: Type.String(), port: Type.Integer() }))),
})

/** A scraped page, as scrape, adaptive scrape and each batch item answer it. */
const ScrapeResult = sharedSchema('ScrapeResult', ScrapeResultSchema)

export const ScrapeResponse = okSchema(ScrapeResult.ref)

const ItemError = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Unknown()),
})

export const BatchResponse = okSchema(
  Type.Object({
    results: Type.Array(
      Type.Object({
        url: Type.String(),
        success: Type.Boolean(),
        data: Type.Optional(ScrapeResult.ref),
        error: Type.Optional(ItemError),
      }),
    ),
  }),
)

export const CrawlBody = Type.Object(
  {
    url: WebUrl,
    max_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
    max_depth: Type.Optional(Type.Integer({ minimum: 0, maximum: 10, default: 2 })),
    include: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: 20,
        description: 'path patterns (`*` wildcard, `$` end), e.g. /blog/*',
      }),
    ),
    exclude: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 })),
    same_site: Type.Optional(Type.Boolean({ default: true })),
    delay_ms: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 60_000, description: 'between requests to one host' }),
    ),
    time_limit_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600, default: 300 })),
    wait: Type.Optional(Type.Boolean({ default: false, description: 'answer with the finished crawl' })),
  },
  { additionalProperties: false },
)

const CrawledPage = Type.Object({
  url: Type.String(),
  depth: Type.Integer(),
  status: Type.Union([Type.Literal('OK'), Type.Literal('BLOCKED'), Type.Literal('ERROR')]),
  http_status: Type.Union([Type.Integer(), Type.Null()]),
  title: Type.Union([Type.String(), Type.Null()]),
  markdown: Type.Union([Type.String(), Type.Null()]),
  error: Type.Optional(Type.String()),
})

const CrawlState = Type.Object({
  job_id: Uuid,
  status: Type.String({ description: 'the job status: QUEUED, RUNNING, SUCCEEDED, FAILED, DEAD, CANCELLED' }),
  status_url: Type.String(),
  progress: Type.Union([
    Type.Object({
      pages_done: Type.Integer(),
      pages_limit: Type.Integer(),
      queued: Type.Integer(),
      skipped_by_robots: Type.Integer(),
    }),
    Type.Null(),
  ]),
  start_url: Type.Optional(Type.String()),
  pages: Type.Optional(Type.Array(CrawledPage)),
  skipped_by_robots: Type.Optional(Type.Array(Type.String())),
  stopped: Type.Optional(Type.String()),
  duration_ms: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.Unknown()),
})

/** A crawl and its pages, as starting it and reading it answer. */
const CrawlJob = sharedSchema('CrawlJob', CrawlState)

export const CrawlResponse = okSchema(CrawlJob.ref)

export const webSchemas = [ScrapeResult, CrawlJob]

export const ConvertResponse = okSchema(
  Type.Object({
    format: Type.String(),
    markdown: Type.String(),
    title: Type.Union([Type.String(), Type.Null()]),
    pages: Type.Union([Type.Integer(), Type.Null()]),
    source: Type.Object({
      filename: Type.Union([Type.String(), Type.Null()]),
      url: Type.Union([Type.String(), Type.Null()]),
      bytes: Type.Integer(),
    }),
  }),
)

export const BrowserBody = Type.Object(
  {
    url: WebUrl,
    full_page: Type.Optional(Type.Boolean({ default: false })),
    width: Type.Optional(Type.Integer({ minimum: 200, maximum: 3840, default: 1280 })),
    height: Type.Optional(Type.Integer({ minimum: 200, maximum: 2160, default: 800 })),
    wait_until: Type.Optional(
      Type.Union([
        Type.Literal('load'),
        Type.Literal('domcontentloaded'),
        Type.Literal('networkidle'),
        Type.Literal('commit'),
      ]),
    ),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1000, maximum: 60_000, default: 20_000 })),
  },
  { additionalProperties: false },
)

/** Largest document /v1/browser/pdf/html prints (characters): a screening record is about 50,000. */
export const MAX_HTML_CHARS = 512 * 1024

export const HtmlPdfBody = Type.Object(
  {
    html: Type.String({
      minLength: 1,
      maxLength: MAX_HTML_CHARS,
      description:
        'a whole HTML document, styles inline in <style>; scripts do not run and nothing it names (images, style sheets, fonts, frames) is fetched',
    }),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1000, maximum: 60_000, default: 20_000 })),
  },
  { additionalProperties: false },
)
