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
import { extractTextItems, getDocumentProxy, getMeta } from 'unpdf'
import { firstHeading } from './headings.ts'

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

export async function pdfToMarkdown(data: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfResult> {
  const pdf = await getDocumentProxy(data)
  try {
    if (opts.maxPages !== undefined && pdf.numPages > opts.maxPages)
      throw new PdfTooLong(pdf.numPages, opts.maxPages)
    const [{ items, totalPages }, meta] = await Promise.all([
      extractTextItems(pdf),
      getMeta(pdf).catch(() => undefined),
    ])
    const pages: PdfLine[][] = items.map((pageItems) =>
      linesOf(
        pageItems
          // pdf.js reports the gaps between runs as whitespace items; the gaps are measured instead.
          .filter((i) => i.str.trim() !== '')
          .map((i) => ({
            str: i.str,
            x: i.x,
            y: i.y,
            width: i.width,
            size: Math.round(i.fontSize * 10) / 10,
            bold: /bold|black|heavy|semibold/i.test(i.fontFamily),
          })),
      ),
    )
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
