/**
 * vCard 4.0 (RFC 6350): one VCARD per contact with FN, N, ORG, TITLE, EMAIL, TEL, ADR, URL, NOTE
 * and a UID. Text values are escaped (§ 3.4: backslash, comma, semicolon, newline), lines are
 * CRLF-terminated and folded at 75 octets without splitting a UTF-8 character (§ 3.2).
 */

export interface VcardAddress {
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
