/**
 * A fetched page → what a reader or an LLM wants from it: the main content as Markdown (Mozilla's
 * Readability on a linkedom DOM, then the converter's turndown with GFM tables), the page's
 * metadata (title, description, language, canonical URL, robots directives) and its links,
 * resolved against the page's address. Pure and synchronous: callers run it off the event loop
 * (extract-worker.ts) because a hostile page can make any DOM walk slow.
 */
import { Readability } from '@mozilla/readability'
import { type DomDocument, type DomElement, parseDocument, scanMarkup } from '../convert/dom.ts'
import { htmlToMarkdown } from '../convert/index.ts'

export interface PageLink {
  url: string
  text: string
}

export interface PageMetadata {
  title: string | null
  description: string | null
  language: string | null
  canonical_url: string | null
  site_name: string | null
  published_time: string | null
  /** `noindex`, `nofollow` … from `<meta name="robots">`. */
  robots: string[]
}

export interface ExtractedPage {
  metadata: PageMetadata
  markdown: string
  /** The main content as HTML (present when asked for). */
  html?: string
  links: PageLink[]
  /** Whether Readability found an article; otherwise the body without its chrome was used. */
  main_content: 'article' | 'body'
  /** Visible text of the whole page, capped; the block-page detector reads it. */
  text_sample: string
}

export interface ExtractOptions {
  /** Readability's article (default) or the whole body. */
  onlyMainContent?: boolean
  includeHtml?: boolean
  /** Links kept at most (a page can carry tens of thousands). */
  maxLinks?: number
}

/**
 * Readability weighs each element by queries over all its descendants (which tags, how much text,
 * how many links), so its work grows with the square of the nesting: deeper pages are read as
 * their whole body without chrome (`main_content: 'body'`). Article pages nest 15–40 deep; 15 KB
 * nested 250 deep takes 0.3 s, 1,490 deep took 30 s.
 */
const READABILITY_MAX_NESTING = 128
/** Readability stops (returns null) on documents with more elements than this. */
const MAX_ELEMENTS = 50_000
const TEXT_SAMPLE_CHARS = 4000
/** Chrome around the content that a reader does not want when there is no article. */
const CHROME = 'script, style, noscript, template, nav, header, footer, aside, form, iframe, svg'

export function extractPage(html: string, url: string, opts: ExtractOptions = {}): ExtractedPage {
  // parseDocument refuses markup nested too deep or too large (MarkupTooLarge) before parsing it.
  const document = parseDocument(html)
  const base = baseUrl(document, url)
  const metadata = readMetadata(document, base)
  const links = readLinks(document, base, opts.maxLinks ?? 1000)
  const text_sample = (document.body?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TEXT_SAMPLE_CHARS)

  let content: DomElement | undefined
  let main_content: ExtractedPage['main_content'] = 'body'
  if (opts.onlyMainContent !== false && scanMarkup(html).depth <= READABILITY_MAX_NESTING) {
    // Readability edits the document it reads, so it gets its own copy.
    const article = readability(parseDocument(html)).parse()
    if (article?.content) {
      content = parseDocument(article.content).body
      main_content = 'article'
      metadata.title ??= article.title ?? null
      metadata.description ??= article.excerpt ?? null
      metadata.site_name ??= article.siteName ?? null
      metadata.published_time ??= article.publishedTime ?? null
      metadata.language ??= article.lang ?? null
    }
  }
  if (!content) {
    content = document.body
    for (const node of [...content.querySelectorAll(CHROME)]) node.remove()
  }
  const contentHtml = content.innerHTML
  let markdown = htmlToMarkdown(content)
  // Readability lifts the article's heading into its title; a reader still expects it on top.
  const heading = main_content === 'article' ? (metadata.title ?? '').trim() : ''
  if (heading && !markdown.startsWith('#')) markdown = `# ${heading}\n\n${markdown}`
  return {
    metadata,
    markdown,
    ...(opts.includeHtml ? { html: contentHtml } : {}),
    links,
    main_content,
    text_sample,
  }
}

