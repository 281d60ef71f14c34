/**
 * Headless Chromium (Debian's `chromium`, driven by playwright-core) for pages that need a
 * browser: screenshots, PDFs (of a page, or of supplied HTML with no network at all) and the
 * adaptive scraper's upper tiers.
 *
 * - One browser process, started on first use and restarted if it dies; one fresh context per
 *   request (no cookies, cache or storage shared between callers), closed when the request ends.
 * - At most `maxPages` pages at once; more wait in line, and a full line is a 503.
 * - Every request the page makes goes out through the egress proxy (egress-proxy.ts), with
 *   Chromium's own resolver disabled; service workers, downloads and non-proxied WebRTC are off.
 * - Every step has a deadline: a page that never finishes loading is a 504, never a hang.
 */
import { existsSync } from 'node:fs'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core'
import { AppError } from '../../kit/errors.ts'
import { EgressProxy, type Refusal, type Vet } from './egress-proxy.ts'

export type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle' | 'commit'

export interface BrowserOptions {
  /** The Chromium binary (CHROMIUM_PATH; default: Debian's /usr/bin/chromium). */
  executablePath: string
  /** Pages open at once at most. */
  maxPages: number
  /** Requests waiting for a page at most; more get a 503 at once. */
  maxQueue?: number
  vet: Vet
  userAgent?: string | undefined
}

export interface PageOptions {
  url: string
  width?: number | undefined
  height?: number | undefined
  waitUntil?: WaitUntil | undefined
  /** Whole budget of the request (ms): queueing, navigation and rendering. */
  timeoutMs: number
  /** Extra settling after the load event (ms), and scrolling to the end to trigger lazy content. */
  settleMs?: number | undefined
  scroll?: boolean | undefined
}

export interface RenderedPage {
  url: string
  status: number
  headers: Record<string, string>
  html: string
  title: string
  /** Destinations the egress guard refused while the page loaded. */
  refused: Refusal[]
}

export class BrowserPool {
  private readonly opts: BrowserOptions
  private browser: Promise<Browser> | undefined
  private proxy: EgressProxy | undefined
  private proxyUrl: Promise<string> | undefined
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(opts: BrowserOptions) {
    this.opts = opts
  }

  /** Whether the binary is there (the service reports this instead of failing at first use). */
  get available(): boolean {
    return existsSync(this.opts.executablePath)
  }

  async screenshot(opts: PageOptions & { fullPage?: boolean | undefined }): Promise<Buffer> {
    return this.withPage(opts, async (page) =>
      page.screenshot({ fullPage: opts.fullPage ?? false, type: 'png' }),
    )
  }

  async pdf(opts: PageOptions): Promise<Buffer> {
    return this.withPage(opts, async (page) => page.pdf({ printBackground: true, format: 'A4' }))
  }

  async render(opts: PageOptions): Promise<RenderedPage> {
    const refused: Refusal[] = []
    const stop = (await this.egressProxy()).onRefusal((r) => refused.push(r))
    try {
      return await this.withPage(opts, async (page, response) => ({
        url: page.url(),
        status: response?.status() ?? 0,
        headers: response ? await response.allHeaders() : {},
        html: await page.content(),
        title: await page.title(),
        refused,
      }))
    } finally {
      stop()
    }
  }

