/**
 * Where tests find the shared data (sanctions lists, listings, the postcode gazetteer): the folder
 * `../shared/data` beside the repository, or SHARED_DATA_DIR when the checkout lives elsewhere
 * (a second working tree of the same repository).
 */
import { resolve } from 'node:path'

export const SHARED_DATA = process.env.SHARED_DATA_DIR ?? resolve(import.meta.dirname, '../../../shared/data')