/** The internals of Readability 0.6 that `readability` wraps. */
interface ReadabilityInternals {
  parse(): ReturnType<Readability['parse']>
  _getInnerText(e: object, normalizeSpaces?: boolean): string
  _cleanConditionally(e: object, tag: string): void
  _removeNodes(
    list: ArrayLike<object>,
    filter?: (this: unknown, node: object, ...rest: unknown[]) => boolean,
  ): void
}

/**
 * Readability whose cleaning pass reads each element's text once. `_cleanConditionally` weighs
 * every candidate element by the text of all its descendants, each read afresh (textContent, then
 * a whitespace regex): on nested markup that is depth² × text — 15 KB nested 1,000 deep took 32 s,
 * 1,490 deep 17 s in production. Within one pass the text of an element only changes when the
 * pass removes a node, so the texts are kept until then (the pass iterates deepest-first, so a
 * removal forgets what it invalidates): depth × text, the nested 15 KB in tens of milliseconds.
 */
function readability(document: DomDocument): ReadabilityInternals {
  const reader = new Readability(document as never, {
    maxElemsToParse: MAX_ELEMENTS,
    charThreshold: 200,
  }) as unknown as ReadabilityInternals
  const innerText = reader._getInnerText
  const clean = reader._cleanConditionally
  const removeNodes = reader._removeNodes
  let texts: [Map<object, string>, Map<object, string>] | undefined
  reader._getInnerText = function (e, normalizeSpaces = true) {
    if (!texts) return innerText.call(this, e, normalizeSpaces)
    const known = texts[normalizeSpaces ? 0 : 1]
    let text = known.get(e)
    if (text === undefined) {
      text = innerText.call(this, e, normalizeSpaces)
      known.set(e, text)
    }
    return text
  }
  reader._cleanConditionally = function (e, tag) {
    texts = [new Map(), new Map()]
    try {
      clean.call(this, e, tag)
    } finally {
      texts = undefined
    }
  }
  reader._removeNodes = function (list, filter) {
    removeNodes.call(
      this,
      list,
      filter &&
        function (this: unknown, node, ...rest) {
          const remove = filter.call(this, node, ...rest)
          if (remove && texts) texts = [new Map(), new Map()]
          return remove
        },
    )
  }
  return reader
}

function baseUrl(document: DomDocument, url: string): URL {
  const href = document.querySelector('base[href]')?.getAttribute('href')
  try {
    return new URL(href ?? url, url)
  } catch {
    return new URL(url)
  }
}

function meta(document: DomDocument, ...names: string[]): string | null {
  for (const name of names) {
    const value =
      document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ??
      document.querySelector(`meta[property="${name}"]`)?.getAttribute('content')
    if (value?.trim()) return value.trim()
  }
  return null
}

function readMetadata(document: DomDocument, base: URL): PageMetadata {
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href')
  let canonical_url: string | null = null
  if (canonical) {
    try {
      canonical_url = new URL(canonical, base).href
    } catch {
      canonical_url = null
    }
  }
  const title = document.title?.trim() || meta(document, 'og:title', 'twitter:title')
  const robots = (meta(document, 'robots') ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
  return {
    title: title || null,
    description: meta(document, 'description', 'og:description', 'twitter:description'),
    language:
      document.documentElement.getAttribute('lang')?.trim() ||
      meta(document, 'og:locale') ||
      document.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content') ||
      null,
    canonical_url,
    site_name: meta(document, 'og:site_name'),
    published_time: meta(document, 'article:published_time'),
    robots,
  }
}

function readLinks(document: DomDocument, base: URL, max: number): PageLink[] {
  const seen = new Set<string>()
  const links: PageLink[] = []
  for (const a of document.querySelectorAll('a[href]')) {
    if (links.length >= max) break
    let url: URL
    try {
      url = new URL(a.getAttribute('href') ?? '', base)
    } catch {
      continue
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
    url.hash = ''
    if (seen.has(url.href)) continue
    seen.add(url.href)
    links.push({ url: url.href, text: (a.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300) })
  }
  return links
}
