/**
 * Documents converted off the event loop: a pool of worker threads (kit/offload.ts), each
 * conversion with a time limit after which its thread is stopped (the caller gets a 422), and
 * the size limits of ConvertLimits checked before and after parsing (a ConvertError
 * `too_large` naming the limit, which services answer with 413). Memory is bounded by those
 * limits and the upload size, not by a heap cap on the thread (see kit/offload.ts for why).
 * The knowledge service's uploads and the router's /v1/convert/markdown both convert here.
 */
import { Offload } from '../../kit/offload.ts'
import { ConvertError, type ConvertLimits, type ConvertOptions, type ConvertResult } from './index.ts'
import type { ConvertOutcome, ConvertTask } from './worker.ts'

export interface ConverterOptions {
  /** Longest one conversion may take (ms); default 60,000. */
  timeoutMs?: number | undefined
  maxThreads?: number | undefined
  limits?: Partial<ConvertLimits> | undefined
}

export class DocumentConverter {
  private readonly pool: Offload<ConvertTask, ConvertOutcome>
  private readonly limits: Partial<ConvertLimits> | undefined

  constructor(opts: ConverterOptions = {}) {
    this.limits = opts.limits
    this.pool = new Offload({
      filename: new URL('./worker.ts', import.meta.url),
      name: 'document conversion',
      timeoutMs: opts.timeoutMs ?? 60_000,
      ...(opts.maxThreads ? { maxThreads: opts.maxThreads } : {}),
    })
  }

  /** The document as Markdown, or a ConvertError (unsupported, corrupt, empty, too_large). */
  async convert(bytes: Uint8Array, opts: Omit<ConvertOptions, 'limits'> = {}): Promise<ConvertResult> {
    const outcome = await this.pool.run({
      bytes,
      filename: opts.filename,
      contentType: opts.contentType,
      limits: this.limits,
    })
    if (outcome.ok) return outcome.value
    throw new ConvertError(outcome.reason, outcome.message, outcome.limit ? { limit: outcome.limit } : {})
  }

  async close(): Promise<void> {
    await this.pool.close()
  }
}
