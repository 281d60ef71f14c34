/**
 * The browser's only way out. Chromium resolves names itself, so checking URLs in the page is
 * racy (DNS rebinding) and misses what the page loads on its own; instead Chromium is started with
 * this loopback proxy as its proxy for everything (loopback included) and with its own resolver
 * disabled. Every connection it wants — a CONNECT tunnel for HTTPS and WebSockets, an absolute-URI
 * request for plain HTTP — is vetted here by the egress guard, which resolves the name once and
 * hands back the address to dial; a refused destination gets a 403 and never a connection.
 *
 * The proxy listens on 127.0.0.1 only and wants a per-process random credential, so no other local
 * process can borrow it as an open relay.
 */
import { randomBytes } from 'node:crypto'
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { connect, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'

/** Resolves and vets a destination: the address to dial, or a thrown refusal. */
export type Vet = (host: string, port: number) => Promise<{ address: string }>

export interface EgressProxyOptions {
  vet: Vet
  /** Idle time after which a tunnel or request is closed (ms). */
  idleTimeoutMs?: number
}

export interface Refusal {
  host: string
  port: number
  reason: string
}

export class EgressProxy {
  readonly username = 'gatehouse'
  readonly password = randomBytes(24).toString('base64url')
  private readonly server: Server
  private readonly opts: EgressProxyOptions
  private readonly listeners = new Set<(refusal: Refusal) => void>()
  private port = 0

  constructor(opts: EgressProxyOptions) {
    this.opts = opts
    this.server = createServer((req, res) => void this.onRequest(req, res))
    this.server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.onConnect(req, socket as Socket, head)
    })
    this.server.on('clientError', (_error, socket) => socket.destroy())
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    this.port = typeof address === 'object' && address ? address.port : 0
    return `http://127.0.0.1:${this.port}`
  }

  /** Told of every refused destination (the browser tier reports them to the caller). */
  onRefusal(listener: (refusal: Refusal) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private authorised(req: IncomingMessage): boolean {
    const header = req.headers['proxy-authorization']
    const expected = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`
    return header === expected
  }

  private refused(host: string, port: number, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error)
    for (const listener of this.listeners) listener({ host, port, reason })
  }

  /** HTTPS (and wss) through a tunnel: vet, dial the vetted address, then splice the sockets. */
  private async onConnect(req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    client.on('error', () => client.destroy())
    if (!this.authorised(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="egress"\r\n\r\n',
      )
      return
    }
    const target = parseAuthority(req.url ?? '')
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n')
      return
    }
    let address: string
    try {
      address = (await this.opts.vet(target.host, target.port)).address
    } catch (error) {
      this.refused(target.host, target.port, error)
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    const upstream = connect({ host: address, port: target.port })
    const idle = this.opts.idleTimeoutMs ?? 30_000
    upstream.setTimeout(idle, () => upstream.destroy())
    client.setTimeout(idle, () => client.destroy())
    upstream.on('error', () => {
      if (!client.destroyed) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
    })
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }

  /** Plain HTTP: the browser sends the absolute URL; forward it to the vetted address. */
  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.authorised(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="egress"' }).end()
      return
    }
    let url: URL
    try {
      url = new URL(req.url ?? '')
      if (url.protocol !== 'http:') throw new Error('only http through a plain proxy request')
    } catch {
      res.writeHead(400).end()
      return
    }
    const port = Number(url.port || 80)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    let address: string
    try {
      address = (await this.opts.vet(host, port)).address
    } catch (error) {
      this.refused(host, port, error)
      res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the egress guard')
      return
    }
    const headers = { ...req.headers }
    delete headers['proxy-authorization']
    delete headers['proxy-connection']
    headers.host = url.host
    const upstream = httpRequest(
      { host: address, port, method: req.method, path: url.pathname + url.search, headers, setHost: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.setTimeout(this.opts.idleTimeoutMs ?? 30_000, () => upstream.destroy(new Error('idle')))
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end()
      else res.destroy()
    })
    req.pipe(upstream)
  }
}

/** `host:port` of a CONNECT request (IPv6 in brackets). */
function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(authority)
  if (!match) return undefined
  const port = Number(match[2])
  if (port < 1 || port > 65_535 || !match[1]) return undefined
  return { host: match[1], port }
}
