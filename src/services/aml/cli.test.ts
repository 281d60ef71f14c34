import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../test/aml/lists.ts'
import type { CommandIO } from '../../kit/command.ts'
import { openDatabase } from '../../kit/db.ts'
import { amlImport, amlLists, amlMonitor, amlScreen, updateLists } from './cli.ts'
import { MonitorStore } from './modules/monitor/store.ts'

function io(env: Record<string, string>): { io: CommandIO; lines: string[]; errs: string[] } {
  const lines: string[] = []
  const errs: string[] = []
  return { io: { env, interactive: false, out: (l) => lines.push(l), err: (l) => errs.push(l) }, lines, errs }
}

const CZ = join(SHARED_LISTS, 'cz')
const UN = join(SHARED_LISTS, 'un')

describe.skipIf(!haveLists)('gatehouse aml commands', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aml-cli-'))
  const env = { DATA_DIR: dataDir, AML_LISTS_DIR: 'none', AML_NETWORK_MODULES: 'false' }

  it('imports files and folders and prints entities, names and list date per list', async () => {
    const t = io(env)
    const code = await amlImport.run([CZ, UN], t.io)
    expect(code).toBe(0)
    const text = t.lines.join('\n')
    expect(text).toMatch(/cz_210_2008\s+2026-04-10\s+active\s+49\s+82/)
    expect(text).toMatch(/un\s+2026-02-27\s+active\s+1003\s+4091/)
    expect(text).toContain('2 new version(s)')
    const again = io(env)
    await amlImport.run([CZ], again.io)
    expect(again.lines.join('\n')).toContain('(already stored)')
    const lists = io(env)
    await amlLists.run([], lists.io)
    expect(lists.lines.join('\n')).toMatch(/un\s+2026-02-27/)
  })

  it('screens a client book as a batch into a CSV report, one stored screening per row, references kept', async () => {
    const book = join(dataDir, 'book.csv')
    const report = join(dataDir, 'report.csv')
    writeFileSync(
      book,
      'first_name,last_name,birth_date,company_name,reference\nJan,Novák,1980-01-01,,K1\nItziar,Alberdi Uranga,1963-10-07,,K2\n,,,Euskadi Ta Askatasuna,\n',
    )
    const t = io(env)
    const code = await amlScreen.run([book, '--out', report], t.io)
    expect(code).toBe(0)
    const lines = readFileSync(report, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^row,reference,first_name,last_name,/)
    expect(lines[1]).toMatch(/^2,K1,Jan,Novák,.*,LOW,/)
    expect(lines[2]).toMatch(/^3,K2,.*CRITICAL.*cz_210_2008,NV210-01/)
    expect(lines[3]).toMatch(/^4,,.*CRITICAL.*NV210-49/)
    expect(lines[1]).toMatch(/AML-\d{8}-\d{6}/)
    // Progress and the batch id on stderr; the batch is in the store like one sent over HTTP.
    const errs = t.errs.join('\n')
    expect(errs).toMatch(/screening 3 subjects as batch AMLB-\d{8}-\d{6}/)
    expect(errs).toMatch(/3\/3 subjects/)
    expect(errs).toMatch(/batch AMLB-\d{8}-\d{6}: screened 3 in .*LOW 1, CRITICAL 2/)
  })

  it('screens a JSON client book, and writes a JSON report with the full results', async () => {
    const book = join(dataDir, 'book.json')
    const report = join(dataDir, 'report.json')
    writeFileSync(
      book,
      JSON.stringify([{ first_name: 'Itziar', last_name: 'Alberdi Uranga', reference: 'J1' }]),
    )
    const t = io(env)
    expect(await amlScreen.run([book, '--out', report, '--format', 'json'], t.io)).toBe(0)
    const [row] = JSON.parse(readFileSync(report, 'utf8'))
    expect(row).toMatchObject({
      row: 1,
      reference: 'J1',
      subject: { first_name: 'Itziar' },
      result: { overall_risk: { level: 'CRITICAL' }, modules: { sanctions: { status: 'COMPLETED' } } },
    })
  })

  it('stops at a bad row and names its line and column', async () => {
    const book = join(dataDir, 'bad.csv')
    writeFileSync(book, 'first_name,last_name,ico\nJan,Novák,\n,,12345678\n')
    const t = io(env)
    expect(await amlScreen.run([book], t.io)).toBe(2)
    expect(t.errs.join('\n')).toMatch(/line 3, column "ico": ico: checksum digit should be 9/)
  })

  it('says clearly when the official servers cannot be reached, and changes nothing', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer()
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
    const closed = (probe.address() as AddressInfo).port
    await new Promise<void>((r) => probe.close(() => r()))
    const t = io(env)
    const url = `http://127.0.0.1:${closed}/consolidated.xml`
    const code = await updateLists(t.io, [{ list: 'un', files: [{ name: 'consolidated.xml', url }] }], 2000)
    expect(code).toBe(1)
    expect(t.errs.join('\n')).toMatch(
      /cannot reach the official servers \(un: ECONNREFUSED\)\. Nothing changed/,
    )
  })

  it('gives up on a server that does not answer within the timeout', async () => {
    const server = createServer(() => undefined)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    const t = io(env)
    const started = Date.now()
    const code = await updateLists(
      t.io,
      [{ list: 'un', files: [{ name: 'x.xml', url: `http://127.0.0.1:${port}/x.xml` }] }],
      300,
    )
    server.closeAllConnections()
    server.close()
    expect(code).toBe(1)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(t.errs.join('\n')).toContain('no answer within 0.3 s')
  })
})

