/**
 * Runs in a worker process (kit/offload.ts): one document converted. Failures come back as
 * values, since a thrown error loses its fields (reason, limit) crossing the process boundary.
 */
import {
  ConvertError,
  type ConvertFailure,
  type ConvertLimits,
  type ConvertResult,
  convertToMarkdown,
} from './index.ts'

export interface ConvertTask {
  bytes: Uint8Array
  filename?: string | undefined
  contentType?: string | undefined
  limits?: Partial<ConvertLimits> | undefined
}

export type ConvertOutcome =
  | { ok: true; value: ConvertResult }
  | { ok: false; reason: ConvertFailure; message: string; limit?: string | undefined }

export default async function convert(task: ConvertTask): Promise<ConvertOutcome> {
  try {
    return {
      ok: true,
      value: await convertToMarkdown(task.bytes, {
        filename: task.filename,
        contentType: task.contentType,
        limits: task.limits,
      }),
    }
  } catch (error) {
    if (error instanceof ConvertError)
      return { ok: false, reason: error.reason, message: error.message, limit: error.limit }
    throw error
  }
}
