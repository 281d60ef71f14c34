/**
 * Splits a Markdown document into retrieval chunks on its own structure first, then by size.
 *
 * 1. Structure: Markdown headings open sections; so do the divisions of Czech legal text (ČÁST,
 *    HLAVA, Díl, Oddíl, § N), nested below the Markdown heading they appear under. Inside a
 *    section, a numbered paragraph "(1)", "(2)" (odstavec) is a unit of its own, so a chunk can be
 *    cited as "§ 9 odst. 2".
 * 2. Size: units (paragraphs, list items, table rows, odstavce) are packed into chunks of about
 *    `targetTokens`, never more than `maxTokens`; a chunk never spans two sections. A unit larger
 *    than the limit is split on sentences, then on words. When a section needs several chunks, each
 *    next chunk repeats the last `overlapTokens` of the previous one (whole sentences) so a fact
 *    straddling the cut stays retrievable.
 *
 * Tokens are estimated from words: ~1.3 subword tokens per word, the average we see for Czech and
 * English text in common BPE/WordPiece vocabularies.
 */
import { atxHeading } from '../convert/headings.ts'

export interface ChunkOptions {
  targetTokens?: number
  maxTokens?: number
  overlapTokens?: number
}

export interface Chunk {
  /** 0-based position of the chunk in its document. */
  position: number
  /** The chunk's own text (Markdown). */
  text: string
  /** Heading path, outermost first: ["Hlava II", "§ 9 Kontrola klienta", "odst. 2"]. */
  headings: string[]
  /** The path as one label: "Hlava II › § 9 Kontrola klienta › odst. 2". */
  section: string
  /** 1-based page where the chunk starts, when the source had pages. */
  page: number | undefined
  /** Character offsets into the Markdown. */
  start: number
  end: number
  tokens: number
}

const DEFAULT_CHUNKING: Required<ChunkOptions> = {
  targetTokens: 300,
  maxTokens: 400,
  overlapTokens: 50,
}

const TOKENS_PER_WORD = 1.3

export function estimateTokens(text: string): number {
  const words = text.match(/\S+/g)?.length ?? 0
  return Math.ceil(words * TOKENS_PER_WORD)
}

interface Line {
  text: string
  start: number
}

interface Unit {
  text: string
  start: number
  end: number
  /** odstavec number when the unit is one. */
  paragraph?: string
  /** Table units repeat this header when split. */
  kind: 'text' | 'list' | 'table' | 'code'
}

interface Section {
  headings: string[]
  units: Unit[]
}

// Czech legal divisions; their depth is below any Markdown heading level (1–6).
const LEGAL_DIVISIONS: Array<[RegExp, number]> = [
  [/^(ČÁST|Část)\s+([A-ZÁ-Ža-zá-ž0-9]+)\b.*$/u, 7],
  [/^(HLAVA|Hlava)\s+([IVXLC]+|\d+)\b.*$/u, 8],
  [/^(Díl|DÍL)\s+\d+\b.*$/u, 9],
  [/^(Oddíl|ODDÍL)\s+\d+\b.*$/u, 10],
  [/^§\s*\d+[a-z]?\b.*$/u, 11],
]
const ODSTAVEC = /^\((\d+[a-z]?)\)\s+/
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)]|[a-z][.)])\s+/
const TABLE_ROW = /^\s*\|.*\|\s*$/
/** A table's rule line ("|---|:--:|"), checked cell by cell (the one-pattern form backtracks). */
function isTableRule(line: string): boolean {
  let row = line.trim()
  if (row.startsWith('|')) row = row.slice(1)
  if (row.endsWith('|')) row = row.slice(0, -1)
  return row.includes('-') && row.split('|').every((cell) => /^:?-{3,}:?$/.test(cell.trim()))
}

function splitLines(markdown: string): Line[] {
  const lines: Line[] = []
  let offset = 0
  for (const text of markdown.split('\n')) {
    lines.push({ text, start: offset })
    offset += text.length + 1
  }
  return lines
}

