/**
 * `gatehouse contacts import FILE` through the command line's own entry (src/cli.ts `main`):
 * CSV in UTF-8 with `,` and English headers, CSV in Windows-1250 with `;`, Czech headers and
 * decimal commas, and vCard; progress on stderr, rejected rows by line with the reason, and a
 * second run of the same file adds nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../../cli.ts'
import type { CommandIO } from '../../../../kit/command.ts'
import { openDatabase } from '../../../../kit/db.ts'
import { ContactStore } from './store.ts'

function io(env: Record<string, string>): { io: CommandIO; out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return { io: { env, interactive: false, out: (l) => out.push(l), err: (l) => err.push(l) }, out, err }
}

/** Windows-1250 bytes of Czech text (what Czech Excel saves as "CSV"). */
function windows1250(text: string): Buffer {
  const decoder = new TextDecoder('windows-1250')
  const table = new Map<string, number>()
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b)
  return Buffer.from(
    [...text].map((c) => {
      const byte = table.get(c)
      if (byte === undefined) throw new Error(`${c} has no Windows-1250 byte`)
      return byte
    }),
  )
}

const ENGLISH = `Name,Company,Company ID,E-mail,Phone,Address
Ing. Jiří Dvořák,"Stavby Plzeň, s.r.o.",,jiri.dvorak@stavby-plzen.cz,602 123 456,"Americká 12, Plzeň"
Petra Nováková,,,petra@novakova.cz,,
Jiri Dvorak,,,Jiri.Dvorak@STAVBY-PLZEN.cz,+420 377 123 456,
Bad Ico s.r.o.,,27074359,,,
Nobody,,,not-an-address,,
Phone Man,,,,123,
,,,,,
ACME Trading a.s.,,25596641,,,
`

const CZECH = `Titul;Jméno;Příjmení;Firma;IČO;E-mail;Telefon;Ulice;Město;PSČ;Zeměpisná šířka;Zeměpisná délka;Poznámka
;Žofie;Šťastná;Pekárna Šťastná s.r.o.;;zofie@pekarna-stastna.cz;+420 731 222 333;Náměstí Svobody 1;Brno;602 00;49,1951;16,6068;stálá zákaznice
Mgr.;Řehoř;Čermák;;;rehor.cermak@seznam.cz;;Údolní 5;Ostrava;702 00;;;
;Petra;Nováková;;;PETRA@novakova.cz;777 123 456;;;;;;
;Ludmila;Chybná;;;;;;;;50,1;;
`

const VCARDS = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Žofie Šťastná',
  'ORG:Pekárna Šťastná s.r.o.',
  'EMAIL;TYPE=work:zofie@pekarna-stastna.cz',
  'TEL;TYPE=cell:731222333',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Bohuslav Ježek',
  'EMAIL:bohous@jezek.cz',
  'TEL;VALUE=uri:tel:+420-603-111-222',
  'GEO:geo:50.0755,14.4378',
  'END:VCARD',
  'BEGIN:VCARD',
  'FN:Neuzavřený',
].join('\r\n')

