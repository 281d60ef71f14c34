import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { d, ex } from '../../../test/agents/flows.ts'
import { failure, run, testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import { startLlmServer } from '../../../test/agents/llm-server.ts'
import { agents } from '../index.ts'
import { cadastreCheck } from '../real-estate/cadastre_check.ts'

describe('scout', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/kontakt' })
        res.end()
      } else if (req.url === '/kontakt') {
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end(
          '<title>Kontakty</title><p>IČO: 00064581</p><a href="tel:+420236001111">ústředna</a> <a href="mailto:posta@praha.eu">posta@praha.eu</a>',
        )
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' })
        res.end()
      } else if (req.url === '/huge') {
        // 3 MiB of markup without Content-Length: the cap must stop it while it streams.
        res.setHeader('content-type', 'text/html')
        for (let i = 0; i < 48; i++) res.write('<p>'.padEnd(64 * 1024, 'x'))
        res.end()
      } else {
        res.statusCode = 503
        res.end('busy')
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const local = () =>
    testDispatcher(
      agents,
      testDeps({ WEB_ALLOWED_HOSTS: new URL(base).host, WEB_FETCH_TIMEOUT_SECONDS: '2' }),
    )

  it('extracts checked identifiers, a phone and an e-mail from given HTML (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'scout', ex('scout', 0))
    expect(out).toMatchObject({
      title: 'Kontakt | Firma s.r.o.',
      emails: ['info@firma.cz'],
      icos: [{ ico: '27074358', valid: true }],
      dics: [{ dic: 'CZ27074358', valid: true }],
      contact_pages: ['https://www.firma.cz/o-nas'],
    })
    expect(out.phones).toEqual([{ e164: '+420602123456', as_written: '+420 602 123 456', type: 'mobile' }])
  })

  it('flags a mistyped IČO and decodes an obfuscated address (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'scout', ex('scout', 1))
    expect(out.icos).toEqual([{ ico: '27074357', valid: false, reason: 'checksum digit should be 8, not 7' }])
    expect(out.emails).toEqual(['obchod@stavby-brno.cz'])
    // A company identifier that fails its checksum names no company: a person looks, never a pass.
    expect(out.verdict).toBe('review')
  })

  it('finds nothing it can recognise on a page: incomplete, and says so', async () => {
    const out = await run(d, 'orchestrator', 'scout', {
      lookup_ares: false,
      html: '<html><body><p>Vítejte na našich stránkách.</p></body></html>',
    })
    expect(out).toMatchObject({ verdict: 'incomplete', emails: [], phones: [], icos: [], dics: [] })
  })

  it('fetches a page through a redirect and looks up its IČO (ARES unreachable: partial)', async () => {
    const out = await run(local(), 'orchestrator', 'scout', { url: `${base}/moved` })
    expect(out).toMatchObject({ fetched: true, title: 'Kontakty', emails: ['posta@praha.eu'] })
    expect(out.phones[0]!.e164).toBe('+420236001111')
    expect(out.icos).toEqual([{ ico: '00064581', valid: true }])
    expect(out.sources[0]).toEqual({ name: 'web', status: 'ok' })
    expect(out.sources[1]).toMatchObject({ name: 'data/ares_lookup', status: 'failed' })
    expect(out.partial).toBe(true)
  })

  it('refuses a loopback address unless WEB_ALLOWED_HOSTS opens it (SSRF guard)', async () => {
    const e = await failure(d, 'orchestrator', 'scout', { url: `${base}/kontakt` })
    expect(e.status).toBe(400)
    expect(e.code).toBe('egress_private_address')
    expect(e.details).toMatchObject({ field: 'url', rule: 'egress_private_address' })
  })

  it('refuses the short and decimal spellings of loopback too', async () => {
    const port = new URL(base).port
    for (const url of [`http://2130706433:${port}/kontakt`, `http://127.1:${port}/kontakt`]) {
      const e = await failure(d, 'orchestrator', 'scout', { url })
      expect(e.code).toBe('egress_private_address')
    }
  })

  it('stops reading a page over 2 MiB and names the limit', async () => {
    const out = await run(local(), 'orchestrator', 'scout', { url: `${base}/huge`, lookup_ares: false })
    expect(out).toMatchObject({ fetched: false, partial: true })
    expect(out.sources[0]).toMatchObject({ name: 'web', status: 'failed' })
    expect(out.sources[0]!.error).toContain('EGRESS_TOO_LARGE')
    expect(out.sources[0]!.error).toContain(String(2 * 1024 * 1024))
  })

  it('does not follow a redirect to a private address from an allowed host', async () => {
    const guarded = testDispatcher(
      agents,
      testDeps({ WEB_ALLOWED_HOSTS: '127.0.0.1', WEB_FETCH_TIMEOUT_SECONDS: '2' }),
    )
    const out = await run(guarded, 'orchestrator', 'scout', {
      url: `${base}/to-metadata`,
      lookup_ares: false,
    })
    expect(out).toMatchObject({ fetched: false, partial: true, emails: [] })
    expect(out.sources[0]).toEqual({
      name: 'web',
      status: 'failed',
      error:
        'web: EGRESS_PRIVATE_ADDRESS: redirect 1: 169.254.169.254 is not a public address (link-local, cloud metadata)',
    })
    const allowed = await run(guarded, 'orchestrator', 'scout', { url: `${base}/moved`, lookup_ares: false })
    expect(allowed.fetched).toBe(true)
  })

  it('names the web source when the page cannot be fetched and returns nothing invented', async () => {
    const out = await run(local(), 'orchestrator', 'scout', { url: `${base}/busy`, lookup_ares: false })
    expect(out).toMatchObject({ fetched: false, partial: true, emails: [], phones: [], icos: [] })
    expect(out.sources[0]).toMatchObject({ name: 'web', status: 'failed' })
    expect(out.sources[0]!.error).toContain('503')
  })
})

