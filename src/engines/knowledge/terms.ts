/**
 * Searching across Czech and English with a bilingual term list (data/reference/bilingual-terms.json:
 * the platform's fields — AML, KYC, sanctions, registers, insolvency, banking, real estate,
 * insurance, data protection, law — each entry with the source that uses both names).
 *
 * Every wording of an entry is analysed the way the knowledge base analyses text (folded, stop words
 * dropped, stemmed in its language: text.ts), so "skutečného majitele" and "beneficial owners" are
 * found in any inflection; a phrase is a sequence of stems, matched longest first. Two uses:
 * - a query: each query word covered by a match gets, as alternatives of its BM25 group, the stems
 *   of the entry's wordings in the other language (and its synonyms in its own), and the other
 *   language's wordings are added to the text the query is embedded from for that language's
 *   passages;
 * - a passage (at ingest): the stems of the other language's wordings of every entry found in it
 *   are added to its terms, so a question in either language reaches it.
 * Matching is a walk over a trie of stems: microseconds per query, tens of microseconds per passage.
 */
import { createHash } from 'node:crypto'
import termData from '../../../data/reference/bilingual-terms.json' with { type: 'json' }
import { ANALYZER_FINGERPRINT, analyze, type Language, stem } from './text.ts'

export interface TermEntry {
  cs: readonly string[]
  en: readonly string[]
  field: string
  source: string
  ref?: string
}

interface TrieNode {
  next: Map<string, TrieNode>
  /** Entries one of whose wordings ends here. */
  entries: number[]
}

const newNode = (): TrieNode => ({ next: new Map(), entries: [] })

const OTHER: Record<Language, Language> = { cs: 'en', en: 'cs' }

/** A match of an entry's wording in a sequence of stems: [start, start + length). */
interface Match {
  start: number
  length: number
  entries: readonly number[]
  language: Language
}

export interface QueryExpansion {
  /** Per query word, in order: the stems its matches add (empty when it matched nothing). */
  extras: string[][]
  /**
   * Per language, the wordings in that language of every entry the query matched in the other one:
   * the query said in that language, for the text each language's passages are compared with.
   */
  into: Record<Language, string[]>
  /** How many words only Czech, or only English, wordings matched: a hint of the query's language. */
  sides: { cs: number; en: number }
}

export class TermList {
  readonly entries: readonly TermEntry[]
  /** Changes whenever any wording changes: stored passage expansions are redone when it does. */
  readonly fingerprint: string
  private readonly tries: Record<Language, TrieNode> = { cs: newNode(), en: newNode() }
  /** Per entry and language: the stems of all its wordings in that language. */
  private readonly stems: Array<Record<Language, string[]>> = []

