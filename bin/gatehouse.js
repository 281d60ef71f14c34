#!/usr/bin/env node
// The `gatehouse` command. Node 24 runs the TypeScript sources directly (type stripping),
// so there is no build step; the project pins Node 24 through the `node` package.
const [major] = process.versions.node.split('.').map(Number)
if (major < 24) {
  console.error(
    `gatehouse needs Node.js 24 or newer (this is ${process.version}). Run it through npm: \`npx gatehouse …\` or \`npm run gatehouse -- …\`.`,
  )
  process.exit(1)
}
const { runCli } = await import('../src/cli.ts')
await runCli(process.argv.slice(2))
