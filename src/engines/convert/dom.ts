/**
 * The slice of the DOM the converters and the page extractor use, over linkedom (a fast,
 * server-side DOM). The project compiles without the browser's `dom` library (its globals would
 * leak into server code and its fetch types clash with Node's), so these are the types we rely on.
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

/** A DOM for any HTML, a whole document or a fragment (linkedom needs the document shell). */
export function parseDocument(html: string): DomDocument {
  const whole = /<html[\s>]/i.test(html.slice(0, 4096))
  return parseHTML(whole ? html : `<!doctype html><html><body>${html}</body></html>`).document as DomDocument
}