describe.skipIf(!haveLists)('gatehouse aml import with monitored subjects', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aml-cli-monitor-'))
  const env = { DATA_DIR: dataDir, AML_LISTS_DIR: 'none', AML_NETWORK_MODULES: 'false' }

  it('re-screens the monitored subjects after importing a new version, and says what it found', async () => {
    expect(await amlImport.run([join(SHARED_LISTS, 'ofac', 'sdn_2021-07')], io(env).io)).toBe(0)
    const db = openDatabase({ dataDir })
    await db.migrate()
    await new MonitorStore(db).enrol(
      [
        { reference: 'K1', subject: { first_name: 'Aleksandr', last_name: 'Udodov' }, subjectType: 'person' },
        {
          reference: 'K2',
          subject: { first_name: 'Manuel Antonio', last_name: 'NORIEGA' },
          subjectType: 'person',
        },
      ],
      'admin',
      new Date(),
    )
    await db.close()
    const first = io(env)
    expect(await amlMonitor.run([], first.io)).toBe(0)
    expect(first.lines.join('\n')).toMatch(/monitoring: 0 re-screened, 2 first screenings/)

    const t = io(env)
    expect(await amlImport.run([join(SHARED_LISTS, 'ofac', 'sdn_2024-05-03.csv')], t.io)).toBe(0)
    const text = t.lines.join('\n')
    expect(text).toContain('1 new version(s)')
    expect(text).toMatch(
      /monitoring: 2 re-screened against the new ofac_sdn \(entries added \d+, removed \d+, changed \d+\), 0 first screenings, in [\d.]+ s; alerts: 1 new, 0 changed, 1 removed hits/,
    )
  }, 60_000)

  it('lists each stored version as active (screened) or superseded (kept for the record)', async () => {
    const t = io(env)
    expect(await amlLists.run([], t.io)).toBe(0)
    const text = t.lines.join('\n')
    expect(text).toMatch(/^list\s+list date\s+status\s+entities/m)
    expect(text).toMatch(/ofac_sdn\s+2024-05-03\s+active\s+\d+/)
    expect(text).toMatch(/ofac_sdn\s+2021-07\s+superseded\s+\d+/)
  })
})
