/**
 * Context sync: one folder of context files rendered into each AI coding tool's own file, the way
 * ruler does it, with the asks its users raise answered:
 * - the source is every `*.md` in the context folder: `AGENTS.md` first when present, then the
 *   rest by name, each marked `<!-- Source: name -->`;
 * - each target is a file in the target folder (table below); only the block between the markers
 *   is ever replaced, so hand-written text around it survives; a file without markers gets the
 *   block appended, never overwritten;
 * - a file about to change is copied first to `.gatehouse/context-backups/<time>/<path>`;
 * - a dry run reports the same actions and writes nothing;
 * - status tells per target: `in_sync`, `drifted` (block missing or edited, or the source
 *   changed) or `missing` (no file).
 * Writes go to a temporary file renamed into place, so a crash never leaves half a file.
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'

export interface ContextTarget {
  id: string
  tool: string
  /** Path inside the target folder. */
  file: string
  /** `mdc`: Cursor rule files, which start with front matter. */
  format: 'markdown' | 'mdc'
}

export const TARGETS: readonly ContextTarget[] = [
  {
    id: 'agents',
    tool: 'AGENTS.md readers (Codex, Jules, Amp, Zed, Aider …)',
    file: 'AGENTS.md',
    format: 'markdown',
  },
  { id: 'claude', tool: 'Claude Code', file: 'CLAUDE.md', format: 'markdown' },
  { id: 'gemini', tool: 'Gemini CLI', file: 'GEMINI.md', format: 'markdown' },
  { id: 'cursor', tool: 'Cursor', file: '.cursor/rules/gatehouse.mdc', format: 'mdc' },
  { id: 'copilot', tool: 'GitHub Copilot', file: '.github/copilot-instructions.md', format: 'markdown' },
  { id: 'windsurf', tool: 'Windsurf', file: '.windsurf/rules/gatehouse.md', format: 'markdown' },
  { id: 'cline', tool: 'Cline', file: '.clinerules/gatehouse.md', format: 'markdown' },
  { id: 'junie', tool: 'JetBrains Junie', file: '.junie/guidelines.md', format: 'markdown' },
  { id: 'kiro', tool: 'Kiro', file: '.kiro/steering/gatehouse.md', format: 'markdown' },
  { id: 'warp', tool: 'Warp', file: 'WARP.md', format: 'markdown' },
]

export const BEGIN =
  '<!-- gatehouse:context:begin — managed by context sync; edit the source files instead -->'
export const END = '<!-- gatehouse:context:end -->'
const BLOCK = /<!-- gatehouse:context:begin[^>]*-->\n?([\s\S]*?)<!-- gatehouse:context:end -->/

type TargetStatus = 'in_sync' | 'drifted' | 'missing'
type SyncAction = 'created' | 'updated' | 'appended' | 'unchanged'

export interface Source {
  files: string[]
  content: string
  sha256: string
}

export class ContextError extends Error {}

/** Reads and concatenates the source folder. */
async function readSource(dir: string): Promise<Source> {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.md'))
  } catch (error) {
    throw new ContextError(`cannot read the context folder ${dir} (${(error as NodeJS.ErrnoException).code})`)
  }
  if (names.length === 0) throw new ContextError(`the context folder ${dir} holds no .md files`)
  names.sort((a, b) => (a === 'AGENTS.md' ? -1 : b === 'AGENTS.md' ? 1 : a.localeCompare(b)))
  const parts: string[] = []
  for (const name of names) {
    const text = (await readFile(join(dir, name), 'utf8')).replace(/\r\n/g, '\n').trim()
    parts.push(`<!-- Source: ${name} -->\n\n${text}`)
  }
  const content = `${parts.join('\n\n')}\n`
  return { files: names, content, sha256: sha256(content) }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function block(source: Source): string {
  return `${BEGIN}\n${source.content}${END}`
}

function frontMatter(): string {
  return '---\ndescription: Gatehouse project context\nglobs:\nalwaysApply: true\n---\n\n'
}

