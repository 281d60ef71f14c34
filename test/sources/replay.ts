/**
 * A local upstream for tests: an HTTP server on 127.0.0.1 that answers recorded responses (files
 * under test/sources/fixtures, in each source's documented format) for the requests it knows,
 * and 404 for the rest. Routes can also answer an error status or hang, so tests see how agents
 * behave when a source fails. Every request is logged for assertions (path, query, body).
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures')

export interface ReplayRoute {
  method?: string
  /** Exact path, e.g. "/cnb/cs/…/denni_kurz.txt". */
  path: string
  /** Query parameters that must be present with these values (case-sensitive names). */
  query?: Record<string, string>
  /** The request body must contain this text (SOAP requests are told apart by their DIČ). */
  bodyIncludes?: string
  status?: number
  /** File under test/sources/fixtures. */
  fixture?: string
  body?: string
  contentType?: string
  /** Answer only after this many milliseconds (longer than a client's timeout = a hang). */
  delayMs?: number
}

interface LoggedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: string
}

export interface Replay {
  url: string
  requests: LoggedRequest[]
  close(): Promise<void>
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function startReplay(routes: ReplayRoute[]): Promise<Replay> {
  const requests: LoggedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const body = await readBody(req)
    const query = Object.fromEntries(url.searchParams)
    const method = req.method ?? 'GET'
    requests.push({ method, path: url.pathname, query, body })
    const route = routes.find(
      (r) =>
        (r.method ?? 'GET') === method &&
        r.path === url.pathname &&
        Object.entries(r.query ?? {}).every(([k, v]) => query[k] === v) &&
        (r.bodyIncludes === undefined || body.includes(r.bodyIncludes)),
    )
    const answer = () => {
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no recorded response')
        return
      }
      const payload = route.fixture ? readFileSync(join(FIXTURES, route.fixture)) : (route.body ?? '')
      res
        .writeHead(route.status ?? 200, { 'content-type': route.contentType ?? 'application/json' })
        .end(payload)
    }
    if (route?.delayMs) {
      const t = setTimeout(() => {
        timers.delete(t)
        if (!res.destroyed) answer()
      }, route.delayMs)
      timers.add(t)
    } else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
