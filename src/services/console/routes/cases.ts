/**
 * Case review, monitoring alerts and client books for analysts and admins, through the AML
 * service (which owns them). Every change is sent with the internal key and the signed-in user in
 * X-Acting-User, so the case's trail and four eyes name the person (ADR 0006).
 *
 * A client book is uploaded as the file's bytes (text/csv, up to 32 MiB: the AML service reads
 * UTF-8 with or without BOM and Windows-1250, `;` or `,`), passed on as a batch; its progress is
 * read back, and its results downloaded as a Czech CSV (`;`, UTF-8 with BOM: Excel opens it).
 */
import type { FastifyInstance } from 'fastify'
import type { Static } from 'typebox'
import { ok } from '../../../kit/envelope.ts'
import { AppError } from '../../../kit/errors.ts'
import { Media } from '../../../kit/schemas.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { requireRole, signedIn } from '../auth.ts'
import {
  AckBody,
  AckParams,
  AckResponse,
  AlertsQuery,
  AlertsResponse,
  AssignBody,
  BookCreatedResponse,
  BookParams,
  BookQuery,
  BookQueryPage,
  BookResponse,
  CaseIdParams,
  CaseResponse,
  CasesQuery,
  CasesResponse,
  CloseBody,
  CommentBody,
  DecisionBody,
  EnrolBody,
  EnrolResponse,
  HitParams,
} from '../case-schemas.ts'

/** Largest client book (bytes), as the AML service's default AML_BATCH_MAX_BYTES. */
const BOOK_MAX_BYTES = 32 * 1024 * 1024
/** Results read per page when the whole book is downloaded (the AML service's largest page). */
const RESULTS_PAGE = 1000

