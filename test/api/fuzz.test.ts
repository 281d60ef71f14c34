/**
 * The fuzzer itself (test/support/fuzz.ts) catches a crash, a hang, a success without a
 * Content-Type and an error outside the envelope, each on a probe app built to have it. Every
 * service's routes are fuzzed in test/api/services.test.ts.
 */
import type { FastifyReply } from 'fastify'
import { type Static, Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { registerApiDocs } from '../../src/kit/api-docs.ts'
import { AppError } from '../../src/kit/errors.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { createServer } from '../../src/kit/server.ts'
import { FUZZ_OPTIONS, fuzzService } from '../support/fuzz.ts'
import type { ServiceUnderTest } from '../support/services.ts'

describe('the fuzzer', () => {
  const Body = Type.Object({ n: Type.Number(), items: Type.Array(Type.Object({ q: Type.Integer() })) })
  const Ok = Type.Object({ ok: Type.Boolean() })

  type Handler = (body: Static<typeof Body>, reply: FastifyReply) => Promise<Static<typeof Ok> | FastifyReply>

  async function probe(handler: Handler) {
    const app = createServer({
      name: 'probe',
      envelope: 'standard',
      logger: createLogger({ level: 'silent' }),
    })
    await registerApiDocs(app, { title: 'Probe', version: '0.0.0', errorEnvelope: 'standard' })
    app.post('/probe', { schema: { body: Body, response: { 200: Ok } } }, async (request, reply) =>
      handler(request.body, reply),
    )
    const service: ServiceUnderTest = { app, envelope: 'standard', credentials: {}, close: () => app.close() }
    return service
  }

  const failureOf = async (service: ServiceUnderTest) => {
    try {
      await fuzzService(service, { ...FUZZ_OPTIONS, runs: 300, budgetMs: 5_000, requestTimeoutMs: 300 })
      return ''
    } catch (error) {
      return (error as Error).message
    } finally {
      await service.close()
    }
  }

  it('catches a crash on a value the schema allows, deep inside the body, and shrinks it', async () => {
    const message = await failureOf(
      await probe(async (body) => {
        if (body.items.some((i) => i.q < 0)) throw new Error('negative quantity')
        return { ok: true }
      }),
    )
    expect(message).toMatch(/server error: POST \/probe → 500/)
    expect(message).toMatch(/seed: -?\d+, path: "[\d:]+"/)
  })

  it('catches a request that never gets an answer', async () => {
    const message = await failureOf(
      await probe(async (body) => {
        if (body.n > 100) await new Promise((resolve) => setTimeout(resolve, 1_000))
        return { ok: true }
      }),
    )
    expect(message).toMatch(/no answer within 300 ms/)
  })

  it('catches a success answered without a Content-Type (a body sent through its own serializer)', async () => {
    const message = await failureOf(
      await probe(async (body, reply) =>
        body.n > 0 ? reply.serializer(() => '{"ok":true}').send({ ok: true }) : { ok: true },
      ),
    )
    expect(message).toMatch(/success without a Content-Type: POST \/probe → 200/)
  })

  it('catches an error answered outside the envelope, and passes one inside it', async () => {
    const outside = await failureOf(
      await probe(async (body, reply) => {
        if (body.items.length > 1) return reply.code(400).send({ message: 'too many items' })
        return { ok: true }
      }),
    )
    expect(outside).toMatch(/error body is not the standard envelope: POST \/probe → 400/)
    const inside = await failureOf(
      await probe(async (body) => {
        if (body.items.length > 1) throw new AppError('invalid_request', 'too many items', { field: 'items' })
        return { ok: true }
      }),
    )
    expect(inside).toBe('')
  })
})
