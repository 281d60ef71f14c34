/**
 * Running batches: the service's background worker and `gatehouse aml screen` both screen a batch
 * here, chunk by chunk, with the engine's `screen()` (the same code path as one screening), and
 * write each chunk — the audit record of every subject, the rows' results and the progress — in
 * one transaction.
 *
 * A process takes a batch by a lease in the database and renews it while it works; the lease of
 * a process that dies runs out (LEASE_MS) and any instance, or the same one restarted, takes the
 * batch over at the first row not yet written. A process that stops in an orderly way gives its
 * batch back at once. Screening yields to the event loop every few milliseconds, and each chunk
 * holds one of the service's screening slots (AML_MAX_CONCURRENT), so single screenings keep
 * being answered while a batch runs.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import {
  type Hit,
  isPerson,
  type ListVersionInfo,
  type Screener,
  type ScreeningOutcome,
  screenedVersions,
} from '../../../../engines/aml/index.ts'
import { AppError } from '../../../../kit/errors.ts'
import type { Logger } from '../../../../kit/logger.ts'
import type { Semaphore } from '../../../../kit/semaphore.ts'
import type { AmlStore } from '../../store.ts'
import { subjectOf } from '../screening/schemas.ts'
import {
  type Batch,
  type BatchStore,
  type DoneRow,
  LeaseLost,
  type PendingRow,
  type ShortHit,
} from './store.ts'

/** What a batch screens with: the loaded lists' screener and the versions it screens against. */
export interface BatchScreening {
  screener: Screener
  versions: ListVersionInfo[]
}

export interface BatchRunnerOptions {
  batches: BatchStore
  store: AmlStore
  /** The screener now, or undefined while the lists load (the runner waits). */
  screening: () => BatchScreening | undefined
  logger: Logger
  /** A chunk holds one slot while it is screened. */
  slots?: Semaphore
  /** This process, as lease holder. */
  owner?: string
  chunkSize?: number
  leaseMs?: number
  /** Subjects screened at once within a chunk (companies wait for ARES and ISIR). */
  concurrency?: number
  /** How often an idle runner looks for batches (queued on another instance, or orphaned). */
  pollMs?: number
  now?: () => Date
}

/** Called as a batch's rows are screened: the batch and how many rows are done. */
export type OnBatchProgress = (batch: Batch, done: number) => void

/** Rows per transaction. */
const CHUNK_SIZE = 100
/** A lease not renewed for this long is taken over (ms). */
export const LEASE_MS = 60_000

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/** The sanctions hits of a screening in short. */
function shortHits(outcome: ScreeningOutcome): ShortHit[] {
  const matches = (outcome.modules.sanctions?.data.matches as Hit[] | undefined) ?? []
  return matches.map((h) => ({
    list: h.list,
    list_id: h.list_id,
    matched_name: h.matched_name,
    score: h.score,
  }))
}

export class BatchRunner {
  readonly owner: string
  private readonly opts: Required<Omit<BatchRunnerOptions, 'slots'>> & { slots?: Semaphore }
  private loop: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private closed = false
  private again = false

  constructor(opts: BatchRunnerOptions) {
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
    this.opts = {
      chunkSize: CHUNK_SIZE,
      leaseMs: LEASE_MS,
      concurrency: 8,
      pollMs: 15_000,
      now: () => new Date(),
      ...opts,
      owner: this.owner,
    }
  }

  /**
   * Looks for work now and then every `pollMs` (batches of other instances, orphaned ones). Once
   * closed, nothing: it may be started from the lists' ready callback after the service closed.
   */
  start(): void {
    if (this.closed) return
    this.timer ??= setInterval(() => this.kick(), this.opts.pollMs)
    this.timer.unref()
    this.kick()
  }

  /** Runs queued and orphaned batches until none is left; a call while running looks once more. */
  kick(): void {
    if (this.closed) return
    if (this.loop) {
      this.again = true
      return
    }
    this.loop = this.drain()
      .catch((error) =>
        this.opts.logger.error({ err: error }, 'batch runner stopped; it retries on its next poll'),
      )
      .finally(() => {
        this.loop = undefined
        if (this.again && !this.closed) {
          this.again = false
          this.kick()
        }
      })
  }

