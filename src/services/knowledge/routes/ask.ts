import { ok } from '../../../kit/envelope.ts'
import { errors } from '../../../kit/errors.ts'
import type { App } from '../../../kit/server.ts'
import type { KnowledgeDeps } from '../app.ts'
import { AskBody, AskResponse } from '../schemas.ts'
import { resolveLimit } from './search.ts'

export function registerAsk(app: App, { kb }: KnowledgeDeps): void {
  app.post(
    '/ask',
    {
      schema: {
        tags: ['search'],
        summary: 'Answer a question from the passages found, citing them',
        body: AskBody,
        response: { 200: AskResponse },
      },
    },
    async (request, reply) => {
      const body = request.body
      const question = body.question ?? body.query
      if (question === undefined) throw errors.invalid('question', 'required', 'field "question" is required')
      if (body.question !== undefined && body.query !== undefined && body.question !== body.query) {
        throw errors.invalid(
          'query',
          'equal to question when both are given',
          'send "question" (or its alias "query"), not two different texts',
        )
      }
      const result = await kb.ask({
        question,
        query: question,
        collection: body.collection,
        filter: body.filter,
        limit: resolveLimit(body, 5),
        answerMode: body.answer_mode ?? 'auto',
      })
      return ok(reply, { question, collection: body.collection ?? null, ...result })
    },
  )
}
