/**
 * Reads list files of any supported format; the format is told by content, not by name. An OFAC
 * legacy set (sdn.csv with alt.csv, add.csv, sdn_comments.csv beside it) is read as one version.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { ListVersion } from '../types.ts'
import { importCz210, importEuJson, importNamesJson, sniffJson } from './json.ts'
import { importOfacCsv } from './ofac-csv.ts'
import { importEuXml, importOfacXml, importUkXml, importUnXml, sniffXml } from './xml.ts'

interface Skipped {
  path: string
  reason: string
}

export interface ImportResult {
  versions: ListVersion[]
  skipped: Skipped[]
}

/** Files read together with their sdn.csv, never on their own. */
const OFAC_COMPANIONS = new Set(['alt.csv', 'add.csv', 'sdn_comments.csv'])

export class UnsupportedListFile extends Error {}

/** Imports one file; throws UnsupportedListFile when it is not a list this engine reads. */
export function importFile(path: string): ListVersion {
  const name = basename(path).toLowerCase()
  if (OFAC_COMPANIONS.has(name)) throw new UnsupportedListFile('OFAC companion file: read with its sdn.csv')
  const bytes = readFileSync(path)
  const head = bytes.subarray(0, 4096).toString('utf8')
  if (name.endsWith('.xml') || head.trimStart().startsWith('<')) {
    switch (sniffXml(head)) {
      case 'ofac-xml':
        return importOfacXml(path)
      case 'un-xml':
        return importUnXml(path)
      case 'eu-xml':
        return importEuXml(path)
      case 'uk-xml':
        return importUkXml(path)
      default:
        throw new UnsupportedListFile(
          'XML of an unknown schema (expected OFAC sdnList, UN CONSOLIDATED_LIST, EU FSF export or UK Designations)',
        )
    }
  }
  if (name.endsWith('.json')) {
    let doc: unknown
    try {
      doc = JSON.parse(bytes.toString('utf8'))
    } catch {
      throw new UnsupportedListFile('not valid JSON')
    }
    switch (sniffJson(doc)) {
      case 'eu-json':
        return importEuJson(path, bytes, doc as Record<string, unknown>)
      case 'names-json':
        return importNamesJson(path, bytes, doc as Record<string, unknown>[])
      case 'cz-210-json':
        return importCz210(path, bytes, doc as Record<string, unknown>)
      default:
        throw new UnsupportedListFile('JSON of an unknown shape (not a sanctions list)')
    }
  }
  if (name.endsWith('.csv')) {
    // OFAC legacy rows start with the numeric ent_num and a quoted name.
    if (/^\d+,"/.test(head)) return importOfacCsv(path)
    throw new UnsupportedListFile('CSV that is not an OFAC legacy file')
  }
  throw new UnsupportedListFile('not a list file (.xml, .json or .csv)')
}

/** Every file under the given files and folders (recursively, in name order). */
function listFiles(paths: string[]): string[] {
  const out: string[] = []
  const walk = (p: string) => {
    const st = statSync(p)
    if (st.isDirectory()) {
      for (const child of readdirSync(p).sort()) {
        if (child.startsWith('.') || /^readme/i.test(child)) continue
        walk(join(p, child))
      }
    } else out.push(p)
  }
  for (const p of paths) walk(p)
  return out
}

/**
 * Imports every list file under the paths. `onFile` reports progress (files done, total, the
 * version read or the reason it was skipped).
 */
export function importPaths(
  paths: string[],
  onFile?: (done: number, total: number, path: string, version?: ListVersion, skipped?: string) => void,
): ImportResult {
  const files = listFiles(paths)
  const versions: ListVersion[] = []
  const skipped: Skipped[] = []
  files.forEach((path, i) => {
    try {
      const v = importFile(path)
      versions.push(v)
      onFile?.(i + 1, files.length, path, v)
    } catch (error) {
      if (!(error instanceof UnsupportedListFile))
        throw new Error(`${path}: ${(error as Error).message}`, { cause: error })
      if (!OFAC_COMPANIONS.has(basename(path).toLowerCase())) skipped.push({ path, reason: error.message })
      onFile?.(i + 1, files.length, path, undefined, error.message)
    }
  })
  return { versions, skipped }
}

/** `importPaths`, letting the event loop run between files (service start-up). */
export async function importPathsAsync(
  paths: string[],
  onFile?: (done: number, total: number, path: string, version?: ListVersion, skipped?: string) => void,
): Promise<ImportResult> {
  const files = listFiles(paths)
  const versions: ListVersion[] = []
  const skipped: Skipped[] = []
  for (const [i, path] of files.entries()) {
    await new Promise((resolve) => setImmediate(resolve))
    const one = importPaths([path])
    versions.push(...one.versions)
    skipped.push(...one.skipped)
    onFile?.(i + 1, files.length, path, one.versions[0], one.skipped[0]?.reason)
  }
  return { versions, skipped }
}
