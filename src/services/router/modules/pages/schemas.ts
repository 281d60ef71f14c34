/** Schemas of the pages module's routes: HTML, described, not validated. */
import { Media } from '../../../../kit/schemas.ts'

/** What every page route answers: the page, or a page saying what was not found. */
export const PageResponses = {
  200: Media('text/html', 'an HTML page'),
  404: Media('text/html', 'a page saying what was not found'),
}
