/**
 * Grounded answers from retrieved passages.
 *
 * - `extractiveAnswer`: no model; picks the sentences of the passages that cover the most of the
 *   question's words (ties to the better-ranked passage), at most three and ~700 characters, each
 *   followed by the number of the passage it came from.
 * - `groundingPrompt` / `checkCitations`: for a generated answer, the passages are numbered in the
 *   prompt, the model is told to cite them as [n] and to say so when they do not answer; afterwards
 *   any [n] that does not name a given passage is removed, so an answer can only cite what was
 *   retrieved.
 */
import { analyze, detectLanguage, type Language } from './text.ts'

export interface Passage {
  text: string
  title: string
  section: string
  page: number | undefined
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

export function extractiveAnswer(question: string, passages: readonly Passage[]): ExtractiveAnswer {
  const language: Language = detectLanguage(question) ?? 'cs'
  // Both languages' stems, so a Czech question matches an English passage's Czech terms and vice versa.
  const wanted = new Set([
    ...analyze(question, language),
    ...analyze(question, language === 'cs' ? 'en' : 'cs'),
  ])
  const questionWords = new Set(analyze(question, language)).size || 1
  const candidates: Array<{ passage: number; index: number; text: string; score: number }> = []
  passages.forEach((p, passage) => {
    sentencesOf(p.text).forEach((sentence, index) => {
      const terms = new Set([...analyze(sentence, 'cs'), ...analyze(sentence, 'en')])
      let hits = 0
      for (const t of wanted) if (terms.has(t)) hits += 1
      if (hits === 0) return
      const coverage = Math.min(1, hits / questionWords)
      // Better-ranked passages and earlier sentences win ties; very long sentences lose a little.
      const score = coverage + 0.05 / (passage + 1) + 0.01 / (index + 1) - (sentence.length > 400 ? 0.1 : 0)
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
  return { text, cited }
}

export function groundingPrompt(question: string, passages: readonly Passage[]) {
  const numbered = passages
    .map((p, i) => {
      const where = [p.title, p.section, p.page !== undefined ? `p. ${p.page}` : '']
        .filter(Boolean)
        .join(' › ')
      return `[${i + 1}] (${where})\n${p.text}`
    })
    .join('\n\n')
  const system = [
    'You answer questions for compliance officers, lawyers and real-estate professionals in Czechia.',
    'Use only the numbered passages you are given; do not use any other knowledge.',
    'Cite every statement with the number of the passage that supports it, as [1] or [2][3].',
    'If the passages do not contain the answer, say that the knowledge base does not answer the question, and cite nothing.',
    'Answer in the language of the question, briefly (at most about 150 words).',
  ].join(' ')
  return {
    system,
    user: `Passages:\n\n${numbered}\n\nQuestion: ${question}`,
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
