/**
 * vCard 4.0 (RFC 6350): one VCARD per contact with FN, N, ORG, TITLE, EMAIL, TEL, ADR, URL, NOTE
 * and a UID. Text values are escaped (§ 3.4: backslash, comma, semicolon, newline), lines are
 * CRLF-terminated and folded at 75 octets without splitting a UTF-8 character (§ 3.2).
 */

interface VcardAddress {
  street?: string
  locality?: string
  region?: string
  postal_code?: string
  country?: string
}

export interface VcardContact {
  full_name: string
  given_names?: string[]
  surname?: string
  titles_before?: string[]
  titles_after?: string[]
  organization?: string
  title?: string
  role?: string
  emails?: { value: string; type?: string }[]
  phones?: { value: string; type?: string }[]
  address?: VcardAddress
  url?: string
  note?: string
  uid: string
}

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n')
}

/** Folds a content line at 75 octets (RFC 6350 § 3.2), continuing with CRLF + one space. */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = Buffer.byteLength(ch)
    const limit = out.length === 0 ? 75 : 74 // continuation lines start with a space octet
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

export function toVcard(c: VcardContact): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `FN:${escapeText(c.full_name)}`]
  const comp = (v: string[] | undefined) => (v ?? []).map(escapeText).join(',')
  if (c.surname !== undefined || c.given_names) {
    const given = c.given_names ?? []
    lines.push(
      `N:${escapeText(c.surname ?? '')};${escapeText(given[0] ?? '')};${comp(given.slice(1))};${comp(c.titles_before)};${comp(c.titles_after)}`,
    )
  }
  if (c.organization) lines.push(`ORG:${escapeText(c.organization)}`)
  if (c.title) lines.push(`TITLE:${escapeText(c.title)}`)
  if (c.role) lines.push(`ROLE:${escapeText(c.role)}`)
  for (const e of c.emails ?? []) lines.push(`EMAIL${e.type ? `;TYPE=${e.type}` : ''}:${e.value}`)
  for (const p of c.phones ?? []) lines.push(`TEL;VALUE=uri${p.type ? `;TYPE=${p.type}` : ''}:tel:${p.value}`)
  if (c.address) {
    const a = c.address
    const parts = ['', '', a.street, a.locality, a.region, a.postal_code, a.country].map((v) =>
      escapeText(v ?? ''),
    )
    lines.push(`ADR:${parts.join(';')}`)
  }
  if (c.url) lines.push(`URL:${c.url}`)
  if (c.note) lines.push(`NOTE:${escapeText(c.note)}`)
  lines.push(`UID:${c.uid}`, 'END:VCARD')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

/** A contact read from a vCard (2.1, 3.0 or 4.0). `line` is where its BEGIN:VCARD stands. */
export interface ParsedVcard {
  line: number
  full_name?: string
  organization?: string
  emails: string[]
  phones: string[]
  address?: VcardAddress
  geo?: { latitude: number; longitude: number }
  /** X-ICO, where an address book keeps a company's IČO. */
  ico?: string
  note?: string
}

export interface VcardProblem {
  line: number
  reason: string
}

interface ContentLine {
  line: number
  name: string
  params: Map<string, string[]>
  value: string
}

/** Lines joined where RFC 6350 § 3.2 folds them (CRLF + space or tab) and where 2.1 quoted-printable soft breaks end in "=". */
function logicalLines(text: string): { line: number; text: string }[] {
  const physical = text.split(/\r\n|\n|\r/)
  const out: { line: number; text: string }[] = []
  for (let i = 0; i < physical.length; i++) {
    const raw = physical[i]!
    const last = out.at(-1)
    if (last && (raw.startsWith(' ') || raw.startsWith('\t'))) {
      last.text += raw.slice(1)
      continue
    }
    if (
      last &&
      /QUOTED-PRINTABLE/i.test(last.text.slice(0, last.text.indexOf(':') + 1)) &&
      last.text.endsWith('=')
    ) {
      last.text = last.text.slice(0, -1) + raw
      continue
    }
    if (raw.length > 0) out.push({ line: i + 1, text: raw })
  }
  return out
}

/** Splits at a separator not preceded by a backslash escape. */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1]
      i++
    } else if (ch === separator) {
      parts.push(current)
      current = ''
    } else current += ch
  }
  parts.push(current)
  return parts
}

/** RFC 6350 § 3.4: \n and \N are a line break, \, \; and \\ the character itself. */
function unescapeText(value: string): string {
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    if (ch === '\\' && i + 1 < value.length) {
      const next = value[++i]!
      out += next === 'n' || next === 'N' ? '\n' : next
    } else out += ch
  }
  return out
}

