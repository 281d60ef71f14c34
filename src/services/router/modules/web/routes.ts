/**
 * The web tools: scrape (one page, a batch of up to 10, or adaptively through the browser tiers),
 * crawl (a router job with progress), convert a document to Markdown, and screenshots and PDFs
 * from headless Chromium. Every URL a caller gives — and every request that follows from it — goes
 * through the one egress guard (src/kit/egress.ts); a refused URL is answered at once with a 4xx
 * that says why, before any connection is attempted.
 */

import multipart, { type MultipartFile } from '@fastify/multipart'
import type { JobQueue } from '../../../../engines/jobs/queue.ts'
import { isTerminal } from '../../../../engines/jobs/state.ts'
import type { Job } from '../../../../engines/jobs/types.ts'
import type { BrowserPool } from '../../../../engines/web/browser.ts'
import type { Parsing } from '../../../../engines/web/parsing.ts'
import type { ScrapeOptions, ScrapeResult, Scraper } from '../../../../engines/web/scraper.ts'
import { mapLimit } from '../../../../kit/concurrency.ts'
import type { Egress } from '../../../../kit/egress.ts'
import { ok, renderError } from '../../../../kit/envelope.ts'
import { AppError, errors, isAppError } from '../../../../kit/errors.ts'
import { multipartError } from '../../../../kit/multipart.ts'
import { Media } from '../../../../kit/schemas.ts'
import { type App, sendError, toAppError } from '../../../../kit/server.ts'
import { IdParams } from '../../schemas.ts'
import {
  BatchBody,
  BatchResponse,
  BrowserBody,
  ConvertResponse,
  CrawlBody,
  CrawlResponse,
  HtmlPdfBody,
  ScrapeBody,
  ScrapeResponse,
} from './schemas.ts'

export interface WebDeps {
  egress: Egress
  scraper: Scraper
  parsing: Parsing
  browser: BrowserPool
  /** Crawls run as `web.crawl` jobs on this queue. */
  queue: Pick<JobQueue, 'enqueue' | 'get' | 'getTask'>
  /** Whether built-in workers run here (a crawl needs them). */
  crawlerRuns: boolean
  limits: {
    /** Scrapes of one batch at once. */
    batchConcurrency: number
    /** Largest upload to /v1/convert/markdown (bytes). */
    maxUploadBytes: number
    /** Default delay between requests to one host during a crawl (ms). */
    crawlDelayMs: number
  }
}

const DEFAULT_TIMEOUT_MS = 15_000

interface BatchItemError {
  code: string
  message: string
  details?: unknown
}

