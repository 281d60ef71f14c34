/**
 * The slice of the DOM the converters and the page extractor use, over linkedom (a fast,
 * server-side DOM). The project compiles without the browser's `dom` library (its globals would
 * leak into server code and its fetch types clash with Node's), so these are the types we rely on.
 *
 * Every DOM built from outside markup is built by `parseDocument`, and `parseDocument` first
 * checks the markup (`checkMarkup`): one linear scan, before any node exists, so a page nested
 * too deep or holding too many elements or table cells is refused whichever route it came by
 * (a scraped page, an uploaded HTML file, a DOCX's HTML, a listing page).
 */
import { parseHTML } from 'linkedom'

export interface DomNode {
  readonly nodeType: number
  readonly nodeName: string
  textContent: string | null
  readonly childNodes: ArrayLike<DomNode> & Iterable<DomNode>
  readonly parentNode: DomNode | null
}

export interface DomElement extends DomNode {
  readonly tagName: string
  readonly children: ArrayLike<DomElement> & Iterable<DomElement>
  readonly attributes: ArrayLike<{ name: string; value: string }> & Iterable<{ name: string; value: string }>
  readonly firstChild: DomNode | null
  readonly ownerDocument: DomDocument
  innerHTML: string
  readonly outerHTML: string
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  querySelector(selector: string): DomElement | null
  querySelectorAll(selector: string): ArrayLike<DomElement> & Iterable<DomElement>
  appendChild(node: DomNode): DomNode
  replaceWith(...nodes: DomNode[]): void
  remove(): void
}

export interface DomDocument {
  readonly body: DomElement
  readonly head: DomElement | null
  readonly documentElement: DomElement
  readonly title: string
  createElement(tag: string): DomElement
  createTextNode(text: string): DomNode
  querySelector(selector: string): DomElement | null
  querySelectorAll(selector: string): ArrayLike<DomElement> & Iterable<DomElement>
}

/** What markup may hold before a DOM is built of it. */
export interface MarkupLimits {
  /** Open elements inside each other at most: DOM walks (Readability, turndown) recurse per level. */
  maxNesting: number
  /**
   * Elements at most. The HTML → Markdown step builds two DOMs (linkedom's, then turndown's) of
   * about 1.2 KB an element each: 300,000 elements took 720 MB over the process's own and 10 s.
   */
  maxElements: number
  /** Table cells (td, th) at most: each becomes a GFM cell, and a wide table a very long line. */
  maxTableCells: number
}

export const MARKUP_LIMITS: MarkupLimits = {
  maxNesting: 1500,
  maxElements: 200_000,
  maxTableCells: 100_000,
}

/** Markup over one of the MarkupLimits: `limit` is 'nesting', 'elements' or 'table_cells'. */
export class MarkupTooLarge extends Error {
  override readonly name = 'MarkupTooLarge'
  readonly limit: 'nesting' | 'elements' | 'table_cells'
  constructor(limit: MarkupTooLarge['limit'], message: string) {
    super(message)
    this.limit = limit
  }
}

/** A DOM for any HTML, a whole document or a fragment (linkedom needs the document shell). */
export function parseDocument(html: string, limits: MarkupLimits = MARKUP_LIMITS): DomDocument {
  checkMarkup(html, limits)
  const whole = /<html[\s>]/i.test(html.slice(0, 4096))
  return parseHTML(whole ? html : `<!doctype html><html><body>${html}</body></html>`).document as DomDocument
}

/** Elements that close themselves or are closed implicitly by their next sibling. */
const NOT_NESTING = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'td',
  'th',
  'tr',
  'option',
  'dt',
  'dd',
])

export interface MarkupCounts {
  /** The deepest open-element nesting. */
  depth: number
  elements: number
  tableCells: number
}

/**
 * Refuses markup over `limits` (a MarkupTooLarge naming the limit) by one linear scan of its tags:
 * no parsing, no regular expression, and it stops at the first limit passed. Tags inside comments
 * and scripts count too, so the counts are upper bounds of the DOM a parser builds.
 */
function checkMarkup(html: string, limits: MarkupLimits = MARKUP_LIMITS): MarkupCounts {
  const counts = scanMarkup(html, limits)
  if (counts.depth > limits.maxNesting)
    throw new MarkupTooLarge(
      'nesting',
      `The markup nests elements more than ${limits.maxNesting} deep; it cannot be read safely`,
    )
  if (counts.elements > limits.maxElements)
    throw new MarkupTooLarge('elements', `The markup holds more than ${limits.maxElements} elements`)
  if (counts.tableCells > limits.maxTableCells)
    throw new MarkupTooLarge('table_cells', `The markup holds more than ${limits.maxTableCells} table cells`)
  return counts
}

/** The markup's nesting depth and element and table-cell counts, stopping once one passes `stop`. */
export function scanMarkup(
  html: string,
  stop: MarkupLimits = { maxNesting: Infinity, maxElements: Infinity, maxTableCells: Infinity },
): MarkupCounts {
  let depth = 0
  let max = 0
  let elements = 0
  let cells = 0
  let i = html.indexOf('<')
  while (i >= 0 && i < html.length - 1) {
    const next = html.charCodeAt(i + 1)
    const closing = next === 47 /* / */
    let j = closing ? i + 2 : i + 1
    const start = j
    while (j < html.length) {
      const c = html.charCodeAt(j)
      const letter =
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57 && j > start) || c === 45
      if (!letter) break
      j++
    }
    if (j > start) {
      const name = html.slice(start, j).toLowerCase()
      const end = html.indexOf('>', j)
      if (end < 0) break
      const selfClosing = html.charCodeAt(end - 1) === 47
      if (!closing) {
        elements++
        if (name === 'td' || name === 'th') cells++
      }
      if (!NOT_NESTING.has(name) && !selfClosing) {
        if (closing) depth = Math.max(0, depth - 1)
        else if (++depth > max) max = depth
      }
      if (max > stop.maxNesting || elements > stop.maxElements || cells > stop.maxTableCells) break
      i = html.indexOf('<', end + 1)
    } else {
      i = html.indexOf('<', i + 1)
    }
  }
  return { depth: max, elements, tableCells: cells }
}
