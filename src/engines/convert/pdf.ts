/**
 * PDF → Markdown from the positioned text runs pdf.js reports (via unpdf), rebuilt into lines,
 * paragraphs, headings, lists and tables by layout:
 * - the body font size is the size carrying the most characters; a short line set larger is a
 *   heading, its level given by the rank of its size among the heading sizes (largest = #);
 * - a short line entirely in a bold face, between body lines, is a heading one level below those;
 * - lines are joined into a paragraph while the vertical gap stays under 1.6 × the line height,
 *   and a word hyphenated across lines is rejoined;
 * - a line whose runs are separated by wide gaps (≥ 1.5 × the font size) is a row of cells; two
 *   or more such consecutive rows with the same cell count become a GFM table (first row header);
 * - "•", "–", "-", "*" and "1." / "a)" starts make list items.
 * Scanned pages (images without a text layer) yield no text: there is no OCR here.
 */
import { getDocumentProxy, getMeta } from 'unpdf'
import { firstHeading } from './headings.ts'
import { checkPdfStreams } from './pdf-budget.ts'

interface Run {
  str: string
  x: number
  y: number
  width: number
  size: number
  bold: boolean
}

interface PdfLine {
  runs: Run[]
  y: number
  size: number
  bold: boolean
  text: string
  cells: string[]
}

const BULLET = /^\s*[•◦▪●‣–\-*]\s+/
const ORDERED = /^\s*(\d+[.)]|[a-z][.)])\s+/

export interface PdfResult {
  markdown: string
  title: string | undefined
  pageOffsets: number[]
  pages: number
}

/** A PDF with more pages than the caller reads (its page count is known before any page is parsed). */
export class PdfTooLong extends Error {
  readonly pages: number
  readonly maxPages: number
  constructor(pages: number, maxPages: number) {
    super(`The PDF has ${pages} pages, more than ${maxPages}`)
    this.name = 'PdfTooLong'
    this.pages = pages
    this.maxPages = maxPages
  }
}

/** A PDF past one of the bounds of PdfLimits, checked while it is read; `limit` names it. */
export class PdfTooLarge extends Error {
  readonly limit: 'pdf_stream_bytes' | 'markdown_chars' | 'text_runs'
  constructor(limit: PdfTooLarge['limit'], message: string) {
    super(message)
    this.name = 'PdfTooLarge'
    this.limit = limit
  }
}

export interface PdfLimits {
  maxPages?: number | undefined
  /** Bytes the FlateDecode streams may decode to, all together (pdf-budget.ts). */
  maxStreamBytes?: number | undefined
  /** Characters of text the pages may hold, counted as pdf.js reports them. */
  maxChars?: number | undefined
  /** Text runs (pdf.js items) the pages may hold: each costs about 200 bytes while it is laid out. */
  maxRuns?: number | undefined
}

export async function pdfToMarkdown(data: Uint8Array, opts: PdfLimits = {}): Promise<PdfResult> {
  if (opts.maxStreamBytes !== undefined) {
    const streams = await checkPdfStreams(data, opts.maxStreamBytes)
    if (!streams.ok)
      throw new PdfTooLarge(
        'pdf_stream_bytes',
        `The PDF's streams decode to more than ${opts.maxStreamBytes} bytes`,
      )
  }
  const pdf = await getDocumentProxy(data)
  try {
    if (opts.maxPages !== undefined && pdf.numPages > opts.maxPages)
      throw new PdfTooLong(pdf.numPages, opts.maxPages)
    const meta = await getMeta(pdf).catch(() => undefined)
    const totalPages = pdf.numPages
    const read = { chars: 0, runs: 0 }
    const pages: PdfLine[][] = []
    // Page by page, each page's text read as a stream: the counts are checked as the runs arrive,
    // so no page after the limit is read and the runs past it are never kept.
    for (let n = 1; n <= totalPages; n++) pages.push(linesOf(await pageRuns(pdf, n, read, opts)))
    const body = bodySize(pages.flat())
    const headingSizes = [...new Set(pages.flat().map((l) => l.size))]
      .filter((s) => s >= body * 1.15)
      .sort((a, b) => b - a)
    let markdown = ''
    const pageOffsets: number[] = []
    for (const lines of pages) {
      if (markdown && !markdown.endsWith('\n\n')) markdown += '\n\n'
      pageOffsets.push(markdown.length)
      markdown += renderPage(lines, body, headingSizes)
    }
    const info = (meta?.info ?? {}) as Record<string, unknown>
    const metaTitle = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined
    return {
      markdown: markdown.trim(),
      title: metaTitle ?? firstHeading(markdown),
      pageOffsets,
      pages: totalPages,
    }
  } finally {
    await pdf.destroy().catch(() => undefined)
  }
}

