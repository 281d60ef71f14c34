/**
 * A worker thread that removes console users over its own SQLite connection, as another process
 * (the CLI beside the service) would. It opens the database once and says `ready`; then each
 * message is a user's name to remove (so a removal starts exactly when the test sends it), answered
 * `{ ok: true }` or with the error's code and message. One worker serves every round of a test:
 * starting a thread loads the store's modules again, which cost more than the rounds themselves.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../../src/kit/db.ts'
import { ConsoleStore } from '../../src/services/console/store.ts'

const { dir } = workerData as { dir: string }
const db = openDatabase({ dataDir: dir })
const store = new ConsoleStore(db)
await store.findUser('nobody') // connect and warm up before the first removal
parentPort?.on('message', async (name: string) => {
  try {
    await store.removeUser(name)
    parentPort?.postMessage({ ok: true })
  } catch (error) {
    parentPort?.postMessage({ ok: false, code: (error as { code?: string }).code, message: String(error) })
  }
})
parentPort?.postMessage('ready')
