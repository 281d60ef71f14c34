/**
 * What the discovery routes share: the context built once per app, the documented error
 * responses, and the guard that turns an invalid dataset into 503 on every data endpoint.
 */
import type { RecordType } from '../../../engines/discovery/dataset.ts'
import { AppError } from '../../../kit/errors.ts'
import type { DatasetState, LruCache, ReadyDataset } from '../store.ts'

export const API_VERSION = '0.1.0'

/** The spec's limit on a preview request body, in bytes; larger bodies get 413 unread. */
export const BODY_LIMIT_BYTES = 16 * 1024

interface CachedResponse {
  etag: string
  /** The SearchBody serialized once: a repeated search is sent as this text. */
  body: string
}

export interface SearchBody {
  query: string
  count: number
  results: Array<{
    id: string
    title: string
    description: string
    canonical_url: string
    updated: string
    type: RecordType
    score: number
  }>
  source: 'curated_public_snapshot'
  data_version: string
}

export interface DiscoveryContext {
  dataset: DatasetState
  origin: string
  rateLimitPerMinute: number
  securityContact: string
  /** Everything a data ETag depends on besides the request: data_version, file digest, origin. */
  etagBase: string
  searchCache: LruCache<CachedResponse>
  now: () => number
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The input breaks a rule; `details` names the parameter or field (`field`), where it is (`location`) and the rule (`rule`).',
  404: 'No such record or route.',
  413: 'The request body is larger than 16 KiB; it was not read.',
  415: 'The request body is not `application/json`.',
  429: 'The per-IP rate limit is spent; retry after `Retry-After` seconds.',
  500: 'Unexpected failure; the request id identifies it in the logs.',
  503: 'The dataset failed validation at start-up, so there is no data to serve (the operator must fix the dataset and restart).',
}

/** Response entries for the given error statuses, each the shared Error component. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {}
  for (const status of statuses) {
    out[status] = {
      $ref: 'Error#',
      description: DESCRIPTIONS[status],
      ...(status === 429
        ? {
            headers: {
              'Retry-After': {
                type: 'integer',
                minimum: 1,
                description: 'Seconds until a request may succeed.',
              },
            },
          }
        : {}),
    }
  }
  return out
}

/** The dataset, or a 503 that says why there is none. */
export function requireDataset(ctx: DiscoveryContext): ReadyDataset {
  if (ctx.dataset.ok) return ctx.dataset
  throw new AppError(
    'service_unavailable',
    'The discovery dataset failed validation, so no data can be served. The operator must fix the dataset (`gatehouse dataset check FILE` lists the problems) and restart the service.',
    { reason: 'dataset_invalid', problems: ctx.dataset.problems.length },
  )
}

/** The PublicRecord fields of a record, in the spec's order, and nothing else. */
export function publicFields(r: {
  id: string
  title: string
  description: string
  canonical_url: string
  updated: string
}) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    canonical_url: r.canonical_url,
    updated: r.updated,
  }
}