describe('report_builder', () => {
  it('writes the Czech report with the verdict from result_aggregator (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'report_builder', {
      ...(ex('report_builder', 0) as object),
      lang: 'cs',
    })
    expect(out.verdict).toBe('review')
    expect(out.markdown).toContain('**k posouzení** (review)')
    expect(out.markdown).toContain(
      '| banking/loan_assessment | ČNB LTV limit 80 % |  | 2022-04-01 | exceeded |',
    )
    expect(out.rules_count).toBe(2)
  })

  it('reports a failed step with its error (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'report_builder', ex('report_builder', 1))
    expect(out.markdown).toContain('| data/ares_lookup | failed | 812.5 |')
    expect(out.markdown).toContain('Error: upstream_timeout — ARES did not answer within 8000 ms')
    expect(out.sections).toEqual(['Verdict', 'Steps', 'data/ico_validator', 'data/ares_lookup'])
  })

  it('reports a real flow run', async () => {
    const flow = await run(d, 'orchestrator', 'invoice_payment_flow', ex('invoice_payment_flow', 0))
    const out = await run(d, 'orchestrator', 'report_builder', {
      title: 'Platba',
      flow_result: flow,
      language: 'en',
    })
    expect(out.markdown).toContain('| banking/qr_payment | ok |')
    expect(out.markdown).toContain('## data/vat_payer_check')
  })

  it('needs results or a flow result', async () => {
    expect((await failure(d, 'orchestrator', 'report_builder', { title: 'x' })).details).toMatchObject({
      field: 'results',
    })
  })
})

describe('result_aggregator', () => {
  it('lets the least favourable verdict decide; a computation does not vote (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', ex('result_aggregator', 0))
    expect(out).toMatchObject({
      verdict: 'review',
      counts: { clear: 1, review: 1, adverse: 0, informational: 1, silent: 0 },
    })
  })

  it('is incomplete when a source failed and nothing fails (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', ex('result_aggregator', 1))
    expect(out).toMatchObject({ verdict: 'incomplete', missing: ['data/ares_lookup'] })
  })

  it('reads an encumbered ownership sheet (a mortgage to be paid off) as review, a blocked one as adverse', async () => {
    // cadastre_check's own worked examples: a flat with a bank mortgage, a house with a plomba.
    const sheet = (i: number) => run(d, 'real-estate', 'cadastre_check', cadastreCheck.examples[i]!.input)
    const encumbered = await sheet(0)
    expect(encumbered).toMatchObject({ title: 'encumbered', verdict: 'review' })
    const rolled = await run(d, 'orchestrator', 'result_aggregator', {
      results: [{ source: 'real-estate/cadastre_check', output: encumbered }],
    })
    expect(rolled.verdict).toBe('review')
    const blocked = await sheet(1)
    expect(blocked).toMatchObject({ title: 'blocked', verdict: 'adverse' })
    const rolledBlocked = await run(d, 'orchestrator', 'result_aggregator', {
      results: [{ source: 'real-estate/cadastre_check', output: blocked }],
    })
    expect(rolledBlocked.verdict).toBe('adverse')
  })

  it('reads only the shared verdict, never an agent’s own fields', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', {
      results: [
        // A domain field that once read as a failure: the result's verdict decides.
        {
          source: 'real-estate/cadastre_check',
          output: { verdict: 'review', title: 'encumbered', status: 'failed' },
        },
        { source: 'x/legacy', output: { decision: 'decline' } },
      ],
    })
    expect(out).toMatchObject({ verdict: 'incomplete', counts: { review: 1, silent: 1 } })
  })

  it('cannot read a result without a verdict: beside a clear one the roll-up is incomplete, never clear', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', {
      results: [
        { source: 'data/ico_validator', output: { verdict: 'clear', valid: true } },
        { source: 'x/legacy', output: { decision: 'approve' } },
      ],
    })
    expect(out).toMatchObject({ verdict: 'incomplete', counts: { clear: 1, silent: 1 } })
  })

  it('is adverse despite a missing source when a step is adverse', async () => {
    const out = await run(d, 'orchestrator', 'result_aggregator', {
      results: [
        { source: 'a', output: { verdict: 'adverse', decision: 'decline' } },
        { source: 'b', status: 'failed' },
      ],
    })
    expect(out.verdict).toBe('adverse')
  })
})

