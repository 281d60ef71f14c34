/**
 * A spreadsheet's column name as the key a CSV import looks it up by: accents, case, spaces and
 * punctuation aside ("Datum narození" → "datum_narozeni", "E-mail" → "e_mail"), so a column
 * named in Czech or English, as Excel or a person wrote it, finds its field.
 */
export function csvHeaderKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('_')
}
