// snowball-stemmers ships no type declarations; this is the part of its API src/engines/czech/stem.ts uses.
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
