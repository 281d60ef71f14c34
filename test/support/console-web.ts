/**
 * Vitest's global setup: builds the console's web app once (a no-op when the build is current),
 * before any test file starts a console, so parallel files never build it at the same time.
 */
import { ensureWebBuild } from '../../src/services/console/web-build.ts'

export default async function setup(): Promise<void> {
  try {
    await ensureWebBuild()
  } catch (error) {
    // Only the browser tests need the app; everything else runs without it (its pages say so).
    console.warn(`console web app not built: ${(error as Error).message}`)
  }
}
