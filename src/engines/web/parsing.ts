/**
 * The web tools' parsers, off the event loop: page extraction runs in a pool of worker processes
 * with a time limit and a memory ceiling per task (kit/offload.ts), documents in the converter's
 * (engines/convert/converter.ts), and a document's failure becomes the error a user can act on (415 unsupported, 413 over a size
 * limit it names, 422 corrupt, empty, nested too deep or too slow).
 */

import { AppError } from '../../kit/errors.ts'
import { Offload } from '../../kit/offload.ts'
import { DocumentConverter } from '../convert/converter.ts'
import { ConvertError, SUPPORTED_FORMATS } from '../convert/index.ts'
import type { ListingFacts } from '../realestate/listing-page.ts'
import type { ExtractedPage, ExtractOptions } from './extract.ts'
import type { ParseOutcome, ParseTask } from './parse-worker.ts'

export interface ParsingOptions {
  /** Longest a single parse may take (ms). */
  timeoutMs: number
  maxWorkers?: number | undefined
  /** Resident memory one parse may reach (MiB); default kit/offload.ts's DEFAULT_MEMORY_MB. */
  memoryMb?: number | undefined
}

export interface Converted {
  format: string
  markdown: string
  title?: string | undefined
  pages?: number | undefined
}

export class Parsing {
  private readonly pool: Offload<ParseTask, ParseOutcome>
  private readonly converter: DocumentConverter

  constructor(opts: ParsingOptions) {
    this.converter = new DocumentConverter(opts)
    this.pool = new Offload({
      filename: new URL('./parse-worker.ts', import.meta.url),
      name: 'document parsing',
      ...opts,
    })
  }

  async extract(html: string, url: string, opts: ExtractOptions): Promise<ExtractedPage> {
    return (await this.parse({ op: 'extract', html, url, opts })) as ExtractedPage
  }

  /** A listing page's price, area, disposition and location (src/engines/realestate/listing-page.ts). */
  async listing(html: string): Promise<ListingFacts> {
    return (await this.parse({ op: 'listing', html })) as ListingFacts
  }

  /** A page nested too deep is a 422, one of too many elements or table cells a 413, naming the limit. */
  private async parse(task: ParseTask): Promise<unknown> {
    const outcome = await this.pool.run(task)
    if (outcome.ok) return outcome.value
    throw new AppError(
      outcome.reason === 'too_large' ? 'payload_too_large' : 'unprocessable',
      outcome.message,
      { reason: outcome.reason, limit: outcome.limit },
    )
  }

  async convert(
    bytes: Uint8Array,
    opts: { filename?: string | undefined; contentType?: string | undefined },
  ): Promise<Converted> {
    try {
      return await this.converter.convert(bytes, opts)
    } catch (error) {
      if (!(error instanceof ConvertError)) throw error
      if (error.reason === 'unsupported')
        throw new AppError(
          'unsupported_media_type',
          `${error.message}. Supported: ${SUPPORTED_FORMATS.join(', ')}`,
          {
            supported: SUPPORTED_FORMATS,
          },
        )
      if (error.reason === 'too_large')
        throw new AppError('payload_too_large', error.message, { reason: error.reason, limit: error.limit })
      throw new AppError('unprocessable', error.message, {
        reason: error.reason,
        ...(error.limit ? { limit: error.limit } : {}),
      })
    }
  }

  async close(): Promise<void> {
    await this.pool.close()
    await this.converter.close()
  }
}
