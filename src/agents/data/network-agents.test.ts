import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DnsTestServer, startDnsServer } from '../../../test/agents/dns-server.ts'
import { type Replay, startReplay } from '../../../test/sources/replay.ts'
import { NOW, replayDeps, SOURCE_ROUTES, testDispatcher } from '../../../test/sources/routes.ts'
import type { Dispatcher } from '../dispatch.ts'
import type { AgentName, ResultNamed } from '../index.ts'
import { cadastreLookup } from './cadastre_lookup.ts'
import { fxRates } from './fx_rates.ts'
import { geocoder } from './geocoder.ts'
import { mxLookup } from './mx_lookup.ts'
import { vatPayerCheck } from './vat_payer_check.ts'
import { viesCheck } from './vies_check.ts'

const agents = [fxRates, vatPayerCheck, viesCheck, geocoder, cadastreLookup, mxLookup]
let replay: Replay
let dns: DnsTestServer
let d: Dispatcher
let down: Dispatcher

beforeAll(async () => {
  replay = await startReplay(SOURCE_ROUTES)
  dns = await startDnsServer({
    'example-shop.cz': {
      mx: [
        { priority: 20, exchange: 'mx2.example-shop.cz' },
        { priority: 10, exchange: 'mx1.example-shop.cz' },
      ],
    },
    'no-mail.example.cz': { mx: [{ priority: 0, exchange: '.' }], a: ['192.0.2.10'] },
    'slow.example.cz': { silent: true },
  })
  d = testDispatcher(agents, replayDeps(replay.url, { DNS_SERVERS: dns.address }))
  // Every source pointing at a port nothing listens on: the "source unreachable" case.
  down = testDispatcher(
    agents,
    replayDeps('http://127.0.0.1:9', { DNS_SERVERS: '127.0.0.1:9', DNS_TIMEOUT_MS: '200' }),
  )
})
afterAll(async () => {
  await replay.close()
  await dns.close()
})

const call = async <N extends AgentName>(agent: N, input: unknown, dispatcher = d, now = NOW) =>
  (await dispatcher.call('data', agent, input, { now, lang: 'en' })).output as ResultNamed<N>
const example = (agent: { examples: { input: unknown }[] }, i: number) => agent.examples[i]!.input

describe('data/fx_rates', () => {
  it('example: 1,000 EUR is 24,300 CZK at the rate of 20 Nov 2026', async () => {
    const out = await call('fx_rates', example(fxRates, 0))
    expect(out).toMatchObject({
      from: 'EUR',
      to: 'CZK',
      rate: 24.3,
      converted: 24300,
      rates_date: '2026-11-20',
      declaration_number: 225,
      partial: false,
    })
    expect(out.sources).toEqual([{ name: 'cnb', status: 'ok' }])
  })

  it('example: a holiday uses the previous declaration and the per-100 HUF quote, cross rate via CZK', async () => {
    const out = await call('fx_rates', example(fxRates, 1))
    expect(out).toMatchObject({
      requested_date: '2026-11-17',
      rates_date: '2026-11-16',
      declaration_number: 221,
      czk_per_unit: { from: 0.06302, to: 24.3 },
    })
    expect(out.rate).toBeCloseTo(0.06302 / 24.3, 6)
    expect(out.converted).toBe(259.34)
    expect(out.rules_applied.map((r: { rule: string }) => r.rule)).toContain('HUF is quoted per 100 units')
  })

  it('a weekend day answers with Friday’s declaration', async () => {
    const out = await call(
      'fx_rates',
      { currency: 'EUR', date: '2026-11-22' },
      d,
      new Date('2026-11-23T09:00:00Z'),
    )
    expect(out).toMatchObject({ requested_date: '2026-11-22', rates_date: '2026-11-20', rate: 24.3 })
  })

  it('answers 400 for a currency ČNB does not quote, and for a future date', async () => {
    await expect(call('fx_rates', { currency: 'RUB', date: '2026-11-20' })).rejects.toMatchObject({
      details: { field: 'currency', rule: 'ČNB does not quote RUB (rates of 2026-11-20)' },
    })
    await expect(call('fx_rates', { currency: 'EUR', date: '2026-12-01' })).rejects.toMatchObject({
      details: { field: 'date' },
    })
  })

  it('says ČNB failed and gives no rate when it cannot be reached', async () => {
    const out = await call('fx_rates', { currency: 'EUR', amount: 10, date: '2026-11-20' }, down)
    expect(out).toMatchObject({ partial: true, rate: null, converted: null, rates_date: null })
    expect(out.sources[0]).toMatchObject({ name: 'cnb', status: 'failed' })
    expect(out.sources[0]!.error).toMatch(/^cnb: /)
  })
})