  constructor(entries: readonly TermEntry[]) {
    this.entries = entries
    this.fingerprint = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16)
    entries.forEach((entry, i) => {
      const stems: Record<Language, string[]> = { cs: [], en: [] }
      for (const language of ['cs', 'en'] as const) {
        const all = new Set<string>()
        for (const wording of entry[language]) {
          const sequence = analyze(wording, language)
          // A wording of stop words and letters only ("a.s.", "US") would match noise.
          if (!sequence.some((s) => s.length >= 2)) continue
          this.insert(this.tries[language], sequence, i)
          for (const s of sequence) all.add(s)
        }
        stems[language] = [...all]
      }
      this.stems.push(stems)
    })
  }

  get size(): number {
    return this.entries.length
  }

  private insert(root: TrieNode, sequence: readonly string[], entry: number): void {
    let node = root
    for (const s of sequence) {
      let next = node.next.get(s)
      if (!next) {
        next = newNode()
        node.next.set(s, next)
      }
      node = next
    }
    if (!node.entries.includes(entry)) node.entries.push(entry)
  }

  /** Longest matches, left to right, of the wordings of one language in a sequence of its stems. */
  private matches(sequence: readonly string[], language: Language): Match[] {
    const out: Match[] = []
    const root = this.tries[language]
    let i = 0
    while (i < sequence.length) {
      let node: TrieNode | undefined = root
      let best: Match | undefined
      for (let j = i; j < sequence.length; j++) {
        node = node.next.get(sequence[j]!)
        if (!node) break
        if (node.entries.length > 0) best = { start: i, length: j - i + 1, entries: node.entries, language }
      }
      if (best) {
        out.push(best)
        i += best.length
      } else i += 1
    }
    return out
  }

  /**
   * What a query's words gain from the list. `words` are the query's folded content words in order
   * (stop words removed); each is looked up as Czech and as English, since a short query rarely
   * says which it is.
   */
  expandQuery(words: readonly string[]): QueryExpansion {
    const extras = words.map(() => new Set<string>())
    const sides: Array<[Language, Set<number>]> = []
    const covered: Record<Language, boolean[]> = { cs: words.map(() => false), en: words.map(() => false) }
    for (const language of ['cs', 'en'] as const) {
      const matched = new Set<number>()
      const sequence = words.map((w) => this.lookupStem(w, language))
      for (const m of this.matches(sequence, language)) {
        covered[language].fill(true, m.start, m.start + m.length)
        for (const entry of m.entries) {
          matched.add(entry)
          const stems = this.stems[entry]!
          for (let k = m.start; k < m.start + m.length; k++) {
            for (const s of stems[OTHER[language]]) extras[k]!.add(s)
            for (const s of stems[language]) extras[k]!.add(s)
          }
        }
      }
      sides.push([language, matched])
    }
    const into: Record<Language, string[]> = { cs: [], en: [] }
    for (const [language, matched] of sides) {
      for (const entry of matched) into[OTHER[language]].push(...this.entries[entry]![OTHER[language]])
    }
    const only = (language: Language) =>
      words.filter((_, k) => covered[language][k] && !covered[OTHER[language]][k]).length
    return { extras: extras.map((set) => [...set]), into, sides: { cs: only('cs'), en: only('en') } }
  }

  /**
   * A query word's stem for looking it up. Czech negates verbs and adjectives with the prefix ne-
   * ("nezapíše", "neuskuteční"): a word the list does not know is looked up without it, so the
   * negated form finds the entry of the plain one.
   */
  private lookupStem(word: string, language: Language): string {
    const own = stem(word, language)
    if (language !== 'cs' || !word.startsWith('ne') || word.length < 6) return own
    if (this.tries.cs.next.has(own)) return own
    const plain = stem(word.slice(2), 'cs')
    return this.tries.cs.next.has(plain) ? plain : own
  }

  /**
   * The other language's stems of every entry whose wording occurs in a passage, given as its
   * analysed terms (in order, in `language`). Added to the passage's index terms.
   */
  expandPassage(terms: readonly string[], language: Language): string[] {
    const out: string[] = []
    for (const m of this.matches(terms, language)) {
      for (const entry of m.entries) out.push(...this.stems[entry]![OTHER[language]])
    }
    return out
  }
}

let shipped: TermList | undefined

/** The shipped term list (data/reference/bilingual-terms.json), compiled once (~10 ms). */
export function shippedTermList(): TermList {
  shipped ??= new TermList(termData.terms as TermEntry[])
  return shipped
}

/** How passages become index terms, and a fingerprint of that analysis (stored with the terms). */
export interface PassageAnalyzer {
  readonly fingerprint: string
  analyze(text: string, language: Language): string[]
}

/**
 * The text analysis (text.ts), plus, with a term list, each passage's expansion into the other
 * language. The fingerprint covers the list, so a store analysed with another list (or none) is
 * re-analysed when it opens (index-sync.ts).
 */
export function passageAnalyzer(terms?: TermList): PassageAnalyzer {
  if (!terms) return { fingerprint: ANALYZER_FINGERPRINT, analyze }
  return {
    fingerprint: `${ANALYZER_FINGERPRINT}+terms:${terms.fingerprint}`,
    analyze(text, language) {
      const own = analyze(text, language)
      return own.concat(terms.expandPassage(own, language))
    },
  }
}

/** Cross-language search through a term list: on queries, on passages at ingest, or both. */
export interface CrossLanguage {
  terms: TermList
  queries: boolean
  passages: boolean
}
