import { describe, expect, it } from 'vitest'
import { checkCitations, extractiveAnswer, groundingPrompt, type Passage } from './answer.ts'
import { shippedTermList } from './terms.ts'
import { analyzeQuery, type Language } from './text.ts'

/** A question analysed as search analyses it, with the term list's translations. */
const ask = (question: string, language: Language = 'cs') => ({
  question,
  language,
  groups: analyzeQuery(question, (words) => shippedTermList().expandQuery(words).extras),
})

const passages: Passage[] = [
  {
    title: 'Oznámení podezřelého obchodu',
    section: 'Lhůta',
    page: undefined,
    text: 'Oznámení se podává Finančnímu analytickému úřadu nejpozději do 5 kalendářních dnů ode dne zjištění. Úřad sídlí v Praze.',
    language: 'cs',
  },
  {
    title: 'Uchovávání',
    section: '§ 16',
    page: 3,
    text: 'Identifikační údaje se uchovávají po dobu 10 let od ukončení obchodního vztahu.',
    language: 'cs',
  },
]

describe('extractiveAnswer', () => {
  it('quotes the sentence that covers the question and cites its passage', () => {
    const answer = extractiveAnswer(ask('Do kolika dnů se podává oznámení podezřelého obchodu?'), passages)
    expect(answer.text).toContain('5 kalendářních dnů')
    expect(answer.text).toContain('[1]')
    expect(answer.cited).toContain(1)
    expect(answer.text).not.toContain('sídlí v Praze')
  })

  it('cites the second passage when the answer is there', () => {
    const answer = extractiveAnswer(ask('Jak dlouho se uchovávají identifikační údaje?'), passages)
    expect(answer.text).toMatch(/10 let od ukončení obchodního vztahu\. \[2\]/)
  })

  it('answers nothing when no sentence shares a word with the question', () => {
    expect(extractiveAnswer(ask('recept na svíčkovou'), passages)).toEqual({ text: '', cited: [] })
  })

  it('quotes a Czech sentence for an English question, saying first that it quotes Czech', () => {
    const answer = extractiveAnswer(ask('How long are identification data kept?', 'en'), passages)
    expect(answer.text).toMatch(/^The knowledge base answers this in Czech; quoted as written: /)
    expect(answer.text).toContain('10 let od ukončení obchodního vztahu. [2]')
  })

  it('prefers a sentence in the question’s language when both languages answer', () => {
    const both: Passage[] = [
      { ...passages[1]!, language: 'cs' },
      {
        title: 'Records',
        section: 'Keeping',
        page: undefined,
        text: 'Identification data are kept for ten years after the business relationship ends.',
        language: 'en',
      },
    ]
    const answer = extractiveAnswer(ask('How long are identification data kept?', 'en'), both)
    expect(answer.text).not.toMatch(/^The knowledge base answers this in Czech/)
    expect(answer.cited).toContain(2)
  })
})

describe('grounded generation helpers', () => {
  it('numbers the passages with their title, section and page', () => {
    const prompt = groundingPrompt({ question: 'otázka', language: 'cs' }, passages)
    expect(prompt.user).toContain('[1] (Oznámení podezřelého obchodu › Lhůta; Czech)')
    expect(prompt.user).toContain('[2] (Uchovávání › § 16 › p. 3; Czech)')
    expect(prompt.system).toMatch(/only the numbered passages/)
  })

  it('tells the model to answer in the question’s language whatever the passages’ language', () => {
    const prompt = groundingPrompt({ question: 'How long?', language: 'en' }, passages)
    expect(prompt.system).toMatch(
      /The question is in English: answer in English, also when the passages are in another language/,
    )
  })

  it('removes citations of passages that were not given', () => {
    const checked = checkCitations('Do 5 dnů [1]. Podle jiného zdroje [7] je to jinak [2].', 2)
    expect(checked.text).toBe('Do 5 dnů [1]. Podle jiného zdroje je to jinak [2].')
    expect(checked.cited).toEqual([1, 2])
    expect(checked.removed).toBe(1)
  })
})