export function registerWeb(app: App, deps: WebDeps): void {
  app.register(async (plugin) => {
    const scope = plugin as unknown as App
    scope.register(multipart, {
      limits: { fileSize: deps.limits.maxUploadBytes, files: 1, fields: 2, fieldSize: 4096 },
    })

    scope.post(
      '/v1/scrape',
      { schema: { body: ScrapeBody, response: { 200: ScrapeResponse } } },
      async (request, reply) => {
        const b = request.body
        await deps.egress.check(b.url)
        return ok(reply, await deps.scraper.scrape(scrapeOptions(b.url, b, request.raw)))
      },
    )

    scope.post(
      '/v1/scrape/adaptive',
      { schema: { body: ScrapeBody, response: { 200: ScrapeResponse } } },
      async (request, reply) => {
        const b = request.body
        await deps.egress.check(b.url)
        return ok(reply, await deps.scraper.adaptive(scrapeOptions(b.url, b, request.raw)))
      },
    )

    scope.post(
      '/v1/scrape/batch',
      { schema: { body: BatchBody, response: { 200: BatchResponse } } },
      async (request, reply) => {
        const b = request.body
        // One bad URL never fails the others: each gets its own result or error, in order.
        const results = await mapLimit(b.urls, deps.limits.batchConcurrency, async (url) => {
          try {
            await deps.egress.check(url)
            const data: ScrapeResult = await deps.scraper.scrape(scrapeOptions(url, b, request.raw))
            return { url, success: true, data }
          } catch (error) {
            // The error a single scrape would answer, in the standard envelope's shape; an
            // unexpected failure is logged and shown only as an internal error.
            const known = isAppError(error)
            if (!known) request.log.error({ err: error, url }, 'batch scrape failed')
            const e = known ? error : new AppError('internal_error', 'Internal error')
            const rendered = renderError('standard', e, request.id) as { error: BatchItemError }
            return { url, success: false, error: rendered.error }
          }
        })
        return ok(reply, { results })
      },
    )

    scope.post(
      '/v1/crawler',
      { schema: { body: CrawlBody, response: { 200: CrawlResponse, 202: CrawlResponse } } },
      async (request, reply) => {
        const b = request.body
        await deps.egress.check(b.url)
        if (!deps.crawlerRuns) {
          throw new AppError(
            'service_unavailable',
            'Crawls run on the router’s built-in workers, and ROUTER_WORKERS is 0 here',
            { reason: 'no_builtin_workers' },
          )
        }
        const timeLimitSeconds = b.time_limit_seconds ?? 300
        const { job } = await deps.queue.enqueue({
          kind: 'web.crawl',
          input: {
            url: b.url,
            max_pages: b.max_pages ?? 20,
            max_depth: b.max_depth ?? 2,
            include: b.include ?? [],
            exclude: b.exclude ?? [],
            same_site: b.same_site ?? true,
            delay_ms: b.delay_ms ?? deps.limits.crawlDelayMs,
            time_limit_seconds: timeLimitSeconds,
          },
          requestedBy: request.apiKeyId,
          maxAttempts: 1,
          // The lease outlives the crawl's own limit, so a long crawl is not taken for a dead one.
          leaseMs: (timeLimitSeconds + 60) * 1000,
          timeoutMs: (timeLimitSeconds + 30) * 1000,
        })
        if (!b.wait) {
          reply.code(202).header('location', `/v1/crawler/${job.id}`)
          return ok(reply, crawlState(job))
        }
        const finished = await waitFor(deps.queue, job.id, (timeLimitSeconds + 30) * 1000, request.raw)
        return ok(reply, crawlState(finished))
      },
    )

    scope.get(
      '/v1/crawler/:id',
      {
        // An operator (the console) reads every crawl, a gateway key its own.
        config: { auth: 'key_or_operator' },
        schema: { params: IdParams, response: { 200: CrawlResponse } },
      },
      async (request, reply) =>
        ok(reply, crawlState(await ownedCrawl(deps.queue, request.params.id, request.apiKeyId))),
    )

    scope.post(
      '/v1/convert/markdown',
      {
        schema: { response: { 200: ConvertResponse } },
        // A body that is neither JSON nor multipart: say what this route takes.
        errorHandler: async (error, request, reply) => {
          const code = (error as { code?: string }).code
          const appError =
            code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? new AppError('unsupported_media_type', CONVERT_USAGE, {
                  field: 'content-type',
                  rule: 'multipart/form-data or application/json',
                })
              : toAppError(error)
          if (appError.status >= 500) request.log.error({ err: error }, 'conversion failed')
          return sendError(reply, 'standard', appError)
        },
      },
      async (request, reply) => {
        let bytes: Buffer
        let filename: string | undefined
        let contentType: string | undefined
        let url: string | undefined
        if (request.isMultipart()) {
          let file: Awaited<ReturnType<typeof readUpload>>
          try {
            file = await readUpload(request.parts(), deps.limits.maxUploadBytes)
          } catch (error) {
            // A body that is not well-formed multipart is the caller's: a 4xx naming it.
            throw multipartError(error, {
              fileBytes: deps.limits.maxUploadBytes,
              fileBytesVariable: 'WEB_MAX_UPLOAD_BYTES',
              parts: 3,
            })
          }
          ;({ bytes, filename, contentType } = file)
        } else {
          const body = request.body as unknown
          if (!isUrlBody(body)) throw errors.invalid('url', 'required', CONVERT_USAGE)
          url = body.url
          await deps.egress.check(url)
          const response = await deps.egress.fetch(url, {
            headers: {
              accept:
                'application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/html,text/plain;q=0.9,*/*;q=0.5',
            },
          })
          if (response.status >= 400) {
            throw new AppError('upstream_error', `The document's address answered HTTP ${response.status}`, {
              url,
              upstream_status: response.status,
            })
          }
          bytes = response.body
          filename = new URL(response.url).pathname.split('/').pop() || undefined
          contentType = response.headers.get('content-type') ?? undefined
        }
        const converted = await deps.parsing.convert(bytes, { filename, contentType })
        return ok(reply, {
          format: converted.format,
          markdown: converted.markdown,
          title: converted.title ?? null,
          pages: converted.pages ?? null,
          source: { filename: filename ?? null, url: url ?? null, bytes: bytes.byteLength },
        })
      },
    )

    scope.post(
      '/v1/browser/screenshot',
      { schema: { body: BrowserBody, response: { 200: Media('image/png', 'the page as a PNG') } } },
      async (request, reply) => {
        const b = request.body
        await deps.egress.check(b.url)
        const png = await deps.browser.screenshot({
          url: b.url,
          fullPage: b.full_page,
          width: b.width,
          height: b.height,
          waitUntil: b.wait_until,
          timeoutMs: b.timeout_ms ?? 20_000,
        })
        return reply.type('image/png').header('content-length', png.byteLength).send(png)
      },
    )

    scope.post(
      '/v1/browser/pdf',
      {
        schema: {
          body: BrowserBody,
          response: { 200: Media('application/pdf', 'the page printed to PDF (A4)') },
        },
      },
      async (request, reply) => {
        const b = request.body
        await deps.egress.check(b.url)
        const pdf = await deps.browser.pdf({
          url: b.url,
          width: b.width,
          height: b.height,
          waitUntil: b.wait_until,
          timeoutMs: b.timeout_ms ?? 20_000,
        })
        return reply.type('application/pdf').header('content-length', pdf.byteLength).send(pdf)
      },
    )

    // Supplied HTML to PDF, for the platform's own documents (the console's screening record):
    // operator keys only, no network from the page (docs/adr/0005-pdf-of-supplied-html.md).
    scope.post(
      '/v1/browser/pdf/html',
      {
        config: { auth: 'operator' },
        schema: {
          body: HtmlPdfBody,
          response: {
            200: Media(
              'application/pdf',
              'the document printed to PDF (A4); X-Blocked-Requests: requests of the document refused',
            ),
          },
        },
      },
      async (request, reply) => {
        const { pdf, blocked } = await deps.browser.pdfOfHtml({
          html: request.body.html,
          timeoutMs: request.body.timeout_ms ?? 20_000,
        })
        if (blocked > 0) request.log.info({ blocked }, 'requests of a supplied document refused')
        return reply
          .type('application/pdf')
          .header('content-length', pdf.byteLength)
          .header('x-blocked-requests', String(blocked))
          .send(pdf)
      },
    )
  })
}