/** The file's new text: the block replaced, appended, or a new file. */
export function render(target: ContextTarget, source: Source, current: string | undefined): string {
  const managed = block(source)
  if (current === undefined) return `${target.format === 'mdc' ? frontMatter() : ''}${managed}\n`
  if (BLOCK.test(current)) return current.replace(BLOCK, () => managed)
  return `${current.replace(/\s*$/, '')}\n\n${managed}\n`
}

export interface TargetReport {
  id: string
  tool: string
  file: string
  status: TargetStatus
  /** sha256 of the managed block's content in the file (null: no block). */
  file_sha256: string | null
  source_sha256: string
}

export interface SyncReport {
  id: string
  file: string
  action: SyncAction
  backup: string | null
  bytes: number
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function pathIn(root: string, file: string): string {
  const full = resolve(root, file)
  if (!full.startsWith(resolve(root) + sep)) throw new ContextError(`${file} is outside the target folder`)
  return full
}

export function selectTargets(ids: readonly string[] | undefined): ContextTarget[] {
  if (!ids || ids.length === 0) return [...TARGETS]
  const unknown = ids.filter((id) => !TARGETS.some((t) => t.id === id))
  if (unknown.length > 0) {
    throw new ContextError(
      `unknown target ${unknown.join(', ')}; known: ${TARGETS.map((t) => t.id).join(', ')}`,
    )
  }
  return TARGETS.filter((t) => ids.includes(t.id))
}

export async function status(
  sourceDir: string,
  targetDir: string,
  ids?: readonly string[],
): Promise<{
  source: { dir: string; files: string[]; sha256: string }
  targets: TargetReport[]
}> {
  const source = await readSource(sourceDir)
  const targets: TargetReport[] = []
  for (const t of selectTargets(ids)) {
    const current = await readOptional(pathIn(targetDir, t.file))
    const found = current === undefined ? null : BLOCK.exec(current)
    const inFile = found ? found[1]! : null
    targets.push({
      id: t.id,
      tool: t.tool,
      file: t.file,
      status: current === undefined ? 'missing' : inFile === source.content ? 'in_sync' : 'drifted',
      file_sha256: inFile === null ? null : sha256(inFile),
      source_sha256: source.sha256,
    })
  }
  return { source: { dir: sourceDir, files: source.files, sha256: source.sha256 }, targets }
}

export async function sync(
  sourceDir: string,
  targetDir: string,
  opts: { targets?: readonly string[] | undefined; dryRun?: boolean; now?: Date } = {},
): Promise<{ dry_run: boolean; source_sha256: string; results: SyncReport[]; backup_dir: string | null }> {
  const source = await readSource(sourceDir)
  const stamp = (opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')
  const backupRoot = join('.gatehouse', 'context-backups', stamp)
  const results: SyncReport[] = []
  let backedUp = false
  for (const t of selectTargets(opts.targets)) {
    const path = pathIn(targetDir, t.file)
    const current = await readOptional(path)
    const next = render(t, source, current)
    const action: SyncAction =
      current === undefined
        ? 'created'
        : current === next
          ? 'unchanged'
          : BLOCK.test(current)
            ? 'updated'
            : 'appended'
    let backup: string | null = null
    if (current !== undefined && action !== 'unchanged') {
      backup = join(backupRoot, t.file)
      if (!opts.dryRun) {
        const backupPath = pathIn(targetDir, backup)
        await mkdir(dirname(backupPath), { recursive: true })
        await writeFile(backupPath, current)
        backedUp = true
      }
    }
    if (!opts.dryRun && action !== 'unchanged') {
      await mkdir(dirname(path), { recursive: true })
      const temp = `${path}.${process.pid}.tmp`
      await writeFile(temp, next)
      await rename(temp, path)
    }
    results.push({ id: t.id, file: t.file, action, backup, bytes: Buffer.byteLength(next) })
  }
  return {
    dry_run: opts.dryRun === true,
    source_sha256: source.sha256,
    results,
    backup_dir: backedUp ? backupRoot : null,
  }
}
