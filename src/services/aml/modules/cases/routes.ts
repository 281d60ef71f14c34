/**
 * Cases: the officer's queue (GET /api/aml/cases with filters), one case with its hits and trail,
 * and the actions on it — assign, decide a hit, comment, close, approve or reject a closure. Operator
 * keys; the console names its signed-in user in X-Acting-User (with the internal key), every other
 * caller acts as its key (ADR 0006).
 */
import { ok } from '../../../../kit/envelope.ts'
import { AppError, errors } from '../../../../kit/errors.ts'
import { actorOf, OPERATOR_SECURITY, type OperatorKeys, operatorOnly } from '../../../../kit/operator-keys.ts'
import type { App } from '../../../../kit/server.ts'
import { addComment, approve, assign, close, decide, reject } from './cases.ts'
import { type Case, type CaseChange, CaseChanged } from './records.ts'
import {
  AssignBody,
  CaseIdParams,
  CaseResponse,
  CasesQuery,
  CasesResponse,
  CloseBody,
  CommentBody,
  DecisionBody,
  HitParams,
} from './schemas.ts'
import type { CaseStore } from './store.ts'

export interface CasesDeps {
  cases: CaseStore
  auditKeys: OperatorKeys
  now?: (() => Date) | undefined
}

const DAY_MS = 86_400_000

export function withAge<T extends { created_at: string }>(c: T, now: Date): T & { age_days: number } {
  return { ...c, age_days: Math.max(0, Math.floor((now.getTime() - Date.parse(c.created_at)) / DAY_MS)) }
}

export function registerCases(app: App, deps: CasesDeps): void {
  const now = deps.now ?? (() => new Date())
  const guard = operatorOnly(deps.auditKeys, 'Cases')
  const security = OPERATOR_SECURITY

  async function act(caseId: string, action: (c: Case, at: string) => CaseChange) {
    const at = now().toISOString()
    try {
      const changed = await deps.cases.change(caseId, (c) => action(c, at), at)
      if (!changed) throw errors.notFound(`Case ${caseId}`, { case_id: caseId })
      return withAge(changed, now())
    } catch (error) {
      if (error instanceof CaseChanged)
        throw new AppError('conflict', `Case ${caseId} was changed meanwhile; read it again and retry`, {
          case_id: caseId,
          rule: 'version',
        })
      throw error
    }
  }

  app.get(
    '/api/aml/cases',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary:
          'The cases queue: by status, assignee, level, source and age; the highest level and the oldest first',
        querystring: CasesQuery,
        response: { 200: CasesResponse },
      },
    },
    async (request, reply) => {
      const q = request.query
      const at = now().getTime()
      if (q.min_age_days !== undefined && q.max_age_days !== undefined && q.min_age_days > q.max_age_days)
        throw errors.invalid('min_age_days', 'must not be above max_age_days')
      const { total, cases } = await deps.cases.list({
        status: q.status as never,
        ...(q.assignee === '-' ? { unassigned: true } : { assignee: q.assignee }),
        level: q.level,
        source: q.source,
        ...(q.min_age_days !== undefined
          ? { createdBefore: new Date(at - q.min_age_days * DAY_MS).toISOString() }
          : {}),
        // "At most N days old": opened within the last N+1 days (today counts as day 0).
        ...(q.max_age_days !== undefined
          ? { createdAfter: new Date(at - (q.max_age_days + 1) * DAY_MS).toISOString() }
          : {}),
        limit: q.limit ?? 50,
        offset: q.offset ?? 0,
      })
      return ok(reply, { total, cases: cases.map((c) => withAge(c, now())) })
    },
  )

  app.get(
    '/api/aml/cases/:case_id',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary: 'One case: its subject, hits (the listed entities), decisions, pending closure and trail',
        params: CaseIdParams,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const c = await deps.cases.get(request.params.case_id)
      if (!c) throw errors.notFound(`Case ${request.params.case_id}`, { case_id: request.params.case_id })
      return ok(reply, withAge(c, now()) as never)
    },
  )

  app.post(
    '/api/aml/cases/:case_id/assign',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary: 'Assign the case to a user (null: nobody)',
        params: CaseIdParams,
        body: AssignBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, deps.auditKeys)
      const { assignee, comment } = request.body
      return ok(
        reply,
        (await act(request.params.case_id, (c, at) => assign(c, actor, at, assignee, comment))) as never,
      )
    },
  )

  app.post(
    '/api/aml/cases/:case_id/hits/:hit_no/decision',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary: 'Decide one hit: confirmed match, false positive or needs more information, with a comment',
        params: HitParams,
        body: DecisionBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, deps.auditKeys)
      const { decision, comment } = request.body
      return ok(
        reply,
        (await act(request.params.case_id, (c, at) =>
          decide(c, actor, at, request.params.hit_no, decision, comment),
        )) as never,
      )
    },
  )

  app.post(
    '/api/aml/cases/:case_id/comment',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary: 'Add a comment to the trail',
        params: CaseIdParams,
        body: CommentBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, deps.auditKeys)
      return ok(
        reply,
        (await act(request.params.case_id, (c, at) =>
          addComment(c, actor, at, request.body.comment),
        )) as never,
      )
    },
  )

  app.post(
    '/api/aml/cases/:case_id/close',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary:
          'Close the case as cleared, confirmed or escalated to the MLRO; clearing a HIGH or CRITICAL false positive, or a hit once confirmed, waits for a second person (status awaiting_approval)',
        params: CaseIdParams,
        body: CloseBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, deps.auditKeys)
      const { outcome, comment } = request.body
      return ok(
        reply,
        (await act(request.params.case_id, (c, at) => close(c, actor, at, outcome, comment))) as never,
      )
    },
  )

  app.post(
    '/api/aml/cases/:case_id/approve',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary:
          'Approve the closure waiting for a second person (403 four_eyes for whoever asked for it or decided it)',
        params: CaseIdParams,
        body: CommentBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, deps.auditKeys)
      return ok(
        reply,
        (await act(request.params.case_id, (c, at) => approve(c, actor, at, request.body.comment))) as never,
      )
    },
  )

  app.post(
    '/api/aml/cases/:case_id/reject',
    {
      onRequest: guard,
      schema: {
        security,
        tags: ['cases'],
        summary: 'Send a closure waiting for approval back to review',
        params: CaseIdParams,
        body: CommentBody,
        response: { 200: CaseResponse },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, deps.auditKeys)
      return ok(
        reply,
        (await act(request.params.case_id, (c, at) => reject(c, actor, at, request.body.comment))) as never,
      )
    },
  )
}
