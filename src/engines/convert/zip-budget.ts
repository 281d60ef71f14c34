/**
 * What a ZIP package (DOCX) inflates to, measured before any parser sees it: the central
 * directory is read for the entry count, and every entry is inflated with zlib's
 * `maxOutputLength` against what is left of the budget, so a package that declares small sizes
 * and inflates to gigabytes (a "zip bomb") stops at the budget, whatever it declares. The
 * elements of its XML parts are counted on the way: a DOCX parser holds each as an object (about
 * 360 bytes in mammoth: 60 MiB of paragraphs, 5.5 M elements, took 2 GB), so their number is
 * bounded too.
 */
import { inflateRawSync } from 'node:zlib'

export interface ZipBudget {
  /** Bytes all entries may inflate to together. */
  maxBytes: number
  /** Entries at most. */
  maxEntries: number
  /** Elements of the XML parts (start and empty tags), all together, at most. */
  maxElements?: number | undefined
}

export type ZipVerdict =
  | { ok: true; entries: number; bytes: number; elements: number }
  | { ok: false; limit: 'entries' | 'bytes' | 'elements' | 'format'; message: string }

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

export function checkZip(zip: Uint8Array, budget: ZipBudget): ZipVerdict {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  // The end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes.
  let eocd = -1
  for (let i = zip.byteLength - 22; i >= Math.max(0, zip.byteLength - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return { ok: false, limit: 'format', message: 'not a ZIP package (no central directory)' }
  const count = view.getUint16(eocd + 10, true)
  const cdOffset = view.getUint32(eocd + 16, true)
  if (count === 0xffff || cdOffset === 0xffffffff)
    return {
      ok: false,
      limit: 'bytes',
      message: 'a ZIP64 package, larger than any document this service reads',
    }
  if (count > budget.maxEntries)
    return {
      ok: false,
      limit: 'entries',
      message: `the package holds ${count} files, more than ${budget.maxEntries}`,
    }
  let left = budget.maxBytes
  let elements = 0
  let at = cdOffset
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.byteLength || view.getUint32(at, true) !== CENTRAL)
      return { ok: false, limit: 'format', message: 'a damaged ZIP central directory' }
    const method = view.getUint16(at + 10, true)
    const compressed = view.getUint32(at + 20, true)
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    const name = ASCII.decode(zip.subarray(at + 46, at + 46 + nameLength))
    at += 46 + nameLength + extraLength + commentLength
    if (local + 30 > zip.byteLength || view.getUint32(local, true) !== LOCAL)
      return { ok: false, limit: 'format', message: 'a damaged ZIP entry' }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true)
    const data = zip.subarray(start, start + compressed)
    let content: Uint8Array
    if (method === 0) content = data
    else if (method === 8) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, left) })
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          return {
            ok: false,
            limit: 'bytes',
            message: `the package inflates to more than ${budget.maxBytes} bytes`,
          }
        return { ok: false, limit: 'format', message: 'a damaged ZIP entry' }
      }
    } else return { ok: false, limit: 'format', message: `a ZIP entry compressed with method ${method}` }
    const size = content.byteLength
    if (budget.maxElements !== undefined && /\.(xml|rels)$/i.test(name)) {
      elements += elementsIn(content)
      if (elements > budget.maxElements)
        return {
          ok: false,
          limit: 'elements',
          message: `its XML holds more than ${budget.maxElements} elements`,
        }
    }
    left -= size
    if (left < 0)
      return {
        ok: false,
        limit: 'bytes',
        message: `the package inflates to more than ${budget.maxBytes} bytes`,
      }
  }
  return { ok: true, entries: count, bytes: budget.maxBytes - left, elements }
}

const ASCII = new TextDecoder('latin1')

/** Start and empty-element tags in XML: each "<" not followed by "/", "?" or "!". */
function elementsIn(xml: Uint8Array): number {
  let n = 0
  for (let i = xml.indexOf(0x3c); i >= 0; i = xml.indexOf(0x3c, i + 1)) {
    const next = xml[i + 1]
    if (next !== 0x2f && next !== 0x3f && next !== 0x21) n++
  }
  return n
}
