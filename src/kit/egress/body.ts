/**
 * Reading an answer's body within the guard's limits: at most maxBytes raw and maxBytes decoded
 * (gzip, deflate, br), and decoding it to text by its declared charset.
 */
import type { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { EgressRefused, redact } from './refusal.ts'

/** Reads a body up to maxBytes raw and maxBytes decoded; over either, EGRESS_TOO_LARGE. */
export async function readCapped(
  body: Readable,
  headers: Headers,
  maxBytes: number,
  signal: AbortSignal,
  url: URL,
  hop: number,
): Promise<Buffer> {
  const tooLarge = () =>
    new EgressRefused('egress_too_large', `url: the answer is larger than ${maxBytes} bytes`, {
      url: redact(url),
      limit_bytes: maxBytes,
      ...(hop > 0 ? { hop } : {}),
    })
  const declared = Number(headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(body)
    throw tooLarge()
  }
  const encoding = (headers.get('content-encoding') ?? '').trim().toLowerCase()
  const decoder = decoderFor(encoding)
  let raw = 0
  async function* countRaw(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      raw += chunk.length
      if (raw > maxBytes) throw tooLarge()
      yield chunk
    }
  }
  const chunks: Buffer[] = []
  let size = 0
  async function collect(source: AsyncIterable<Buffer>): Promise<void> {
    for await (const chunk of source) {
      size += chunk.length
      if (size > maxBytes) throw tooLarge()
      chunks.push(chunk)
    }
  }
  if (decoder) await pipeline(body, countRaw, decoder, collect, { signal })
  else await pipeline(body, countRaw, collect, { signal })
  if (decoder) {
    headers.delete('content-encoding')
    headers.delete('content-length')
  }
  return Buffer.concat(chunks, size)
}

/** Drops a body unread (its connection closes); the abort it raises is expected, not an error. */
export function discard(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
}

function decoderFor(encoding: string): Transform | undefined {
  // Truncated streams are common on the web; take what arrived instead of failing the page.
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH }
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip(flush)
  if (encoding === 'deflate') return zlib.createInflate(flush)
  if (encoding === 'br')
    return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
  return undefined
}

/** Decodes a body: the Content-Type charset, else a <meta charset> near the top, else UTF-8. */
export function decodeText(body: Buffer, contentType: string | null): string {
  const declared = /charset\s*=\s*"?([A-Za-z0-9_.:-]{1,40})/i.exec(contentType ?? '')?.[1]
  const head = body.subarray(0, 2048).toString('latin1')
  const meta = /<meta[^>]{0,200}?charset\s*=\s*["']?([A-Za-z0-9_.:-]{1,40})/i.exec(head)?.[1]
  for (const label of [declared, meta]) {
    if (!label) continue
    try {
      return new TextDecoder(label).decode(body)
    } catch {
      // An unknown label: try the next source.
    }
  }
  return new TextDecoder('utf-8').decode(body)
}
