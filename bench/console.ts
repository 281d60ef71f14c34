/**
 * `npm run bench:console`: the console's sign-in page opened cold — a fresh Chromium profile, no
 * cache, the page's scripts not yet asked for — from the request to the user-name box on screen,
 * against a baseline loaded the same way in the same run: a page with one labelled text box and
 * no script, served from this process by node:http. Rounds alternate the two.
 *
 * For each: the wall time (ms); the CPU of the page's main thread (ms: scripts, style, layout —
 * what the browser test bounds); Chromium's CPU for the load (ms, every process of the browser);
 * this process's CPU serving it (ms); and the scripts and style sheets as sent. The aim: the
 * sign-in page on screen in under 500 ms on a quiet machine; the ratio to the baseline says what
 * the app adds to what any page costs here.
 *
 *   BENCH_ROUNDS  pairs of loads (default 10)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { openDatabase } from '../src/kit/db.ts'
import { createLogger } from '../src/kit/logger.ts'
import { MemoryRateLimiter } from '../src/kit/ratelimit.ts'
import { buildApp } from '../src/services/console/app.ts'
import { ConsoleStore } from '../src/services/console/store.ts'
import { UPSTREAMS, Upstreams } from '../src/services/console/upstreams.ts'
import { ensureWebBuild, loadWebFiles } from '../src/services/console/web-build.ts'
import {
  countMainThreadCpu,
  haveChromium,
  launchChromium,
  withChromiumCpu,
} from '../test/support/chromium.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10)
const AIM_MS = 500
const BASELINE = '<!doctype html><html lang="en"><title>x</title><label>User name <input></label></html>'

interface Load {
  wallMs: number
  /** The page's main thread: scripts, style, layout (thread CPU). */
  mainThreadMs: number
  /** Every process of the browser. */
  browserCpuMs: number
  serverCpuMs: number
  /** Bytes of the scripts and style sheets as sent (compressed). */
  assetBytes: number
}

async function load(browser: Browser, url: string, box: RegExp): Promise<Load> {
  const context = await browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' })
  const page = await context.newPage()
  const assets: Promise<number>[] = []
  page.on('requestfinished', (request) => {
    if (/\.(js|css)$/.test(request.url())) assets.push(request.sizes().then((s) => s.responseBodySize))
  })
  const mainThread = await countMainThreadCpu(page)
  const serverBefore = process.cpuUsage()
  const { result: wallMs, cpuMs: browserCpu } = await withChromiumCpu(browser, async () => {
    const started = performance.now()
    await page.goto(url)
    await page.getByRole('textbox', { name: box }).waitFor()
    return performance.now() - started
  })
  const server = process.cpuUsage(serverBefore)
  const { taskMs: mainThreadMs } = await mainThread()
  await page.waitForLoadState('networkidle')
  const assetBytes = (await Promise.all(assets)).reduce((a, b) => a + b, 0)
  await context.close()
  return {
    wallMs,
    mainThreadMs,
    browserCpuMs: browserCpu,
    serverCpuMs: (server.user + server.system) / 1000,
    assetBytes,
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const min = (xs: number[]) => Math.min(...xs)

function row(name: string, loads: Load[]): string {
  const pick = (f: (l: Load) => number) => loads.map(f)
  return `| ${name} | ${median(pick((l) => l.wallMs)).toFixed(0)} | ${min(pick((l) => l.wallMs)).toFixed(0)} | ${median(
    pick((l) => l.mainThreadMs),
  ).toFixed(0)} | ${median(pick((l) => l.browserCpuMs)).toFixed(
    0,
  )} | ${median(pick((l) => l.serverCpuMs)).toFixed(1)} | ${(median(pick((l) => l.assetBytes)) / 1024).toFixed(0)} |`
}

async function main(): Promise<void> {
  if (!haveChromium) throw new Error('Chromium is not installed (apt-get install chromium-headless-shell)')
  const dir = mkdtempSync(join(tmpdir(), 'bench-console-'))
  await ensureWebBuild()
  const db = openDatabase({ dataDir: dir })
  await db.migrate()
  const limiter = new MemoryRateLimiter()
  // No upstream is reached to show the sign-in page: every one is a closed port.
  const closed = Object.fromEntries(UPSTREAMS.map((n) => [n, 'http://127.0.0.1:9'])) as Record<
    (typeof UPSTREAMS)[number],
    string
  >
  const app = await buildApp({
    logger: createLogger({ level: 'silent' }),
    store: new ConsoleStore(db),
    upstreams: new Upstreams(
      closed,
      { adminKey: 'bench-admin', internalKey: 'bench-internal' },
      { timeoutMs: 1000 },
    ),
    rateLimiter: limiter,
    sessionTtlMs: 3600_000,
    web: loadWebFiles(),
    logRequests: false,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const consoleUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const bare = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(BASELINE))
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`

  const browser = await launchChromium()
  const loadStart = loadavg()[0]!
  try {
    // One of each first: the browser's own first profile, and the console's first requests.
    await load(browser, bareUrl, /User name/)
    await load(browser, `${consoleUrl}/sign-in`, /User name/)
    const baseline: Load[] = []
    const signIn: Load[] = []
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await load(browser, bareUrl, /User name/))
      signIn.push(await load(browser, `${consoleUrl}/sign-in`, /User name/))
      process.stderr.write(
        `round ${round + 1}/${ROUNDS}: sign-in ${signIn.at(-1)!.wallMs.toFixed(0)} ms, baseline ${baseline.at(-1)!.wallMs.toFixed(0)} ms\n`,
      )
    }
    const ratio = median(signIn.map((l) => l.wallMs)) / median(baseline.map((l) => l.wallMs))
    const cpuRatio = median(signIn.map((l) => l.browserCpuMs)) / median(baseline.map((l) => l.browserCpuMs))
    console.log(
      `console sign-in page, cold: ${ROUNDS} rounds, load average ${loadStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores\n`,
    )
    console.log(
      '| page | wall ms, median | wall ms, best | main thread CPU ms | Chromium CPU ms | server CPU ms | scripts + CSS KB sent |',
    )
    console.log('|---|---:|---:|---:|---:|---:|---:|')
    console.log(row('baseline: one text box, no script', baseline))
    console.log(row('console sign-in page', signIn))
    const typical = median(signIn.map((l) => l.wallMs))
    console.log(
      `\nsign-in / baseline: ${ratio.toFixed(2)} by wall time, ${cpuRatio.toFixed(2)} by Chromium CPU; median ${typical.toFixed(0)} ms against the aim of ${AIM_MS} ms: ${typical < AIM_MS ? 'met' : 'not met'}`,
    )
  } finally {
    await browser.close()
    await app.close()
    await limiter.close()
    await new Promise((resolve) => bare.close(resolve))
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
