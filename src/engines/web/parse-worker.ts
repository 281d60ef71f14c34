/**
 * Runs in a worker thread (kit/offload.ts): page extraction and document conversion, the two
 * parsers of outside bytes that can take long or allocate much. Failures the caller should
 * explain (an unsupported or corrupt document) come back as values, since thrown errors lose
 * their fields crossing the thread boundary.
 */
import { ConvertError, convertToMarkdown } from '../convert/index.ts'
import { extractListing } from '../realestate/listing-page.ts'
import { type ExtractOptions, extractPage, MAX_NESTING, nestingDepth, PageTooComplex } from './extract.ts'

export type ParseTask =
  | { op: 'extract'; html: string; url: string; opts: ExtractOptions }
  | { op: 'listing'; html: string }
  | { op: 'convert'; bytes: Uint8Array; filename?: string | undefined; contentType?: string | undefined }

export type ParseOutcome =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'unsupported' | 'corrupt' | 'empty' | 'too_complex'; message: string }

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
  if (task.op === 'extract') {
    try {
      return { ok: true, value: extractPage(task.html, task.url, task.opts) }
    } catch (error) {
      if (error instanceof PageTooComplex) return { ok: false, reason: 'too_complex', message: error.message }
      throw error
    }
  }
  try {
    const result = await convertToMarkdown(task.bytes, {
      filename: task.filename,
      contentType: task.contentType,
    })
    return { ok: true, value: result }
  } catch (error) {
    if (error instanceof ConvertError) return { ok: false, reason: error.reason, message: error.message }
    throw error
  }
}
