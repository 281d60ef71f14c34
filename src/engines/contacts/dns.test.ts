import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DnsTestServer, startDnsServer } from '../../../test/agents/dns-server.ts'
import { createDnsLookup } from './dns.ts'

let server: DnsTestServer

beforeAll(async () => {
  server = await startDnsServer({
    'firma.cz': {
      mx: [
        { priority: 20, exchange: 'mx2.firma.cz' },
        { priority: 10, exchange: 'mx1.firma.cz' },
      ],
    },
    'jen-web.cz': { a: ['192.0.2.10'] },
    'nullmx.cz': { mx: [{ priority: 0, exchange: '' }] },
    'prazdna.cz': {},
    'rozbita.cz': { servfail: true },
    'mlci.cz': { silent: true },
  })
})
afterAll(() => server.close())

/**
 * A lookup on the test server that answers, with a timeout no reply misses: the server is in this
 * process, and a loaded machine that pauses it for longer than a short timeout (500 ms before)
 * turned its answer into ETIMEOUT, or into a second query on retry.
 */
const answering = () => ({ servers: [server.address], timeoutMs: 10_000 })

describe('createDnsLookup', () => {
  it('returns MX records sorted by priority', async () => {
    const dns = createDnsLookup(answering())
    const answer = await dns.mailDomain('Firma.CZ')
    expect(answer.status).toBe('mx')
    expect(answer.mx.map((m) => m.exchange)).toEqual(['mx1.firma.cz', 'mx2.firma.cz'])
  })

  it('falls back to the A record when a domain has no MX (implicit MX)', async () => {
    const dns = createDnsLookup(answering())
    const answer = await dns.mailDomain('jen-web.cz')
    expect(answer.status).toBe('implicit_mx')
    expect(answer.addresses).toEqual(['192.0.2.10'])
  })

  it('recognises a null MX and a domain that does not exist', async () => {
    const dns = createDnsLookup(answering())
    expect((await dns.mailDomain('nullmx.cz')).status).toBe('null_mx')
    expect((await dns.mailDomain('neexistuje.cz')).status).toBe('nxdomain')
    expect((await dns.mailDomain('prazdna.cz')).status).toBe('no_mail')
  })

  it('reports SERVFAIL and silence as failures, not as missing mail', async () => {
    const broken = await createDnsLookup({ ...answering(), tries: 1 }).mailDomain('rozbita.cz')
    expect(broken.status).toBe('failed')
    expect(broken.error).toBe('ESERVFAIL')
    const dns = createDnsLookup({ servers: [server.address], timeoutMs: 200, tries: 1 })
    const started = Date.now()
    const silent = await dns.mailDomain('mlci.cz')
    expect(silent.status).toBe('failed')
    expect(silent.error).toBe('ETIMEOUT')
    // The 200 ms timeout, with 2.6 s of slack for a loaded machine's pauses, and below the 3 s a
    // lookup takes when the timeout it is given is not passed on.
    expect(Date.now() - started).toBeLessThan(2800)
  })

  it('answers a repeated lookup from the cache without asking the server again', async () => {
    const dns = createDnsLookup(answering())
    const before = server.queries.filter((q) => q === 'MX firma.cz').length
    await dns.mailDomain('firma.cz')
    const second = await dns.mailDomain('firma.cz')
    expect(second.cached).toBe(true)
    expect(server.queries.filter((q) => q === 'MX firma.cz').length).toBe(before + 1)
  })

  it('does not cache failures', async () => {
    const dns = createDnsLookup({ servers: [server.address], timeoutMs: 200, tries: 1 })
    await dns.mailDomain('rozbita.cz')
    expect((await dns.mailDomain('rozbita.cz')).cached).toBe(false)
  })
})
