/**
 * Runs in a worker thread (kit/offload.ts): page extraction, a parser of outside bytes that can
 * take long or allocate much (documents convert in engines/convert/converter.ts). Failures the
 * caller should explain come back as values, since thrown errors lose their fields crossing the
 * thread boundary.
 */
import { extractListing } from '../realestate/listing-page.ts'
import { type ExtractOptions, extractPage, MAX_NESTING, nestingDepth, PageTooComplex } from './extract.ts'

export type ParseTask =
  | { op: 'extract'; html: string; url: string; opts: ExtractOptions }
  | { op: 'listing'; html: string }

export type ParseOutcome =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too_complex'; message: string }

export default async function parse(task: ParseTask): Promise<ParseOutcome> {
  if (task.op === 'listing') {
    if (nestingDepth(task.html) > MAX_NESTING) {
      return {
        ok: false,
        reason: 'too_complex',
        message: `The page nests elements more than ${MAX_NESTING} deep`,
      }
    }
    return { ok: true, value: extractListing(task.html) }
  }
  try {
    return { ok: true, value: extractPage(task.html, task.url, task.opts) }
  } catch (error) {
    if (error instanceof PageTooComplex) return { ok: false, reason: 'too_complex', message: error.message }
    throw error
  }
}