function headingOf(line: string): { level: number; label: string } | undefined {
  const md = atxHeading(line)
  if (md) return { level: md.level, label: cleanHeading(md.text) }
  const trimmed = line.trim()
  for (const [pattern, level] of LEGAL_DIVISIONS) {
    // A legal division is a short line of its own, not a sentence that starts with "§ 7 stanoví …".
    if (
      pattern.test(trimmed) &&
      trimmed.length <= 120 &&
      !/[.;:]\s*\S/.test(trimmed.replace(/^§\s*\d+[a-z]?/, ''))
    )
      return { level, label: cleanHeading(trimmed) }
  }
  return undefined
}

function cleanHeading(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Markdown → sections of units, following headings and Czech legal divisions. */
function sectionsOf(markdown: string): Section[] {
  const lines = splitLines(markdown)
  const sections: Section[] = []
  const stack: Array<{ level: number; label: string }> = []
  let current: Section = { headings: [], units: [] }
  let block: Line[] = []
  let blockKind: Unit['kind'] = 'text'
  let inCode = false

  const flush = () => {
    if (block.length === 0) return
    const text = block
      .map((l) => l.text)
      .join('\n')
      .trim()
    if (text) {
      const first = block[0]!
      const last = block[block.length - 1]!
      const paragraph = ODSTAVEC.exec(first.text.trim())?.[1]
      current.units.push({
        text,
        start: first.start,
        end: last.start + last.text.length,
        kind: blockKind,
        ...(paragraph ? { paragraph } : {}),
      })
    }
    block = []
    blockKind = 'text'
  }
  const openSection = () => {
    flush()
    if (current.units.length > 0) sections.push(current)
    current = { headings: stack.map((h) => h.label), units: [] }
  }

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const trimmed = line.text.trim()
    if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) {
      if (!inCode) {
        flush()
        blockKind = 'code'
      }
      inCode = !inCode
      block.push(line)
      if (!inCode) flush()
      continue
    }
    if (inCode) {
      block.push(line)
      continue
    }
    const heading = headingOf(line.text)
    if (heading) {
      while (stack.length > 0 && stack[stack.length - 1]!.level >= heading.level) stack.pop()
      stack.push(heading)
      openSection()
      continue
    }
    if (trimmed === '') {
      flush()
      continue
    }
    const isTable = TABLE_ROW.test(line.text)
    const isList = LIST_ITEM.test(line.text)
    const isParagraphStart = ODSTAVEC.test(trimmed)
    // A new odstavec, a table starting after text, or text after a table starts a new unit.
    if (block.length > 0) {
      const startsNew =
        isParagraphStart ||
        (isTable && blockKind !== 'table') ||
        (!isTable && blockKind === 'table') ||
        (isList && blockKind === 'text' && !/:\s*$/.test(block[block.length - 1]!.text))
      if (startsNew) flush()
    }
    if (block.length === 0) blockKind = isTable ? 'table' : isList ? 'list' : 'text'
    block.push(line)
  }
  flush()
  if (current.units.length > 0) sections.push(current)
  return sections
}

