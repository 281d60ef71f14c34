// snowball-stemmers ships no type declarations; this is the part of its API the search engine uses.
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string
  }
  const snowball: {
    newStemmer(language: string): Stemmer
    algorithms(): string[]
  }
  export default snowball
}
