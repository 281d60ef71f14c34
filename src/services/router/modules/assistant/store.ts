/**
 * Published assistant configurations (instructions + tool catalogue), one row per version.
 */
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../../../kit/db.ts'
import { AppError } from '../../../../kit/errors.ts'

interface GptVersionRow {
  version: number
  hash: string
  instructions: string
  tools: string
  note: string | null
  synced_at: number
}

interface Tables {
  router_gpt_versions: GptVersionRow
}

export interface GptVersion {
  version: number
  hash: string
  instructions: string
  tools: unknown[]
  note: string | null
  synced_at: string
}

export class AssistantConfigStore {
  private readonly db: Kysely<Tables>
  private readonly now: () => number

  constructor(database: Database, opts: { now?: () => number } = {}) {
    this.db = database.as<Tables>()
    this.now = opts.now ?? Date.now
  }

  async currentGpt(): Promise<GptVersion | undefined> {
    const row = await this.db
      .selectFrom('router_gpt_versions')
      .selectAll()
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row ? toGpt(row) : undefined
  }

  async gptVersion(version: number): Promise<GptVersion | undefined> {
    const row = await this.db
      .selectFrom('router_gpt_versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst()
    return row ? toGpt(row) : undefined
  }

  /**
   * Publishes a configuration as the next version, unless it equals the current one (same hash):
   * syncing twice without a change does not mint versions workers would needlessly reload.
   */
  async publishGpt(config: {
    instructions: string
    tools: unknown[]
    note?: string | undefined
  }): Promise<{ version: GptVersion; changed: boolean }> {
    const hash = createHash('sha256')
      .update(JSON.stringify([config.instructions, config.tools]))
      .digest('hex')
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.currentGpt()
      if (current && current.hash === hash) return { version: current, changed: false }
      const row: GptVersionRow = {
        version: (current?.version ?? 0) + 1,
        hash,
        instructions: config.instructions,
        tools: JSON.stringify(config.tools),
        note: config.note ?? null,
        synced_at: this.now(),
      }
      try {
        await this.db.insertInto('router_gpt_versions').values(row).execute()
        return { version: toGpt(row), changed: true }
      } catch {
        // Another instance published this version number first; look again.
      }
    }
    throw new AppError('conflict', 'Concurrent syncs kept colliding; retry the sync')
  }
}

function toGpt(row: GptVersionRow): GptVersion {
  return {
    version: Number(row.version),
    hash: row.hash,
    instructions: row.instructions,
    tools: JSON.parse(row.tools) as unknown[],
    note: row.note,
    synced_at: new Date(Number(row.synced_at)).toISOString(),
  }
}