/** A CSV cell: quoted when it holds the separator, a quote or a line break; formulas defused. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  // A cell starting with = + - @ is a formula to a spreadsheet: a client's name must not run.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function registerCases(app: App, deps: ConsoleDeps): void {
  const analyst = requireRole('analyst')
  const aml = deps.upstreams

  /** The signed-in user a change is made as (ADR 0006). */
  const acting = (user: string) => ({ 'x-acting-user': user })

  app.get(
    '/api/cases',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'The cases queue: by status, assignee, level, source and age',
        querystring: CasesQuery,
        response: { 200: CasesResponse },
      },
    },
    async (request, reply) => {
      const answer = await aml.call('aml', 'internal', (c) =>
        c.GET('/api/aml/cases', { params: { query: request.query } }),
      )
      return ok(reply, answer.data)
    },
  )

  app.get(
    '/api/cases/:case_id',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'One case: the hits with their listed entities, decisions, pending closure and trail',
        params: CaseIdParams,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const answer = await aml.call('aml', 'internal', (c) =>
        c.GET('/api/aml/cases/{case_id}', { params: { path: { case_id: request.params.case_id } } }),
      )
      return ok(reply, answer.data)
    },
  )

  const actions = [
    ['assign', 'Assign the case (null: nobody)', AssignBody],
    ['comment', 'Add a comment to the trail', CommentBody],
    [
      'close',
      'Close as cleared, confirmed or escalated (clearing a HIGH or CRITICAL false positive waits for a second person)',
      CloseBody,
    ],
    [
      'approve',
      'Approve a closure waiting for a second person (not the one who asked or decided)',
      CommentBody,
    ],
    ['reject', 'Send a closure waiting for approval back to review', CommentBody],
  ] as const
  for (const [action, summary, body] of actions) {
    app.post(
      `/api/cases/:case_id/${action}`,
      {
        onRequest: analyst,
        schema: { tags: ['cases'], summary, params: CaseIdParams, body, response: { 200: CaseResponse } },
      },
      async (request, reply) => {
        const { case_id } = request.params as { case_id: string }
        const answer = await aml.call('aml', 'internal', (c) =>
          c.POST(`/api/aml/cases/{case_id}/${action}`, {
            params: { path: { case_id } },
            body: request.body as never,
            headers: acting(signedIn(request).user.name),
          }),
        )
        return ok(reply, answer.data)
      },
    )
  }

  app.post(
    '/api/cases/:case_id/hits/:hit_no/decision',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'Decide one hit, with a comment',
        params: HitParams,
        body: DecisionBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const { case_id, hit_no } = request.params
      const answer = await aml.call('aml', 'internal', (c) =>
        c.POST('/api/aml/cases/{case_id}/hits/{hit_no}/decision', {
          params: { path: { case_id, hit_no } },
          body: request.body,
          headers: acting(signedIn(request).user.name),
        }),
      )
      return ok(reply, answer.data)
    },
  )

  app.get(
    '/api/alerts',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'Monitoring alerts, newest first, each with its case (new and changed hits)',
        querystring: AlertsQuery,
        response: { 200: AlertsResponse },
      },
    },
    async (request, reply) => {
      const answer = await aml.call('aml', 'internal', (c) =>
        c.GET('/api/aml/monitor/alerts', { params: { query: request.query } }),
      )
      return ok(reply, answer.data)
    },
  )

  app.post(
    '/api/alerts/:alert_id/ack',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'Acknowledge an alert that has no case (a removed hit), saying why',
        params: AckParams,
        body: AckBody,
        response: { 200: AckResponse },
      },
    },
    async (request, reply) => {
      const answer = await aml.call('aml', 'internal', (c) =>
        c.POST('/api/aml/monitor/alerts/{alert_id}/ack', {
          params: { path: { alert_id: request.params.alert_id } },
          body: { by: signedIn(request).user.name, reason: request.body.reason },
        }),
      )
      return ok(reply, answer.data)
    },
  )

  app.post(
    '/api/monitoring',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary:
          'Enrol screened clients into monitoring: subjects with their client numbers, or a client book',
        body: EnrolBody,
        response: { 200: EnrolResponse },
      },
    },
    async (request, reply) => {
      const answer = await aml.call('aml', 'internal', (c) =>
        c.POST('/api/aml/monitor', { body: request.body, headers: acting(signedIn(request).user.name) }),
      )
      return ok(reply, answer.data)
    },
  )

  // The upload takes the file's bytes: its own body parser and limit, in a scope of its own.
  app.register(async (scope: FastifyInstance) => {
    scope.addContentTypeParser(
      ['text/csv', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: BOOK_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      '/api/client-books',
      {
        onRequest: analyst,
        bodyLimit: BOOK_MAX_BYTES,
        config: {
          documentedBody: {
            contentType: 'text/csv',
            description:
              'The client book: a CSV file (UTF-8 with or without BOM, or Windows-1250; `;` or `,`)',
            schema: { type: 'string', format: 'binary' },
          },
        },
        schema: {
          tags: ['cases'],
          summary: 'Upload a client book: it is screened as an AML batch (202 with its id)',
          querystring: BookQuery,
          response: { 202: BookCreatedResponse },
        },
      },
      async (request, reply) => {
        const file = request.body
        if (!Buffer.isBuffer(file) || file.length === 0)
          throw new AppError('invalid_request', 'Send the client book as text/csv', {
            field: 'file',
            rule: 'required',
          })
        const name = (request.query as { name?: string }).name ?? 'client-book.csv'
        const answer = await aml.uploadClientBook<{ data: Static<typeof BookCreatedResponse>['data'] }>(
          file,
          name,
          signedIn(request).user.name,
        )
        request.log.info({ user: signedIn(request).user.name, batch_id: answer.data.batch_id }, 'client book')
        return reply.code(202).send(ok(reply, answer.data))
      },
    )
  })

  app.get(
    '/api/client-books/:batch_id',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'A client book’s progress, summary and a page of its results',
        params: BookParams,
        querystring: BookQueryPage,
        response: { 200: BookResponse },
      },
    },
    async (request, reply) => {
      const answer = await aml.call('aml', 'internal', (c) =>
        c.GET('/api/aml/screen/batch/{batch_id}', {
          params: { path: { batch_id: request.params.batch_id }, query: request.query },
        }),
      )
      return ok(reply, answer.data)
    },
  )

  app.get(
    '/api/client-books/:batch_id/results.csv',
    {
      onRequest: analyst,
      schema: {
        tags: ['cases'],
        summary: 'All results of a client book as a CSV (`;`, UTF-8 with BOM)',
        params: BookParams,
        response: {
          200: Media('text/csv', 'one line per client: reference, level, score, hits, screening id'),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.batch_id
      const lines = [
        ['line', 'reference', 'level', 'score', 'review_required', 'hits', 'best_hit', 'screening_id'].join(
          ';',
        ),
      ]
      for (let offset = 0; ; offset += RESULTS_PAGE) {
        const page = await aml.call('aml', 'internal', (c) =>
          c.GET('/api/aml/screen/batch/{batch_id}', {
            params: { path: { batch_id: id }, query: { offset, limit: RESULTS_PAGE } },
          }),
        )
        for (const r of page.data.results.items) {
          const best = r.hits[0]
          lines.push(
            [
              r.line,
              r.reference,
              r.level,
              r.score,
              r.review_required ? 'yes' : 'no',
              r.hits.length,
              best ? `${best.list} ${best.list_id} ${best.matched_name} (${best.score})` : '',
              r.screening_id,
            ]
              .map(cell)
              .join(';'),
          )
        }
        if (offset + RESULTS_PAGE >= page.data.results.total) break
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${id}.csv"`)
        .send(`\uFEFF${lines.join('\r\n')}\r\n`)
    },
  )
}
