import { describe, expect, it } from 'vitest'
import { consonantKey, masculineForms, normalizeName, phoneticKey, tokenize } from './normalize.ts'

const keys = (s: string) => tokenize(s).map((t) => t.phoneticKey)

describe('normalisation', () => {
  it('folds diacritics and transliterates Cyrillic to the same folded form', () => {
    expect(tokenize('Oleg Děripaska').map((t) => t.folded)).toEqual(['oleg', 'deripaska'])
    expect(tokenize('Олег ДЕРИПАСКА').map((t) => t.folded)).toEqual(['oleg', 'deripaska'])
  })

  it('keeps a word whole when the list marks its stress with a combining accent (EU: "ГУЦЕРИ́ЕВ")', () => {
    expect(tokenize('Михаил Сафарбе́кович ГУЦЕРИ́ЕВ').map((t) => t.folded)).toEqual([
      'mikhail',
      'safarbekovich',
      'gutseriev',
    ])
    expect(keys('Гуцери́ев')).toEqual(keys('Gutseriev'))
  })

  it('gives Czech and English romanisations of one Russian name the same phonetic key', () => {
    expect(keys('Jevgenij Prigožin')).toEqual(keys('Yevgeniy Prigozhin'))
    expect(keys('Chodorkovskij')).toEqual(keys('Khodorkovsky'))
    expect(keys('Černov')).toEqual(keys('Chernov'))
    expect(keys('Carev')).toEqual(keys('Tsarev'))
    expect(keys('Jelena')).toEqual(keys('Yelena'))
  })

  it('keeps different names apart in the phonetic key', () => {
    expect(phoneticKey('novak')).not.toBe(phoneticKey('nowicki'))
    expect(keys('Ivan')).not.toEqual(keys('Jan'))
  })

  it('marks Arabic-script tokens with a consonant skeleton that Latin spellings share', () => {
    const [arabic] = tokenize('محمد')
    expect(arabic?.consonantSkeleton).toBe('mhmd')
    expect(tokenize('Mohammed')[0]?.consonantSkeleton).toBeUndefined()
  })

  it('drops titles', () => {
    expect(tokenize('Ing. Jan Novák, Ph.D.').map((t) => t.folded)).toEqual(['jan', 'novak'])
  })

  it('cuts Czech, English and Russian legal forms off company names into one class', () => {
    for (const name of [
      'Umatex Group Europe s.r.o.',
      'UMATEX GROUP EUROPE SPOL. S R.O.',
      'Umatex Group Europe LLC',
      'ООО Umatex Group Europe',
    ]) {
      const n = normalizeName(name)
      expect(n.tokens.map((t) => t.folded)).toEqual(['umatex', 'group', 'europe'])
      expect(n.legalForm).toBe('limited_liability')
    }
    expect(normalizeName('Alza.cz a.s.').legalForm).toBe('joint_stock')
  })

  it('recognises an ambiguous form only at the end and never strips a whole name', () => {
    expect(normalizeName('AS Trading House').legalForm).toBeUndefined()
    expect(normalizeName('SA').tokens.map((t) => t.folded)).toEqual(['sa'])
  })

  it('gives a Czech feminine surname the phonetic key of its masculine form', () => {
    const [shoiguova] = tokenize('Šojguová')
    const [shoigu] = tokenize('Shoigu')
    expect(shoiguova?.masculineKeys).toContain(shoigu?.phoneticKey)
    const [golikovova] = tokenize('Golikovová')
    expect(golikovova?.masculineKeys).toContain(tokenize('Golikova')[0]?.phoneticKey)
  })

  it('derives masculine stems of Czech feminine surnames', () => {
    expect(masculineForms('novakova')).toContain('novak')
    expect(masculineForms('svobodova')).toContain('svoboda')
    expect(masculineForms('timchenkova')).toContain('timchenko')
    expect(masculineForms('nova')).toEqual([])
  })

  it('computes the phonetic and consonant keys exactly as the rules read as regular expressions', () => {
    // The rules, one regular expression each, applied in order: the keys' definition.
    const ruleKey = (ascii: string) =>
      ascii
        .replace(/shch|sch/g, 'sh')
        .replace(/tsch|tch/g, 'ch')
        .replace(/dzh|dj/g, 'j')
        .replace(/kh|ch/g, 'h')
        .replace(/zh/g, 'z')
        .replace(/ts|tz/g, 'c')
        .replace(/ph/g, 'f')
        .replace(/ck/g, 'k')
        .replace(/q/g, 'k')
        .replace(/w/g, 'v')
        .replace(/x/g, 'ks')
        .replace(/j/g, 'y')
        .replace(/^y([eo])/, '$1')
        .replace(/iy$|yi$|ii$|y$/, 'i')
        .replace(/ou|oo/g, 'u')
        .replace(/ee/g, 'i')
        .replace(/[eiy]+/g, 'i')
        .replace(/[aou]+/g, 'a')
        .replace(/(.)\1+/g, '$1')
    const ruleSkeleton = (ascii: string) =>
      ascii
        .replace(/[aeiouwy'`]/g, '')
        .replace(/(.)\1+/g, '$1')
        .replace(/(..)h$/, '$1')
    // Words over the letters the rules name, in every order: the overlaps of "tsch", "shch", "dzh" …
    let seed = 11
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const letters = "abcdehijkloqstuwxyzp'"
    const words = ['yelena', 'dmitriy', 'khodorkovskiy', 'shchukin', 'tschechow', 'dzhokhar', 'usamah', '']
    for (let i = 0; i < 50_000; i++)
      words.push(
        Array.from({ length: Math.floor(next() * 10) }, () => letters[Math.floor(next() * 21)]).join(''),
      )
    for (const w of words) {
      expect(phoneticKey(w), w).toBe(ruleKey(w))
      expect(consonantKey(w), w).toBe(ruleSkeleton(w))
    }
    expect(phoneticKey('x'.repeat(10_000))).toBe('ks'.repeat(10_000))
  })
})