describe('data/vat_payer_check', () => {
  it('example: a reliable payer; the account to be paid is published, so no liability', async () => {
    const out = await call('vat_payer_check', example(vatPayerCheck, 0))
    expect(out).toMatchObject({
      dic: 'CZ27082440',
      registered: true,
      unreliable: false,
      tax_office: '451',
      account_check: { account: '19-2000145399/0800', published: true, liability_risk: false },
      register_answered_on: '2026-11-20',
      partial: false,
    })
    expect(out.published_accounts).toHaveLength(3)
  })

  it('example: an unreliable payer found by IČO, with the date it was published', async () => {
    const out = await call('vat_payer_check', example(vatPayerCheck, 1))
    expect(out).toMatchObject({
      dic: 'CZ24601357',
      registered: true,
      unreliable: true,
      unreliable_since: '2025-03-12',
    })
    expect(out.rules_applied[1]).toMatchObject({
      basis: ['cz-235-2004-s106a'],
      source: 'zákon 235/2004 Sb., § 106a a § 109',
      outcome: 'unreliable since 2025-03-12',
    })
  })

  it('example: a DIČ that is not in the register', async () => {
    const out = await call('vat_payer_check', example(vatPayerCheck, 2))
    expect(out).toMatchObject({ registered: false, unreliable: false, published_accounts: [] })
  })

  it('flags an unpublished account above 540,000 CZK; the same IBAN form of a published account passes', async () => {
    const unpublished = await call('vat_payer_check', {
      dic: 'CZ27082440',
      account: '2000145532/0800',
      amount: 600000,
    })
    expect(unpublished.account_check).toEqual({
      account: '2000145532/0800',
      published: false,
      liability_risk: true,
    })
    const iban = await call('vat_payer_check', {
      dic: 'CZ27082440',
      account: 'CZ65 0800 0000 1920 0014 5399',
    })
    expect(iban.account_check).toMatchObject({ published: true, liability_risk: false })
  })

  it('reviews an unpublished account when no amount is given, naming amount, instead of clearing it', async () => {
    const out = await call('vat_payer_check', { dic: 'CZ27082440', account: '2000145532/0800' })
    expect(out.account_check).toEqual({
      account: '2000145532/0800',
      published: false,
      liability_risk: null,
      undecided:
        'amount not given: paying more than 540,000 CZK to an account the payer has not published makes the buyer liable for the VAT — give amount (the price of the supply, CZK)',
    })
    expect(out.verdict).toBe('review')
    expect(out.rules_applied[2]).toMatchObject({
      basis: ['cz-235-2004-s109'],
      outcome: 'account is not published; amount not given, liability not decided',
    })
  })

  it('does not make the buyer liable for a non-payer’s unpublished account over 540,000 CZK: no VAT, still reviewed', async () => {
    const out = await call('vat_payer_check', {
      dic: 'CZ12345679',
      account: '2000145532/0800',
      amount: 600000,
    })
    expect(out.account_check).toEqual({ account: '2000145532/0800', published: false, liability_risk: false })
    expect(out.verdict).toBe('review')
    expect(out.rules_applied[2]).toMatchObject({
      basis: ['cz-235-2004-s109'],
      outcome: 'the supplier is not a VAT payer: its supply carries no VAT to be liable for',
    })
  })

  it('answers 400 for a bad DIČ checksum and for an account failing mod 11', async () => {
    await expect(call('vat_payer_check', { dic: 'CZ27082441' })).rejects.toMatchObject({
      details: { field: 'dic' },
    })
    await expect(
      call('vat_payer_check', { dic: 'CZ27082440', account: '2000145398/0800' }),
    ).rejects.toMatchObject({
      details: { field: 'account', rule: 'account number fails the mod-11 check' },
    })
  })

  it('reports the register’s maintenance status as a failed source with nothing invented', async () => {
    const out = await call('vat_payer_check', { ico: '45317054' })
    expect(out).toMatchObject({ registered: null, unreliable: null, partial: true })
    expect(out.sources[0]!.error).toContain('service status 2')
  })
})

describe('data/vies_check', () => {
  it('example: valid, with the name and address VIES returns', async () => {
    const out = await call('vies_check', example(viesCheck, 0))
    expect(out).toMatchObject({
      country_code: 'CZ',
      vat_number: '27082440',
      valid: true,
      name: 'Alza.cz a.s.',
      checked_at: '2026-11-20T10:00:01.215Z',
      partial: false,
    })
  })

  it('example: a well-formed number VIES does not know is not valid', async () => {
    expect(await call('vies_check', example(viesCheck, 1))).toMatchObject({
      valid: false,
      name: null,
      partial: false,
    })
  })

  it('a member state that does not answer gives valid: null and a failed source', async () => {
    const out = await call('vies_check', { vat_number: 'DE811907980' })
    expect(out).toMatchObject({ valid: null, partial: true })
    expect(out.sources[0]!.error).toContain('MS_UNAVAILABLE')
  })

  it('answers 400 for GR (use EL), a non-EU prefix and a Czech checksum failure', async () => {
    await expect(call('vies_check', { vat_number: 'GR123456789' })).rejects.toMatchObject({
      details: { rule: 'Greek VAT numbers use the prefix EL' },
    })
    await expect(call('vies_check', { vat_number: 'US123456789' })).rejects.toMatchObject({
      details: { field: 'vat_number' },
    })
    await expect(call('vies_check', { vat_number: 'CZ27082441' })).rejects.toMatchObject({
      details: { field: 'vat_number' },
    })
  })
})