describe('gatehouse contacts import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'domain-contacts-cli-'))
  const env = { DATA_DIR: dir, LISTINGS_FILE: 'none' }
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const search = async (query: string) => {
    const db = openDatabase({ dataDir: dir })
    try {
      return (await new ContactStore(db).search(query, 10)).items
    } finally {
      await db.close()
    }
  }

  it('imports a UTF-8 CSV with progress, lists rejected rows by line and reason, and adds nothing the second time', async () => {
    const file = join(dir, 'contacts.csv')
    writeFileSync(file, ENGLISH)
    const first = io(env)
    expect(await main(['contacts', 'import', file], first.io)).toBe(0)
    expect(first.err).toContain(`reading ${file}`)
    expect(first.err).toContain('  4/4 contacts')
    expect(first.err.filter((l) => l.startsWith('line '))).toEqual([
      'line 5: ico: checksum digit should be 8, not 9',
      'line 6: email: must be local-part@domain',
      expect.stringMatching(/^line 7: phone: /),
      'line 8: name: a name or a company is required',
    ])
    expect(first.out).toEqual([
      '8 records read: 3 new, 1 merged into existing contacts, 0 already present, 4 rejected',
    ])
    const again = io(env)
    expect(await main(['contacts', 'import', file], again.io)).toBe(0)
    expect(again.out).toEqual([
      '8 records read: 0 new, 0 merged into existing contacts, 4 already present, 4 rejected',
    ])
    expect((await search('dvorak')).map((c) => [c.name, c.company, c.phone])).toEqual([
      ['Ing. Jiří Dvořák', 'Stavby Plzeň, s.r.o.', '+420602123456'],
    ])
    expect((await search('acme'))[0]).toMatchObject({ kind: 'company', ico: '25596641' })
  })

  it('reads a Windows-1250 file with ";", Czech headers and decimal commas, merging with contacts already held', async () => {
    const file = join(dir, 'kontakty.csv')
    writeFileSync(file, windows1250(CZECH))
    const run = io(env)
    expect(await main(['contacts', 'import', file], run.io)).toBe(0)
    expect(run.err).toContain('line 5: longitude: latitude and longitude together')
    expect(run.err).toContain('columns ignored (no contact field): Poznámka')
    expect(run.out).toEqual([
      '4 records read: 2 new, 1 merged into existing contacts, 0 already present, 1 rejected',
    ])
    expect(await search('stastna')).toEqual([
      expect.objectContaining({
        name: 'Žofie Šťastná',
        company: 'Pekárna Šťastná s.r.o.',
        phone: '+420731222333',
        address: 'Náměstí Svobody 1, 602 00 Brno',
        latitude: 49.1951,
        longitude: 16.6068,
        source: 'kontakty.csv',
      }),
    ])
    expect((await search('ŘEHOŘ cermak'))[0]).toMatchObject({
      name: 'Mgr. Řehoř Čermák',
      address: 'Údolní 5, 702 00 Ostrava',
    })
    // Petra Nováková (contacts.csv, by e-mail) gained the phone number of this file.
    expect((await search('novakova'))[0]).toMatchObject({
      emails: ['petra@novakova.cz'],
      phones: ['+420777123456'],
    })
    const again = io(env)
    await main(['contacts', 'import', file], again.io)
    expect(again.out[0]).toMatch(/: 0 new, 0 merged into existing contacts, 3 already present, 1 rejected$/)
  })

  it('reads a vCard file, merging by e-mail and phone, and names a card that is not closed', async () => {
    const file = join(dir, 'adresar.vcf')
    writeFileSync(file, VCARDS)
    const run = io(env)
    expect(await main(['contacts', 'import', file], run.io)).toBe(0)
    expect(run.err).toContain('line 15: vCard has no END:VCARD (the file ends first)')
    expect(run.out).toEqual([
      '3 records read: 1 new, 0 merged into existing contacts, 1 already present, 1 rejected',
    ])
    expect((await search('jezek'))[0]).toMatchObject({ phone: '+420603111222', latitude: 50.0755 })
  })

  it('answers in one line for a missing file, a file that is no contacts file, or no argument', async () => {
    const missing = io(env)
    expect(await main(['contacts', 'import', join(dir, 'nope.csv')], missing.io)).toBe(1)
    expect(missing.err).toEqual([expect.stringMatching(/^no such file: .*nope\.csv$/)])
    const other = join(dir, 'other.csv')
    writeFileSync(other, 'a;b\n1;2\n')
    const wrong = io(env)
    expect(await main(['contacts', 'import', other], wrong.io)).toBe(1)
    expect(wrong.err.at(-1)).toMatch(/^not a contacts file: the first line must name the columns/)
    const none = io(env)
    expect(await main(['contacts', 'import'], none.io)).toBe(2)
    expect(none.err).toEqual(['give one contacts file, e.g. gatehouse contacts import kontakty.csv'])
  })
})
