/**
 * `gatehouse migrate`: every service's migrations (SQL files in /migrations, which the kit's
 * database applies), without loading any service.
 */
import type { Command } from './kit/command.ts'
import { commonSpec, parseEnv } from './kit/config.ts'
import { openDatabase } from './kit/db.ts'

export const migrate: Command = {
  usage: 'gatehouse migrate',
  async run(_args, io) {
    const config = parseEnv(commonSpec, io.env)
    const db = openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
    try {
      const applied = await db.migrate()
      io.out(
        applied.length === 0 ? `${db.dialect}: up to date` : `${db.dialect}: applied ${applied.join(', ')}`,
      )
      return 0
    } finally {
      await db.close()
    }
  },
}
