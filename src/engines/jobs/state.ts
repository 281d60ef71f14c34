/**
 * The job state machine. Every status change the queue makes is one of these edges; `canMove`
 * is what the queue checks before a transition a caller asked for (cancel, redrive), and the
 * table is what docs/router.md draws.
 *
 *   QUEUED ──claim──▶ RUNNING ──complete──▶ SUCCEEDED
 *     ▲                 │  │
 *     │ lease lapsed    │  └─fail (permanent)──▶ FAILED
 *     │ (attempts left) │
 *     └─────────────────┤──fail (retryable, attempts left)──▶ RETRYING ──backoff over, claim──▶ RUNNING
 *                       └──fail or lease lapsed on the last attempt──▶ DEAD
 *   QUEUED | RETRYING | RUNNING ──cancel──▶ CANCELLED
 */

export const JOB_STATUSES = [
  'QUEUED',
  'RUNNING',
  'SUCCEEDED',
  'FAILED',
  'RETRYING',
  'CANCELLED',
  'DEAD',
] as const

export type JobStatus = (typeof JOB_STATUSES)[number]

/** Statuses a job never leaves (a redrive makes a new job for the same task). */
const TERMINAL: readonly JobStatus[] = ['SUCCEEDED', 'FAILED', 'CANCELLED', 'DEAD']

export const TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  QUEUED: ['RUNNING', 'CANCELLED'],
  RETRYING: ['RUNNING', 'CANCELLED'],
  RUNNING: ['SUCCEEDED', 'FAILED', 'RETRYING', 'QUEUED', 'DEAD', 'CANCELLED'],
  SUCCEEDED: [],
  FAILED: [],
  CANCELLED: [],
  DEAD: [],
}

export function isTerminal(status: JobStatus): boolean {
  return TERMINAL.includes(status)
}

export function canMove(from: JobStatus, to: JobStatus): boolean {
  return TRANSITIONS[from].includes(to)
}

export type BackoffKind = 'fixed' | 'exponential'

/** Most a single backoff waits, whatever the attempt count: one hour (ms). */
export const MAX_BACKOFF_MS = 3_600_000

/**
 * Delay before the next attempt after `attempt` attempts have failed (attempt ≥ 1), in ms.
 * Exponential doubles from the base (base, 2×base, 4×base …) as BullMQ and Temporal do; no jitter,
 * so a schedule can be read back from the row and tested.
 */
export function backoffDelay(kind: BackoffKind, baseMs: number, attempt: number): number {
  const delay = kind === 'fixed' ? baseMs : baseMs * 2 ** Math.max(0, attempt - 1)
  return Math.min(delay, MAX_BACKOFF_MS)
}