interface TextItem {
  str?: string
  transform: number[]
  width: number
  fontName: string
}

interface TextChunk {
  items: TextItem[]
  styles: Record<string, { fontFamily?: string }>
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

/** Page `n`'s text runs, counted into `read` against the limits while pdf.js streams them. */
async function pageRuns(
  pdf: PdfDocument,
  n: number,
  read: { chars: number; runs: number },
  limits: PdfLimits,
): Promise<Run[]> {
  const page = await pdf.getPage(n)
  const reader = (page.streamTextContent() as ReadableStream<TextChunk>).getReader()
  const items: TextItem[] = []
  const styles: TextChunk['styles'] = {}
  let over: PdfTooLarge | undefined
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      // Past a limit the page's stream is read to its end and dropped: pdf.js cannot cancel a text
      // stream cleanly (it errors on the closed controller, or stalls the document's destroy), and
      // a page's content is already bounded by the decoded-stream budget.
      if (over) continue
      Object.assign(styles, value.styles)
      for (const item of value.items) {
        if (item.str == null) continue
        read.chars += item.str.length
        read.runs += 1
        if (limits.maxChars !== undefined && read.chars > limits.maxChars)
          over = new PdfTooLarge(
            'markdown_chars',
            `The PDF holds more than ${limits.maxChars} characters of text`,
          )
        else if (limits.maxRuns !== undefined && read.runs > limits.maxRuns)
          over = new PdfTooLarge('text_runs', `The PDF holds more than ${limits.maxRuns} runs of text`)
        if (over) {
          items.length = 0
          break
        }
        // pdf.js reports the gaps between runs as whitespace items; the gaps are measured instead.
        if (item.str.trim() !== '') items.push(item)
      }
    }
  } finally {
    page.cleanup()
  }
  if (over) throw over
  return items.map((item) => {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform
    return {
      str: item.str!,
      x,
      y,
      width: item.width,
      size: Math.round(Math.hypot(c, d) * 10) / 10,
      bold: /bold|black|heavy|semibold/i.test(styles[item.fontName]?.fontFamily ?? ''),
    }
  })
}

function linesOf(runs: Run[]): PdfLine[] {
  // PDF y grows upwards: sort top to bottom, then left to right within a line.
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x)
  const lines: Run[][] = []
  for (const run of sorted) {
    const line = lines[lines.length - 1]
    if (line && Math.abs(line[0]!.y - run.y) <= Math.max(line[0]!.size, run.size) * 0.5) line.push(run)
    else lines.push([run])
  }
  return lines.map((rs) => {
    rs.sort((a, b) => a.x - b.x)
    const size = Math.max(...rs.map((r) => r.size))
    const cells: string[] = []
    let text = ''
    let cell = ''
    let prevEnd: number | undefined
    for (const r of rs) {
      const gap = prevEnd === undefined ? 0 : r.x - prevEnd
      if (prevEnd !== undefined && gap >= size * 1.5) {
        cells.push(cell.trim())
        cell = ''
        text += ' '
      } else if (
        prevEnd !== undefined &&
        gap > size * 0.15 &&
        !text.endsWith(' ') &&
        !r.str.startsWith(' ')
      ) {
        cell += ' '
        text += ' '
      }
      cell += r.str
      text += r.str
      prevEnd = r.x + r.width
    }
    cells.push(cell.trim())
    return {
      runs: rs,
      y: rs[0]!.y,
      size,
      bold: rs.every((r) => r.bold || r.str.trim() === ''),
      text: text.replace(/\s+/g, ' ').trim(),
      cells: cells.filter((c) => c !== ''),
    }
  })
}