  /** Stops after the chunk in progress and gives the batch back. */
  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    await this.loop
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.again = false
      if (this.closed || !this.opts.screening()) return
      const batch = await this.opts.batches.claim(this.owner, this.opts.now(), this.opts.leaseMs)
      if (!batch) return
      await this.process(batch)
    }
  }

  /**
   * Screens a batch this process holds to its end (or until it stops or loses the lease):
   * `gatehouse aml screen` calls it for the batch it created.
   */
  async process(batch: Batch, onProgress?: OnBatchProgress): Promise<'completed' | 'failed' | 'released'> {
    const { batches, leaseMs, logger } = this.opts
    const id = batch.batch_id
    let lost = false
    const renew = setInterval(() => {
      batches
        .renew(id, this.owner, new Date(this.opts.now().getTime() + leaseMs))
        .then((held) => {
          if (!held) lost = true
        })
        .catch((error) => logger.warn({ err: error, batch_id: id }, 'batch lease not renewed'))
    }, leaseMs / 3)
    renew.unref()
    let done = batch.done
    try {
      for (;;) {
        const screening = this.opts.screening()
        if (this.closed || lost || !screening) {
          if (!lost) await batches.release(id, this.owner)
          return 'released'
        }
        const rows = await batches.pending(id, this.opts.chunkSize)
        if (rows.length === 0) {
          await batches.finish(id, this.owner, 'completed')
          logger.info({ batch_id: id, total: batch.total }, 'batch completed')
          return 'completed'
        }
        let results: DoneRow[]
        try {
          results = await this.withSlot(() => this.screenChunk(screening, rows))
        } catch (error) {
          if (error instanceof AppError && error.code === 'invalid_request') {
            // A stored subject the current rules refuse (the service was upgraded meanwhile).
            await batches.finish(id, this.owner, 'failed', error.message)
            return 'failed'
          }
          throw error
        }
        await batches.saveChunk(id, this.owner, results, new Date(this.opts.now().getTime() + leaseMs))
        done += results.length
        onProgress?.(batch, done)
      }
    } catch (error) {
      if (error instanceof LeaseLost) return 'released'
      await batches.release(id, this.owner).catch(() => undefined)
      throw error
    } finally {
      clearInterval(renew)
    }
  }

  private async withSlot<T>(work: () => Promise<T>): Promise<T> {
    const slots = this.opts.slots
    if (!slots) return work()
    for (;;) {
      const release = await slots.acquire()
      if (release) {
        try {
          return await work()
        } finally {
          release()
        }
      }
      if (this.closed) throw new Error('stopping')
      await sleep(500)
    }
  }

  /** Screens rows (a few at once, yielding to the event loop) and gives each its id and record. */
  private async screenChunk(screening: BatchScreening, rows: PendingRow[]): Promise<DoneRow[]> {
    const subjects = rows.map((r) => subjectOf(r.input as Parameters<typeof subjectOf>[0]))
    const outcomes: { outcome: ScreeningOutcome; at: Date }[] = new Array(rows.length)
    let next = 0
    // One pause for all workers: once 10 ms went by since the loop last turned, every worker waits
    // for the same turn (a pause per worker would let each run its own 10 ms in one turn).
    let lastYield = performance.now()
    let pause: Promise<void> | undefined
    const breathe = async () => {
      if (!pause && performance.now() - lastYield > 10) {
        pause = yieldToLoop().then(() => {
          lastYield = performance.now()
          pause = undefined
        })
      }
      if (pause) await pause
    }
    const worker = async () => {
      while (next < rows.length) {
        const i = next++
        const outcome = await screening.screener.screen(subjects[i]!)
        outcomes[i] = { outcome, at: this.opts.now() }
        await breathe()
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, rows.length) }, worker))

    // Ids: one reserved range per day the chunk's screenings fall on (one, except at midnight).
    const byDay = new Map<string, number[]>()
    for (const [i, o] of outcomes.entries()) {
      const day = o.at.toISOString().slice(0, 10).replace(/-/g, '')
      byDay.set(day, [...(byDay.get(day) ?? []), i])
    }
    const ids: string[] = new Array(rows.length)
    for (const [day, members] of byDay) {
      const first = await this.opts.store.reserve(`screening:${day}`, members.length)
      members.forEach((i, k) => {
        ids[i] = `AML-${day}-${String(first + k).padStart(6, '0')}`
      })
    }
    const listVersions = screenedVersions(screening.versions)
    return rows.map((row, i) => {
      const { outcome, at } = outcomes[i]!
      const result = { screening_id: ids[i]!, timestamp: at.toISOString(), ...outcome }
      const risk = outcome.overall_risk as ScreeningOutcome['overall_risk'] & { review_required?: boolean }
      return {
        ...row,
        screening_id: ids[i]!,
        level: risk.level,
        score: risk.score,
        completeness: outcome.completeness,
        review_required: risk.review_required === true,
        hits: shortHits(outcome),
        audit: {
          created_at: result.timestamp,
          subject_type: isPerson(subjects[i]!) ? 'person' : 'company',
          input: row.reference === null ? row.input : { ...row.input, reference: row.reference },
          list_versions: listVersions,
          result: JSON.stringify(result),
        },
      }
    })
  }
}
