/**
 * The embedding variables the knowledge service and the router's memory both read: one
 * definition, so one setting serves both.
 */
import { env } from '../../../kit/config.ts'

export const embeddingsSpec = {
  EMBEDDINGS_MODEL_DIR: env.optionalString({
    doc: 'folder of an ONNX sentence model (config.json, tokenizer.json, onnx/model.onnx)',
  }),
  EMBEDDINGS_BASE_URL: env.url({
    protocols: ['http', 'https'],
    doc: 'OpenAI-compatible embeddings endpoint base, e.g. https://api.openai.com/v1',
  }),
  EMBEDDINGS_API_KEY: env.optionalString({ doc: 'bearer token for EMBEDDINGS_BASE_URL' }),
  EMBEDDINGS_MODEL: env.string({
    default: 'text-embedding-3-small',
    doc: 'model name sent to EMBEDDINGS_BASE_URL',
  }),
}
