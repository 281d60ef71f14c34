/**
 * One converter for every document the platform ingests: PDF, DOCX, HTML, Markdown and plain text
 * become Markdown, keeping headings, lists and tables where the format has them.
 *
 * The format is decided by content first (magic bytes), then by the declared content type and file
 * name: a PDF named "x.txt" is still a PDF, and a PNG named "x.md" is refused. Legacy .doc, images,
 * spreadsheets and other archives are refused as unsupported; a PDF or DOCX that cannot be parsed is
 * corrupt; a document with no text is empty. Each failure is a `ConvertError` whose `reason` callers
 * map to a status (415 unsupported, 400 corrupt or empty).
 */
import mammoth from 'mammoth'
import TurndownService from 'turndown'
import { gfm } from 'turndown-plugin-gfm'
import { trimEndOf } from '../../kit/text.ts'
import {
  type DomElement,
  type DomNode,
  MARKUP_LIMITS,
  type MarkupLimits,
  MarkupTooLarge,
  parseDocument,
} from './dom.ts'
import { firstHeading } from './headings.ts'
import { PdfTooLarge, PdfTooLong, pdfToMarkdown } from './pdf.ts'
import { checkZip } from './zip-budget.ts'

export type DocumentFormat = 'pdf' | 'docx' | 'html' | 'markdown' | 'text'

export const SUPPORTED_FORMATS: readonly DocumentFormat[] = ['pdf', 'docx', 'html', 'markdown', 'text']

export interface ConvertOptions {
  filename?: string | undefined
  contentType?: string | undefined
  /** What a document may expand to (defaults: DEFAULT_LIMITS). */
  limits?: Partial<ConvertLimits> | undefined
}

/**
 * What one document may expand to. A parser of outside bytes needs bounds beyond the upload
 * size: a 469 KB DOCX can inflate to 200 MB, a PDF can declare 10,000 pages.
 */
export interface ConvertLimits extends MarkupLimits {
  /** Bytes a DOCX package may inflate to, all its files together. */
  maxUnzippedBytes: number
  /** Files in a DOCX package at most. */
  maxZipEntries: number
  /** Elements of a DOCX's XML at most (checked as the package is inflated, before it is parsed). */
  maxXmlElements: number
  /** Pages of a PDF at most. */
  maxPages: number
  /** Bytes a PDF's compressed streams may decode to, all together (checked before pdf.js reads them). */
  maxPdfStreamBytes: number
  /** Runs of text a PDF may hold (pdf.js items, counted as they are read). */
  maxTextRuns: number
  /** Characters of Markdown at most (in a PDF counted as its text is read). */
  maxMarkdownChars: number
}

export const DEFAULT_LIMITS: ConvertLimits = {
  ...MARKUP_LIMITS,
  maxUnzippedBytes: 64 * 1024 * 1024,
  maxZipEntries: 2_000,
  maxXmlElements: 1_000_000,
  maxPages: 2_000,
  maxPdfStreamBytes: 256 * 1024 * 1024,
  maxTextRuns: 2_000_000,
  maxMarkdownChars: 20_000_000,
}

export interface ConvertResult {
  format: DocumentFormat
  markdown: string
  /** From the document's metadata or its first heading; undefined when it has neither. */
  title: string | undefined
  /** Markdown offset where each page starts (PDF only). */
  pageOffsets?: number[]
  pages?: number
}

/**
 * `too_large`: over one of the ConvertLimits, named in `limit`; `too_complex`: markup nested
 * deeper than `maxNesting` (limit 'nesting').
 */
export type ConvertFailure = 'unsupported' | 'corrupt' | 'empty' | 'too_large' | 'too_complex'

