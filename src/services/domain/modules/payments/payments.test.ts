/**
 * The payment routes over HTTP: POST /api/qr/payment (the SPAYD string exact to the standard, the
 * QR code decoded back to that string, each bad field a 400 naming it) and GET /api/vs/next
 * (operator key, series, and never the same number twice: two instances on one database, and
 * separate processes on one SQLite file).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
// jsqr is CommonJS whose types declare an ES default export: the function is `.default`.
import jsqr from 'jsqr'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveSharedData, REGISTRY_DIR } from '../../../../../test/domain/fixtures.ts'
import { type Storage, sqliteStorage, storageKinds } from '../../../../../test/support/storage.ts'
import { loadGazetteer } from '../../../../engines/realestate/regions.ts'
import { type Database, openDatabase } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../../../kit/operator-keys.ts'
import { DEV_INTERNAL_KEY } from '../../../../kit/secrets.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { buildSnapshot } from '../../state.ts'
import { ContactStore } from '../contacts/store.ts'
import { ListingStore } from '../reality/store.ts'
import { VariableSymbolStore } from './store.ts'

const run = promisify(execFile)
const KEY = { 'x-api-key': DEV_INTERNAL_KEY }

let gazetteer: ReturnType<typeof loadGazetteer>

/** A domain app over `db` (no listings: these routes do not use them). */
async function appOver(db: Database): Promise<App> {
  const store = new ListingStore(db)
  return buildApp({
    logger: createLogger({ level: 'silent' }),
    store,
    symbols: new VariableSymbolStore(db),
    contacts: new ContactStore(db),
    operatorKeys: DEV_OPERATOR_KEYS,
    snapshot: buildSnapshot([], gazetteer),
    // No listings and no valuation model: these routes use neither.
    valuer: null,
    logRequests: false,
  })
}

function decodeQr(base64Png: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(base64Png, 'base64'))
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}

