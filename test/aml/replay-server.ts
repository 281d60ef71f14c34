/**
 * A local stand-in for ARES and ISIR: serves the files in test/aml/replay/ on 127.0.0.1 in the
 * registers' own formats, so client and service tests never leave the machine. Behaviour can be
 * changed per test (a delay to provoke timeouts, a status to provoke failures) and calls are
 * counted (to prove caching).
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const DIR = join(import.meta.dirname, 'replay')

export interface ReplayServer {
  aresUrl: string
  isirUrl: string
  calls: { ares: number; isir: number }
  /** Milliseconds to wait before answering (per register). */
  delay: { ares: number; isir: number }
  /** Answer every call with this status instead (per register; 0 = normal). */
  failWith: { ares: number; isir: number }
  close(): Promise<void>
}

function file(path: string): Buffer | undefined {
  try {
    return readFileSync(join(DIR, path))
  } catch {
    return undefined
  }
}

export async function startReplayServer(): Promise<ReplayServer> {
  const state = { calls: { ares: 0, isir: 0 }, delay: { ares: 0, isir: 0 }, failWith: { ares: 0, isir: 0 } }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = req.url ?? '/'
      const register = url.startsWith('/ares') ? 'ares' : 'isir'
      state.calls[register]++
      setTimeout(() => {
        if (res.destroyed) return
        if (state.failWith[register]) {
          res.writeHead(state.failWith[register], { 'content-type': 'text/plain' }).end('unavailable')
          return
        }
        if (register === 'ares') {
          const m = /^\/ares\/ekonomicke-subjekty(-vr)?\/(\d{8})$/.exec(url)
          const body = m ? file(`ares${m[1] ?? ''}/${m[2]}.json`) : undefined
          if (body) res.writeHead(200, { 'content-type': 'application/json' }).end(body)
          else
            res.writeHead(404, { 'content-type': 'application/json' }).end(
              JSON.stringify({
                kod: 'NENALEZENO',
                popis: 'Ekonomický subjekt nebyl nalezen.',
                subKod: 'VYSTUP_SUBJEKT_NENALEZEN',
              }),
            )
          return
        }
        const ico = /<ic>(\d{8})<\/ic>/.exec(Buffer.concat(chunks).toString('utf8'))?.[1]
        const body = (ico && file(`isir/${ico}.xml`)) || file('isir/empty.xml')!
        res.writeHead(200, { 'content-type': 'text/xml;charset=UTF-8' }).end(body)
      }, state.delay[register])
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    aresUrl: `http://127.0.0.1:${port}/ares`,
    isirUrl: `http://127.0.0.1:${port}/isir/IsirWsCuzkService`,
    ...state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
