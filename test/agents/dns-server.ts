/**
 * A tiny authoritative DNS responder on 127.0.0.1 (UDP, RFC 1035 wire format) for tests of the
 * real resolver: it answers MX, A and AAAA queries from a zone map, NXDOMAIN for unknown names,
 * SERVFAIL or silence (a timeout) for names told to fail, and counts the queries it saw.
 */
import { createSocket, type Socket } from 'node:dgram'
import type { AddressInfo } from 'node:net'

export interface ZoneEntry {
  mx?: { priority: number; exchange: string }[]
  a?: string[]
  aaaa?: string[]
  /** Answer SERVFAIL (rcode 2). */
  servfail?: boolean
  /** Never answer (the client times out). */
  silent?: boolean
}

export interface DnsTestServer {
  /** "127.0.0.1:port", for DNS_SERVERS / createDnsLookup({servers}). */
  address: string
  /** Queries received, as "TYPE name". */
  queries: string[]
  close(): Promise<void>
}

const TYPES: Record<number, string> = { 1: 'A', 15: 'MX', 28: 'AAAA' }

export async function startDnsServer(zone: Record<string, ZoneEntry>): Promise<DnsTestServer> {
  const socket: Socket = createSocket('udp4')
  const queries: string[] = []
  socket.on('message', (msg, rinfo) => {
    const { name, type, questionEnd } = parseQuestion(msg)
    queries.push(`${TYPES[type] ?? type} ${name}`)
    const entry = zone[name.toLowerCase()]
    if (entry?.silent) return
    let rcode = 0
    const answers: Buffer[] = []
    if (!entry) rcode = 3
    else if (entry.servfail) rcode = 2
    else if (type === 15)
      for (const mx of entry.mx ?? []) answers.push(rr(15, mxData(mx.priority, mx.exchange)))
    else if (type === 1)
      for (const a of entry.a ?? []) answers.push(rr(1, Buffer.from(a.split('.').map(Number))))
    else if (type === 28) for (const a of entry.aaaa ?? []) answers.push(rr(28, ipv6(a)))
    const header = Buffer.alloc(12)
    msg.copy(header, 0, 0, 2)
    header.writeUInt16BE(0x8400 | 0x0100 | 0x0080 | rcode, 2) // QR, AA, RD, RA + rcode
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    socket.send(Buffer.concat([header, msg.subarray(12, questionEnd), ...answers]), rinfo.port, rinfo.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    address: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}

function parseQuestion(msg: Buffer): { name: string; type: number; questionEnd: number } {
  const labels: string[] = []
  let i = 12
  while (msg[i]! > 0) {
    const len = msg[i]!
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'))
    i += len + 1
  }
  i += 1
  return { name: labels.join('.'), type: msg.readUInt16BE(i), questionEnd: i + 4 }
}

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter((p) => p.length > 0)
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p)])),
    Buffer.from([0]),
  ])
}

function mxData(priority: number, exchange: string): Buffer {
  const pref = Buffer.alloc(2)
  pref.writeUInt16BE(priority)
  return Buffer.concat([pref, encodeName(exchange)])
}

function rr(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12)
  head.writeUInt16BE(0xc00c, 0) // pointer to the question's name
  head.writeUInt16BE(type, 2)
  head.writeUInt16BE(1, 4) // class IN
  head.writeUInt32BE(300, 6) // TTL, seconds
  head.writeUInt16BE(data.length, 10)
  return Buffer.concat([head, data])
}

function ipv6(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::')
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t]
  const buf = Buffer.alloc(16)
  groups.forEach((g, i) => {
    buf.writeUInt16BE(Number.parseInt(g, 16), i * 2)
  })
  return buf
}
