/**
 * `gatehouse realestate import FILE.csv`: loads a listings file into the domain service's table,
 * upserting by listing code (a second run of the same file changes nothing). Progress is a bar on
 * a terminal and plain lines otherwise. Running domain services pick new listings up on restart.
 *
 * `gatehouse contacts import FILE`: loads contacts (CSV or vCard) into the contacts table,
 * deduplicated by e-mail, phone and IČO (a second run of the same file adds nothing); running
 * services see them at once (they read the table).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadGazetteer } from '../../engines/realestate/regions.ts'
import { type Command, progressReporter } from '../../kit/command.ts'
import { commonSpec, parseEnv } from '../../kit/config.ts'
import { withDatabase } from '../../kit/db.ts'
import { domainSpec } from './config.ts'
import { importContactsFile, NotAContactsFile } from './modules/contacts/import.ts'
import { ContactStore } from './modules/contacts/store.ts'
import { importListingsFile } from './modules/reality/importer.ts'
import { ListingStore } from './modules/reality/store.ts'

export const realestateImport: Command = {
  usage:
    'gatehouse realestate import FILE.csv\n  upserts by listing code (idempotent); places each listing in its municipality and kraj\n  (REGISTRY_DATA_DIR gazetteer); SQLite in DATA_DIR or DATABASE_URL.',
  async run(args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true })
    if (positionals.length !== 1) {
      io.err(
        'give one listings file, e.g. gatehouse realestate import ../shared/data/realestate/listings.csv',
      )
      return 2
    }
    const config = parseEnv({ ...commonSpec, ...domainSpec }, io.env)
    const file = resolve(positionals[0]!)
    const p = progressReporter(io, 'listings')
    try {
      const report = await withDatabase(config, (db) =>
        importListingsFile(new ListingStore(db), file, loadGazetteer(resolve(config.REGISTRY_DATA_DIR)), p),
      )
      p.stop()
      for (const r of report.rejected.slice(0, 20)) io.err(`line ${r.line}: ${r.reason}`)
      if (report.rejected.length > 20) io.err(`… and ${report.rejected.length - 20} more rejected rows`)
      io.out(
        `${report.read} rows read: ${report.added} new, ${report.written - report.added} already present (refreshed), ${report.rejected.length} rejected; ${report.unplaced} without a kraj`,
      )
      return report.written === 0 ? 1 : 0
    } catch (error) {
      p.stop()
      const e = error as NodeJS.ErrnoException
      if (e.code === 'ENOENT') {
        io.err(`no such file: ${file}`)
        return 1
      }
      if (/not a listings file|largest listings file/.test(e.message)) {
        io.err(e.message)
        return 1
      }
      throw error
    }
  },
}

export const contactsImport: Command = {
  usage:
    'gatehouse contacts import FILE.csv|FILE.vcf\n  CSV with , or ; in UTF-8 or Windows-1250, Czech or English column names (Jméno, Příjmení,\n  Firma, IČO, E-mail, Telefon, Adresa …), or vCard 2.1/3.0/4.0. The same person or company\n  (e-mail, phone in E.164, own IČO) merges into one contact, so a second run adds nothing.\n  Rejected rows are listed with their line. SQLite in DATA_DIR or DATABASE_URL.',
  async run(args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true })
    if (positionals.length !== 1) {
      io.err('give one contacts file, e.g. gatehouse contacts import kontakty.csv')
      return 2
    }
    const config = parseEnv({ ...commonSpec, ...domainSpec }, io.env)
    const file = resolve(positionals[0]!)
    const p = progressReporter(io, 'contacts')
    try {
      const report = await withDatabase(config, (db) => importContactsFile(new ContactStore(db), file, p))
      p.stop()
      for (const r of report.rejected.slice(0, 20)) io.err(`line ${r.line}: ${r.reason}`)
      if (report.rejected.length > 20) io.err(`… and ${report.rejected.length - 20} more rejected rows`)
      if (report.ignoredColumns.length > 0)
        io.err(`columns ignored (no contact field): ${report.ignoredColumns.join(', ')}`)
      io.out(
        `${report.read} records read: ${report.added} new, ${report.merged} merged into existing contacts, ${report.unchanged} already present, ${report.rejected.length} rejected`,
      )
      return report.read > 0 && report.rejected.length === report.read ? 1 : 0
    } catch (error) {
      p.stop()
      if (error instanceof NotAContactsFile) {
        io.err(error.message)
        return 1
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        io.err(`no such file: ${file}`)
        return 1
      }
      throw error
    }
  },
}
