/**
 * Generates the typed client's types, one file per service (src/client/types/<service>.ts), from
 * every service's OpenAPI document: `npm run client:generate`. A generated file is never edited by
 * hand, so it is left out of the formatter, the linter, the dead-code check and the 600-line limit
 * of hand-written files: one route added changes one file, in one place.
 * Each document's paths become one JSON Schema shaped as openapi-fetch expects (path → method →
 * parameters, requestBody, responses → content) and json-schema-to-typescript writes the
 * TypeScript. test/client.test.ts fails when the committed types no longer match the services.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'
import { errorSchema } from '../src/kit/envelope.ts'
import { type OpenApiDocument, openApiDocuments } from '../src/services/documents.ts'

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required?: boolean
  schema?: Schema
  description?: string
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }>; description?: string }>
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']
const ANY: Schema = {}

function object(properties: Record<string, Schema>, required: string[]): Schema {
  return { type: 'object', properties, required, additionalProperties: false }
}

function content(media: Record<string, { schema?: Schema }> | undefined): Schema {
  const entries = Object.entries(media ?? {})
  return object(
    Object.fromEntries(entries.map(([type, m]) => [type, m.schema ?? ANY])),
    entries.map(([t]) => t),
  )
}

function operationSchema(op: Operation): Schema {
  const groups: Record<string, Parameter[]> = {}
  for (const p of op.parameters ?? []) {
    groups[p.in] ??= []
    groups[p.in]!.push(p)
  }
  const parameters = object(
    Object.fromEntries(
      Object.entries(groups).map(([where, list]) => [
        where,
        object(
          Object.fromEntries(
            list.map((p) => [
              p.name,
              { ...(p.schema ?? ANY), ...(p.description ? { description: p.description } : {}) },
            ]),
          ),
          list.filter((p) => p.required || where === 'path').map((p) => p.name),
        ),
      ]),
    ),
    Object.entries(groups)
      .filter(([where, list]) => where === 'path' || list.some((p) => p.required))
      .map(([where]) => where),
  )
  const properties: Record<string, Schema> = { parameters }
  const required = ['parameters', 'responses']
  if (op.requestBody) {
    properties.requestBody = object({ content: content(op.requestBody.content) }, ['content'])
    if (op.requestBody.required) required.push('requestBody')
  }
  const responses = Object.entries(op.responses ?? {})
  properties.responses = object(
    Object.fromEntries(
      responses.map(([code, r]) => [
        code,
        r.content ? object({ content: content(r.content) }, ['content']) : object({}, []),
      ]),
    ),
    responses.map(([code]) => code),
  )
  return object(properties, required)
}

/** json-schema-to-typescript options for every generated file. */
const COMPILE_OPTIONS = {
  additionalProperties: false,
  // An index signature says what a present key holds; a missing key is the reader's
  // noUncheckedIndexedAccess, as for TypeBox's Record types on the serving side.
  strictIndexSignatures: false,
  unknownAny: true,
  // A bounded array becomes a union of one tuple per allowed length (a list of up to 12
  // dispositions: 13 tuples, each repeating the enum); only pairs stay tuples, longer lists are
  // arrays (their bounds stay in the doc comment, and the services check them).
  maxItems: 2,
  format: true,
  style: { singleQuote: true, semi: false, printWidth: 110, trailingComma: 'all' },
} as const

/**
 * The client types of one service as the source of its one file, `<name>.ts`: the openapi-fetch
 * `Paths` of its document and its named schemas.
 */
export async function clientTypes(name: string, document: OpenApiDocument): Promise<string> {
  const paths: Record<string, Schema> = {}
  for (const [path, item] of Object.entries(document.paths)) {
    const methods = Object.entries(item).filter(([m]) => METHODS.includes(m))
    paths[path] = object(
      Object.fromEntries(methods.map(([m, op]) => [m, operationSchema(op as Operation)])),
      methods.map(([m]) => m),
    )
  }
  const root = {
    ...object(paths, Object.keys(paths)),
    title: 'paths',
    components: document.components ?? {},
  }
  const source = await compile(root as never, 'paths', {
    ...COMPILE_OPTIONS,
    bannerComment: `/* Generated — do not edit: the ${name} service's routes (its /openapi.json) as openapi-fetch types, written by \`npm run client:generate\`. */`,
  })
  // openapi-fetch matches status codes as numbers (200, 404): unquote them.
  const typed = source.replace(/^(\s*)'(\d{3})'(\??):/gm, '$1$2$3:')
  // Most services answer failures in the kit's standard envelope: it is written once, in common.ts.
  const standardError = await standardErrorType()
  if (!typed.includes(standardError)) return typed
  const [banner, ...rest] = typed.replace(standardError, '').split('\n')
  return [banner, "import type { Error } from './common.ts'", ...rest].join('\n')
}

/** The types every service's file may share (the standard error envelope), as TypeScript source. */
export async function commonTypes(): Promise<string> {
  return `${COMMON_BANNER}\n${await standardErrorType()}`
}

const COMMON_BANNER =
  "/* Generated — do not edit: types the services' files share, written by `npm run client:generate`. */"

/** The kit's standard error envelope as one exported `Error` interface (its doc comment included). */
async function standardErrorType(): Promise<string> {
  const source = await compile({ ...errorSchema('standard'), title: 'Error' } as never, 'Error', {
    ...COMPILE_OPTIONS,
    bannerComment: '',
  })
  return source.trimStart()
}

export const TYPES_DIR = fileURLToPath(new URL('../src/client/types/', import.meta.url))

if (import.meta.main) {
  const documents = await openApiDocuments(undefined, (name) =>
    process.stderr.write(`${name}: describing…\n`),
  )
  mkdirSync(TYPES_DIR, { recursive: true })
  writeFileSync(`${TYPES_DIR}common.ts`, await commonTypes())
  for (const [name, document] of documents) {
    const file = `${TYPES_DIR}${name}.ts`
    writeFileSync(file, await clientTypes(name, document))
    process.stdout.write(`${file}\n`)
  }
}