describe.skipIf(!haveSharedData)('domain payments', () => {
  let storage: Storage
  let db: Database
  let app: App
  beforeAll(async () => {
    gazetteer = loadGazetteer(REGISTRY_DIR)
    storage = sqliteStorage('domain-payments')
    db = storage.open()
    await db.migrate()
    app = await appOver(db)
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await db?.close()
    await storage?.cleanup()
  })

  const qr = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/qr/payment', payload: body })

  describe('POST /api/qr/payment', () => {
    it('turns a Czech account into its IBAN and writes the SPAYD string field by field', async () => {
      const res = await qr({
        account: '19-2000145399/0800',
        amount: 799.5,
        vs: '2025000123',
        ks: '0308',
        message: 'Faktura 2025000123',
        due_date: '2025-07-15',
        recipient: 'Jan Novák',
      })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data.spayd).toBe(
        'SPD*1.0*ACC:CZ6508000000192000145399*AM:799.50*CC:CZK*DT:20250715*MSG:Faktura 2025000123*RN:Jan Novák*X-KS:308*X-VS:2025000123',
      )
      expect(data).toMatchObject({
        iban: 'CZ6508000000192000145399',
        account: '19-2000145399/0800',
        bank: { code: '0800', name: 'Česká spořitelna, a.s.' },
        amount: '799.50',
        currency: 'CZK',
      })
      expect(data.rules_applied.map((r: { source?: string }) => r.source)).toContain(
        'vyhláška ČNB 169/2011 Sb.',
      )
    })

    it('answers a PNG QR code that decodes to exactly the SPAYD string, and the same code as SVG', async () => {
      const res = await qr({
        iban: 'CZ65 0800 0000 1920 0014 5399',
        amount: 1500,
        message: 'Záloha č. 7 * nájem',
      })
      const data = res.json().data
      expect(data.spayd).toBe(
        'SPD*1.0*ACC:CZ6508000000192000145399*AM:1500.00*CC:CZK*MSG:Záloha č. 7 %2A nájem',
      )
      expect(decodeQr(data.qr.png)).toBe(data.spayd)
      expect(data.qr.error_correction).toBe('M')
      expect(data.qr.svg).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/)
    })

    it('takes a foreign IBAN in another currency, with no Czech account or bank', async () => {
      const res = await qr({ iban: 'DE89370400440532013000', amount: 12.3, currency: 'EUR', instant: true })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({
        spayd: 'SPD*1.0*ACC:DE89370400440532013000*AM:12.30*CC:EUR*PT:IP',
        account: null,
        bank: null,
      })
    })

    describe('text as SPAYD counts it', () => {
      const base = { account: '19-2000145399/0800', amount: 10 }
      const spaydOf = async (body: Record<string, unknown>) => {
        const res = await qr({ ...base, ...body })
        expect(res.statusCode).toBe(200)
        const data = res.json().data
        expect(decodeQr(data.qr.png)).toBe(data.spayd)
        return data.spayd as string
      }

      it('counts an emoji as one character: 60 in a message and 35 in a name fit whole, none is lost', async () => {
        const sixty = `${'a'.repeat(59)}🙂`
        expect(await spaydOf({ message: sixty })).toContain(`*MSG:${sixty}`)
        expect(await spaydOf({ message: '🙂'.repeat(31) })).toContain(`*MSG:${'🙂'.repeat(31)}`)
        expect(await spaydOf({ message: '👍'.repeat(60) })).toContain(`*MSG:${'👍'.repeat(60)}`)
        const name = `${'b'.repeat(34)}😀`
        expect(await spaydOf({ recipient: name })).toContain(`*RN:${name}`)
      })

      it('writes a % in a text as %25 and a * as %2A, so a reader decoding the value gets the text back', async () => {
        const spayd = await spaydOf({ message: 'Sleva 10 % * kód 50%2A', recipient: '100% Byty*' })
        expect(spayd).toContain('*MSG:Sleva 10 %25 %2A kód 50%252A*')
        expect(spayd).toContain('*RN:100%25 Byty%2A')
        const msg = /\*MSG:([^*]*)/.exec(spayd)![1]!
        expect(decodeURIComponent(msg)).toBe('Sleva 10 % * kód 50%2A')
        // The limit counts the text, not its escapes: 60 percent signs fit.
        expect(await spaydOf({ message: '%'.repeat(60) })).toContain(`*MSG:${'%25'.repeat(60)}`)
      })

      it('turns line breaks into spaces and writes no MSG for a message of blanks alone', async () => {
        expect(await spaydOf({ message: 'Nájem\r\nbřezen\ndruhá\rčást' })).toContain(
          '*MSG:Nájem březen druhá část',
        )
        const blank = await spaydOf({ message: ' \n ', recipient: '  ' })
        expect(blank).not.toContain('MSG:')
        expect(blank).not.toContain('RN:')
      })

      it.each([
        ['a lone surrogate', { message: 'a\uD83Dz' }, 'message', 'well-formed'],
        ['a lone surrogate in the name', { recipient: '\uDE00' }, 'recipient', 'well-formed'],
        ['NUL', { message: 'a\u0000b' }, 'message', 'U+0000'],
        ['TAB', { message: 'a\tb' }, 'message', 'U+0009'],
        ['a line separator', { message: 'a\u2028b' }, 'message', 'U+2028'],
        ['a right-to-left override', { recipient: 'Jan \u202Ekáv' }, 'recipient', 'U+202E'],
        ['61 emoji', { message: '🙂'.repeat(61) }, 'message', '60'],
        ['an unknown currency', { currency: 'ABC' }, 'currency', 'ISO 4217'],
        ['the no-currency code', { currency: 'XXX' }, 'currency', 'ISO 4217'],
        ['gold', { currency: 'XAU' }, 'currency', 'ISO 4217'],
      ])('refuses %s with a 400 naming the field', async (_what, body, field, rule) => {
        const res = await qr({ ...base, ...body })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.details).toMatchObject({ field, rule: expect.stringContaining(rule) })
      })
    })

    it.each([
      [{ amount: 10 }, 'iban', 'give exactly one of iban and account'],
      [
        { iban: 'CZ6508000000192000145399', account: '19-2000145399/0800', amount: 10 },
        'iban',
        'give exactly one',
      ],
      [{ iban: 'CZ6608000000192000145399', amount: 10 }, 'iban', 'check digits do not match (mod 97)'],
      [{ account: '19-2000145398/0800', amount: 10 }, 'account', 'account number fails the mod-11 check'],
      [{ account: '18-2000145399/0800', amount: 10 }, 'account', 'prefix fails the mod-11 check'],
      [{ account: '19-2000145399/1234', amount: 10 }, 'account', 'bank code 1234 is not in the ČNB list'],
      [{ account: '19-2000145399/0800', amount: 10.005 }, 'amount', 'at most two decimals'],
      [{ account: '19-2000145399/0800', amount: 0 }, 'amount', ''],
      [{ account: '19-2000145399/0800', amount: 10_000_000 }, 'amount', ''],
      [{ account: '19-2000145399/0800', amount: 10, vs: '12345678901' }, 'vs', ''],
      [{ account: '19-2000145399/0800', amount: 10, ss: '12a' }, 'ss', ''],
      [{ account: '19-2000145399/0800', amount: 10, message: 'x'.repeat(61) }, 'message', ''],
      [{ account: '19-2000145399/0800', amount: 10, due_date: '2025-02-30' }, 'due_date', ''],
      [{ account: '19-2000145399/0800', amount: 10, due_date: '0000-01-01' }, 'due_date', 'a date from'],
      [{ account: '19-2000145399/0800', amount: 10, due_date: '9999-12-31' }, 'due_date', 'a date from'],
      [{ account: '19-2000145399/0800', amount: 10, currency: 'czk' }, 'currency', ''],
    ])('refuses %j with a 400 naming %s', async (body, field, rule) => {
      const res = await qr(body)
      expect(res.statusCode).toBe(400)
      const details = res.json().error.details
      expect(details.field).toBe(field)
      expect(details.rule).toContain(rule)
    })
  })

  describe('GET /api/vs/next', () => {
    it('needs an operator key: none is a 401, a wrong one a 403', async () => {
      expect((await app.inject({ url: '/api/vs/next' })).statusCode).toBe(401)
      const wrong = await app.inject({ url: '/api/vs/next', headers: { 'x-api-key': 'not-the-key' } })
      expect(wrong.statusCode).toBe(403)
    })

    it('counts each series from 1 on its own, with no leading zero and no caching', async () => {
      const take = (series?: string) =>
        app.inject({ url: `/api/vs/next${series ? `?series=${series}` : ''}`, headers: KEY })
      const first = await take()
      expect(first.statusCode).toBe(200)
      expect(first.headers['cache-control']).toBe('no-store')
      expect(first.json().data).toMatchObject({ vs: '1', series: 'default' })
      expect((await take()).json().data.vs).toBe('2')
      expect((await take('deposits')).json().data).toMatchObject({ vs: '1', series: 'deposits' })
      expect((await take()).json().data.vs).toBe('3')
    })

    it('refuses a series name that is not a short slug', async () => {
      const res = await app.inject({ url: '/api/vs/next?series=Bad%20Name', headers: KEY })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.details.field).toBe('series')
    })
  })
})