function splitSentences(text: string): string[] {
  // A sentence ends at . ! ? followed by space and an upper-case letter, digit, § or a bracket;
  // abbreviations such as "odst." or "Sb." followed by a digit or lower case do not end one.
  const parts = text.split(/(?<=[.!?])\s+(?=[\p{Lu}\d§(„"])/u)
  return parts.map((p) => p.trim()).filter(Boolean)
}

function splitWords(text: string, maxTokens: number): string[] {
  const words = text.split(/\s+/).filter(Boolean)
  const per = Math.max(1, Math.floor(maxTokens / TOKENS_PER_WORD))
  const out: string[] = []
  for (let i = 0; i < words.length; i += per) out.push(words.slice(i, i + per).join(' '))
  return out
}

/** Breaks a unit that exceeds the limit into pieces that fit (tables by rows, header repeated). */
function fitUnit(unit: Unit, maxTokens: number): Unit[] {
  if (estimateTokens(unit.text) <= maxTokens) return [unit]
  let pieces: string[]
  if (unit.kind === 'table') {
    const rows = unit.text.split('\n')
    const header = rows.length > 2 && isTableRule(rows[1]!) ? rows.slice(0, 2) : []
    const body = rows.slice(header.length)
    pieces = []
    let acc: string[] = []
    for (const row of body) {
      if (acc.length > 0 && estimateTokens([...header, ...acc, row].join('\n')) > maxTokens) {
        pieces.push([...header, ...acc].join('\n'))
        acc = []
      }
      acc.push(row)
    }
    if (acc.length > 0) pieces.push([...header, ...acc].join('\n'))
  } else {
    pieces = []
    for (const sentence of splitSentences(unit.text)) {
      if (estimateTokens(sentence) <= maxTokens) pieces.push(sentence)
      else pieces.push(...splitWords(sentence, maxTokens))
    }
  }
  return pieces.map((text) => ({ ...unit, text }))
}

function pageAt(offset: number, pageOffsets: readonly number[] | undefined): number | undefined {
  if (!pageOffsets || pageOffsets.length === 0) return undefined
  let page = 1
  for (let i = 0; i < pageOffsets.length; i++) if (pageOffsets[i]! <= offset) page = i + 1
  return page
}

/** The tail of a chunk worth repeating at the start of the next one: whole sentences, at most
 * `overlapTokens`, never the whole chunk, never from a table or code block. */
function overlapTail(units: Unit[], overlapTokens: number): Unit[] {
  if (overlapTokens <= 0) return []
  const tail: string[] = []
  let tokens = 0
  let from: Unit | undefined
  outer: for (let u = units.length - 1; u >= 0; u--) {
    const unit = units[u]!
    if (unit.kind === 'table' || unit.kind === 'code') break
    const sentences = splitSentences(unit.text)
    for (let i = sentences.length - 1; i >= 0; i--) {
      const t = estimateTokens(sentences[i]!)
      if (tokens + t > overlapTokens) break outer
      tail.unshift(sentences[i]!)
      tokens += t
      from = unit
    }
  }
  const allSentences = units.reduce((n, u) => n + splitSentences(u.text).length, 0)
  if (tail.length === 0 || !from || tail.length >= allSentences) return []
  return [{ ...from, text: tail.join(' ') }]
}

function sectionLabel(headings: string[], units: Unit[]): string[] {
  const paragraphs = units.filter((u) => u.paragraph).map((u) => u.paragraph!)
  if (paragraphs.length === 0) return headings
  const first = paragraphs[0]!
  const last = paragraphs[paragraphs.length - 1]!
  return [...headings, first === last ? `odst. ${first}` : `odst. ${first}–${last}`]
}

export function chunkMarkdown(
  markdown: string,
  opts: ChunkOptions & { pageOffsets?: readonly number[] } = {},
): Chunk[] {
  const { targetTokens, maxTokens, overlapTokens } = { ...DEFAULT_CHUNKING, ...stripUndefined(opts) }
  const chunks: Chunk[] = []
  const emit = (headings: string[], units: Unit[]) => {
    const text = units.map((u) => u.text).join('\n\n')
    const path = sectionLabel(headings, units)
    chunks.push({
      position: chunks.length,
      text,
      headings: path,
      section: path.join(' › '),
      page: pageAt(units[0]!.start, opts.pageOffsets),
      start: units[0]!.start,
      end: units[units.length - 1]!.end,
      tokens: estimateTokens(text),
    })
  }
  for (const section of sectionsOf(markdown)) {
    const units = section.units.flatMap((u) => fitUnit(u, maxTokens))
    let acc: Unit[] = []
    let accTokens = 0
    let fresh = 0 // units in acc that are not overlap from the previous chunk
    for (const unit of units) {
      const t = estimateTokens(unit.text)
      // Close the chunk when this unit would overflow it, or when it has reached the target and the
      // next unit is a new odstavec (keeps paragraphs whole where the size allows).
      const overflow = accTokens + t > maxTokens
      const atTarget =
        accTokens >= targetTokens && (unit.paragraph !== undefined || accTokens + t > targetTokens)
      if (fresh > 0 && (overflow || atTarget)) {
        emit(section.headings, acc)
        acc = overlapTail(acc, overlapTokens)
        accTokens = acc.reduce((s, u) => s + estimateTokens(u.text), 0)
        fresh = 0
        if (accTokens + t > maxTokens) {
          acc = []
          accTokens = 0
        }
      }
      acc.push(unit)
      accTokens += t
      fresh += 1
    }
    if (fresh > 0) emit(section.headings, acc)
  }
  return chunks
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
