/**
 * Ongoing monitoring over HTTP (operator keys): enrol subjects (POST /api/aml/monitor, up to 1,000
 * at once with their references, or every referenced subject of a completed batch), list and
 * unenrol them, read the alerts list updates raised and acknowledge them with who and why.
 */
import type { Static } from 'typebox'
import { isPerson, type Subject } from '../../../../engines/aml/index.ts'
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { keyOf, OPERATOR_SECURITY, operatorOnly } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import type { AmlStore } from '../../store.ts'
import { jsonBook } from '../batch/client-book.ts'
import type { BatchStore } from '../batch/store.ts'
import type { CaseStore } from '../cases/store.ts'
import { subjectOf } from '../screening/schemas.ts'
import { alertView } from './alerts.ts'
import type { Monitor } from './monitor.ts'
import {
  AckBody,
  AlertIdParams,
  AlertListResponse,
  AlertQuery,
  AlertResponse,
  EnrolBody,
  EnrolResponse,
  MonitorListQuery,
  MonitorListResponse,
  ReferenceParams,
  UnenrolResponse,
} from './schemas.ts'
import type { Enrolment, MonitorStore } from './store.ts'

export interface MonitorDeps {
  monitors: MonitorStore
  /** Told when subjects are enrolled, so their baselines are screened at once. */
  monitor: Pick<Monitor, 'kick'>
  /** A completed batch's subjects can be enrolled. */
  batches: Pick<BatchStore, 'get' | 'allRows'>
  /** An enrolled subject's baseline screening is read back from the audit trail. */
  store: Pick<AmlStore, 'getScreening'>
  /** The case of each alert in the list. */
  cases: Pick<CaseStore, 'ofAlerts'>
  /** Monitoring takes one of these keys. */
  auditKeys: { adminKey: string; internalKey: string }
  now?: (() => Date) | undefined
}