describe.skipIf(!haveSharedData)('variable symbols are never issued twice', async () => {
  for (const kind of await storageKinds()) {
    it(`by two instances on one ${kind.name} database under 300 concurrent requests`, async () => {
      gazetteer ??= loadGazetteer(REGISTRY_DIR)
      const storage = kind.create('domain-vs')
      const first = storage.open()
      await first.migrate()
      // The second instance connects once the schema exists, as a second replica would.
      const dbs = [first, storage.open()]
      const apps = await Promise.all(dbs.map((db) => appOver(db)))
      try {
        const answers = await Promise.all(
          Array.from({ length: 300 }, (_, i) =>
            apps[i % 2]!.inject({ url: '/api/vs/next?series=invoices', headers: KEY }),
          ),
        )
        expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([])
        const values = answers.map((a) => Number(a.json().data.vs))
        expect(new Set(values).size).toBe(300)
        expect(Math.min(...values)).toBe(1)
        expect(Math.max(...values)).toBe(300)
      } finally {
        await Promise.all(apps.map((a) => a.close()))
        await Promise.all(dbs.map((db) => db.close()))
        await storage.cleanup()
      }
    }, 60_000)
  }

  it('by three processes sharing one SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-domain-vs-'))
    const db = openDatabase({ dataDir: dir })
    await db.migrate()
    await db.close()
    // Each process opens the file itself and takes 100 numbers as fast as it can.
    const script = join(dir, 'vs-taker.ts')
    const kit = new URL('../../../../kit/db.ts', import.meta.url).pathname
    const symbols = new URL('./store.ts', import.meta.url).pathname
    writeFileSync(
      script,
      `import { openDatabase } from '${kit}'
import { VariableSymbolStore } from '${symbols}'
const db = openDatabase({ dataDir: process.argv[2] })
const vs = new VariableSymbolStore(db)
const got = []
for (let i = 0; i < 100; i++) got.push(await vs.next('shared'))
await db.close()
console.log(JSON.stringify(got))
`,
    )
    try {
      const outputs = await Promise.all(
        [1, 2, 3].map(() => run(process.execPath, [script, dir], { timeout: 30_000 })),
      )
      const values = outputs.flatMap((o) => JSON.parse(o.stdout) as number[])
      expect(values).toHaveLength(300)
      expect(new Set(values).size).toBe(300)
      expect(Math.max(...values)).toBe(300)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
