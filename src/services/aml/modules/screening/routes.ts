/**
 * POST /api/aml/screen/complete (the spec's route) and GET /api/aml/screenings/{screening_id}
 * (the audit record). Batches are the batch module's.
 *
 * Order of checks: lists loaded (503), rate limit per IP (429), body (400), a free screening slot
 * (waits briefly, then 503). Every screening is stored before it is answered.
 */

import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import {
  isPerson,
  type ScreeningOutcome,
  type Subject,
  screenedVersions,
  subjectKey,
  subjectLabel,
} from '../../../../engines/aml/index.ts'
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { ACTING_USER_HEADER, actorOf, keyOf, operatorOnly } from '../../../../kit/operator-keys.ts'
import type { RateLimiter } from '../../../../kit/ratelimit.ts'
import { rateLimitHeaders } from '../../../../kit/ratelimit.ts'
import type { Semaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import type { AmlStore } from '../../store.ts'
import { caseHit, type ResponseEntity, sieve } from '../cases/cases.ts'
import type { NewHit } from '../cases/records.ts'
import { withAge } from '../cases/routes.ts'
import type { CaseStore } from '../cases/store.ts'
import type { ListsHolder, ListsState } from '../lists/holder.ts'
import { withStatusNow } from '../lists/versions.ts'
import {
  ScreeningIdParams,
  ScreeningRecordResponse,
  ScreeningResponse,
  ScreeningsQuery,
  ScreeningsResponse,
  SubjectBody,
  subjectOf,
} from './schemas.ts'

const WINDOW_MS = 60_000

type ScreeningResult = { screening_id: string; timestamp: string; case_id: string | null } & ScreeningOutcome

type Ready = Extract<ListsState, { status: 'ready' }>

export interface ScreeningDeps {
  store: Pick<AmlStore, 'next' | 'listScreenings' | 'getScreening' | 'listVersions'>
  /** Writes each record with its case, when it has hits to decide; remembers false positives. */
  cases: Pick<CaseStore, 'saveScreening' | 'remembered' | 'ofScreening'>
  lists: Pick<ListsHolder, 'state'>
  rateLimiter: RateLimiter
  /** Screening requests per client IP per sliding minute. */
  rateLimitPerMinute: number
  /** Screenings running at once (AML_MAX_CONCURRENT). */
  slots: Pick<Semaphore, 'acquire' | 'max'>
  /** Seconds a client is told to wait while the lists load (default 5). */
  loadingRetryAfterSeconds?: number | undefined
  /** Searching and reading the audit trail take one of these keys. */
  auditKeys: { adminKey: string; internalKey: string }
  now?: (() => Date) | undefined
}

export function registerScreening(app: App, deps: ScreeningDeps): void {
  const now = deps.now ?? (() => new Date())
  const retryAfter = deps.loadingRetryAfterSeconds ?? 5

  function ready(): Ready {
    const s = deps.lists.state
    if (s.status === 'ready') return s
    if (s.status === 'loading')
      throw errors.unavailable(
        `Sanctions lists are loading (${s.step}); retry in ${retryAfter} s`,
        retryAfter,
        {
          state: 'loading',
        },
      )
    throw errors.unavailable(`No sanctions lists are loaded: ${s.reason}`, 60, { state: 'failed' })
  }

  /**
   * Who screens: the console's user (internal key and X-Acting-User), an operator key, or nobody
   * known (the public route), by address.
   */
  function screenerOf(request: FastifyRequest): string {
    if (keyOf(request, deps.auditKeys)) return actorOf(request, deps.auditKeys)
    return `ip:${request.ip}`
  }

  /**
   * Screenings per sliding minute: per client address, except for a person the console names
   * with the internal key, who is counted as themself (one office behind the console is many
   * people at one address).
   */
  async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const user =
      keyOf(request, deps.auditKeys) === 'internal' && request.headers[ACTING_USER_HEADER] !== undefined
    const who = user ? `user:${actorOf(request, deps.auditKeys)}` : request.ip
    const decision = await deps.rateLimiter.hit(`aml:${who}`, deps.rateLimitPerMinute, WINDOW_MS)
    const headers = rateLimitHeaders([{ name: 'aml-minute', windowSeconds: 60, decision }])
    for (const [k, v] of Object.entries(headers)) reply.header(k, v)
    if (!decision.allowed) {
      throw new AppError(
        'rate_limited',
        `Rate limit of ${decision.limit} screening requests per minute per ${user ? 'user' : 'IP'} exceeded; retry in ${decision.retryAfterSeconds} s`,
        { limit: decision.limit, window: '1 minute', retry_after_seconds: decision.retryAfterSeconds },
        { 'retry-after': String(decision.retryAfterSeconds) },
      )
    }
  }

  async function slot(): Promise<() => void> {
    const release = await deps.slots.acquire()
    if (!release) {
      throw errors.unavailable(`All ${deps.slots.max} screening slots are busy; retry in a moment`, 1, {
        concurrent_limit: deps.slots.max,
      })
    }
    return release
  }

  /**
   * Screens one subject, gives it its id and stores the audit record. Returns the result and its
   * JSON text: serialised once, stored and sent as the same bytes.
   */
  async function screenAndStore(
    state: Ready,
    subject: Subject,
    input: unknown,
    actor: string,
  ): Promise<{ result: ScreeningResult; json: string }> {
    const outcome = await state.screener.screen(subject)
    const at = now()
    const day = at.toISOString().slice(0, 10).replace(/-/g, '')
    const n = await deps.store.next(`screening:${day}`)
    const screeningId = `AML-${day}-${String(n).padStart(6, '0')}`
    // The hits to decide: every entity hit of sanctions and PEP, less the false positives already
    // cleared for this subject whose listed entries did not change (those are marked, not raised).
    const key = subjectKey(subject)
    const remembered = (await deps.cases.remembered([key])).get(key) ?? []
    const entityOf = (list: string, id: string) => state.engine.entity(list, id)
    const hits: NewHit[] = []
    for (const module of ['sanctions', 'pep'] as const) {
      const entities = outcome.modules[module]?.data.entities as ResponseEntity[] | undefined
      for (const e of sieve(entities ?? [], remembered, entityOf)) hits.push(caseHit(module, e, entityOf))
    }
    const caseId =
      hits.length > 0 ? `AMLC-${day}-${String(await deps.store.next(`case:${day}`)).padStart(6, '0')}` : null
    const result: ScreeningResult = {
      screening_id: screeningId,
      timestamp: at.toISOString(),
      case_id: caseId,
      ...outcome,
    }
    const json = JSON.stringify(result)
    await deps.cases.saveScreening(
      {
        screening_id: result.screening_id,
        created_at: result.timestamp,
        subject_type: isPerson(subject) ? 'person' : 'company',
        risk_level: result.overall_risk.level,
        input,
        list_versions: screenedVersions(state.versions),
        screened_by: actor,
      },
      json,
      caseId
        ? {
            case_id: caseId,
            created_at: result.timestamp,
            source: 'screening',
            screening_id: screeningId,
            subject: input as Record<string, unknown>,
            subject_label: subjectLabel(subject),
            subject_key: key,
            actor,
            opened: { screening_id: screeningId, level: result.overall_risk.level },
            hits,
          }
        : undefined,
    )
    app.log.info(
      {
        screening_id: result.screening_id,
        level: result.overall_risk.level,
        completeness: result.completeness,
        subject: subjectLabel(subject),
      },
      'screening done',
    )
    return { result, json }
  }

  app.post(
    '/api/aml/screen/complete',
    {
      schema: {
        tags: ['screening'],
        summary: 'Screen one person or company',
        description:
          'Person: last_name (first_name optional) or one name string (birth_date, nationality, country optional). Company: ico and/or company_name (country optional). Answers the bare screening response.',
        body: SubjectBody,
        response: { 200: ScreeningResponse },
      },
      // The lists and the rate limit are checked before the body is validated: a loading service
      // and a spent minute answer the same whatever is sent.
      preValidation: async (request, reply) => {
        ready()
        await limit(request, reply)
      },
    },
    async (request, reply) => {
      const state = ready()
      const subject = subjectOf(request.body)
      const release = await slot()
      try {
        const { result, json } = await screenAndStore(state, subject, request.body, screenerOf(request))
        // The text already stored is the text sent: no second serialisation. A custom serializer
        // makes Fastify leave the Content-Type unset, so it is set here.
        return reply
          .type('application/json; charset=utf-8')
          .serializer(() => json)
          .send(result)
      } finally {
        release()
      }
    },
  )

  app.get(
    '/api/aml/screenings',
    {
      onRequest: operatorOnly(deps.auditKeys, 'Searching the screenings'),
      schema: {
        security: [{ adminKey: [] }, { internalKey: [] }],
        tags: ['screening'],
        summary: 'The audit trail, newest first: search by name or IČO, day range and level',
        querystring: ScreeningsQuery,
        response: { 200: ScreeningsResponse },
      },
    },
    async (request, reply) => {
      const q = request.query
      if (q.from && q.to && q.from > q.to) throw errors.invalid('from', 'must not be after to')
      const { total, rows } = await deps.store.listScreenings({
        q: q.q,
        screened_by: q.screened_by,
        case_status: q.case_status,
        level: q.level,
        from: q.from,
        to: q.to,
        limit: q.limit ?? 50,
        offset: q.offset ?? 0,
      })
      return ok(reply, { total, screenings: rows })
    },
  )

  app.get(
    '/api/aml/screenings/:screening_id',
    {
      // The audit trail names people and what was found about them: operators only.
      onRequest: operatorOnly(deps.auditKeys, 'Reading a screening record'),
      schema: {
        security: [{ adminKey: [] }, { internalKey: [] }],
        tags: ['screening'],
        summary: 'The stored record of one screening (input, list versions used, result)',
        params: ScreeningIdParams,
        response: { 200: ScreeningRecordResponse },
      },
    },
    async (request, reply) => {
      const [record, opened] = await Promise.all([
        deps.store.getScreening(request.params.screening_id),
        deps.cases.ofScreening(request.params.screening_id),
      ])
      if (!record)
        throw errors.notFound(`Screening ${request.params.screening_id}`, {
          screening_id: request.params.screening_id,
        })
      // The record's JSON columns were written by screenAndStore: the shapes the schema describes.
      const data = record as Static<typeof ScreeningRecordResponse>['data']
      return ok(reply, {
        ...data,
        list_versions: withStatusNow(data.list_versions, await deps.store.listVersions()),
        case: opened ? (withAge(opened, now()) as never) : null,
      })
    },
  )
}
