/**
 * Scraping: a URL → its content as Markdown (plus metadata, links, HTML on request, and an LLM
 * extraction when a prompt is given), or a clear BLOCKED verdict when a wall answered instead.
 *
 * Tiers, cheapest first (the adaptive scrape climbs them; a plain scrape stays on the first):
 *   fetch        one guarded HTTP fetch, the body parsed off the event loop
 *   browser      headless Chromium, the page after its load event
 *   browser_wait Chromium again, waiting for the network to settle and scrolling to the end
 * A tier escalates when the answer is blocked, or when it is HTML whose main content is too thin
 * to be the page (a JavaScript shell); each escalation is reported with its reason.
 *
 * Every outbound request goes through the egress guard the caller provides (`fetch`, and the
 * browser's proxy): this module never opens a connection itself.
 */
import { AppError } from '../../kit/errors.ts'
import { detectBlock } from './blocked.ts'
import type { BrowserPool, WaitUntil } from './browser.ts'
import type { ExtractedPage, PageLink, PageMetadata } from './extract.ts'

export interface FetchedResponse {
  /** The address that answered, after redirects. */
  url: string
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** A fetch through the egress guard (every hop vetted, size and time capped). */
export type GuardedFetch = (
  url: string,
  opts: { timeoutMs: number; headers?: Record<string, string>; signal?: AbortSignal | undefined },
) => Promise<FetchedResponse>

type Format = 'markdown' | 'html' | 'links' | 'metadata'
type Tier = 'fetch' | 'browser' | 'browser_wait'

export interface ScrapeOptions {
  url: string
  formats?: readonly Format[] | undefined
  onlyMainContent?: boolean | undefined
  prompt?: string | undefined
  schema?: Record<string, unknown> | undefined
  timeoutMs: number
  signal?: AbortSignal | undefined
}

export interface ScrapeResult {
  status: 'OK' | 'BLOCKED'
  url: string
  final_url: string
  http_status: number
  content_type: string
  tier: Tier
  /** Why each lower tier was not good enough (adaptive scrapes). */
  escalations: { tier: Tier; reason: string }[]
  blocked?: { reason: string; vendor?: string | undefined }
  metadata?: PageMetadata
  markdown?: string
  html?: string
  links?: PageLink[]
  /** The LLM's extraction for `prompt` (and `schema`). */
  json?: unknown
  /** Destinations the guard refused while a browser tier loaded the page. */
  refused_requests?: { host: string; port: number }[]
}

export interface ScraperDeps {
  fetch: GuardedFetch
  /** HTML → content, off the event loop. */
  extract(
    html: string,
    url: string,
    opts: { onlyMainContent: boolean; includeHtml: boolean },
  ): Promise<ExtractedPage>
  /** PDF, DOCX … → Markdown, off the event loop. */
  convert(
    bytes: Buffer,
    opts: { filename: string; contentType: string },
  ): Promise<{ markdown: string; title?: string | undefined }>
  browser?: BrowserPool | undefined
  /** Structured extraction by an LLM; undefined when none is configured. */
  extractJson?:
    | ((
        markdown: string,
        prompt: string,
        schema: Record<string, unknown> | undefined,
        signal?: AbortSignal,
      ) => Promise<unknown>)
    | undefined
  userAgent: string
}

/** Main content shorter than this (characters) on an HTML page suggests a JavaScript shell. */
const THIN_CONTENT_CHARS = 200
const DOCUMENT_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]
const TEXT_TYPES = ['text/plain', 'text/markdown', 'text/x-markdown', 'application/json', 'text/csv']
const SUPPORTED_CONTENT = 'HTML, PDF, DOCX, plain text, Markdown, CSV or JSON'

export class Scraper {
  private readonly deps: ScraperDeps

  constructor(deps: ScraperDeps) {
    this.deps = deps
  }

