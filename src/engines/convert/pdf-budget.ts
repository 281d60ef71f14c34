/**
 * What a PDF's streams decode to, measured before pdf.js reads any of them: every stream
 * compressed with FlateDecode alone (content streams, fonts, object streams; images are skipped,
 * text extraction never decodes them) is inflated and its output counted, not kept, against what
 * is left of the budget. A 1 MB PDF whose content stream inflates to 1 GiB stops at the budget.
 *
 * Streams under other filters, or encrypted (a PDF with /Encrypt), cannot be measured this way;
 * they are bounded by the converter's memory ceiling (kit/offload.ts).
 */
import { constants, createInflate } from 'node:zlib'

export type StreamVerdict = { ok: true; bytes: number } | { ok: false; bytes: number }

const LATIN1 = new TextDecoder('latin1')
/** How far before a `stream` keyword its dictionary is looked for (bytes). */
const DICT_WINDOW = 4096
const OTHER_FILTERS =
  /\/(ASCIIHexDecode|AHx|ASCII85Decode|A85|LZWDecode|LZW|RunLengthDecode|RL|Crypt|DCTDecode|JPXDecode|JBIG2Decode|CCITTFaxDecode)\b/

export async function checkPdfStreams(pdf: Uint8Array, maxBytes: number): Promise<StreamVerdict> {
  const text = LATIN1.decode(pdf)
  if (/\/Encrypt\b/.test(text.slice(-65_536))) return { ok: true, bytes: 0 }
  let left = maxBytes
  let at = text.indexOf('stream')
  while (at >= 0) {
    const isKeyword = text.charCodeAt(at - 1) !== 0x64 /* not the end of "endstream" */
    let start = at + 6
    if (isKeyword && (text[start] === '\r' || text[start] === '\n')) {
      if (text[start] === '\r' && text[start + 1] === '\n') start += 2
      else start += 1
      const end = text.indexOf('endstream', start)
      if (end < 0) break
      const dict = text.slice(Math.max(0, at - DICT_WINDOW), at)
      const own = dict.slice(dict.lastIndexOf(' obj') + 1)
      if (/\/FlateDecode\b/.test(own) && !OTHER_FILTERS.test(own) && !/\/Subtype\s*\/Image\b/.test(own)) {
        const size = await inflatedSize(pdf.subarray(start, end), left)
        left -= size
        if (left < 0) return { ok: false, bytes: maxBytes - left }
      }
      at = text.indexOf('stream', end + 9)
    } else at = text.indexOf('stream', at + 6)
  }
  return { ok: true, bytes: maxBytes - left }
}

/** Bytes `data` inflates to, counted chunk by chunk and given up once past `max` (then max + 1). */
function inflatedSize(data: Uint8Array, max: number): Promise<number> {
  return new Promise((resolve) => {
    // Sync flush: a stream cut short or with trailing junk still counts what it decodes to.
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH })
    let size = 0
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > max) {
        inflate.destroy()
        resolve(max + 1)
      }
    })
    inflate.on('end', () => resolve(size))
    inflate.on('error', () => resolve(size))
    inflate.end(data)
  })
}
