/**
 * Inquiry preview: normalizes an inquiry the way it would be recorded, and shows back only what
 * is safe to echo. Nothing here stores or sends anything.
 *
 * Normalization (every text field):
 * 1. Unicode NFC (composed form, so "e" + U+0301 and "é" compare and count alike);
 * 2. control characters removed (C0 and C1, except line feed and tab in the message; CR LF and
 *    lone CR become LF), and invisible formatting removed: zero-width characters, bidirectional
 *    embeddings/overrides/isolates, word joiner and BOM (U+200B–U+200F, U+202A–U+202E,
 *    U+2060–U+2064, U+2066–U+2069, U+FEFF), which can disguise text;
 * 3. name and organization: every run of whitespace (tabs, line breaks, no-break spaces …)
 *    becomes one space, then trimmed; the message is trimmed but keeps its line breaks;
 * 4. e-mail: trimmed, the domain lower-cased (the local part is case-sensitive by RFC 5321 and
 *    is kept as written).
 * Lengths are checked again after normalization, in Unicode code points (as JSON Schema counts),
 * against the same limits the request schema applies to the raw input.
 *
 * Masking keeps one character of the local part and one of the registrable domain label, each
 * followed by a fixed "***" (so the length is not revealed), and the top-level domain:
 * jan.novak@firma.example.cz → j***@e***.cz. A one-character part shows only "***", so a mask
 * never shows a whole local part or domain label. Subdomains are dropped.
 */
import { randomBytes } from 'node:crypto'
import { trimEndOf, WHITESPACE } from '../../kit/text.ts'

export const INQUIRY_LIMITS = {
  name: { min: 2, max: 100 },
  organization: { min: 2, max: 160 },
  message: { min: 10, max: 3000 },
  email: { max: 254 },
  /** RFC 5321 §4.5.3.1.1: 64 octets; the address format admits ASCII only, so characters = octets. */
  emailLocalPart: { max: 64 },
  messagePreview: { max: 240 },
} as const

export interface InquiryInput {
  name: string
  email: string
  organization?: string | undefined
  message: string
}

interface NormalizedInquiry {
  name: string
  email_masked: string
  organization: string | null
  message_preview: string
  message_characters: number
}

export interface InquiryViolation {
  field: 'name' | 'email' | 'organization' | 'message'
  rule: string
  message: string
}

export type NormalizeResult =
  | { ok: true; value: NormalizedInquiry }
  | { ok: false; violation: InquiryViolation }

// Zero-width, bidi controls, word joiner and invisible operators, BOM.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g
// C0 and C1 controls except tab (09) and line feed (0A).
const CONTROLS_EXCEPT_TAB_LF = /(?![\t\n])\p{Cc}/gu

/** NFC, line breaks unified to LF, controls (but tab and LF) and invisible characters removed. */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS_EXCEPT_TAB_LF, '')
    .replace(INVISIBLE, '')
}

/** cleanText, then every whitespace run becomes one space, trimmed: for one-line fields. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/\s+/gu, ' ').trim()
}

/** Length in Unicode code points (what JSON Schema's minLength/maxLength count). */
export function codePoints(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

export function normalizeInquiry(input: InquiryInput): NormalizeResult {
  const name = cleanLine(input.name)
  const nameProblem = checkLength('name', name, INQUIRY_LIMITS.name)
  if (nameProblem) return { ok: false, violation: nameProblem }

  const email = normalizeEmail(input.email)
  if ('violation' in email) return { ok: false, violation: email.violation }

  let organization: string | null = null
  if (input.organization !== undefined) {
    organization = cleanLine(input.organization)
    const problem = checkLength('organization', organization, INQUIRY_LIMITS.organization)
    if (problem) return { ok: false, violation: problem }
  }

  const message = cleanText(input.message).trim()
  const messageProblem = checkLength('message', message, INQUIRY_LIMITS.message)
  if (messageProblem) return { ok: false, violation: messageProblem }

  return {
    ok: true,
    value: {
      name,
      email_masked: maskEmail(email.value),
      organization,
      message_preview: previewText(message, INQUIRY_LIMITS.messagePreview.max),
      message_characters: codePoints(message),
    },
  }
}

/** Trims, NFC, lower-cases the domain; re-checks the total and local-part lengths. */
export function normalizeEmail(raw: string): { value: string } | { violation: InquiryViolation } {
  const email = cleanLine(raw)
  const at = email.lastIndexOf('@')
  if (at <= 0 || at === email.length - 1) {
    return { violation: { field: 'email', rule: 'format email', message: 'email must be an e-mail address' } }
  }
  const local = email.slice(0, at)
  const domain = email.slice(at + 1).toLowerCase()
  const value = `${local}@${domain}`
  if (codePoints(value) > INQUIRY_LIMITS.email.max) {
    return {
      violation: {
        field: 'email',
        rule: `maxLength ${INQUIRY_LIMITS.email.max}`,
        message: `email must have at most ${INQUIRY_LIMITS.email.max} characters`,
      },
    }
  }
  if (codePoints(local) > INQUIRY_LIMITS.emailLocalPart.max) {
    return {
      violation: {
        field: 'email',
        rule: `local part maxLength ${INQUIRY_LIMITS.emailLocalPart.max}`,
        message: `the part of email before "@" must have at most ${INQUIRY_LIMITS.emailLocalPart.max} characters`,
      },
    }
  }
  return { value }
}

/** j***@e***.cz — see the module comment for the rule. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const labels = email.slice(at + 1).split('.')
  const tld = labels.length > 1 ? labels[labels.length - 1]! : ''
  const registrable = labels.length > 1 ? labels[labels.length - 2]! : labels[0]!
  const masked = `${maskPart(local)}@${maskPart(registrable)}`
  return tld ? `${masked}.${tld}` : masked
}

function maskPart(part: string): string {
  const chars = [...part]
  return chars.length >= 2 ? `${chars[0]}***` : '***'
}

/**
 * One line of at most `max` UTF-16 code units (so also at most `max` code points, whichever way a
 * validator counts): whitespace runs become single spaces; a longer text is cut at the last space
 * that fits, trailing punctuation dropped, and "…" appended. A single word longer than the limit is
 * cut inside the word (never inside a surrogate pair).
 */
export function previewText(text: string, max: number): string {
  const line = text.replace(/\s+/gu, ' ').trim()
  if (line.length <= max) return line
  // Room for the ellipsis (one code unit).
  let head = ''
  for (const ch of line) {
    if (head.length + ch.length > max - 1) break
    head += ch
  }
  const nextChar = line.slice(head.length, head.length + 1)
  const space = head.lastIndexOf(' ')
  // Cut at the boundary before the word that did not fit, unless the text is one long word.
  if (nextChar !== ' ' && space > 0) head = head.slice(0, space)
  head = trimEndOf(head, `${WHITESPACE},;:.-–—`)
  return `${head}…`
}

/** `preview_` + 20 lowercase hex characters (80 random bits). */
export function newPreviewId(): string {
  return `preview_${randomBytes(10).toString('hex')}`
}

function checkLength(
  field: InquiryViolation['field'],
  value: string,
  limits: { min: number; max: number },
): InquiryViolation | undefined {
  const n = codePoints(value)
  if (n < limits.min)
    return {
      field,
      rule: `minLength ${limits.min}`,
      message: `${field} must have at least ${limits.min} characters after normalization (whitespace and invisible characters removed)`,
    }
  if (n > limits.max)
    return {
      field,
      rule: `maxLength ${limits.max}`,
      message: `${field} must have at most ${limits.max} characters after normalization`,
    }
  return undefined
}
