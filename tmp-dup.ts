import { openApiDocuments } from './src/services/documents.ts'
const docs = await openApiDocuments()
for (const [name, doc] of docs) {
  const counts = new Map<string, { n: number; size: number; where: Set<string> }>()
  const walk = (node: unknown, where: string, depth: number) => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) { for (const n of node) walk(n, where, depth + 1); return }
    const o = node as Record<string, unknown>
    if (depth > 0 && (o.type === 'object' || o.type === 'array' || o.anyOf || o.oneOf)) {
      const k = JSON.stringify(o)
      if (k.length > 300) {
        const e = counts.get(k) ?? { n: 0, size: k.length, where: new Set() }
        e.n++; e.where.add(where); counts.set(k, e)
      }
    }
    for (const [key, v] of Object.entries(o)) walk(v, where, depth + 1)
  }
  for (const [p, item] of Object.entries(doc.paths)) walk(item, p, 0)
  const top = [...counts.entries()].filter(([, e]) => e.n > 1).map(([k, e]) => ({ save: e.size * (e.n - 1), n: e.n, size: e.size, k: k.slice(0, 160), where: [...e.where].slice(0, 4).join(' ') })).sort((a, b) => b.save - a.save).slice(0, 12)
  console.log(`\n### ${name} total ${JSON.stringify(doc).length}; components: ${Object.keys((doc.components as any)?.schemas ?? {}).join(',')}`)
  for (const t of top) console.log(t.save, t.n, t.size, t.where, '\n    ', t.k)
}
