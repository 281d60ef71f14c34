/**
 * `npm run console:build`: builds the console's web app into build/console when it is missing or
 * older than its sources (`--force` builds anyway). The console service does the same at start.
 */
import { ensureWebBuild, WEB_BUILD } from './web-build.ts'

const { built, ms } = await ensureWebBuild({ force: process.argv.includes('--force') })
process.stdout.write(
  built ? `console web app built into ${WEB_BUILD} in ${ms} ms\n` : `console web app is current (${ms} ms)\n`,
)
