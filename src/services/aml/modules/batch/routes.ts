/**
 * POST /api/aml/screen/batch: a client book of up to 100,000 subjects, as JSON `{subjects}` or a
 * CSV file uploaded as multipart/form-data (`file`), becomes a batch job (202 with its id);
 * GET /api/aml/screen/batch/{batch_id}: status, progress, counts per level and the results page
 * by page. Both take the operator keys; a key may have AML_BATCH_MAX_ACTIVE batches queued or
 * running at once (429 beyond), and batches do not count against the per-IP minute of single
 * screenings.
 *
 * Every subject is checked before anything is stored: a bad one is a 400 naming it
 * (`subjects.3.ico`, or the CSV line and column).
 */
import type { FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { multipartError } from '../../../../kit/multipart.ts'
import { keyOf, OPERATOR_SECURITY, operatorOnly } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import type { AmlStore } from '../../store.ts'
import type { ListsHolder } from '../lists/holder.ts'
import { type ClientBook, csvBook, jsonBook } from './client-book.ts'
import type { BatchRunner } from './runner.ts'
import {
  BatchAcceptedResponse,
  BatchBody,
  BatchIdParams,
  BatchQuery,
  BatchStatusResponse,
  BatchUpload,
} from './schemas.ts'
import type { Batch, BatchStore } from './store.ts'

/** Seconds a key over its batch limit is told to wait. */
const BUSY_RETRY_SECONDS = 30

export interface BatchDeps {
  batches: BatchStore
  /** Told when a batch is queued, so it starts at once. */
  batchRunner: Pick<BatchRunner, 'kick'>
  /** The screening id counter the batch's ids are reserved from. */
  store: Pick<AmlStore, 'next'>
  lists: Pick<ListsHolder, 'state'>
  /** Largest batch body, JSON or CSV upload (AML_BATCH_MAX_BYTES; default 32 MiB). */
  batchMaxBytes?: number | undefined
  /** Batches one key may have queued or running at once (AML_BATCH_MAX_ACTIVE; default 2). */
  batchMaxActive?: number | undefined
  /** Seconds a client is told to wait while the lists load (default 5). */
  loadingRetryAfterSeconds?: number | undefined
  /** Batches take one of these keys. */
  auditKeys: { adminKey: string; internalKey: string }
  now?: (() => Date) | undefined
}

export function registerBatch(app: App, deps: BatchDeps): void {
  const now = deps.now ?? (() => new Date())
  const maxBytes = deps.batchMaxBytes ?? 32 * 1024 * 1024
  const maxActive = deps.batchMaxActive ?? 2

  app.post(
    '/api/aml/screen/batch',
    {
      bodyLimit: maxBytes,
      onRequest: operatorOnly(deps.auditKeys, 'Batch screening'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['batch'],
        summary: 'Screen a client book of up to 100,000 subjects as a job',
        description:
          'JSON `{subjects: [...]}` (each a person or a company as in POST /api/aml/screen/complete, with an optional `reference`), or multipart/form-data with a CSV `file`. Answers 202 with the batch id; GET /api/aml/screen/batch/{batch_id} gives progress and results. Every subject is stored as its own screening in the audit trail.',
        // Fastify validates JSON; the multipart form is read by the handler (config.documentedBody).
        body: { content: { 'application/json': { schema: BatchBody } } },
        response: { 202: BatchAcceptedResponse },
      },
      config: {
        documentedBody: {
          contentType: 'multipart/form-data',
          schema: BatchUpload,
          description: 'A CSV client book',
        },
      },
    },
    async (request, reply) => {
      const key = keyOf(request, deps.auditKeys)!
      if (deps.lists.state.status !== 'ready') {
        const retry = deps.loadingRetryAfterSeconds ?? 5
        throw errors.unavailable(`Sanctions lists are not loaded yet; retry in ${retry} s`, retry, {
          state: deps.lists.state.status,
        })
      }
      const active = await deps.batches.activeCount(key)
      if (active >= maxActive) {
        throw new AppError(
          'rate_limited',
          `This key has ${active} batches queued or running (at most ${maxActive}, AML_BATCH_MAX_ACTIVE); retry when one has finished`,
          { limit: maxActive, active, retry_after_seconds: BUSY_RETRY_SECONDS },
          { 'retry-after': String(BUSY_RETRY_SECONDS) },
        )
      }
      let book: ClientBook
      let fileName: string | undefined
      if (request.isMultipart()) {
        const upload = await readUpload(request, maxBytes)
        fileName = upload.fileName
        book = await csvBook(upload.bytes)
      } else {
        const body = request.body as Static<typeof BatchBody> | undefined
        if (!body)
          throw errors.invalid(
            'body',
            'required',
            'send {"subjects": [...]} or a CSV file as multipart/form-data',
          )
        book = jsonBook(body.subjects as Record<string, unknown>[])
      }
      const at = now()
      const day = at.toISOString().slice(0, 10).replace(/-/g, '')
      const batchId = `AMLB-${day}-${String(await deps.store.next(`batch:${day}`)).padStart(6, '0')}`
      const source = fileName !== undefined ? 'csv' : 'json'
      await deps.batches.create({
        batchId,
        createdAt: at.toISOString(),
        createdBy: key,
        source,
        fileName,
        ignoredColumns: book.ignoredColumns,
        rows: book.rows.map((r) => ({ reference: r.reference, input: r.input, line: r.line })),
      })
      deps.batchRunner.kick()
      const statusUrl = `/api/aml/screen/batch/${batchId}`
      reply.code(202).header('location', statusUrl)
      request.log.info({ batch_id: batchId, total: book.rows.length, source, key }, 'batch accepted')
      return ok(reply, {
        batch_id: batchId,
        status: 'queued',
        source,
        file_name: fileName ?? null,
        created_at: at.toISOString(),
        total: book.rows.length,
        ignored_columns: book.ignoredColumns,
        status_url: statusUrl,
      })
    },
  )

  app.get(
    '/api/aml/screen/batch/:batch_id',
    {
      onRequest: operatorOnly(deps.auditKeys, 'Reading a batch'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['batch'],
        summary: 'Status, progress, counts per level and the results of a batch, page by page',
        params: BatchIdParams,
        querystring: BatchQuery,
        response: { 200: BatchStatusResponse },
      },
    },
    async (request, reply) => {
      const { batch_id } = request.params
      const batch = await deps.batches.get(batch_id)
      if (!batch) throw errors.notFound(`Batch ${batch_id}`, { batch_id })
      const { offset, limit, level, hits } = request.query
      const [summary, page] = await Promise.all([
        deps.batches.summary(batch_id),
        deps.batches.rows(batch_id, {
          offset,
          limit,
          ...(level ? { level } : {}),
          ...(hits ? { hitsOnly: true } : {}),
        }),
      ])
      return ok(reply, {
        ...batchFields(batch),
        created_by: batch.created_by,
        started_at: batch.started_at,
        finished_at: batch.finished_at,
        error: batch.error,
        progress: {
          done: batch.done,
          total: batch.total,
          percent: batch.total > 0 ? Math.round((batch.done / batch.total) * 1000) / 10 : 100,
        },
        summary: { levels: summary.levels, with_sanctions_hits: summary.withHits },
        results: {
          offset,
          limit,
          total: page.total,
          items: page.rows.map((r) => ({
            index: r.index,
            line: r.line,
            reference: r.reference,
            screening_id: r.screening_id!,
            level: r.level!,
            score: r.score ?? 0,
            completeness: r.completeness ?? 0,
            review_required: r.review_required ?? false,
            hits: r.hits ?? [],
          })),
        },
      })
    },
  )
}

function batchFields(b: Batch) {
  return {
    batch_id: b.batch_id,
    status: b.status,
    source: b.source,
    file_name: b.file_name,
    created_at: b.created_at,
    total: b.total,
    ignored_columns: b.ignored_columns,
  }
}

/** The one `file` part of the form (bounded by AML_BATCH_MAX_BYTES); any other part is a 400. */
async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  let upload: { bytes: Buffer; fileName: string } | undefined
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 },
    })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        if (part.type === 'file') await part.toBuffer().catch(() => undefined)
        throw errors.invalid(
          part.fieldname,
          'unknown part',
          `part "${part.fieldname}" is not accepted; send the CSV client book as the file part "file"`,
        )
      }
      upload = { bytes: await part.toBuffer(), fileName: part.filename || 'upload.csv' }
    }
  } catch (error) {
    throw multipartError(error, { fileBytes: maxBytes, fileBytesVariable: 'AML_BATCH_MAX_BYTES', parts: 1 })
  }
  if (!upload) throw errors.invalid('file', 'required', 'part "file" is required (the CSV client book)')
  return upload
}
