/**
 * Builds a knowledge service for tests: real storage (a temporary SQLite file, or a PostgreSQL
 * schema of its own), real embedders, the real app driven with `inject`.
 */

import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createHashEmbedder } from '../../src/engines/knowledge/embedders/hash.ts'
import type { Embedder } from '../../src/engines/knowledge/embedders/types.ts'
import { KnowledgeBase } from '../../src/engines/knowledge/knowledge-base.ts'
import { KnowledgeStore } from '../../src/engines/knowledge/store.ts'
import type { CrossLanguage } from '../../src/engines/knowledge/terms.ts'
import type { QueryTranslator } from '../../src/engines/knowledge/translate.ts'
import { openDatabase } from '../../src/kit/db.ts'
import type { LlmClient } from '../../src/kit/llm.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { DEV_OPERATOR_KEYS } from '../../src/kit/operator-keys.ts'
import type { App } from '../../src/kit/server.ts'
import { buildApp } from '../../src/services/knowledge/app.ts'

export interface Harness {
  kb: KnowledgeBase
  app: App
  store: KnowledgeStore
  close(): Promise<void>
}

export interface HarnessOptions {
  /** Reuse storage (a second instance over the same database). */
  dir?: string
  postgresUrl?: string
  schema?: string
  embedders?: Embedder[]
  defaultEmbedder?: Embedder
  llm?: LlmClient
  maxUploadBytes?: number
  crossLanguage?: CrossLanguage
  translator?: QueryTranslator
}

export const silentLogger = createLogger({ level: 'silent' })

/** The headers of an operator (the development admin key): uploads and deletions take them. */
export const OPERATOR: Record<string, string> = { 'x-admin-key': DEV_OPERATOR_KEYS.adminKey }

export async function startKnowledge(
  opts: HarnessOptions = {},
): Promise<Harness & { dir: string; schema?: string }> {
  const ownDir = !opts.dir && !opts.postgresUrl
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'gatehouse-kb-'))
  const schema = opts.postgresUrl ? opts.schema : undefined
  const database = openDatabase({
    dataDir: dir,
    databaseUrl: opts.postgresUrl,
    ...(schema ? { schema } : {}),
  })
  await database.migrate()
  const store = new KnowledgeStore(database)
  const hash = createHashEmbedder({ dimensions: 256 })
  const embedders = opts.embedders ?? [hash]
  const kb = new KnowledgeBase({
    store,
    embedders,
    defaultEmbedder: opts.defaultEmbedder ?? embedders[0]!,
    logger: silentLogger,
    llm: opts.llm,
    maxUploadBytes: opts.maxUploadBytes ?? 1024 * 1024,
    crossLanguage: opts.crossLanguage,
    translator: opts.translator,
  })
  await kb.open()
  const maxUploadBytes = opts.maxUploadBytes ?? 1024 * 1024
  const app = await buildApp({
    kb,
    logger: silentLogger,
    maxUploadBytes,
    operatorKeys: DEV_OPERATOR_KEYS,
    logRequests: false,
  })
  await app.ready()
  return {
    kb,
    app,
    store,
    dir,
    ...(schema ? { schema } : {}),
    async close() {
      await app.close()
      await kb.close()
      await database.close()
      if (ownDir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A PostgreSQL database of its own (created on the server of `url`, dropped by `drop`). Kysely's
 * migrator looks for its bookkeeping tables in every schema of a database, so suites that share
 * one database through separate schemas can see each other's; a database per suite cannot.
 */
export async function freshPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gatehouse_kb_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const target = new URL(url)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** A multipart/form-data body with one file part and text fields. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer | string; type?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gatehouse${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content) : file.content,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
