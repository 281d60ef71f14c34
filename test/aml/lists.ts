/**
 * Where tests and demos find the real sanctions lists: ../shared/data/sanctions beside the
 * repository (never copied into it). Suites that need them skip, saying why, when it is absent.
 */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SHARED_LISTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/data/sanctions')
export const haveLists = existsSync(SHARED_LISTS)
if (!haveLists) console.warn(`AML list tests skipped: ${SHARED_LISTS} is missing`)
