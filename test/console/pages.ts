/**
 * The browser side of the console's tests: Chromium driven by playwright-core, a fresh profile per
 * page in the language the test reads, and axe-core.
 *
 * What each step costs (the full Chromium's CPU on this 2-core machine, docs/benchmarks.md): a
 * fresh profile's first page ≈0.3 s, a load of the console in it ≈0.9 s (≈0.25 s a reload), reading
 * axe-core into a document ≈0.2 s, one axe pass 0.15–0.25 s, a full-page screenshot ≈0.2 s.
 * So the language is set before the first load rather than by a reload, axe-core is read once
 * per document, and a screenshot is taken when it is asked for (CONSOLE_SCREENSHOTS) or when a
 * test fails.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { onTestFailed } from 'vitest'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** Where screenshots go: the documented ones (docs/console) with `npm run console:screenshots`. */
const SHOTS = process.env.CONSOLE_SCREENSHOTS
/** The key the console keeps the chosen language under (src/services/console/web/i18n.ts). */
const LANGUAGE_KEY = 'gatehouse-console-language'

export type Language = 'en' | 'cs'
type Impact = 'minor' | 'moderate' | 'serious' | 'critical'

/**
 * A page in a fresh profile (no cookies, storage or cache), the console's language chosen in
 * it, at `url`. Reduced motion: dialogs appear at once, so axe judges them as shown, not half
 * faded in. If the test fails, a full-page screenshot of the page is saved and its path printed.
 */
export async function openPage(
  browser: Browser,
  url: string,
  opts: {
    language: Language
    timeoutMs: number
    viewport?: { width: number; height: number }
    phone?: boolean
  },
): Promise<Page> {
  const context = await browser.newContext({
    locale: opts.language === 'en' ? 'en-GB' : 'cs-CZ',
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    ...(opts.phone ? { isMobile: true, hasTouch: true } : {}),
    reducedMotion: 'reduce',
  })
  // The choice as the language switch stores it, there before the console's first script runs
  // (a later choice in the page stays). Opaque documents (about:blank) have no localStorage.
  await context.addInitScript(
    ([key, language]) => {
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, language)
      } catch {}
    },
    [LANGUAGE_KEY, opts.language] as const,
  )
  const page = await context.newPage()
  page.setDefaultTimeout(opts.timeoutMs)
  onTestFailed(async ({ task }) => {
    if (page.isClosed()) return
    const dir = join(tmpdir(), 'console-failures')
    mkdirSync(dir, { recursive: true })
    const path = join(dir, `${task.name.replace(/[^\p{L}\d]+/gu, '-').slice(0, 80)}.png`)
    await page.screenshot({ path, fullPage: true }).catch(() => undefined)
    console.info(`the page when the test failed: ${path}`)
  })
  await page.goto(url)
  return page
}

/**
 * A full-page screenshot written to CONSOLE_SCREENSHOTS (docs/console.md shows them); without
 * the variable nothing is taken: no assertion reads it.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
}

/**
 * axe-core's violations of at least the given impacts, run in the page (evaluated, so the
 * page's CSP is not loosened for it). axe-core is read into a document once: a navigation
 * within the app keeps it, a load of a new document needs it again.
 */
export async function axeViolations(page: Page, impacts: readonly Impact[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe
    return (await axe.run()).violations as {
      id: string
      impact: Impact
      help: string
      nodes: { html: string; failureSummary?: string }[]
    }[]
  })
  return violations
    .filter((v) => impacts.includes(v.impact))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`,
    )
}
