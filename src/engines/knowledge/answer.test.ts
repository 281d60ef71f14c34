import { describe, expect, it } from 'vitest'
import { checkCitations, extractiveAnswer, groundingPrompt } from './answer.ts'

const passages = [
  {
    title: 'Oznámení podezřelého obchodu',
    section: 'Lhůta',
    page: undefined,
    text: 'Oznámení se podává Finančnímu analytickému úřadu nejpozději do 5 kalendářních dnů ode dne zjištění. Úřad sídlí v Praze.',
  },
  {
    title: 'Uchovávání',
    section: '§ 16',
    page: 3,
    text: 'Identifikační údaje se uchovávají po dobu 10 let od ukončení obchodního vztahu.',
  },
]

describe('extractiveAnswer', () => {
  it('quotes the sentence that covers the question and cites its passage', () => {
    const answer = extractiveAnswer('Do kolika dnů se podává oznámení podezřelého obchodu?', passages)
    expect(answer.text).toContain('5 kalendářních dnů')
    expect(answer.text).toContain('[1]')
    expect(answer.cited).toContain(1)
    expect(answer.text).not.toContain('sídlí v Praze')
  })

  it('cites the second passage when the answer is there', () => {
    const answer = extractiveAnswer('Jak dlouho se uchovávají identifikační údaje?', passages)
    expect(answer.text).toMatch(/10 let od ukončení obchodního vztahu\. \[2\]/)
  })

  it('answers nothing when no sentence shares a word with the question', () => {
    expect(extractiveAnswer('recept na svíčkovou', passages)).toEqual({ text: '', cited: [] })
  })
})

describe('grounded generation helpers', () => {
  it('numbers the passages with their title, section and page', () => {
    const prompt = groundingPrompt('otázka', passages)
    expect(prompt.user).toContain('[1] (Oznámení podezřelého obchodu › Lhůta)')
    expect(prompt.user).toContain('[2] (Uchovávání › § 16 › p. 3)')
    expect(prompt.system).toMatch(/only the numbered passages/)
  })

  it('removes citations of passages that were not given', () => {
    const checked = checkCitations('Do 5 dnů [1]. Podle jiného zdroje [7] je to jinak [2].', 2)
    expect(checked.text).toBe('Do 5 dnů [1]. Podle jiného zdroje je to jinak [2].')
    expect(checked.cited).toEqual([1, 2])
    expect(checked.removed).toBe(1)
  })
})