export class ConvertError extends Error {
  readonly reason: ConvertFailure
  /**
   * The limit passed, for `too_large` and `too_complex`: 'unzipped_bytes', 'zip_entries', 'pages',
   * 'xml_elements', 'pdf_stream_bytes', 'text_runs', 'markdown_chars', 'elements', 'table_cells'
   * or 'nesting'.
   */
  readonly limit: string | undefined
  constructor(reason: ConvertFailure, message: string, opts: { cause?: unknown; limit?: string } = {}) {
    super(message, { cause: opts.cause })
    this.name = 'ConvertError'
    this.reason = reason
    this.limit = opts.limit
  }
}

const SUPPORTED_TEXT = 'PDF, DOCX, HTML, Markdown or plain text'

export async function convertToMarkdown(
  input: Uint8Array,
  opts: ConvertOptions = {},
): Promise<ConvertResult> {
  const bytes =
    input instanceof Buffer ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : input
  if (bytes.byteLength === 0) throw new ConvertError('empty', 'The file is empty')
  const format = detectFormat(bytes, opts)
  const limits = { ...DEFAULT_LIMITS, ...opts.limits }
  let result: ConvertResult
  try {
    result = await convertFormat(format, bytes, limits)
  } catch (error) {
    if (!(error instanceof MarkupTooLarge)) throw error
    const what = format === 'docx' ? 'The DOCX' : 'The document'
    throw new ConvertError(
      error.limit === 'nesting' ? 'too_complex' : 'too_large',
      error.message.replace('The markup', what),
      { limit: error.limit },
    )
  }
  if (result.markdown.length > limits.maxMarkdownChars)
    throw new ConvertError(
      'too_large',
      `The document converts to ${result.markdown.length} characters of text, more than ${limits.maxMarkdownChars}`,
      { limit: 'markdown_chars' },
    )
  if (result.markdown.replace(/[\s#|*_>`-]/g, '') === '') {
    throw new ConvertError(
      'empty',
      format === 'pdf'
        ? 'The PDF has no text layer (a scanned image?); OCR is not available, so export it with text'
        : 'The document contains no text',
    )
  }
  return result
}

async function convertFormat(
  format: DocumentFormat,
  bytes: Uint8Array,
  limits: ConvertLimits,
): Promise<ConvertResult> {
  switch (format) {
    case 'pdf':
      return convertPdf(bytes, limits)
    case 'docx': {
      const zip = checkZip(bytes, {
        maxBytes: limits.maxUnzippedBytes,
        maxEntries: limits.maxZipEntries,
        maxElements: limits.maxXmlElements,
      })
      if (!zip.ok) {
        if (zip.limit === 'format') throw new ConvertError('corrupt', `The DOCX is ${zip.message}`)
        throw new ConvertError('too_large', `The DOCX is too large: ${zip.message}`, {
          limit: { entries: 'zip_entries', bytes: 'unzipped_bytes', elements: 'xml_elements' }[zip.limit],
        })
      }
      return convertDocx(bytes, limits)
    }
    case 'html':
      return convertHtml(decodeText(bytes), limits)
    case 'markdown':
      return convertMarkdown(decodeText(bytes))
    case 'text':
      return convertText(decodeText(bytes))
  }
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b)
}

const ASCII = new TextDecoder('latin1')

function extensionOf(filename: string | undefined): string {
  const m = /\.([a-z0-9]+)$/i.exec(filename ?? '')
  return m ? m[1]!.toLowerCase() : ''
}

/** Decides the format from magic bytes, then content type, then file extension. */
export function detectFormat(bytes: Uint8Array, opts: ConvertOptions = {}): DocumentFormat {
  const ext = extensionOf(opts.filename)
  const type = (opts.contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A ZIP: DOCX when it holds word/document.xml (the name appears in the archive's directory).
    const listing = ASCII.decode(bytes.subarray(0, Math.min(bytes.length, 4_000_000)))
    if (listing.includes('word/document.xml')) return 'docx'
    if (listing.includes('xl/workbook')) throw unsupported('a spreadsheet (XLSX)')
    if (listing.includes('ppt/presentation')) throw unsupported('a presentation (PPTX)')
    if (listing.includes('content.xml') && listing.includes('mimetype'))
      throw unsupported('an OpenDocument file')
    throw unsupported('a ZIP archive')
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    throw unsupported('a legacy Office file (.doc/.xls); save it as DOCX')
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) throw unsupported('a PNG image')
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) throw unsupported('a JPEG image')
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) throw unsupported('a GIF image')
  if (startsWith(bytes, [0x1f, 0x8b])) throw unsupported('a gzip archive')
  if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) throw unsupported('an RTF file; save it as DOCX')
  if (ext === 'pdf' || type === 'application/pdf') {
    throw new ConvertError('corrupt', 'The file is named or typed as PDF but does not start with %PDF-')
  }
  if (ext === 'docx' || type.includes('wordprocessingml')) {
    throw new ConvertError('corrupt', 'The file is named or typed as DOCX but is not a ZIP package')
  }
  // Text from here on: binary content (NUL bytes) is none of the supported formats.
  const sample = bytes.subarray(0, 8192)
  if (sample.includes(0)) throw unsupported('binary data')
  if (type === 'text/html' || type === 'application/xhtml+xml' || ext === 'html' || ext === 'htm')
    return 'html'
  if (type === 'text/markdown' || type === 'text/x-markdown' || ext === 'md' || ext === 'markdown')
    return 'markdown'
  const head = ASCII.decode(sample).trimStart().slice(0, 200).toLowerCase()
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html'
  return 'text'
}