  async close(): Promise<void> {
    const browser = this.browser
    this.browser = undefined
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined)
    await this.proxy?.close()
    this.proxy = undefined
    this.proxyUrl = undefined
  }

  /**
   * Supplied HTML printed to PDF (A4), sealed off from every network: JavaScript off, and every
   * request the document would make (an image, a style sheet, a font, a frame, a refresh) aborted
   * in the browser before it is sent, so whatever the HTML names — a public site or an internal
   * address — is never asked. `blocked` counts the requests refused.
   */
  async pdfOfHtml(opts: { html: string; timeoutMs: number }): Promise<{ pdf: Buffer; blocked: number }> {
    let blocked = 0
    return this.withContext(
      { url: 'about:blank', timeoutMs: opts.timeoutMs },
      { javaScriptEnabled: false },
      async (context, left) => {
        await context.route('**/*', (route) => {
          blocked++
          // A navigation (a meta refresh, a frame) answered 204 leaves the page where it is; an
          // aborted one would swap the document for the browser's error page, racing the print.
          if (route.request().isNavigationRequest()) return route.fulfill({ status: 204 })
          return route.abort('blockedbyclient')
        })
        const page = await context.newPage()
        page.setDefaultTimeout(left())
        await page.setContent(opts.html, { waitUntil: 'load', timeout: left() })
        const pdf = await page.pdf({ printBackground: true, format: 'A4' })
        return { pdf, blocked }
      },
    )
  }

  private async withPage<T>(
    opts: PageOptions,
    use: (page: Page, response: Awaited<ReturnType<Page['goto']>>) => Promise<T>,
  ): Promise<T> {
    return this.withContext(
      opts,
      { viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 } },
      async (context, left) => {
        const page = await context.newPage()
        page.setDefaultTimeout(left())
        // The page may navigate away once it has loaded (a meta refresh, a Refresh header, a
        // script): such navigations are followed while it loads and settles, at most
        // MAX_FOLLOWED_NAVIGATIONS (a refresh loop never settles), and answered 204 from the
        // moment the page is read, so the document stays what it is while it is read or printed.
        let navigations = 0
        let reading = false
        await page.route('**/*', (route) => {
          const request = route.request()
          if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return route.fallback()
          navigations++
          if (reading || navigations > 1 + MAX_FOLLOWED_NAVIGATIONS) return route.fulfill({ status: 204 })
          return route.fallback()
        })
        const response = await page.goto(opts.url, { waitUntil: opts.waitUntil ?? 'load', timeout: left() })
        if (opts.scroll) await autoScroll(page, Math.min(left(), 5000))
        if (opts.settleMs) await page.waitForTimeout(Math.min(opts.settleMs, left()))
        reading = true
        // A navigation followed just before reading began may still be committing: wait for its
        // document, then read again (a few times at most; nothing new can start now).
        for (let attempt = 1; ; attempt++) {
          try {
            await page.waitForLoadState('load', { timeout: left() })
            page.setDefaultTimeout(left())
            return await use(page, response)
          } catch (error) {
            if (attempt >= 3 || !isNavigationRace(error)) throw error
          }
        }
      },
    )
  }

  /** A fresh context in a page slot, closed afterwards; `left()` is what remains of the budget (ms). */
  private async withContext<T>(
    opts: Pick<PageOptions, 'url' | 'timeoutMs'>,
    contextOptions: BrowserContextOptions,
    use: (context: BrowserContext, left: () => number) => Promise<T>,
  ): Promise<T> {
    const deadline = Date.now() + opts.timeoutMs
    await this.acquire(opts.timeoutMs)
    let context: BrowserContext | undefined
    try {
      const browser = await this.launch()
      context = await browser.newContext({
        serviceWorkers: 'block',
        acceptDownloads: false,
        ...(this.opts.userAgent ? { userAgent: this.opts.userAgent } : {}),
        ...contextOptions,
      })
      return await use(context, () => Math.max(1, deadline - Date.now()))
    } catch (error) {
      throw asBrowserError(error, opts)
    } finally {
      // Closing the context ends its pages, workers and sockets; a hung close cannot hold the slot.
      if (context) await Promise.race([context.close().catch(() => undefined), sleep(5000)])
      this.release()
    }
  }

  private async acquire(timeoutMs: number): Promise<void> {
    if (this.active < this.opts.maxPages) {
      this.active++
      return
    }
    if (this.waiting.length >= (this.opts.maxQueue ?? this.opts.maxPages * 8)) {
      throw new AppError(
        'service_unavailable',
        'The browser is busy; retry shortly',
        {},
        { 'retry-after': '2' },
      )
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(grant)
        if (i >= 0) this.waiting.splice(i, 1)
        reject(new AppError('upstream_timeout', `No browser page came free within ${timeoutMs} ms`, {}))
      }, timeoutMs)
      const grant = () => {
        clearTimeout(timer)
        resolve()
      }
      this.waiting.push(grant)
    })
    this.active++
  }

  private release(): void {
    this.active--
    this.waiting.shift()?.()
  }

  private async egressProxy(): Promise<EgressProxy> {
    if (!this.proxy) {
      this.proxy = new EgressProxy({ vet: this.opts.vet })
      this.proxyUrl = this.proxy.start()
    }
    await this.proxyUrl
    return this.proxy
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      this.browser = (async () => {
        if (!this.available) {
          throw new AppError(
            'service_unavailable',
            `Chromium is not installed at ${this.opts.executablePath}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`,
            {},
          )
        }
        const proxy = await this.egressProxy()
        const server = (await this.proxyUrl) as string
        const browser = await chromium.launch({
          executablePath: this.opts.executablePath,
          headless: true,
          timeout: 30_000,
          proxy: { server, bypass: '<-loopback>', username: proxy.username, password: proxy.password },
          args: [
            // Chromium may not resolve names itself: everything goes through the vetting proxy.
            '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
            '--webrtc-ip-handling-policy=disable_non_proxied_udp',
            '--force-webrtc-ip-handling-policy',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-domain-reliability',
            '--disable-sync',
            '--no-first-run',
            '--disable-dev-shm-usage',
          ],
        })
        browser.on('disconnected', () => {
          this.browser = undefined
        })
        return browser
      })()
      this.browser.catch(() => {
        this.browser = undefined
      })
    }
    return this.browser
  }
}

/** Navigations a page starts by itself that are followed before it is read (a redirecting page). */
const MAX_FOLLOWED_NAVIGATIONS = 3

/** An error of reading or printing a document that was being replaced by a navigation. */
function isNavigationRace(error: unknown): boolean {
  const message = (error as { message?: string }).message ?? ''
  return /page is navigating|Printing failed|Execution context was destroyed|frame was detached|navigation/i.test(
    message.split('\n')[0] ?? '',
  )
}

async function autoScroll(page: Page, budgetMs: number): Promise<void> {
  await page
    .evaluate(async (budget: number) => {
      const until = Date.now() + budget
      let last = -1
      while (Date.now() < until && window.scrollY !== last) {
        last = window.scrollY
        window.scrollBy(0, window.innerHeight)
        await new Promise((r) => setTimeout(r, 150))
      }
    }, budgetMs)
    .catch(() => undefined)
}

function asBrowserError(error: unknown, opts: Pick<PageOptions, 'url' | 'timeoutMs'>): unknown {
  if (error instanceof AppError) return error
  const e = error as { name?: string; message?: string }
  if (e.name === 'TimeoutError') {
    return new AppError('upstream_timeout', `The page did not finish loading within ${opts.timeoutMs} ms`, {
      url: opts.url,
      timeout_ms: opts.timeoutMs,
    })
  }
  const message = e.message ?? String(error)
  if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY_CONNECTION_FAILED|ERR_NAME_NOT_RESOLVED/.test(message)) {
    return new AppError(
      'forbidden',
      'The page address was refused by the egress guard or could not be resolved',
      {
        url: opts.url,
        reason: 'egress_refused',
      },
    )
  }
  return new AppError('upstream_error', `The browser could not load the page: ${message.split('\n')[0]}`, {
    url: opts.url,
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

declare const window: { scrollY: number; innerHeight: number; scrollBy(x: number, y: number): void }
