/**
 * Runs in the parsers' pool (kit/offload.ts): page extraction, a parser of outside bytes that can
 * take long or allocate much (documents convert in engines/convert/converter.ts). Failures the
 * caller should explain come back as values, since thrown errors lose their fields crossing the
 * process boundary.
 */
import { MarkupTooLarge } from '../convert/dom.ts'
import { extractListing } from '../realestate/listing-page.ts'
import { type ExtractOptions, extractPage } from './extract.ts'

export type ParseTask =
  | { op: 'extract'; html: string; url: string; opts: ExtractOptions }
  | { op: 'listing'; html: string }

export type ParseOutcome =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too_complex' | 'too_large'; limit: MarkupTooLarge['limit']; message: string }

export default async function parse(task: ParseTask): Promise<ParseOutcome> {
  try {
    return {
      ok: true,
      value: task.op === 'listing' ? extractListing(task.html) : extractPage(task.html, task.url, task.opts),
    }
  } catch (error) {
    if (!(error instanceof MarkupTooLarge)) throw error
    return {
      ok: false,
      reason: error.limit === 'nesting' ? 'too_complex' : 'too_large',
      limit: error.limit,
      message: error.message.replace('The markup', 'The page'),
    }
  }
}
