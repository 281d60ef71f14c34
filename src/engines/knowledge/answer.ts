/**
 * Grounded answers from retrieved passages, in the language the question is asked in.
 *
 * - `extractiveAnswer`: no model; picks the sentences of the passages that cover the most of the
 *   question's words — its own forms, or their term-list translations, so an English question can
 *   quote a Czech sentence — (ties to a passage in the question's language, then to the
 *   better-ranked passage), at most three and ~700 characters, each followed by the number of the
 *   passage it came from. Quotes cannot be translated without a model: when every quoted sentence is
 *   in the other language, the answer says so first, in the question's language.
 * - `groundingPrompt` / `checkCitations`: for a generated answer, the passages are numbered in the
 *   prompt, the model is told to cite them as [n] and to say so when they do not answer; afterwards
 *   any [n] that does not name a given passage is removed, so an answer can only cite what was
 *   retrieved.
 */
import { analyze, type Language } from './text.ts'

export interface Passage {
  text: string
  title: string
  section: string
  page: number | undefined
  /** The language of the passage's document. */
  language: string
}

/** A question as the answer needs it: its words as analysed for search, and its language. */
export interface Question {
  question: string
  /** One group of alternative stems per content word (`SearchOutcome.groups`). */
  groups: readonly (readonly string[])[]
  language: Language
}

const LANGUAGE_NAME: Record<Language, Record<string, string>> = {
  en: { cs: 'Czech', en: 'English' },
  cs: { cs: 'češtině', en: 'angličtině' },
}

/** Said before quotes that are all in the other language than the question. */
function quotedNote(question: Language, quoted: string): string {
  return question === 'en'
    ? `The knowledge base answers this in ${LANGUAGE_NAME.en[quoted] ?? quoted}; quoted as written:`
    : `Znalostní báze na to odpovídá v ${LANGUAGE_NAME.cs[quoted] ?? quoted}; citace v původním znění:`
}

export interface ExtractiveAnswer {
  /** The answer with [n] markers; n is 1-based into `passages`. */
  text: string
  /** Passage numbers (1-based) the answer cites, in order of first use. */
  cited: number[]
}

const MAX_SENTENCES = 3
const MAX_CHARS = 700

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) =>
      line
        .replace(/^#{1,6}\s+/, '')
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/\*\*|__/g, '')
        .trim(),
    )
    .filter((line) => line !== '' && !/^\|?\s*:?-{3,}/.test(line))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d§(„"])/u))
    .map((s) =>
      s
        .split('|')
        .map((cell) => cell.trim())
        .filter((cell, i, cells) => cell !== '' || (i > 0 && i < cells.length - 1))
        .join(' — ')
        .trim(),
    )
    .filter((s) => s.split(/\s+/).length >= 4)
}

export function extractiveAnswer(asked: Question, passages: readonly Passage[]): ExtractiveAnswer {
  const groups =
    asked.groups.length > 0 ? asked.groups : analyze(asked.question, asked.language).map((t) => [t])
  const candidates: Array<{ passage: number; index: number; text: string; score: number }> = []
  passages.forEach((p, passage) => {
    sentencesOf(p.text).forEach((sentence, index) => {
      const terms = new Set([...analyze(sentence, 'cs'), ...analyze(sentence, 'en')])
      const hits = groups.filter((group) => group.some((t) => terms.has(t))).length
      if (hits === 0) return
      const coverage = hits / (groups.length || 1)
      // A passage in the question's language, then better-ranked passages and earlier sentences win
      // ties; very long sentences lose a little.
      const score =
        coverage +
        (p.language === asked.language ? 0.02 : 0) +
        0.05 / (passage + 1) +
        0.01 / (index + 1) -
        (sentence.length > 400 ? 0.1 : 0)
      candidates.push({ passage, index, text: sentence, score })
    })
  })
  candidates.sort((a, b) => b.score - a.score)
  const picked: typeof candidates = []
  let chars = 0
  for (const c of candidates) {
    if (picked.length >= MAX_SENTENCES) break
    if (picked.some((p) => p.text === c.text)) continue
    if (picked.length > 0 && chars + c.text.length > MAX_CHARS) continue
    picked.push(c)
    chars += c.text.length
  }
  if (picked.length === 0) return { text: '', cited: [] }
  picked.sort((a, b) => a.passage - b.passage || a.index - b.index)
  const cited: number[] = []
  const text = picked
    .map((p) => {
      const n = p.passage + 1
      if (!cited.includes(n)) cited.push(n)
      const sentence = /[.!?]$/.test(p.text) ? p.text : `${p.text}.`
      return `${sentence} [${n}]`
    })
    .join(' ')
  const quoted = new Set(picked.map((p) => passages[p.passage]!.language))
  const other = [...quoted][0]!
  if (quoted.size === 1 && other !== asked.language)
    return { text: `${quotedNote(asked.language, other)} ${text}`, cited }
  return { text, cited }
}

export function groundingPrompt(
  asked: Pick<Question, 'question' | 'language'>,
  passages: readonly Passage[],
) {
  const numbered = passages
    .map((p, i) => {
      const where = [p.title, p.section, p.page !== undefined ? `p. ${p.page}` : '']
        .filter(Boolean)
        .join(' › ')
      return `[${i + 1}] (${where}; ${LANGUAGE_NAME.en[p.language] ?? p.language})\n${p.text}`
    })
    .join('\n\n')
  const language = LANGUAGE_NAME.en[asked.language]!
  const system = [
    'You answer questions for compliance officers, lawyers and real-estate professionals in Czechia.',
    'Use only the numbered passages you are given; do not use any other knowledge.',
    'Cite every statement with the number of the passage that supports it, as [1] or [2][3].',
    'If the passages do not contain the answer, say that the knowledge base does not answer the question, and cite nothing.',
    `The question is in ${language}: answer in ${language}, also when the passages are in another language (translate what you use; keep names, amounts and section numbers as written), briefly (at most about 150 words).`,
  ].join(' ')
  return {
    system,
    user: `Passages:\n\n${numbered}\n\nQuestion: ${asked.question}`,
  }
}

/** Removes citations of passages that were not given; returns the cleaned text and what it cites. */
export function checkCitations(
  answer: string,
  passageCount: number,
): { text: string; cited: number[]; removed: number } {
  const cited: number[] = []
  let removed = 0
  const text = answer
    .replace(/\[(\d+)\]/g, (marker, n: string) => {
      const i = Number(n)
      if (i >= 1 && i <= passageCount) {
        if (!cited.includes(i)) cited.push(i)
        return marker
      }
      removed += 1
      return ''
    })
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
  return { text, cited, removed }
}
