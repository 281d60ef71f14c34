import { describe, expect, it } from 'vitest'
import {
  cleanLine,
  cleanText,
  codePoints,
  maskEmail,
  newPreviewId,
  normalizeEmail,
  normalizeInquiry,
  previewText,
} from './inquiry.ts'

const base = { name: 'Jana Nováková', email: 'jana@firma.cz', message: 'Dobrý den, mám dotaz na AML.' }

describe('cleanText and cleanLine', () => {
  it('composes to NFC', () => {
    expect(cleanLine('Nova\u0301kova\u0301')).toBe('Nováková')
  })

  it('removes zero-width, bidi and control characters', () => {
    expect(cleanLine('Ja\u200Bna\u202E No\u2066vák\u0007')).toBe('Jana Novák')
  })

  it('collapses whitespace runs and trims one-line fields', () => {
    expect(cleanLine('  Jana \t\n  Nováková\u00A0 ')).toBe('Jana Nováková')
  })

  it('keeps line feeds and tabs in multi-line text and unifies CR LF', () => {
    expect(cleanText('a\r\nb\rc\td')).toBe('a\nb\nc\td')
  })
})

describe('maskEmail', () => {
  it('keeps the first character of the local part and of the domain label, and the TLD', () => {
    expect(maskEmail('jan.novak@firma.example.cz')).toBe('j***@e***.cz')
    expect(maskEmail('jana@firma.cz')).toBe('j***@f***.cz')
  })

  it('never shows a whole one-character part', () => {
    expect(maskEmail('j@f.cz')).toBe('***@***.cz')
    expect(maskEmail('jo@f.cz')).toBe('j***@***.cz')
  })

  it('uses a fixed number of asterisks whatever the length', () => {
    expect(maskEmail('a-very-long-local-part@an-even-longer-domain-name.com')).toBe('a***@a***.com')
  })
})

describe('normalizeEmail', () => {
  it('lower-cases only the domain', () => {
    expect(normalizeEmail('Jan.Novak@Firma.CZ')).toEqual({ value: 'Jan.Novak@firma.cz' })
  })

  it('refuses a local part over 64 characters', () => {
    const result = normalizeEmail(`${'a'.repeat(65)}@firma.cz`)
    expect(result).toEqual({
      violation: expect.objectContaining({ field: 'email', rule: 'local part maxLength 64' }),
    })
  })
})

describe('previewText', () => {
  it('returns short text unchanged (whitespace collapsed)', () => {
    expect(previewText('Dobrý  den,\n\nprosím o nabídku.', 240)).toBe('Dobrý den, prosím o nabídku.')
  })

  it('cuts long text at a word boundary and adds an ellipsis', () => {
    const words = Array.from({ length: 80 }, (_, i) => `slovo${i}`).join(' ')
    const preview = previewText(words, 240)
    expect(preview.length).toBeLessThanOrEqual(240)
    expect(preview.endsWith('…')).toBe(true)
    const body = preview.slice(0, -1)
    // Every word in the preview is whole.
    for (const w of body.split(' ')) expect(words.split(' ')).toContain(w)
  })

  it('drops punctuation left before the ellipsis', () => {
    const text = `${'abc '.repeat(59)}abcd, efgh ijkl`
    const preview = previewText(text, 240)
    expect(preview).toMatch(/abcd…$|abc…$/)
  })

  it('cuts inside a single word longer than the limit', () => {
    const preview = previewText('x'.repeat(500), 240)
    expect(preview).toBe(`${'x'.repeat(239)}…`)
  })

  it('never splits a surrogate pair and stays within 240 UTF-16 units', () => {
    const preview = previewText('😀'.repeat(300), 240)
    expect(preview.length).toBeLessThanOrEqual(240)
    expect(preview.isWellFormed()).toBe(true)
  })
})

describe('normalizeInquiry', () => {
  it('normalizes every field', () => {
    const result = normalizeInquiry({
      name: '  Jana   Nováková ',
      email: 'Jana@FIRMA.cz',
      organization: ' Firma \u200B s.r.o. ',
      message: '  Dobrý den,\r\nmám dotaz na AML prověrku.  ',
    })
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Jana Nováková',
        email_masked: 'J***@f***.cz',
        organization: 'Firma s.r.o.',
        message_preview: 'Dobrý den, mám dotaz na AML prověrku.',
        message_characters: codePoints('Dobrý den,\nmám dotaz na AML prověrku.'),
      },
    })
  })

  it('gives organization null when it is absent', () => {
    const result = normalizeInquiry(base)
    expect(result.ok && result.value.organization).toBeNull()
  })

  it('re-checks the name length after whitespace is collapsed', () => {
    expect(normalizeInquiry({ ...base, name: ' J\u200B ' })).toEqual({
      ok: false,
      violation: expect.objectContaining({ field: 'name', rule: 'minLength 2' }),
    })
  })

  it('re-checks the organization length after normalization', () => {
    expect(normalizeInquiry({ ...base, organization: '\u200B\u200BX' })).toEqual({
      ok: false,
      violation: expect.objectContaining({ field: 'organization', rule: 'minLength 2' }),
    })
  })

  it('re-checks the message length after trimming', () => {
    expect(normalizeInquiry({ ...base, message: `   short    \n\n  ` })).toEqual({
      ok: false,
      violation: expect.objectContaining({ field: 'message', rule: 'minLength 10' }),
    })
  })

  it('counts message characters in code points', () => {
    const result = normalizeInquiry({ ...base, message: 'Příliš žluťoučký kůň 😀' })
    expect(result.ok && result.value.message_characters).toBe(22)
  })
})

describe('newPreviewId', () => {
  it('is preview_ followed by 20 lowercase hex characters and differs each time', () => {
    const a = newPreviewId()
    expect(a).toMatch(/^preview_[0-9a-f]{20}$/)
    expect(newPreviewId()).not.toBe(a)
  })
})
