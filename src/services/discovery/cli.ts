/**
 * `gatehouse dataset check FILE`: validates a discovery dataset the way the service does at
 * start-up and lists every problem by record id and field. Exit 0 when valid (with a summary),
 * 1 when invalid, 2 on wrong usage.
 */
import { parseArgs } from 'node:util'
import { checkOrigin, DEFAULT_ORIGIN, loadDataset } from '../../engines/discovery/dataset.ts'
import type { Command } from '../../kit/command.ts'

export const datasetCheck: Command = {
  usage: `gatehouse dataset check FILE [--origin https://host]
  Validates FILE as the discovery service would (DISCOVERY_DATASET) and lists every problem as
  "<record id> <field>: <rule>". Exit 0 when valid, 1 when not.
  --origin  public origin the canonical URLs are built on (default: DISCOVERY_ORIGIN, else ${DEFAULT_ORIGIN})`,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { origin: { type: 'string' } },
      allowPositionals: true,
    })
    if (positionals.length !== 1) {
      io.err(`expected one FILE, got ${positionals.length}\nusage: ${this.usage}`)
      return 2
    }
    const file = positionals[0]!
    const origin = values.origin ?? io.env.DISCOVERY_ORIGIN?.trim() ?? DEFAULT_ORIGIN
    const originProblem = checkOrigin(origin)
    if (originProblem) {
      io.err(`--origin: ${originProblem}`)
      return 2
    }
    const result = await loadDataset(file, origin)
    if (!result.ok) {
      const width = Math.max(...result.problems.map((p) => `${p.record} ${p.field}`.length))
      io.out(`${file}: INVALID`)
      for (const p of result.problems) {
        io.out(`  ${`${p.record} ${p.field}`.padEnd(width)}  ${p.rule}: ${p.message}`)
      }
      const records = new Set(result.problems.map((p) => p.record))
      io.out(
        `${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} in ${records.size} place${records.size === 1 ? '' : 's'}; fix them and run the check again`,
      )
      return 1
    }
    const { snapshot } = result
    const count = (key: 'type' | 'lang') => {
      const counts = new Map<string, number>()
      for (const r of snapshot.records) counts.set(r[key], (counts.get(r[key]) ?? 0) + 1)
      return [...counts].map(([k, n]) => `${n} ${k}`).join(', ')
    }
    io.out(`${file}: valid`)
    io.out(`  data_version  ${snapshot.dataVersion}`)
    io.out(`  records       ${snapshot.records.length} (${count('type')}; ${count('lang')})`)
    io.out(`  origin        ${origin}`)
    io.out(`  sha256        ${snapshot.digest}`)
    return 0
  },
}