describe('audit_logger', () => {
  it('chains two events with SHA-256 and dates their retention (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'audit_logger', ex('audit_logger', 0))
    expect(out.entries[0]!.prev_hash).toBe('0'.repeat(64))
    expect(out.entries[0]!.hash).toBe('d678982209afb38c88cb5f4d6c1d7a1ca1bfea8fe1ad6e7828f6f76cd6bbd212')
    expect(out.entries[1]!.prev_hash).toBe(out.entries[0]!.hash)
    expect(out.head_hash).toBe(out.entries[1]!.hash)
    expect(out.entries[0]!.retain_until).toBe('2036-11-20')
  })

  it('finds the altered entry (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'audit_logger', ex('audit_logger', 1))
    expect(out.verification).toEqual({ intact: false, first_mismatch: 1 })
  })

  it('changes every later hash when an earlier event changes', async () => {
    const events = (ex('audit_logger', 0) as { events: Record<string, unknown>[] }).events
    const a = await run(d, 'orchestrator', 'audit_logger', { events })
    const b = await run(d, 'orchestrator', 'audit_logger', {
      events: [{ ...events[0], actor: 'someone@else.cz' }, events[1]],
    })
    expect(b.entries[1]!.hash).not.toBe(a.entries[1]!.hash)
    const again = await run(d, 'orchestrator', 'audit_logger', {
      events,
      expected_hashes: a.entries.map((e) => e.hash),
    })
    expect(again.verification).toEqual({ intact: true, first_mismatch: null })
  })

  it('needs one expected hash per event', async () => {
    const e = await failure(d, 'orchestrator', 'audit_logger', {
      events: [{ timestamp: '2026-11-20T09:00:00Z', actor: 'a', action: 'b' }],
      expected_hashes: [],
    })
    expect(e.details).toMatchObject({ field: 'expected_hashes' })
  })
})

describe('rate_limiter', () => {
  it('removes a repeated IČO and runs at once in the daytime window (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'rate_limiter', ex('rate_limiter', 0))
    expect(out).toMatchObject({
      requested: 3,
      unique: 2,
      duplicates_removed: 1,
      finish_at: '2026-11-20T08:00:00.000Z',
    })
  })

  it('spends the daytime quota and waits for 18:00 Prague time (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'rate_limiter', ex('rate_limiter', 1))
    expect(out.schedule).toEqual([
      {
        window: '2026-11-20 08:00–18:00',
        from: '2026-11-20T16:50:00.000Z',
        to: '2026-11-20T16:51:00.000Z',
        count: 1000,
      },
      {
        window: '2026-11-20 18:00–08:00',
        from: '2026-11-20T17:00:00.000Z',
        to: '2026-11-20T17:00:00.000Z',
        count: 200,
      },
    ])
  })

  it('carries a large overnight batch into the next morning', async () => {
    const requests = Array.from({ length: 6000 }, (_, i) => String(20_000_000 + i))
    const out = await run(d, 'orchestrator', 'rate_limiter', {
      source: 'ares',
      requests,
      start: '2026-11-20T18:00:00+01:00',
    })
    expect(out.schedule.map((s) => [s.window, s.count])).toEqual([
      ['2026-11-20 18:00–08:00', 5000],
      ['2026-11-21 08:00–18:00', 1000],
    ])
    expect(out.finish_at).toBe('2026-11-21T07:01:00.000Z')
  })
})