  /** The plain tier only. */
  async scrape(opts: ScrapeOptions): Promise<ScrapeResult> {
    this.assertPrompt(opts)
    const result = await this.viaFetch(opts)
    return this.finish(result, opts)
  }

  /** Climbs the tiers until one serves the page (or the last one has spoken). */
  async adaptive(opts: ScrapeOptions): Promise<ScrapeResult> {
    this.assertPrompt(opts)
    const deadline = Date.now() + opts.timeoutMs
    const escalations: ScrapeResult['escalations'] = []
    let result = await this.viaFetch(opts).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'forbidden') throw error
      escalations.push({ tier: 'fetch', reason: error instanceof Error ? error.message : String(error) })
      return undefined
    })
    for (const tier of ['browser', 'browser_wait'] as const) {
      const reason = result ? whyEscalate(result) : undefined
      if (result && !reason) break
      if (result && reason) escalations.push({ tier: result.tier, reason })
      if (!this.deps.browser?.available) {
        escalations.push({ tier, reason: 'no browser is installed (CHROMIUM_PATH)' })
        break
      }
      const left = deadline - Date.now()
      if (left < 1000) {
        escalations.push({ tier, reason: 'no time left for the browser' })
        break
      }
      result = await this.viaBrowser(opts, tier, left)
    }
    if (!result) {
      throw new AppError(
        'upstream_error',
        `No tier could load the page: ${escalations.map((e) => e.reason).join('; ')}`,
        {
          url: opts.url,
          escalations,
        },
      )
    }
    result.escalations = escalations
    return this.finish(result, opts)
  }

  private assertPrompt(opts: ScrapeOptions): void {
    if (opts.prompt && !this.deps.extractJson) {
      throw new AppError(
        'service_unavailable',
        'Extraction with a prompt needs a language model: set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL). A scrape without a prompt works without one.',
        { field: 'prompt', reason: 'llm_not_configured' },
      )
    }
  }

  private async viaFetch(opts: ScrapeOptions): Promise<ScrapeResult> {
    const response = await this.deps.fetch(opts.url, {
      timeoutMs: opts.timeoutMs,
      headers: {
        'user-agent': this.deps.userAgent,
        accept: 'text/html,application/xhtml+xml,application/pdf,text/plain;q=0.9,*/*;q=0.5',
        'accept-language': 'cs,en;q=0.8',
      },
      signal: opts.signal,
    })
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    const base: ScrapeResult = {
      status: 'OK',
      url: opts.url,
      final_url: response.url,
      http_status: response.status,
      content_type: contentType || 'application/octet-stream',
      tier: 'fetch',
      escalations: [],
    }
    const isHtml =
      contentType === 'text/html' || contentType === 'application/xhtml+xml' || contentType === ''
    const text = isHtml || TEXT_TYPES.includes(contentType) ? response.body.toString('utf8') : ''
    const verdict = detectBlock({ status: response.status, headers: response.headers, body: text })
    if (verdict.blocked)
      return { ...base, status: 'BLOCKED', blocked: { reason: verdict.reason!, vendor: verdict.vendor } }
    if (response.status >= 400) {
      throw new AppError('upstream_error', `The page answered HTTP ${response.status}`, {
        url: opts.url,
        upstream_status: response.status,
      })
    }
    if (isHtml) return { ...base, ...(await this.fromHtml(text, response.url, opts)) }
    if (DOCUMENT_TYPES.includes(contentType) || looksLikeDocument(response.body)) {
      const converted = await this.deps.convert(response.body, {
        filename: new URL(response.url).pathname.split('/').pop() ?? 'document',
        contentType,
      })
      return {
        ...base,
        markdown: converted.markdown,
        metadata: emptyMetadata(converted.title ?? null),
        links: [],
      }
    }
    if (TEXT_TYPES.includes(contentType)) {
      const markdown = contentType === 'application/json' ? `\`\`\`json\n${text}\n\`\`\`` : text
      return { ...base, markdown, metadata: emptyMetadata(null), links: [] }
    }
    throw new AppError(
      'unsupported_media_type',
      `The page is ${contentType}; scraping reads ${SUPPORTED_CONTENT}`,
      {
        url: opts.url,
        content_type: contentType,
        supported: SUPPORTED_CONTENT,
      },
    )
  }

  private async viaBrowser(
    opts: ScrapeOptions,
    tier: 'browser' | 'browser_wait',
    timeoutMs: number,
  ): Promise<ScrapeResult> {
    const waiting = tier === 'browser_wait'
    const waitUntil: WaitUntil = waiting ? 'networkidle' : 'load'
    const page = await this.deps.browser!.render({
      url: opts.url,
      timeoutMs,
      waitUntil,
      ...(waiting ? { settleMs: 1500, scroll: true } : {}),
    })
    const base: ScrapeResult = {
      status: 'OK',
      url: opts.url,
      final_url: page.url,
      http_status: page.status,
      content_type: 'text/html',
      tier,
      escalations: [],
      refused_requests: page.refused.map(({ host, port }) => ({ host, port })),
    }
    const verdict = detectBlock({
      status: page.status,
      headers: page.headers,
      title: page.title,
      body: page.html,
    })
    if (verdict.blocked)
      return { ...base, status: 'BLOCKED', blocked: { reason: verdict.reason!, vendor: verdict.vendor } }
    return { ...base, ...(await this.fromHtml(page.html, page.url, opts)) }
  }

  private async fromHtml(html: string, url: string, opts: ScrapeOptions): Promise<Partial<ScrapeResult>> {
    const formats = opts.formats ?? ['markdown', 'metadata', 'links']
    const page = await this.deps.extract(html, url, {
      onlyMainContent: opts.onlyMainContent ?? true,
      includeHtml: formats.includes('html'),
    })
    // Block pages with a 200 (challenge interstitials) are caught on the visible text too.
    const verdict = detectBlock({ status: 200, title: page.metadata.title, body: page.text_sample })
    if (verdict.blocked)
      return { status: 'BLOCKED', blocked: { reason: verdict.reason!, vendor: verdict.vendor } }
    return {
      metadata: page.metadata,
      markdown: page.markdown,
      links: page.links,
      ...(page.html !== undefined ? { html: page.html } : {}),
    }
  }

  private async finish(result: ScrapeResult, opts: ScrapeOptions): Promise<ScrapeResult> {
    const formats = opts.formats ?? ['markdown', 'metadata', 'links']
    if (result.status === 'OK' && opts.prompt && this.deps.extractJson) {
      result.json = await this.deps.extractJson(result.markdown ?? '', opts.prompt, opts.schema, opts.signal)
    }
    if (!formats.includes('markdown') && !opts.prompt) delete result.markdown
    if (!formats.includes('links')) delete result.links
    if (!formats.includes('metadata')) delete result.metadata
    return result
  }
}

function whyEscalate(result: ScrapeResult): string | undefined {
  if (result.status === 'BLOCKED') return `blocked: ${result.blocked?.reason}`
  if (
    result.content_type === 'text/html' &&
    (result.markdown ?? '').replace(/\s+/g, '').length < THIN_CONTENT_CHARS
  ) {
    return `the HTML had under ${THIN_CONTENT_CHARS} characters of content (a page rendered by JavaScript?)`
  }
  return undefined
}

function looksLikeDocument(body: Buffer): boolean {
  // %PDF- or a ZIP (DOCX) signature: servers often label documents application/octet-stream.
  return body.subarray(0, 5).toString('latin1') === '%PDF-' || (body[0] === 0x50 && body[1] === 0x4b)
}

function emptyMetadata(title: string | null): PageMetadata {
  return {
    title,
    description: null,
    language: null,
    canonical_url: null,
    site_name: null,
    published_time: null,
    robots: [],
  }
}