export function registerMonitor(app: App, deps: MonitorDeps): void {
  const now = deps.now ?? (() => new Date())
  const guard = (what: string) => operatorOnly(deps.auditKeys, what)

  app.post(
    '/api/aml/monitor',
    {
      // 1,000 subjects stay under 1 MiB.
      bodyLimit: 1024 * 1024,
      onRequest: guard('Monitoring'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['monitoring'],
        summary: 'Enrol subjects for ongoing monitoring (up to 1,000, or a completed batch)',
        description:
          'Give `subjects` (each with your `reference`) or the `batch_id` of a completed batch (its subjects with a reference are enrolled). Each subject is screened once for its baseline; every later list version re-screens it and records alerts for new, changed and removed hits.',
        body: EnrolBody,
        response: { 200: EnrolResponse },
      },
    },
    async (request, reply) => {
      const key = keyOf(request, deps.auditKeys)!
      const body = request.body as Static<typeof EnrolBody>
      if ((body.subjects === undefined) === (body.batch_id === undefined)) {
        throw errors.invalid(
          body.subjects === undefined ? 'subjects' : 'batch_id',
          'one of subjects, batch_id',
          'give either subjects (with references) or the batch_id of a completed batch',
        )
      }
      let rows: Enrolment[]
      let skipped = 0
      if (body.subjects) {
        rows = jsonBook(body.subjects as Record<string, unknown>[]).rows.map((r) =>
          enrolment(r.reference!, r.subject),
        )
        const seen = new Set<string>()
        for (const [i, r] of rows.entries()) {
          if (seen.has(r.reference))
            throw errors.invalid(
              `subjects.${i}.reference`,
              'unique',
              `subjects.${i}.reference "${r.reference}" is given twice`,
            )
          seen.add(r.reference)
        }
      } else {
        const batchId = body.batch_id!
        const batch = await deps.batches.get(batchId)
        if (!batch) throw errors.notFound(`Batch ${batchId}`, { field: 'batch_id', batch_id: batchId })
        if (batch.status !== 'completed')
          throw new AppError(
            'conflict',
            `Batch ${batchId} is ${batch.status}; enrol it once it has completed`,
            {
              field: 'batch_id',
              rule: 'completed batch',
              status: batch.status,
            },
          )
        const byReference = new Map<string, Enrolment>()
        for await (const r of deps.batches.allRows(batchId)) {
          if (!r.reference) {
            skipped++
            continue
          }
          let subject = subjectOf(r.input as Parameters<typeof subjectOf>[0])
          // A company given by IČO alone is monitored under the name the registry gave its screening.
          if (!isPerson(subject) && !subject.company_name && r.screening_id) {
            const record = await deps.store.getScreening(r.screening_id)
            const result = record?.result as
              | { modules?: { sanctions?: { data?: { name_from_registry?: unknown } } } }
              | undefined
            const registryName = result?.modules?.sanctions?.data?.name_from_registry
            if (typeof registryName === 'string') subject = { ...subject, company_name: registryName }
          }
          // The last row of a reference given twice wins, as enrolling it twice would.
          byReference.set(r.reference, { ...enrolment(r.reference, subject), batchId })
        }
        rows = [...byReference.values()]
      }
      const counts = await deps.monitors.enrol(rows, key, now())
      deps.monitor.kick()
      const { total } = await deps.monitors.list({ offset: 0, limit: 1 })
      return ok(reply, { ...counts, skipped_without_reference: skipped, monitored: total })
    },
  )

  app.get(
    '/api/aml/monitor',
    {
      onRequest: guard('Monitoring'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['monitoring'],
        summary: 'Monitored subjects, with the hits of their last screening',
        querystring: MonitorListQuery,
        response: { 200: MonitorListResponse },
      },
    },
    async (request, reply) => {
      const { offset, limit, reference } = request.query
      const page = await deps.monitors.list({ offset, limit, ...(reference ? { reference } : {}) })
      return ok(reply, {
        total: page.total,
        pending_baseline: page.pendingBaseline,
        offset,
        limit,
        items: page.items.map((m) => ({
          reference: m.reference,
          subject: m.subject,
          subject_type: m.subject_type,
          enrolled_at: m.enrolled_at,
          enrolled_by: m.enrolled_by,
          batch_id: m.batch_id,
          baseline: m.versions_key === null ? 'pending' : 'ready',
          screened_at: m.screened_at,
          hits: m.hits ?? [],
        })),
      })
    },
  )

  app.delete(
    '/api/aml/monitor/:reference',
    {
      onRequest: guard('Monitoring'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['monitoring'],
        summary: 'Stop monitoring a subject (its alerts stay)',
        params: ReferenceParams,
        response: { 200: UnenrolResponse },
      },
    },
    async (request, reply) => {
      const { reference } = request.params
      if (!(await deps.monitors.remove(reference)))
        throw errors.notFound(`Monitored subject ${reference}`, { reference })
      return ok(reply, { reference, removed: true })
    },
  )

  app.get(
    '/api/aml/monitor/alerts',
    {
      onRequest: guard('Reading monitoring alerts'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['monitoring'],
        summary: 'Alerts raised by list updates: new, changed and removed hits',
        querystring: AlertQuery,
        response: { 200: AlertListResponse },
      },
    },
    async (request, reply) => {
      const { offset, limit, status, kind, reference } = request.query
      const page = await deps.monitors.alerts({
        offset,
        limit,
        status,
        ...(kind ? { kind } : {}),
        ...(reference ? { reference } : {}),
      })
      const cases = await deps.cases.ofAlerts(page.items.map((a) => a.alert_id))
      return ok(reply, {
        total: page.total,
        offset,
        limit,
        items: page.items.map((a) => ({ ...alertView(a), case_id: cases.get(a.alert_id) ?? null })),
      })
    },
  )

  app.post(
    '/api/aml/monitor/alerts/:alert_id/ack',
    {
      onRequest: guard('Acknowledging an alert'),
      schema: {
        security: OPERATOR_SECURITY,
        tags: ['monitoring'],
        summary: 'Acknowledge an alert, saying who reviewed it and why it is closed',
        params: AlertIdParams,
        body: AckBody,
        response: { 200: AlertResponse },
      },
    },
    async (request, reply) => {
      const { alert_id } = request.params
      const by = request.body.by.trim()
      const reason = request.body.reason.trim()
      if (!by) throw errors.invalid('by', 'minLength 1', 'field "by" must name who reviewed the alert')
      if (!reason)
        throw errors.invalid('reason', 'minLength 1', 'field "reason" must say why the alert is closed')
      if (!(await deps.monitors.acknowledge(alert_id, by, reason, now()))) {
        const existing = await deps.monitors.alert(alert_id)
        if (!existing) throw errors.notFound(`Alert ${alert_id}`, { alert_id })
        throw new AppError(
          'conflict',
          `Alert ${alert_id} was acknowledged by ${existing.acknowledged?.by} at ${existing.acknowledged?.at}`,
          { alert_id, acknowledged: existing.acknowledged },
        )
      }
      return ok(reply, alertView((await deps.monitors.alert(alert_id))!))
    },
  )
}

function enrolment(reference: string, subject: Subject): Enrolment {
  return {
    reference,
    subject: subject as Record<string, unknown>,
    subjectType: isPerson(subject) ? 'person' : 'company',
  }
}
