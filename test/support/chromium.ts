/**
 * The Chromium the browser tests and the console's benchmark drive, through playwright-core.
 */
import { existsSync } from 'node:fs'
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core'

/**
 * Chromium's headless shell (Debian's chromium-headless-shell) when it is installed: the same
 * Blink and V8 without the full browser around them, which Playwright itself runs headless tests
 * in. A fresh profile's page and a load of the console cost it ≈0.45 s of CPU instead of ≈1.35 s
 * (the full browser starts four renderer processes for a profile's first page). Else Debian's
 * chromium; CHROMIUM_PATH overrides both.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium'
export const haveChromium = existsSync(CHROMIUM)

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  })
}

const sessions = new WeakMap<Browser, Promise<CDPSession>>()

/** CPU time of every process of the browser alive now (ms, by process id). */
async function processCpuMs(browser: Browser): Promise<Map<number, number>> {
  let session = sessions.get(browser)
  if (!session) {
    session = browser.newBrowserCDPSession()
    sessions.set(browser, session)
  }
  const { processInfo } = (await (await session).send('SystemInfo.getProcessInfo')) as {
    processInfo: { id: number; cpuTime: number }[]
  }
  return new Map(processInfo.map((p) => [p.id, p.cpuTime * 1000]))
}

/**
 * Runs `step` and measures the CPU (ms) the browser spent meanwhile, over all its processes
 * (renderers, network, GPU). CPU time, unlike wall time, hardly moves with the machine's load:
 * what a shared machine delays, it does not add. A process started during the step counts from
 * zero; one that ended during it is not counted.
 */
export async function withChromiumCpu<T>(
  browser: Browser,
  step: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const before = await processCpuMs(browser)
  const result = await step()
  const after = await processCpuMs(browser)
  let cpuMs = 0
  for (const [id, ms] of after) cpuMs += ms - (before.get(id) ?? 0)
  return { result, cpuMs }
}

/**
 * Counts, from now, the CPU the page's main thread spends in tasks (ms): its scripts, style,
 * layout and the rest, in thread time (CDP Performance metrics in `threadTicks`), which a loaded
 * machine does not stretch. Call the returned function to read the count so far; a page in a
 * fresh context counts its first navigation (the renderer it commits in is the one counted).
 */
export async function countMainThreadCpu(
  page: Page,
): Promise<() => Promise<{ taskMs: number; scriptMs: number }>> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
    return { taskMs: ms('TaskDuration'), scriptMs: ms('ScriptDuration') }
  }
}
