import { describe, expect, it } from 'vitest'
import { csvDelimiter, csvHeaderKey } from './csv.ts'

describe('csvHeaderKey', () => {
  it('folds accents, case, spaces and punctuation of a column name', () => {
    expect(csvHeaderKey('Datum narození')).toBe('datum_narozeni')
    expect(csvHeaderKey(' E-mail ')).toBe('e_mail')
    expect(csvHeaderKey('IČO')).toBe('ico')
  })
})

describe('csvDelimiter', () => {
  it('reads the delimiter from the header line only', () => {
    expect(csvDelimiter('name;ico\r\nNovák, Jan;12345678')).toBe(';')
    expect(csvDelimiter('name,ico\nA;B,1')).toBe(',')
    expect(csvDelimiter('name')).toBe(',')
  })

  it('takes the semicolon when a header has more of them than commas, a comma inside a name aside', () => {
    expect(csvDelimiter('Jméno;Příjmení;Město, obec\nJan;Novák;Brno')).toBe(';')
    expect(csvDelimiter('a,b,c;d\n')).toBe(',')
  })
})
