/**
 * A worker thread that removes one console user over its own SQLite connection, as another process
 * (the CLI beside the service) would. It opens the database, says `ready`, waits for `go` (so two
 * removals start together), then answers `{ ok: true }` or the error's code and message.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../../src/kit/db.ts'
import { ConsoleStore } from '../../src/services/console/store.ts'

const { dir, name } = workerData as { dir: string; name: string }
const db = openDatabase({ dataDir: dir })
const store = new ConsoleStore(db)
await store.findUser(name) // connect and warm up before the start signal
parentPort?.once('message', async () => {
  try {
    await store.removeUser(name)
    parentPort?.postMessage({ ok: true })
  } catch (error) {
    parentPort?.postMessage({ ok: false, code: (error as { code?: string }).code, message: String(error) })
  } finally {
    await db.close()
  }
})
parentPort?.postMessage('ready')