const CONVERT_USAGE =
  'POST /v1/convert/markdown takes multipart/form-data with a "file" part (PDF, DOCX, HTML, Markdown or text), or JSON {"url": "..."}'

function isUrlBody(body: unknown): body is { url: string } {
  if (typeof body !== 'object' || body === null) return false
  const keys = Object.keys(body)
  const url = (body as { url?: unknown }).url
  if (keys.some((k) => k !== 'url'))
    throw errors.invalid(keys.find((k) => k !== 'url')!, 'unknown field', CONVERT_USAGE)
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) return false
  return true
}

async function readUpload(
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string }>,
  maxBytes: number,
): Promise<{ bytes: Buffer; filename: string | undefined; contentType: string | undefined }> {
  let found: { bytes: Buffer; filename: string | undefined; contentType: string | undefined } | undefined
  for await (const part of parts) {
    if (part.type !== 'file') throw errors.invalid(part.fieldname, 'unknown field', CONVERT_USAGE)
    const file = part as MultipartFile
    if (file.fieldname !== 'file' || found) {
      await file.toBuffer().catch(() => undefined)
      throw errors.invalid(file.fieldname, 'exactly one part named "file"', CONVERT_USAGE)
    }
    try {
      found = {
        bytes: await file.toBuffer(),
        filename: file.filename || undefined,
        contentType: file.mimetype,
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(
          'payload_too_large',
          `file is larger than the limit of ${maxBytes} bytes (WEB_MAX_UPLOAD_BYTES)`,
          {
            field: 'file',
            limit_bytes: maxBytes,
          },
        )
      }
      throw error
    }
  }
  if (!found) throw errors.invalid('file', 'required', CONVERT_USAGE)
  return found
}

function scrapeOptions(
  url: string,
  b: {
    prompt?: string
    schema?: Record<string, unknown>
    formats?: ScrapeOptions['formats']
    only_main_content?: boolean
    timeout_ms?: number
  },
  raw: import('node:http').IncomingMessage,
): ScrapeOptions {
  return {
    url,
    prompt: b.prompt,
    schema: b.schema,
    formats: b.formats,
    onlyMainContent: b.only_main_content,
    timeoutMs: b.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    signal: closedSignal(raw),
  }
}

/** Aborted when the caller goes away, so nobody scrapes for a closed connection. */
function closedSignal(raw: import('node:http').IncomingMessage): AbortSignal {
  const controller = new AbortController()
  raw.socket?.once('close', () => controller.abort())
  return controller.signal
}

/**
 * A crawl the caller may see: under API keys only the key that started it does (an operator key,
 * which sets no key id, sees every crawl); another key's crawl is "not found", as if it did not
 * exist, like its job at /jobs/{id}.
 */
async function ownedCrawl(
  queue: Pick<JobQueue, 'get' | 'getTask'>,
  id: string,
  keyId: string | undefined,
): Promise<Job> {
  const job = await queue.get(id).catch(() => undefined)
  if (job?.kind !== 'web.crawl') throw errors.notFound('Crawl', { id })
  if (keyId !== undefined && (await queue.getTask(job.task_id)).requested_by !== keyId)
    throw errors.notFound('Crawl', { id })
  return job
}

function crawlState(job: Job) {
  const result = (job.status === 'SUCCEEDED' ? job.result : undefined) as Record<string, unknown> | undefined
  return {
    job_id: job.id,
    status: job.status,
    status_url: `/v1/crawler/${job.id}`,
    progress: (job.progress ?? null) as never,
    ...(result ?? {}),
    ...(job.error ? { error: job.error } : {}),
  }
}

async function waitFor(
  queue: Pick<JobQueue, 'get'>,
  id: string,
  timeoutMs: number,
  raw: import('node:http').IncomingMessage,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const job = await queue.get(id)
    if (isTerminal(job.status) || Date.now() > deadline || raw.socket?.destroyed) return job
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