function unsupported(what: string): ConvertError {
  return new ConvertError('unsupported', `Unsupported file type: ${what}. Supported: ${SUPPORTED_TEXT}`)
}

/** UTF-8 (BOM stripped); text that is not valid UTF-8 is read as Windows-1250 (Czech legacy). */
export function decodeText(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = new TextDecoder('windows-1250').decode(bytes)
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

async function convertPdf(bytes: Uint8Array, limits: ConvertLimits): Promise<ConvertResult> {
  try {
    // pdf.js may detach the buffer it is given: hand it a copy.
    const { markdown, title, pageOffsets, pages } = await pdfToMarkdown(bytes.slice(), {
      maxPages: limits.maxPages,
      maxStreamBytes: limits.maxPdfStreamBytes,
      maxChars: limits.maxMarkdownChars,
      maxRuns: limits.maxTextRuns,
    })
    return { format: 'pdf', markdown, title, pageOffsets, pages }
  } catch (error) {
    if (error instanceof PdfTooLong)
      throw new ConvertError('too_large', `${error.message}: split it`, { limit: 'pages' })
    if (error instanceof PdfTooLarge)
      throw new ConvertError('too_large', error.message, { limit: error.limit })
    throw new ConvertError('corrupt', `The PDF could not be read: ${(error as Error).message}`, {
      cause: error,
    })
  }
}

async function convertDocx(bytes: Uint8Array, limits: MarkupLimits): Promise<ConvertResult> {
  let html: string
  try {
    const result = await mammoth.convertToHtml({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    })
    html = result.value
  } catch (error) {
    throw new ConvertError('corrupt', `The DOCX could not be read: ${(error as Error).message}`, {
      cause: error,
    })
  }
  const markdown = htmlToMarkdown(html, limits)
  return { format: 'docx', markdown, title: firstHeading(markdown) }
}

function convertHtml(html: string, limits: MarkupLimits): ConvertResult {
  const titleTag = elementText(html, 'title', 'first')
  const body = elementText(html, 'body', 'last')
  const markdown = htmlToMarkdown(body ?? html, limits)
  const title = titleTag ? decodeEntities(titleTag).replace(/\s+/g, ' ').trim() || undefined : undefined
  return { format: 'html', markdown, title: title ?? firstHeading(markdown) }
}

function convertMarkdown(text: string): ConvertResult {
  let markdown = text
  let title: string | undefined
  const front = /^---\n([\s\S]*?)\n---\n/.exec(markdown)
  if (front) {
    title = frontMatterTitle(front[1]!)
    markdown = markdown.slice(front[0].length)
  }
  markdown = markdown.trim()
  return { format: 'markdown', markdown, title: title ?? firstHeading(markdown) }
}

function convertText(text: string): ConvertResult {
  // Plain text is already valid Markdown apart from stray hard wraps; keep it as written.
  const markdown = text
    .split('\n')
    .map((line) => trimEndOf(line, ' \t'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  const first = markdown
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
  const title = first && first.length <= 120 && !/[.,;:]$/.test(first) ? first : undefined
  return { format: 'text', markdown, title }
}

/**
 * The text inside the first <tag …>…</tag> (its last closing tag with `close: 'last'`), found
 * with indexOf on a lower-cased copy: the regular expressions for it are quadratic on a page
 * full of unclosed tags.
 */
function elementText(html: string, tag: string, close: 'first' | 'last'): string | undefined {
  const lower = html.toLowerCase()
  let open = lower.indexOf(`<${tag}`)
  while (open >= 0 && /[a-z0-9-]/.test(lower[open + tag.length + 1] ?? ''))
    open = lower.indexOf(`<${tag}`, open + 1)
  if (open < 0) return undefined
  const start = lower.indexOf('>', open)
  if (start < 0) return undefined
  const end = close === 'first' ? lower.indexOf(`</${tag}>`, start) : lower.lastIndexOf(`</${tag}>`)
  return end > start ? html.slice(start + 1, end) : undefined
}

/** The `title:` of a YAML front matter, quotes taken off. */
function frontMatterTitle(front: string): string | undefined {
  for (const line of front.split('\n')) {
    if (!line.startsWith('title:')) continue
    let value = line.slice('title:'.length).trim()
    if (/^["']/.test(value)) value = value.slice(1)
    if (/["']$/.test(value)) value = value.slice(0, -1)
    return value.trim() || undefined
  }
  return undefined
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
}

let turndown: TurndownService | undefined

function turndownService(): TurndownService {
  if (turndown) return turndown
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
  })
  service.use(gfm)
  service.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'template', 'head'])
  turndown = service
  return service
}

/**
 * HTML → Markdown. GFM tables need a header row: a table whose first row has only <td> cells (as
 * mammoth writes them) gets that row promoted to <th>, otherwise it would stay raw HTML. Word puts
 * a <p> inside every table cell, and a GFM cell holds one line, so paragraphs in cells become <br>.
 * Both are DOM edits, not regular expressions, so the cost stays linear in the input.
 */
export function htmlToMarkdown(html: string | DomElement, limits: MarkupLimits = MARKUP_LIMITS): string {
  const root = typeof html === 'string' ? parseDocument(html, limits).body : html
  prepareTables(root)
  return tidyMarkdown(turndownService().turndown(root.innerHTML))
}

function prepareTables(root: DomElement): void {
  const document = root.ownerDocument
  for (const table of root.querySelectorAll('table')) {
    const firstRow = table.querySelector('tr')
    if (firstRow && !firstRow.querySelector('th')) {
      for (const cell of [...firstRow.children]) {
        if (cell.tagName !== 'TD') continue
        const th = document.createElement('th')
        for (const attr of [...cell.attributes]) th.setAttribute(attr.name, attr.value)
        while (cell.firstChild) th.appendChild(cell.firstChild)
        cell.replaceWith(th)
      }
    }
    for (const cell of table.querySelectorAll('td, th')) {
      const paragraphs = [...cell.children].filter((child) => child.tagName === 'P')
      paragraphs.forEach((p, index) => {
        const parts: DomNode[] = [...p.childNodes]
        if (index > 0) parts.unshift(document.createElement('br'))
        p.replaceWith(...parts)
      })
    }
  }
}

/** List markers get one space after them, and runs of blank lines shrink to one (linear). */
function tidyMarkdown(markdown: string): string {
  return markdown
    .replace(/^([ \t]*)([-*+]|\d+\.)[ \t]{2,}(?=\S)/gm, '$1$2 ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
