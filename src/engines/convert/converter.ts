/**
 * Documents converted off the event loop: a pool of worker processes (kit/offload.ts), each
 * conversion with a time limit from when a process takes it (past it, a 422) and a memory ceiling
 * (past it the process is killed and replaced, and the caller gets a 413 naming `memory`), and
 * the size limits of ConvertLimits checked while parsing (a ConvertError `too_large` naming the
 * limit, which services answer with 413). The knowledge service's uploads and the router's
 * /v1/convert/markdown both convert here.
 */
import { DEFAULT_MEMORY_MB, Offload } from '../../kit/offload.ts'
import { ConvertError, type ConvertLimits, type ConvertOptions, type ConvertResult } from './index.ts'
import type { ConvertOutcome, ConvertTask } from './worker.ts'

export interface ConverterOptions {
  /** Longest one conversion may take (ms); default 60,000. */
  timeoutMs?: number | undefined
  /** Worker processes at most (default: by cores and memory, kit/offload.ts). */
  maxWorkers?: number | undefined
  /** Resident memory one conversion may reach (MiB); default DEFAULT_MEMORY_MB. */
  memoryMb?: number | undefined
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
      maxWorkers: opts.maxWorkers,
      memoryMb: opts.memoryMb ?? DEFAULT_MEMORY_MB,
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
