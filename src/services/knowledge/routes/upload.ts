/**
 * POST /upload: multipart/form-data with one `file` part and the fields `collection` (required),
 * `metadata` (a JSON object, optional), `title` and `source` (optional). The file is read whole
 * (bounded by KB_MAX_UPLOAD_BYTES) before anything is stored, and stored in one transaction.
 */
import type { FastifyRequest } from 'fastify'
import type { MetadataValue } from '../../../engines/knowledge/ingest.ts'
import { ok } from '../../../kit/envelope.ts'
import { AppError, errors } from '../../../kit/errors.ts'
import { multipartError } from '../../../kit/multipart.ts'
import { OPERATOR_SECURITY, operatorOnly } from '../../../kit/operator-keys.ts'
import { type App, sendError, toAppError } from '../../../kit/server.ts'
import type { KnowledgeDeps } from '../app.ts'
import { UploadBody, UploadResponse } from '../schemas.ts'

const FIELDS = new Set(['collection', 'metadata', 'title', 'source'])

export function registerUpload(app: App, { kb, maxUploadBytes, operatorKeys }: KnowledgeDeps): void {
  app.post(
    '/upload',
    {
      // Checked before the body is read: an anonymous caller cannot make the service parse a file.
      onRequest: operatorOnly(operatorKeys, 'Uploading a document'),
      schema: {
        tags: ['documents'],
        summary: 'Upload a document into a collection (replaces the one from the same source)',
        description:
          'multipart/form-data: one `file` part and the fields `collection` (required), `metadata`, `title`, `source`. Answers 201 when the document is new, 200 when it replaced or equals the stored one. Needs `X-Admin-Key: ADMIN_API_KEY` or `X-API-Key: INTERNAL_API_KEY`: what is uploaded is what everyone is answered from.',
        security: OPERATOR_SECURITY,
        response: { 200: UploadResponse, 201: UploadResponse },
      },
      // Parsed by the handler part by part (request.parts()), so described, not validated, here.
      config: { documentedBody: { contentType: 'multipart/form-data', schema: UploadBody } },
      // A body that is not multipart never reaches the handler: say what this route takes.
      errorHandler: async (error, request, reply) => {
        const code = (error as { code?: string }).code
        const appError =
          code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? new AppError(
                'unsupported_media_type',
                'POST /upload takes multipart/form-data with a "file" part and a "collection" field',
                {
                  field: 'content-type',
                  rule: 'multipart/form-data',
                },
              )
            : toAppError(error)
        if (appError.status >= 500) request.log.error({ err: error }, 'upload failed')
        return sendError(reply, 'standard', appError)
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'unsupported_media_type',
          'POST /upload takes multipart/form-data with a "file" part and a "collection" field',
          {
            field: 'content-type',
            rule: 'multipart/form-data',
          },
        )
      }
      const { fields, file } = await readForm(request, maxUploadBytes)
      if (!file) throw errors.invalid('file', 'required', 'part "file" is required (the document to upload)')
      const collection = fields.collection?.trim()
      if (!collection)
        throw errors.invalid(
          'collection',
          'required',
          'field "collection" is required (GET /rag/collections lists them)',
        )
      const metadata = parseMetadata(fields.metadata)
      const result = await kb.ingest({
        collection,
        bytes: file.bytes,
        filename: file.filename || undefined,
        contentType: file.mimetype,
        source: fields.source?.trim() || undefined,
        title: fields.title?.trim() || undefined,
        metadata,
      })
      reply.code(result.status === 'created' ? 201 : 200)
      return ok(reply, result)
    },
  )
}

/** What @fastify/multipart may read of one upload (the file's own limit is KB_MAX_UPLOAD_BYTES). */
export const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 64 * 1024 } as const

interface Form {
  fields: Record<string, string>
  file: { bytes: Buffer; filename: string; mimetype: string } | undefined
}

/**
 * Reads every part of the form. A body that is not well-formed multipart/form-data, or breaks a
 * limit, is a 4xx naming what was wrong: nothing else runs while the parts are read, so any
 * failure here is the body's.
 */
async function readForm(request: FastifyRequest, maxBytes: number): Promise<Form> {
  const form: Form = { fields: {}, file: undefined }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined)
          throw errors.invalid(
            part.fieldname,
            'unknown file part',
            `file part "${part.fieldname}" is not accepted; send the document as "file"`,
          )
        }
        if (form.file) throw errors.invalid('file', 'exactly one file')
        form.file = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype }
      } else {
        if (!FIELDS.has(part.fieldname)) {
          throw errors.invalid(
            part.fieldname,
            'unknown field',
            `field "${part.fieldname}" is not accepted; fields: file, ${[...FIELDS].join(', ')}`,
          )
        }
        if (part.valueTruncated) {
          throw new AppError(
            'payload_too_large',
            `field "${part.fieldname}" is longer than ${FORM_LIMITS.fieldSize} bytes`,
            { field: part.fieldname, rule: `maxBytes ${FORM_LIMITS.fieldSize}` },
          )
        }
        form.fields[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    throw multipartError(error, {
      fileBytes: maxBytes,
      fileBytesVariable: 'KB_MAX_UPLOAD_BYTES',
      parts: FORM_LIMITS.files + FORM_LIMITS.fields,
    })
  }
  return form
}

function parseMetadata(raw: string | undefined): Record<string, MetadataValue | MetadataValue[]> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw errors.invalid(
      'metadata',
      'json object',
      'field "metadata" must be a JSON object, e.g. {"language":"cs","tags":["aml"]}',
    )
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.invalid('metadata', 'json object', 'field "metadata" must be a JSON object')
  }
  const out: Record<string, MetadataValue | MetadataValue[]> = {}
  for (const [key, v] of Object.entries(value)) {
    const scalar = (x: unknown) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean'
    if (scalar(v)) out[key] = v as MetadataValue
    else if (Array.isArray(v) && v.every(scalar)) out[key] = v as MetadataValue[]
    else throw errors.invalid(`metadata.${key}`, 'string, number, boolean or an array of them')
  }
  if (out.language !== undefined && out.language !== 'cs' && out.language !== 'en') {
    throw errors.invalid('metadata.language', 'one of cs, en')
  }
  return out
}
