/**
 * Cases over HTTP, on both dialects (SQLite always, PostgreSQL when reachable), with two AML
 * instances over the same store: a screening with a hit opens a case; decisions need a comment;
 * clearing a CRITICAL false positive waits for a second person, whom the first cannot replace; the
 * trail records every step and the record shows it; a cleared false positive is not raised again;
 * concurrent actions on two instances lose nothing and approve once.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveLists, SHARED_LISTS } from '../../../../../test/aml/lists.ts'
import { storageKinds } from '../../../../../test/support/storage.ts'
import {
  createScreener,
  importPaths,
  type ListVersionInfo,
  loadHighRiskTable,
  versionInfo,
} from '../../../../engines/aml/index.ts'
import type { Database } from '../../../../kit/db.ts'
import { createLogger } from '../../../../kit/logger.ts'
import { MemoryRateLimiter } from '../../../../kit/ratelimit.ts'
import { LocalSemaphore } from '../../../../kit/semaphore.ts'
import type { App } from '../../../../kit/server.ts'
import { buildApp } from '../../app.ts'
import { AmlStore } from '../../store.ts'
import { ListsHolder } from '../lists/holder.ts'
import { buildEngine } from '../lists/load.ts'

const logger = createLogger({ level: 'silent' })
const ADMIN = 'cases-test-admin-key'
const INTERNAL = 'cases-test-internal-key'
const MADURO = { first_name: 'Nicolas', last_name: 'Maduro', birth_date: '1962-11-23' }

const as = (user: string) => ({ 'x-api-key': INTERNAL, 'x-acting-user': user })

describe.skipIf(!haveLists)('cases', async () => {
  let built: Awaited<ReturnType<typeof buildEngine>>
  let versions: ListVersionInfo[]

  beforeAll(async () => {
    const imported = importPaths([join(SHARED_LISTS, 'ofac', 'sdn_2024-05-03.csv')]).versions
    versions = imported.map((v, i) => versionInfo(v, i + 1))
    built = await buildEngine(imported, versions)
  }, 120_000)

  for (const kind of await storageKinds()) {
    describe(`on ${kind.name}, two instances`, () => {
      const storage = kind.create('aml_cases', { file: 'aml.db' })
      let dbs: Database[]
      let a: App
      let b: App
      let limiter: MemoryRateLimiter

      async function instance(db: Database, rateLimitPerMinute = 1000): Promise<App> {
        const lists = new ListsHolder()
        lists.ready(
          built.engine,
          createScreener({ engine: built.engine, versions: built.versions, highRisk: loadHighRiskTable() }),
          built.versions,
          1,
        )
        return buildApp({
          logger,
          store: new AmlStore(db),
          lists,
          rateLimiter: limiter,
          rateLimitPerMinute,
          slots: new LocalSemaphore(10, 100),
          logRequests: false,
          auditKeys: { adminKey: ADMIN, internalKey: INTERNAL },
          // No background monitor: the test enrols nothing.
          monitor: { kick: () => undefined },
          batchRunner: { kick: () => undefined },
        })
      }

      beforeAll(async () => {
        // The second connection opens once the first made the schema (both would race to create it).
        dbs = [storage.open()]
        await dbs[0]!.migrate()
        dbs.push(storage.open())
        limiter = new MemoryRateLimiter()
        a = await instance(dbs[0]!)
        b = await instance(dbs[1]!)
      })
      afterAll(async () => {
        await a?.close()
        await b?.close()
        await limiter?.close()
        for (const db of dbs ?? []) await db.close()
        await storage.cleanup()
      })

      const screen = (app: App, body: object, user = 'eva') =>
        app.inject({ method: 'POST', url: '/api/aml/screen/complete', headers: as(user), payload: body })
      const get = (app: App, id: string) =>
        app.inject({ method: 'GET', url: `/api/aml/cases/${id}`, headers: { 'x-admin-key': ADMIN } })
      const post = (app: App, path: string, user: string, payload: object) =>
        app.inject({ method: 'POST', url: `/api/aml/cases/${path}`, headers: as(user), payload })

      let caseId: string
      let screeningId: string

      it('opens a case for a screening with a hit, its hit showing the listed entity and why its level', async () => {
        const res = await screen(a, MADURO)
        expect(res.statusCode).toBe(200)
        const body = res.json()
        expect(body.case_id).toMatch(/^AMLC-\d{8}-\d{6}$/)
        caseId = body.case_id
        screeningId = body.screening_id
        const got = await get(b, caseId)
        expect(got.statusCode, got.body).toBe(200)
        const c = got.json().data
        expect(c).toMatchObject({
          source: 'screening',
          screening_id: screeningId,
          status: 'open',
          level: 'CRITICAL',
          subject_label: 'Nicolas Maduro',
          assignee: null,
          age_days: 0,
          undecided: 1,
        })
        const hit = c.hits[0]
        expect(hit.level).toBe('CRITICAL')
        expect(hit.level_reason).toMatch(/^CRITICAL: ofac_sdn .*birth date 1962-11-23 agrees/)
        expect(hit.entity.names.join(' ')).toMatch(/MADURO MOROS/)
        expect(hit.entity.birth_dates).toContain('1962-11-23')
        expect(hit.entity.programmes).toContain('VENEZUELA')
        expect(hit.listings[0].source_url).toMatch(
          /^https:\/\/sanctionssearch\.ofac\.treas\.gov\/Details\.aspx\?id=\d+$/,
        )
        expect(hit.listings[0]).not.toHaveProperty('fingerprint')
        expect(c.trail).toEqual([
          expect.objectContaining({
            seq: 1,
            actor: 'eva',
            action: 'opened',
            detail: expect.objectContaining({ screening_id: screeningId }),
          }),
        ])
      })

      it('opens no case for a screening without a hit', async () => {
        const res = await screen(a, { first_name: 'Jan', last_name: 'Novák', birth_date: '1980-05-01' })
        expect(res.json().case_id).toBeNull()
      })

      it('refuses a decision without a comment, naming the field', async () => {
        const res = await post(a, `${caseId}/hits/1/decision`, 'eva', {
          decision: 'false_positive',
          comment: '  ',
        })
        expect(res.statusCode).toBe(400)
        expect(res.json().error.details).toMatchObject({ field: 'comment' })
        const missing = await post(a, `${caseId}/hits/1/decision`, 'eva', { decision: 'false_positive' })
        expect(missing.statusCode).toBe(400)
      })

      it('makes a closure as cleared of a CRITICAL false positive wait for a second person', async () => {
        expect((await post(a, `${caseId}/assign`, 'eva', { assignee: 'eva' })).json().data.status).toBe(
          'in_review',
        )
        const decided = await post(b, `${caseId}/hits/1/decision`, 'eva', {
          decision: 'false_positive',
          comment: 'Our client is a different Nicolás Maduro: passport CZ, born in Brno',
        })
        expect(decided.statusCode).toBe(200)
        expect(decided.json().data.hits[0].decision).toMatchObject({ decision: 'false_positive', by: 'eva' })
        const closing = await post(a, `${caseId}/close`, 'eva', {
          outcome: 'cleared',
          comment: 'Not the listed person',
        })
        expect(closing.statusCode).toBe(200)
        const c = closing.json().data
        expect(c.status).toBe('awaiting_approval')
        expect(c.pending_closure).toMatchObject({ outcome: 'cleared', requested_by: 'eva' })
        expect(c.pending_closure.reason).toMatch(/four eyes: hit 1 \(CRITICAL\) decided a false positive/)
      })

      it('refuses the approval of whoever asked for the closure, on either instance', async () => {
        for (const app of [a, b]) {
          const res = await post(app, `${caseId}/approve`, 'eva', { comment: 'I approve my own' })
          expect(res.statusCode).toBe(403)
          expect(res.json().error.details).toMatchObject({ rule: 'four_eyes' })
        }
        // A new decision must wait until the closure is approved or rejected.
        const late = await post(a, `${caseId}/hits/1/decision`, 'adam', {
          decision: 'confirmed_match',
          comment: 'x',
        })
        expect(late.statusCode).toBe(409)
      })

      it('closes the case on a second person’s approval, once, even when two approve at once', async () => {
        const [one, two] = await Promise.all([
          post(a, `${caseId}/approve`, 'adam', { comment: 'Checked the passport copy' }),
          post(b, `${caseId}/approve`, 'jana', { comment: 'Agreed' }),
        ])
        const codes = [one.statusCode, two.statusCode].sort()
        expect(codes).toEqual([200, 409])
        const c = (await get(a, caseId)).json().data
        expect(c.status).toBe('closed')
        expect(c.outcome).toBe('cleared')
        expect(c.closed).toMatchObject({ outcome: 'cleared', by: 'eva' })
        expect(['adam', 'jana']).toContain(c.closed.approved_by)
        expect(c.trail.map((e: { action: string }) => e.action)).toEqual([
          'opened',
          'assigned',
          'decided',
          'closure_requested',
          'approved',
          'closed',
        ])
        expect(c.trail.filter((e: { action: string }) => e.action === 'approved')).toHaveLength(1)
      })

      it('shows the case and its trail in the screening record', async () => {
        const res = await a.inject({
          method: 'GET',
          url: `/api/aml/screenings/${screeningId}`,
          headers: { 'x-admin-key': ADMIN },
        })
        const record = res.json().data
        expect(record.case).toMatchObject({ case_id: caseId, status: 'closed', outcome: 'cleared' })
        expect(record.case.trail).toHaveLength(6)
      })

      it('does not raise the cleared false positive again when the same client is screened again', async () => {
        const again = (await screen(b, { name: 'MADURO Nicolás', birth_date: '1962-11-23' }, 'adam')).json()
        expect(again.case_id).toBeNull()
        const entity = again.modules.sanctions.data.entities[0]
        expect(entity.cleared_before).toMatchObject({ case_id: caseId, by: 'eva' })
        // Another client with the same name is another subject: a case of its own.
        const other = (
          await screen(a, { first_name: 'Nicolas', last_name: 'Maduro', birth_date: '1962-11-24' })
        ).json()
        expect(other.case_id).toMatch(/^AMLC-/)
      })

      it('keeps every decision taken at once on two instances: each is in the trail or refused', async () => {
        const id = (
          await screen(a, { first_name: 'Delcy', last_name: 'Rodriguez Gomez', birth_date: '1969-05-18' })
        ).json().case_id as string
        expect(id).toMatch(/^AMLC-/)
        const answers = await Promise.all(
          ['eva', 'adam', 'jana', 'petr'].map((user, i) =>
            post(i % 2 ? b : a, `${id}/hits/1/decision`, user, {
              decision: 'needs_more_information',
              comment: `asked by ${user}`,
            }),
          ),
        )
        for (const r of answers) expect([200, 409]).toContain(r.statusCode)
        const c = (await get(a, id)).json().data
        const decided = c.trail.filter((e: { action: string }) => e.action === 'decided')
        expect(decided).toHaveLength(answers.filter((r) => r.statusCode === 200).length)
        expect(c.version).toBe(1 + decided.length)
      })

      it('lists the queue by status, assignee, level and age', async () => {
        const q = (query: string) =>
          a.inject({ method: 'GET', url: `/api/aml/cases?${query}`, headers: { 'x-admin-key': ADMIN } })
        const closed = (await q('status=closed')).json().data
        expect(closed.cases.map((c: { case_id: string }) => c.case_id)).toEqual([caseId])
        expect((await q('assignee=eva')).json().data.total).toBe(1)
        expect((await q('assignee=-&status=active')).json().data.total).toBe(2)
        expect((await q('level=CRITICAL')).json().data.total).toBeGreaterThanOrEqual(2)
        expect((await q('min_age_days=1')).json().data.total).toBe(0)
        expect((await q('max_age_days=0')).json().data.total).toBe(3)
        expect((await q('min_age_days=3&max_age_days=1')).statusCode).toBe(400)
        expect((await q('status=nonsense')).statusCode).toBe(400)
      })

      it('refuses to change the trail in the database', async () => {
        const sql =
          dbs[0]!.dialect === 'postgres'
            ? 'update aml_case_events set actor = $1'
            : 'update aml_case_events set actor = ?'
        const { sql: raw } = await import('kysely')
        await expect(raw.raw(sql.replace(/\$1|\?/, "'mallory'")).execute(dbs[0]!.as())).rejects.toThrow(
          /append-only/,
        )
        await expect(raw.raw('delete from aml_case_events').execute(dbs[0]!.as())).rejects.toThrow(
          /append-only/,
        )
      })

      it('counts the console’s screenings per user, and other callers per address', async () => {
        const tight = await instance(dbs[0]!, 2)
        try {
          for (let i = 0; i < 2; i++)
            expect((await screen(tight, { last_name: 'Svoboda' }, 'ludmila')).statusCode).toBe(200)
          const third = await screen(tight, { last_name: 'Svoboda' }, 'ludmila')
          expect(third.statusCode).toBe(429)
          expect(third.json().error.message).toMatch(/per user/)
          expect((await screen(tight, { last_name: 'Svoboda' }, 'karel')).statusCode).toBe(200)
          // Without a named user the address counts, as before.
          const plain = () =>
            tight.inject({
              method: 'POST',
              url: '/api/aml/screen/complete',
              payload: { last_name: 'Dvořák' },
            })
          expect((await plain()).statusCode).toBe(200)
          expect((await plain()).statusCode).toBe(200)
          expect((await plain()).statusCode).toBe(429)
          // A name without the internal key is not trusted: it is counted by address.
          const named = await tight.inject({
            method: 'POST',
            url: '/api/aml/screen/complete',
            headers: { 'x-acting-user': 'someone-else' },
            payload: { last_name: 'Dvořák' },
          })
          expect(named.statusCode).toBe(429)
        } finally {
          await tight.close()
        }
      })
    })
  }
})