describe('cache_manager', () => {
  it('keys an ARES lookup canonically for a day (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'cache_manager', ex('cache_manager', 0))
    expect(out).toMatchObject({
      key: 'ares:{"ico":"27074358"}',
      ttl_seconds: 86_400,
      expires_at: '2026-11-21T10:00:00.000Z',
    })
  })

  it('holds Friday afternoon ČNB rates until Monday 14:30 Prague time (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'cache_manager', ex('cache_manager', 1))
    expect(out.expires_at).toBe('2026-11-23T13:30:00.000Z')
  })

  it('holds morning rates until the same day 14:30, in summer time too', async () => {
    const out = await run(d, 'orchestrator', 'cache_manager', {
      source: 'cnb_rates',
      params: {},
      at: '2026-07-15T08:00:00+02:00',
    })
    expect(out.expires_at).toBe('2026-07-15T12:30:00.000Z')
  })

  it('gives the same key whatever the parameter order', async () => {
    const a = await run(d, 'orchestrator', 'cache_manager', { source: 'isir', params: { ico: '1', rc: '2' } })
    const b = await run(d, 'orchestrator', 'cache_manager', { source: 'isir', params: { rc: '2', ico: '1' } })
    expect(a.key_hash).toBe(b.key_hash)
    expect(a.ttl_seconds).toBe(900)
  })
})

describe('task_scheduler', () => {
  it('finds the waves and the critical path (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'task_scheduler', ex('task_scheduler', 0))
    expect(out.waves).toEqual([['ico'], ['ares', 'sanctions', 'insolvency'], ['decision']])
    expect(out.critical_path).toEqual(['ico', 'insolvency', 'decision'])
    expect(out.makespan_ms).toBe(453)
  })

  it('splits waves by the worker cap (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'task_scheduler', ex('task_scheduler', 1))
    expect(out.batches).toEqual([['a', 'b'], ['c'], ['d']])
  })

  it('rejects a cycle and an unknown dependency naming the task', async () => {
    const cycle = await failure(d, 'orchestrator', 'task_scheduler', {
      tasks: [
        { id: 'a', after: ['b'] },
        { id: 'b', after: ['a'] },
      ],
    })
    expect(cycle.details).toMatchObject({
      field: 'tasks',
      rule: 'no dependency cycles (a, b wait on each other)',
    })
    const unknown = await failure(d, 'orchestrator', 'task_scheduler', { tasks: [{ id: 'a', after: ['x'] }] })
    expect(unknown.details).toMatchObject({ field: 'tasks/0/after' })
  })
})

describe('narrative_explainer', () => {
  it('explains a loan result in Czech with the rule, source and date (example 1)', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', {
      ...(ex('narrative_explainer', 0) as object),
      lang: 'cs',
    })
    expect(out.method).toBe('template')
    expect(out.text).toBe(
      'Hypotéka 4,8 mil. Kč: výsledek vyžaduje posouzení (verdict = review). Pravidlo „ČNB LTV limit 80 %“ (ČNB doporučení, účinné od 2022-04-01): LTV 85 % exceeds 80 %.',
    )
  })

  it('cannot explain a result that carries no verdict as a judgement: incomplete, and says so', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', {
      subject: 'Legacy',
      language: 'en',
      result: { decision: 'approve' },
    })
    expect(out).toMatchObject({ verdict: 'incomplete', explained_verdict: null })
    expect(out.text).toContain('Legacy: the result carries no verdict.')
  })

  it('names the failed source of a partial result (example 2)', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', ex('narrative_explainer', 1))
    expect(out.text).toContain('The answer is partial: dns could not be reached.')
  })

  it('uses the language model when asked and configured', async () => {
    const llm = await startLlmServer(
      'Hypotéka vyžaduje posouzení, protože LTV 85 % překračuje limit ČNB 80 % (od 1. 4. 2022).',
    )
    try {
      const withLlm = testDispatcher(agents, testDeps({ LLM_BASE_URL: llm.baseUrl }))
      const out = await run(withLlm, 'orchestrator', 'narrative_explainer', {
        ...(ex('narrative_explainer', 0) as object),
        use_llm: true,
      })
      expect(out.method).toBe('llm')
      expect(out.text).toContain('LTV 85 %')
    } finally {
      await llm.close()
    }
  })

  it('says the model is not configured and uses the template', async () => {
    const out = await run(d, 'orchestrator', 'narrative_explainer', {
      ...(ex('narrative_explainer', 0) as object),
      use_llm: true,
    })
    expect(out).toMatchObject({
      method: 'template',
      sources: [{ name: 'llm', status: 'skipped', error: 'LLM_BASE_URL is not set' }],
    })
  })
})
