/**
 * /v1/context/sync (admin: it writes files on the server) renders CONTEXT_DIR into each AI tool's
 * file under CONTEXT_TARGET_DIR; /v1/context/status reports each target as in_sync, drifted or
 * missing. See src/engines/context-sync/sync.ts for the rules (markers, backups, dry run).
 */

import { Type } from 'typebox'
import { ContextError, status, sync } from '../../../../engines/context-sync/sync.ts'
import { ok, okSchema } from '../../../../kit/envelope.ts'
import { AppError } from '../../../../kit/errors.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'
import type { App } from '../../../../kit/server.ts'
import { TargetId } from './schemas.ts'

function sourceProblem(error: unknown, dir: string): never {
  if (error instanceof ContextError) {
    throw new AppError(
      'service_unavailable',
      `Context sync cannot run: ${error.message}; check CONTEXT_DIR (${dir})`,
      {
        variable: 'CONTEXT_DIR',
      },
    )
  }
  throw error
}

export interface ContextDeps {
  /** The source folder (CONTEXT_DIR) and the folder sync writes (CONTEXT_TARGET_DIR). */
  sourceDir: string
  targetDir: string
}

export function registerContext(app: App, deps: ContextDeps): void {
  const { sourceDir, targetDir } = deps

  app.post(
    '/v1/context/sync',
    {
      config: { auth: 'admin' },
      schema: {
        body: Type.Optional(
          Type.Object(
            {
              targets: Type.Optional(Type.Array(TargetId, { minItems: 1, uniqueItems: true })),
              dry_run: Type.Optional(Type.Boolean({ default: false })),
            },
            { additionalProperties: false },
          ),
        ),
        response: {
          200: okSchema(
            Type.Object({
              dry_run: Type.Boolean(),
              source_sha256: Type.String(),
              results: Type.Array(Open({ id: Type.String() })),
              backup_dir: Nullable(Type.String()),
              target_dir: Type.String(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const result = await sync(sourceDir, targetDir, {
          targets: request.body?.targets,
          dryRun: request.body?.dry_run ?? false,
        })
        return ok(reply, { ...result, target_dir: targetDir })
      } catch (error) {
        return sourceProblem(error, sourceDir)
      }
    },
  )

  app.get(
    '/v1/context/status',
    {
      // It names server paths: admins only.
      config: { auth: 'admin' },
      schema: {
        querystring: Type.Object(
          { targets: Type.Optional(Type.Array(TargetId, { minItems: 1 })) },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Object({
              source: Type.Object({
                dir: Type.String(),
                files: Type.Array(Type.String()),
                sha256: Type.String(),
              }),
              targets: Type.Array(Open({ id: Type.String(), status: Type.String() })),
              target_dir: Type.String(),
              summary: Type.Object({
                in_sync: Type.Integer(),
                drifted: Type.Integer(),
                missing: Type.Integer(),
              }),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const report = await status(sourceDir, targetDir, request.query.targets)
        const counts = { in_sync: 0, drifted: 0, missing: 0 }
        for (const t of report.targets) counts[t.status]++
        return ok(reply, { ...report, target_dir: targetDir, summary: counts })
      } catch (error) {
        return sourceProblem(error, sourceDir)
      }
    },
  )
}