function parseContentLine(line: number, text: string): ContentLine | undefined {
  // The value starts at the first colon outside a quoted parameter value.
  let colon = -1
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted
    else if (text[i] === ':' && !quoted) {
      colon = i
      break
    }
  }
  if (colon <= 0) return undefined
  const [head, ...rawParams] = text.slice(0, colon).split(';')
  const name = head!.slice(head!.lastIndexOf('.') + 1).toUpperCase()
  const params = new Map<string, string[]>()
  for (const p of rawParams) {
    const eq = p.indexOf('=')
    // vCard 2.1 writes bare parameters: TEL;WORK;VOICE, EMAIL;INTERNET, QUOTED-PRINTABLE.
    const key =
      eq < 0 ? (/^(QUOTED-PRINTABLE|BASE64|B|8BIT|7BIT)$/i.test(p) ? 'ENCODING' : 'TYPE') : p.slice(0, eq)
    const values = (eq < 0 ? p : p.slice(eq + 1)).split(',').map((v) => v.replace(/^"|"$/g, ''))
    params.set(key.toUpperCase(), [...(params.get(key.toUpperCase()) ?? []), ...values])
  }
  let value = text.slice(colon + 1)
  const encoding = params.get('ENCODING')?.[0]?.toUpperCase()
  if (encoding === 'QUOTED-PRINTABLE')
    value = decodeQuotedPrintable(value, params.get('CHARSET')?.[0] ?? 'utf-8')
  else if (encoding === 'B' || encoding === 'BASE64') return undefined // photos and keys: not contact data
  return { line, name, params, value }
}

/** Quoted-printable (RFC 2045 § 6.7) bytes read in the property's CHARSET (UTF-8 when unknown). */
function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = []
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    const hex = value.slice(i + 1, i + 3)
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else for (const b of Buffer.from(ch, 'utf8')) bytes.push(b)
  }
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(charset)
  } catch {
    decoder = new TextDecoder('utf-8')
  }
  return decoder.decode(Uint8Array.from(bytes))
}

const clean = (value: string | undefined): string | undefined => {
  const v = value?.replace(/\s+/g, ' ').trim()
  return v ? v : undefined
}

function cardOf(lines: ContentLine[], begin: number): ParsedVcard {
  const card: ParsedVcard = { line: begin, emails: [], phones: [] }
  let nameFromN: string | undefined
  for (const l of lines) {
    switch (l.name) {
      case 'FN':
        card.full_name ??= clean(unescapeText(l.value))
        break
      case 'N': {
        // family; given; additional; prefixes; suffixes
        const [family, given, additional, prefixes, suffixes] = splitUnescaped(l.value, ';').map((c) =>
          clean(unescapeText(c.replace(/\\,|,/g, (m) => (m === ',' ? ' ' : m)))),
        )
        const words = [prefixes, given, additional, family].filter(Boolean).join(' ')
        nameFromN = clean(suffixes ? `${words}, ${suffixes}` : words)
        break
      }
      case 'ORG':
        card.organization ??= clean(unescapeText(splitUnescaped(l.value, ';')[0] ?? ''))
        break
      case 'EMAIL': {
        const v = clean(unescapeText(l.value).replace(/^mailto:/i, ''))
        if (v) card.emails.push(v)
        break
      }
      case 'TEL': {
        const v = clean(unescapeText(l.value).replace(/^tel:/i, ''))
        if (v) card.phones.push(v)
        break
      }
      case 'ADR': {
        if (card.address) break
        const [, , street, locality, region, postal, country] = splitUnescaped(l.value, ';').map((c) =>
          clean(unescapeText(c)),
        )
        const address: VcardAddress = {}
        if (street) address.street = street
        if (locality) address.locality = locality
        if (region) address.region = region
        if (postal) address.postal_code = postal
        if (country) address.country = country
        if (Object.keys(address).length > 0) card.address = address
        break
      }
      case 'GEO': {
        // 4.0: geo:50.08,14.42 (RFC 5870); 3.0: 50.08;14.42
        const v = l.value.replace(/^geo:/i, '').split(/[;,]/)
        const lat = Number(v[0])
        const lon = Number(v[1])
        if (v.length >= 2 && Number.isFinite(lat) && Number.isFinite(lon) && v[0] !== '' && v[1] !== '')
          card.geo = { latitude: lat, longitude: lon }
        break
      }
      case 'X-ICO':
        card.ico ??= clean(unescapeText(l.value))
        break
      case 'NOTE':
        card.note ??= clean(unescapeText(l.value))
        break
    }
  }
  const name = card.full_name ?? nameFromN
  if (name) card.full_name = name
  else delete card.full_name
  return card
}

/**
 * Reads every VCARD of a file (versions 2.1, 3.0 and 4.0): FN (or N), ORG, each EMAIL and TEL,
 * the first ADR, GEO, X-ICO and NOTE; folded lines and 2.1 quoted-printable values (in their
 * CHARSET) included. A card that is not closed, or an END without a BEGIN, is a problem with its
 * line number; the other cards are still read.
 */
export function parseVcards(text: string): { cards: ParsedVcard[]; problems: VcardProblem[] } {
  const cards: ParsedVcard[] = []
  const problems: VcardProblem[] = []
  let open: { line: number; lines: ContentLine[] } | undefined
  for (const { line, text: raw } of logicalLines(text)) {
    const upper = raw.trim().toUpperCase()
    if (upper === 'BEGIN:VCARD') {
      if (open)
        problems.push({ line: open.line, reason: 'vCard has no END:VCARD before the next BEGIN:VCARD' })
      open = { line, lines: [] }
      continue
    }
    if (upper === 'END:VCARD') {
      if (!open) problems.push({ line, reason: 'END:VCARD without a BEGIN:VCARD' })
      else cards.push(cardOf(open.lines, open.line))
      open = undefined
      continue
    }
    if (!open) continue // text between cards is not part of any
    const parsed = parseContentLine(line, raw)
    if (parsed) open.lines.push(parsed)
  }
  if (open) problems.push({ line: open.line, reason: 'vCard has no END:VCARD (the file ends first)' })
  return { cards, problems }
}
