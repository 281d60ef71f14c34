/**
 * `gatehouse truth-log verify`: walks the truth log's hash chain in the router's storage
 * (DATA_DIR or DATABASE_URL) and names the first broken entry. Exit 0 when the chain holds, 1 when
 * it is broken.
 */
import { TruthLog } from '../../engines/truth-log/chain.ts'
import type { Command } from '../../kit/command.ts'
import { commonSpec, parseEnv } from '../../kit/config.ts'
import { withDatabase } from '../../kit/db.ts'

export const truthLogVerify: Command = {
  usage: 'gatehouse truth-log verify   (reads DATA_DIR, or DATABASE_URL when set)',
  async run(_args, io) {
    const config = parseEnv(commonSpec, io.env)
    return withDatabase(config, async (db) => {
      const log = new TruthLog(db)
      let lastShown = 0
      const result = await log.verify((checked, total) => {
        // A line per 10 % on long chains, so a long verification shows it is moving.
        if (total >= 10_000 && checked - lastShown >= total / 10) {
          lastShown = checked
          io.err(`checked ${checked} of ${total} entries`)
        }
      })
      if (result.ok) {
        io.out(`truth log intact: ${result.entries} entries, head ${result.head_hash}`)
        return 0
      }
      const b = result.broken!
      io.out(`truth log BROKEN at entry ${b.seq}${b.id ? ` (${b.id})` : ''}: ${b.reason}`)
      io.out(`entries before it verify; the last good hash is ${result.head_hash}`)
      return 1
    })
  },
}
