/**
 * Screening through the AML service: one subject (POST /api/aml/screen/complete with the internal
 * key), the audit trail's list and one record (with the admin key), and a record as a PDF (the
 * document made here, printed by the router's browser: ADR 0005). Analysts and admins.
 */
import type { Static } from 'typebox'
import { ok } from '../../../kit/envelope.ts'
import { Media } from '../../../kit/schemas.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { requireRole, signedIn } from '../auth.ts'
import { recordHtml } from '../record-html.ts'
import {
  HistoryExportQuery,
  HistoryQuery,
  HistoryResponse,
  PdfQuery,
  ScreeningIdParams,
  ScreeningRecordResponse,
  ScreeningResponse,
  SubjectBody,
} from '../schemas.ts'

type History = Static<typeof HistoryResponse>['data']

/** At most this many rows in one export, asked of the AML service this many at a time. */
const EXPORT_ROWS = 10_000
const EXPORT_PAGE = 200

/**
 * A CSV cell as spreadsheets read it: quoted when it holds the separator, a quote or a line break;
 * a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading ' (OWASP).
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The history as CSV: Czech spreadsheets take ";" between cells and UTF-8 with a byte-order mark. */
export function historyCsv(rows: History['screenings']): string {
  const lines = [['screening_id', 'created_at', 'subject', 'subject_type', 'risk_level', 'screened_by']]
  for (const r of rows)
    lines.push([r.screening_id, r.created_at, r.subject, r.subject_type, r.risk_level, r.screened_by ?? ''])
  return `\uFEFF${lines.map((l) => l.map(cell).join(';')).join('\r\n')}\r\n`
}

export function registerScreening(app: App, deps: ConsoleDeps): void {
  const analyst = requireRole('analyst')

  app.post(
    '/api/screenings',
    {
      onRequest: analyst,
      schema: {
        tags: ['screening'],
        summary: 'Screen a person or a company (the AML service’s complete screening)',
        body: SubjectBody,
        response: { 200: ScreeningResponse },
      },
    },
    async (request, reply) => {
      const user = signedIn(request).user
      const result = await deps.upstreams.call('aml', 'internal', (aml) =>
        // The user it acts for (ADR 0006): the trail names them, and they are limited as themselves.
        aml.POST('/api/aml/screen/complete', { body: request.body, headers: { 'x-acting-user': user.name } }),
      )
      await deps.store.recordScreening(result.screening_id, user.name)
      request.log.info({ user: user.name, screening_id: result.screening_id }, 'console screening')
      return ok(reply, { ...result, screened_by: user.name })
    },
  )

  app.get(
    '/api/screenings',
    {
      onRequest: analyst,
      schema: {
        tags: ['screening'],
        summary: 'The screening history (the AML audit trail), newest first, searchable',
        querystring: HistoryQuery,
        response: { 200: HistoryResponse },
      },
    },
    async (request, reply) => {
      const answer = await deps.upstreams.call('aml', 'admin', (aml) =>
        aml.GET('/api/aml/screenings', { params: { query: request.query } }),
      )
      return ok(reply, answer.data)
    },
  )

  app.get(
    '/api/screenings/export.csv',
    {
      onRequest: analyst,
      schema: {
        tags: ['screening'],
        summary: `The history as CSV for a spreadsheet (";", UTF-8 with BOM), every row the filter matches up to ${EXPORT_ROWS.toLocaleString('en')}`,
        querystring: HistoryExportQuery,
        response: { 200: Media('text/csv', 'the screenings: id, time, subject, type, level, screened by') },
      },
    },
    async (request, reply) => {
      const rows: History['screenings'] = []
      for (let offset = 0; offset < EXPORT_ROWS; offset += EXPORT_PAGE) {
        const page = await deps.upstreams.call('aml', 'admin', (aml) =>
          aml.GET('/api/aml/screenings', {
            params: { query: { ...request.query, limit: EXPORT_PAGE, offset } },
          }),
        )
        rows.push(...page.data.screenings)
        if (page.data.screenings.length < EXPORT_PAGE) break
      }
      const day = new Date().toISOString().slice(0, 10)
      request.log.info({ user: signedIn(request).user.name, rows: rows.length }, 'console history export')
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="screenings-${day}.csv"`)
        .send(historyCsv(rows))
    },
  )

  app.get(
    '/api/screenings/:screening_id',
    {
      onRequest: analyst,
      schema: {
        tags: ['screening'],
        summary: 'One screening record: input, list versions used, result',
        params: ScreeningIdParams,
        response: { 200: ScreeningRecordResponse },
      },
    },
    async (request, reply) => {
      const id = request.params.screening_id
      const [answer, by] = await Promise.all([
        deps.upstreams.call('aml', 'admin', (aml) =>
          aml.GET('/api/aml/screenings/{screening_id}', { params: { path: { screening_id: id } } }),
        ),
        deps.store.screenedBy(id),
      ])
      const record = answer.data
      // Who screened, where the app shows it: on the record's result, as right after screening.
      return ok(
        reply,
        by && record.result ? { ...record, result: { ...record.result, screened_by: by } } : record,
      )
    },
  )

  app.get(
    '/api/screenings/:screening_id/pdf',
    {
      onRequest: analyst,
      schema: {
        tags: ['screening'],
        summary: 'One screening record as a PDF, printed by the router’s browser (503 when it cannot)',
        params: ScreeningIdParams,
        querystring: PdfQuery,
        response: { 200: Media('application/pdf', 'the screening record (A4)') },
      },
    },
    async (request, reply) => {
      const id = request.params.screening_id
      const [answer, by] = await Promise.all([
        deps.upstreams.call('aml', 'admin', (aml) =>
          aml.GET('/api/aml/screenings/{screening_id}', { params: { path: { screening_id: id } } }),
        ),
        deps.store.screenedBy(id),
      ])
      const user = signedIn(request).user
      const html = recordHtml(answer.data, {
        screenedBy: by,
        printedBy: user.name,
        printedAt: new Date(),
        lang: request.query.lang ?? 'cs',
      })
      const pdf = await deps.upstreams.pdf(html)
      request.log.info({ user: user.name, screening_id: id, bytes: pdf.byteLength }, 'console record PDF')
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${id}.pdf"`)
        .header('content-length', pdf.byteLength)
        .send(pdf)
    },
  )
}