function bodySize(lines: PdfLine[]): number {
  const chars = new Map<number, number>()
  for (const l of lines) chars.set(l.size, (chars.get(l.size) ?? 0) + l.text.length)
  let best = 0
  let bestChars = -1
  for (const [size, n] of chars) {
    if (n > bestChars) {
      best = size
      bestChars = n
    }
  }
  return best || 10
}

function renderPage(lines: PdfLine[], body: number, headingSizes: number[]): string {
  const blocks: string[] = []
  let paragraph = ''
  let prev: PdfLine | undefined
  const flush = () => {
    if (!paragraph) return
    // Consecutive list items form one list, not one block each.
    const last = blocks[blocks.length - 1]
    if (last !== undefined && isListItem(paragraph) && isListItem(last.split('\n').pop()!)) {
      blocks[blocks.length - 1] = `${last}\n${paragraph}`
    } else blocks.push(paragraph)
    paragraph = ''
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (!line.text) continue
    // Table: this line and the next have the same number (≥ 2) of wide-gap cells.
    if (line.cells.length >= 2 && lines[i + 1]?.cells.length === line.cells.length) {
      flush()
      const rows: string[][] = []
      const width = line.cells.length
      while (i < lines.length && lines[i]!.cells.length === width) rows.push(lines[i++]!.cells)
      i -= 1
      blocks.push(renderTable(rows))
      prev = lines[i]
      continue
    }
    const level = headingLevel(line, body, headingSizes, lines[i + 1])
    if (level) {
      flush()
      blocks.push(`${'#'.repeat(level)} ${line.text}`)
      prev = line
      continue
    }
    if (BULLET.test(line.text)) {
      flush()
      paragraph = `- ${line.text.replace(BULLET, '')}`
      prev = line
      continue
    }
    if (ORDERED.test(line.text)) {
      flush()
      paragraph = line.text.replace(
        ORDERED,
        (_m, marker: string) => `${/^\d/.test(marker) ? marker.replace(')', '.') : marker} `,
      )
      prev = line
      continue
    }
    const gap = prev ? prev.y - line.y : 0
    const joins =
      paragraph !== '' && prev !== undefined && gap > 0 && gap <= Math.max(prev.size, line.size) * 1.6
    if (joins) {
      paragraph =
        /[\p{L}]-$/u.test(paragraph) && /^\p{Ll}/u.test(line.text)
          ? `${paragraph.slice(0, -1)}${line.text}`
          : `${paragraph} ${line.text}`
    } else {
      flush()
      paragraph = line.text
    }
    prev = line
  }
  flush()
  return blocks.join('\n\n')
}

function isListItem(block: string): boolean {
  return /^(- |\d+\. |[a-z]\) )/.test(block)
}

function headingLevel(
  line: PdfLine,
  body: number,
  sizes: number[],
  next: PdfLine | undefined,
): number | undefined {
  if (line.text.length > 120 || /[.,;]$/.test(line.text)) return undefined
  if (line.size >= body * 1.15) {
    const rank = sizes.indexOf(line.size)
    return Math.min(6, (rank < 0 ? sizes.length : rank) + 1)
  }
  if (line.bold && line.text.length <= 80 && !next?.bold) return Math.min(6, sizes.length + 1)
  return undefined
}

function renderTable(rows: string[][]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|')
  const [head, ...rest] = rows
  const out = [`| ${head!.map(esc).join(' | ')} |`, `| ${head!.map(() => '---').join(' | ')} |`]
  for (const row of rest) out.push(`| ${row.map(esc).join(' | ')} |`)
  return out.join('\n')
}
