/**
 * Local stand-ins for the knowledge and AML services (node:http on 127.0.0.1), answering in the
 * standard envelope as the real services do, and recording what they were asked.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeService {
  url: string
  requests: { method: string; url: string; body: string; headers: Record<string, unknown> }[]
  close(): Promise<void>
}

export async function startFakeServices(): Promise<FakeService> {
  const requests: FakeService['requests'] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    requests.push({ method: req.method!, url: req.url!, body, headers: req.headers })
    const send = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'x-upstream': 'fake' })
      res.end(typeof value === 'string' ? value : JSON.stringify(value))
    }
    const path = req.url!.split('?')[0]
    const meta = { request_id: '00000000-0000-4000-8000-000000000000', processing_time_ms: 1 }
    if (path === '/rag/search' && req.method === 'POST') {
      const query = (JSON.parse(body || '{}') as { query?: string }).query
      if (!query)
        return send(400, {
          success: false,
          error: { code: 'INVALID_REQUEST', message: 'field "query" is required' },
        })
      return send(200, {
        success: true,
        data: {
          query,
          results: [
            {
              id: 'aml-zakon-253-2008',
              title: 'Zákon 253/2008 Sb.',
              text: 'skutečný majitel …',
              score: 0.91,
            },
          ],
        },
        meta,
      })
    }
    if (path === '/rag/collections')
      return send(200, {
        success: true,
        data: { collections: [{ name: 'aml_regulations', documents: 12 }] },
        meta,
      })
    if (path === '/rag/documents/slow') {
      await new Promise((r) => setTimeout(r, 2500))
      return send(200, { success: true, data: {}, meta })
    }
    if (path === '/rag/documents/plain-error') return send(500, 'Internal Server Error', 'text/plain')
    // The knowledge service's other routes: what was asked, echoed.
    if (['/ask', '/stats', '/upload', '/rag/health'].includes(path!) || path!.startsWith('/rag/documents'))
      return send(200, { success: true, data: { method: req.method, path }, meta })
    if (path === '/api/aml/screen/complete' && req.method === 'POST') {
      return send(200, {
        screening_id: 'AML-20261122-0001',
        timestamp: '2026-11-22T05:00:00Z',
        processing_time_ms: 12,
        completeness: 1,
        overall_risk: { score: 0.1, level: 'LOW', weighted_total: 0.1 },
        modules: {
          sanctions: { status: 'COMPLETED', source: 'PRIMARY', data: { matches: [] }, execution_time_ms: 3 },
        },
      })
    }
    send(404, { success: false, error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.url}` } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
