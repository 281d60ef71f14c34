/**
 * Screening through the AML service: one subject (POST /api/aml/screen/complete with the internal
 * key), the audit trail's list and one record (with the admin key), and a record as a PDF (the
 * document made here, printed by the router's browser: ADR 0005). Analysts and admins.
 */

import { ok } from '../../../kit/envelope.ts'
import { Media } from '../../../kit/schemas.ts'
import type { App } from '../../../kit/server.ts'
import type { ConsoleDeps } from '../app.ts'
import { requireRole, signedIn } from '../auth.ts'
import { recordHtml } from '../record-html.ts'
import {
  HistoryQuery,
  HistoryResponse,
  PdfQuery,
  ScreeningIdParams,
  ScreeningRecordResponse,
  ScreeningResponse,
  SubjectBody,
} from '../schemas.ts'

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
        aml.POST('/api/aml/screen/complete', { body: request.body }),
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