describe('data/geocoder', () => {
  it('example: an address point in Prague 7 with WGS84 coordinates', async () => {
    const out = await call('geocoder', example(geocoder, 0))
    expect(out.best).toEqual({
      address: 'Jankovcova 1522/53, Holešovice, 17000 Praha 7',
      type: 'AdresniMisto',
      score: 100,
      lat: 50.104698,
      lon: 14.452371,
    })
    expect(out).toMatchObject({
      precision: 'address_point',
      from_psc: { psc: '170 00', municipalities: ['Praha'] },
    })
    expect(out.candidates).toHaveLength(2)
  })

  it('example: no candidate, but the PSČ still places it in Prague', async () => {
    const out = await call('geocoder', example(geocoder, 1))
    expect(out).toMatchObject({
      best: null,
      precision: null,
      partial: false,
      from_psc: { region: 'Hlavní město Praha' },
    })
  })

  it('without RÚIAN gives only the offline PSČ facts, marked partial', async () => {
    const out = await call('geocoder', example(geocoder, 0), down)
    expect(out).toMatchObject({ best: null, partial: true, from_psc: { psc: '170 00' } })
    expect(out.sources[0]).toMatchObject({ name: 'ruian', status: 'failed' })
  })
})

describe('data/cadastre_lookup', () => {
  it('example: a parcel by cadastral-area code', async () => {
    const out = await call('cadastre_lookup', example(cadastreLookup, 0))
    expect(out).toMatchObject({
      status: 'found',
      cadastral_area: { code: '727181', name: 'Sadská' },
      parcel: {
        label: '1589/3',
        area_m2: 1245,
        valid_since: '2019-06-24',
        reference_point: { lat: 50.05336, lon: 14.9845 },
      },
    })
    expect(out.not_covered).toContain('owners (LV part A)')
  })

  it('example: resolves the area by name first', async () => {
    const out = await call('cadastre_lookup', example(cadastreLookup, 1))
    expect(out).toMatchObject({
      status: 'found',
      cadastral_area: { code: '727181' },
      parcel: { national_reference: '727181-1589/3' },
    })
    expect(out.rules_applied[0]).toMatchObject({ outcome: '1 match(es)' })
  })

  it('example: a parcel that does not exist', async () => {
    expect(await call('cadastre_lookup', example(cadastreLookup, 2))).toMatchObject({
      status: 'not_found',
      parcel: null,
      partial: false,
    })
  })

  it('answers 400 for a malformed parcel number; a failing source gives status source_failed', async () => {
    await expect(call('cadastre_lookup', { cadastral_area: '727181', parcel: '12a' })).rejects.toMatchObject({
      code: 'invalid_request',
    })
    expect(await call('cadastre_lookup', example(cadastreLookup, 0), down)).toMatchObject({
      status: 'source_failed',
      partial: true,
    })
  })
})

describe('data/mx_lookup', () => {
  it('example: MX hosts sorted by preference', async () => {
    const out = await call('mx_lookup', example(mxLookup, 0))
    expect(out).toMatchObject({
      domain: 'example-shop.cz',
      accepts_mail: true,
      status: 'mx',
      mx: [
        { exchange: 'mx1.example-shop.cz', priority: 10 },
        { exchange: 'mx2.example-shop.cz', priority: 20 },
      ],
    })
  })

  it('example: a null MX means no mail', async () => {
    expect(await call('mx_lookup', example(mxLookup, 1))).toMatchObject({
      status: 'null_mx',
      accepts_mail: false,
    })
  })

  it('takes the domain of an e-mail address; a silent resolver is a failed source, not "no mail"', async () => {
    expect(await call('mx_lookup', { domain: 'info@example-shop.cz' })).toMatchObject({
      domain: 'example-shop.cz',
    })
    const out = await call('mx_lookup', { domain: 'slow.example.cz' })
    expect(out).toMatchObject({ status: 'failed', accepts_mail: null, partial: true })
  })

  it('answers 400 for something that is not a domain', async () => {
    await expect(call('mx_lookup', { domain: 'not a domain' })).rejects.toMatchObject({
      details: { field: 'domain', rule: 'must be a domain name like example.cz' },
    })
  })
})
