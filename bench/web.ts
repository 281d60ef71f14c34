/**
 * `npm run bench:web`: the router's web tools on a local fixture site, each against a baseline in
 * the same run:
 * - scrape: POST /v1/scrape of article pages (guarded fetch, extraction in worker threads,
 *   Markdown) against a bare `fetch` of the same pages; pages/s and the ratio;
 * - crawl: one crawl of a 60-page site (robots.txt, BFS, no delay) against bare sequential fetches
 *   of the same 60 pages; pages/s and the ratio;
 * - screenshot: p50/p95 of POST /v1/browser/screenshot with a warm browser (Chromium required).
 *
 *   BENCH_PAGES        pages per scrape phase (default 200)
 *   BENCH_CONCURRENCY  scrapes in flight (default 4)
 *   BENCH_SHOTS        screenshots (default 20)
 */
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { routerHarness } from '../test/router/harness.ts'

const PAGES = Number(process.env.BENCH_PAGES ?? 200)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4)
const SHOTS = Number(process.env.BENCH_SHOTS ?? 20)
const SITE_PAGES = 60

function page(n: number): string {
  const links = [n + 1, n + 2, n * 2]
    .filter((m) => m < SITE_PAGES)
    .map((m) => `<a href="/p/${m}">Stránka ${m}</a>`)
  const paragraph = `Odstavec článku číslo ${n} o povinnostech podle zákona č. 253/2008 Sb., o některých opatřeních proti legalizaci výnosů z trestné činnosti. `
  return `<!doctype html><html lang="cs"><head><title>Stránka ${n}</title><meta name="description" content="Článek ${n}"></head><body>
<header><nav>${'<a href="/">Domů</a> '.repeat(20)}</nav></header>
<main><article><h1>Stránka ${n}</h1>${`<p>${paragraph.repeat(6)}</p>`.repeat(8)}
<table><tr><th>Povinnost</th><th>Lhůta</th></tr>${'<tr><td>Hlášení</td><td>5 dnů</td></tr>'.repeat(10)}</table>
${links.join(' ')}</article></main><footer>${'<p>© Vydavatel</p>'.repeat(10)}</footer></body></html>`
}

async function pool<T>(count: number, concurrency: number, run: (i: number) => Promise<T>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await run(next++)
    }),
  )
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

async function main(): Promise<void> {
  const site = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n')
      return
    }
    const n = Number(/^\/p\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(n))
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const port = (site.address() as { port: number }).port
  const base = `http://127.0.0.1:${port}`
  const h = await routerHarness({
    env: { WEB_ALLOWED_HOSTS: `127.0.0.1:${port}`, WEB_CRAWL_DELAY_MS: '0', ROUTER_WORKERS: '2' },
  })
  const post = (url: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, payload: payload as object })

  // Warm up: threads, JIT, the browser.
  await pool(20, CONCURRENCY, (i) => post('/v1/scrape', { url: `${base}/p/${i % SITE_PAGES}` }))

  let started = performance.now()
  await pool(PAGES, CONCURRENCY, async (i) => {
    const r = await fetch(`${base}/p/${i % SITE_PAGES}`)
    await r.text()
  })
  const bareRate = PAGES / ((performance.now() - started) / 1000)
  started = performance.now()
  await pool(PAGES, CONCURRENCY, async (i) => {
    const r = await post('/v1/scrape', { url: `${base}/p/${i % SITE_PAGES}` })
    if (r.statusCode !== 200) throw new Error(`scrape answered ${r.statusCode}: ${r.body}`)
  })
  const scrapeRate = PAGES / ((performance.now() - started) / 1000)
  console.log(
    `scrape   ${scrapeRate.toFixed(1)} pages/s   bare fetch ${bareRate.toFixed(1)} pages/s   ratio ${(scrapeRate / bareRate).toFixed(3)}  (${PAGES} pages, ${CONCURRENCY} in flight)`,
  )

  started = performance.now()
  for (let i = 0; i < SITE_PAGES; i++) await (await fetch(`${base}/p/${i}`)).text()
  const bareCrawl = SITE_PAGES / ((performance.now() - started) / 1000)
  started = performance.now()
  const crawl = await post('/v1/crawler', {
    url: `${base}/p/0`,
    max_pages: SITE_PAGES,
    max_depth: 10,
    delay_ms: 0,
    wait: true,
  })
  const crawled = crawl.json().data.pages.length as number
  const crawlRate = crawled / ((performance.now() - started) / 1000)
  console.log(
    `crawl    ${crawlRate.toFixed(1)} pages/s   bare fetch ${bareCrawl.toFixed(1)} pages/s   ratio ${(crawlRate / bareCrawl).toFixed(3)}  (${crawled} pages, sequential, one host)`,
  )

  if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    await post('/v1/browser/screenshot', { url: `${base}/p/1` })
    const times: number[] = []
    for (let i = 0; i < SHOTS; i++) {
      const t = performance.now()
      const r = await post('/v1/browser/screenshot', {
        url: `${base}/p/${i % SITE_PAGES}`,
        width: 1280,
        height: 800,
      })
      if (r.statusCode !== 200) throw new Error(`screenshot answered ${r.statusCode}`)
      times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    console.log(
      `screenshot p50 ${percentile(times, 50).toFixed(0)} ms   p95 ${percentile(times, 95).toFixed(0)} ms  (${SHOTS} shots, warm browser, 1280×800)`,
    )
  } else {
    console.log('screenshot: skipped (no Chromium; set CHROMIUM_PATH)')
  }
  await h.close()
  site.close()
}

await main()
