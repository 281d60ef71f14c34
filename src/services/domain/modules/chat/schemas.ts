/**
 * Request and response schemas of POST /api/chat (TypeBox: validation, serialisation and the
 * OpenAPI document).
 */

import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'

/** A question of a person, not a document: 2,000 characters is a long paragraph. */
const CHAT_MESSAGE_MAX = 2000

export const ChatBody = Type.Object(
  {
    message: Type.String({
      minLength: 1,
      maxLength: CHAT_MESSAGE_MAX,
      description: 'the question, e.g. "What does a 2+kk cost per m² in Brno-střed?"',
    }),
    conversation_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'continue this conversation (from an earlier answer)' }),
    ),
  },
  { additionalProperties: false },
)

const Citation = Type.Object({
  round: Type.Integer({ description: 'round of the tool-calling loop (1-based)' }),
  tool: Type.String({
    description: 'listing_price_stats, search_listings, opportunities or estimate_value',
  }),
  arguments: Type.Object({}, { additionalProperties: true, description: 'as the model gave them' }),
  ok: Type.Boolean({ description: 'false when the call was refused; result then holds {error}' }),
  result: Type.Unknown({ description: 'what the tool returned, exactly as the model was shown it' }),
})

export const ChatResponse = okSchema(
  Type.Object({
    conversation_id: Type.String({ format: 'uuid' }),
    answer: Type.String(),
    grounded: Type.Boolean({
      description:
        'true when every number of the answer is a numeric value of the cited tool results, of the unit written with it, or a rounding of one within 5 %',
    }),
    ungrounded_numbers: Type.Array(Type.String(), {
      description: 'numbers of the answer found in no tool result, as written',
    }),
    citations: Type.Array(Citation),
    rounds: Type.Integer({ description: 'calls made to the language model' }),
    model: Type.String(),
    usage: Type.Object({
      prompt_tokens: Type.Integer(),
      completion_tokens: Type.Integer(),
      total_tokens: Type.Integer(),
    }),
    history_messages: Type.Integer({ description: 'earlier messages of the conversation sent with it' }),
    data_as_of: Type.String({ description: 'date of the listings the tools read' }),
  }),
)
