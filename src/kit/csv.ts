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

/**
 * The delimiter of a CSV text, read from its header line: `;` when the line has more semicolons
 * than commas (Czech Excel writes `;`, the comma being the decimal mark), otherwise `,`. A header
 * such as `Jméno;Příjmení;Město, obec` is then read by its semicolons.
 */
export function csvDelimiter(text: string): ';' | ',' {
  const end = text.search(/\r?\n|$/)
  const header = text.slice(0, end)
  return header.split(';').length > header.split(',').length ? ';' : ','
}
