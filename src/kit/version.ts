import { readFileSync } from 'node:fs'

/** The platform's version, package.json's: what `gatehouse --version`, the banner and /health say. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version
