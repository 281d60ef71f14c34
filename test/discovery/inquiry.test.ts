/**
 * POST /v1/inquiries/preview: InquiryInput rules (name 2–100, email ≤ 254 with a local part ≤ 64,
 * organization 2–160, message 10–3000, nothing else), normalization and masking, the constant
 * fields, no-store, 413/415/malformed JSON, and that the body never reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, type TestApp, testApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await testApp()
})
afterAll(() => t.close())

const valid = {
  name: 'Jana Nováková',
  email: 'jana.novakova@firma.example.cz',
  organization: 'Firma s.r.o.',
  message: 'Dobrý den, rádi bychom prověřovali nové klienty přes API. Jaké jsou možnosti?',
}

const preview = (
  payload: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  t.call({
    method: 'POST',
    url: '/v1/inquiries/preview',
    headers,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })

const expect400 = async (payload: unknown, field: string, rule: string) => {
  const res = await preview(payload)
  expect(res.statusCode).toBe(400)
  expect(json(res).error).toMatchObject({
    code: 'invalid_request',
    details: { location: 'body', field, rule },
  })
}

describe('POST /v1/inquiries/preview happy path', () => {
  it('returns the preview with every constant field and no-store', async () => {
    const res = await preview(valid)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = json(res)
    expect(body).toEqual({
      preview_id: expect.stringMatching(/^preview_[0-9a-f]{20}$/),
      normalized: {
        name: 'Jana Nováková',
        email_masked: 'j***@e***.cz',
        organization: 'Firma s.r.o.',
        message_preview: valid.message,
        message_characters: [...valid.message].length,
      },
      side_effects_performed: [],
      retained: false,
      submitted: false,
      confirmation_required: true,
      submission_available: false,
      notice: expect.stringContaining('nothing was sent or stored'),
    })
  })

  it('gives a new random preview_id each time', async () => {
    const a = json(await preview(valid)).preview_id
    const b = json(await preview(valid)).preview_id
    expect(a).not.toBe(b)
  })

  it('normalizes: NFC, invisible characters removed, whitespace collapsed, domain lower-cased', async () => {
    const body = json(
      await preview({
        name: '  Jana\u200B   Nova\u0301kova\u0301\t',
        email: 'Jana@FIRMA.CZ',
        organization: ' Firma \n\n s.r.o. ',
        message: '  Dobrý\u202E den,\r\nmám dotaz.  ',
      }),
    )
    expect(body.normalized).toEqual({
      name: 'Jana Nováková',
      email_masked: 'J***@f***.cz',
      organization: 'Firma s.r.o.',
      message_preview: 'Dobrý den, mám dotaz.',
      message_characters: [...'Dobrý den,\nmám dotaz.'].length,
    })
  })

  it('gives organization null when it is left out', async () => {
    const { organization: _, ...rest } = valid
    expect(json(await preview(rest)).normalized.organization).toBeNull()
  })

  it('masks one-character parts of the address completely', async () => {
    expect(json(await preview({ ...valid, email: 'j@f.cz' })).normalized.email_masked).toBe('***@***.cz')
  })

  it('never shows the whole local part or domain', async () => {
    for (const email of ['ab@cd.cz', 'jan.novak@firma.example.cz', 'x1@y2.com']) {
      const masked = json(await preview({ ...valid, email })).normalized.email_masked as string
      const [local, domain] = email.split('@') as [string, string]
      expect(masked).not.toContain(local)
      expect(masked).not.toContain(domain.split('.').slice(-2, -1)[0])
      expect(masked).toMatch(/^(.\*\*\*|\*\*\*)@(.\*\*\*|\*\*\*)\.[a-z]+$/)
    }
  })

  it('cuts a long message to at most 240 characters at a word boundary with an ellipsis', async () => {
    const words = 'Prosíme o nabídku prověrek klientů pro naši realitní kancelář v Brně'.split(' ')
    const message = Array.from({ length: 60 }, (_, i) => words[i % words.length]).join(' ')
    const body = json(await preview({ ...valid, message }))
    const cut = body.normalized.message_preview as string
    expect(cut.length).toBeLessThanOrEqual(240)
    expect(cut.endsWith('…')).toBe(true)
    expect(message.startsWith(cut.slice(0, -1))).toBe(true)
    expect(message[cut.length - 1]).toBe(' ')
    expect(body.normalized.message_characters).toBe(message.length)
  })
})

describe('POST /v1/inquiries/preview input rules', () => {
  it.each(['name', 'email', 'message'])('returns 400 naming %s when it is missing', async (field) => {
    const { [field as keyof typeof valid]: _, ...rest } = valid
    await expect400(rest, field, 'required')
  })

  it('returns 400 for a property the schema does not have', async () => {
    await expect400({ ...valid, phone: '+420 123 456 789' }, 'phone', 'not allowed (unknown property)')
  })

  it('accepts name of 2 and 100 characters', async () => {
    expect((await preview({ ...valid, name: 'Jo' })).statusCode).toBe(200)
    expect((await preview({ ...valid, name: 'J'.repeat(100) })).statusCode).toBe(200)
  })

  it.each([
    ['name', 'J', 'minLength 2'],
    ['name', 'J'.repeat(101), 'maxLength 100'],
    ['organization', 'F', 'minLength 2'],
    ['organization', 'F'.repeat(161), 'maxLength 160'],
    ['message', 'Krátká.', 'minLength 10'],
    ['message', 'm'.repeat(3001), 'maxLength 3000'],
    ['email', 'not-an-address', 'format email'],
    ['email', `${'a'.repeat(60)}@${'b'.repeat(191)}.cz`, 'maxLength 254'],
    ['email', ' jana@firma.cz', 'format email'],
  ])('returns 400 when %s is %j', async (field, value, rule) => {
    await expect400({ ...valid, [field]: value }, field, rule)
  })

  it('accepts an address of exactly 254 characters', async () => {
    expect((await preview({ ...valid, email: `${'a'.repeat(60)}@${'b'.repeat(190)}.cz` })).statusCode).toBe(
      200,
    )
  })

  it('accepts message of 10 and 3000 characters and organization of 2 and 160', async () => {
    expect((await preview({ ...valid, message: 'Dobrý den!' })).statusCode).toBe(200)
    expect((await preview({ ...valid, message: 'm'.repeat(3000) })).statusCode).toBe(200)
    expect((await preview({ ...valid, organization: 'AB' })).statusCode).toBe(200)
    expect((await preview({ ...valid, organization: 'O'.repeat(160) })).statusCode).toBe(200)
  })

  it('returns 400 when the local part of the address exceeds 64 characters', async () => {
    await expect400({ ...valid, email: `${'a'.repeat(65)}@firma.cz` }, 'email', 'local part maxLength 64')
  })

  it('re-checks lengths after normalization', async () => {
    await expect400({ ...valid, name: '  \u200B\u200BJ  ' }, 'name', 'minLength 2')
    await expect400({ ...valid, organization: '\u202E\u202EX' }, 'organization', 'minLength 2')
    await expect400({ ...valid, message: `   krátká\u200B\u200B\u200B\u200B   ` }, 'message', 'minLength 10')
  })

  it('returns 400 for a JSON body that is not an object', async () => {
    const res = await preview('["a"]')
    expect(res.statusCode).toBe(400)
    expect(json(res).error.code).toBe('invalid_request')
  })

  it('returns 400 for malformed JSON', async () => {
    const res = await preview('{"name": "Jana",')
    expect(res.statusCode).toBe(400)
    expect(json(res).error).toMatchObject({
      code: 'invalid_request',
      details: { field: 'body', rule: 'json' },
    })
  })

  it('returns 413 for a body over 16 KiB without parsing it', async () => {
    // Malformed on purpose: a parsed body would give 400, so 413 proves it was never read.
    const res = await preview(`{"name": "${'x'.repeat(16 * 1024)}`)
    expect(res.statusCode).toBe(413)
    expect(json(res).error).toMatchObject({
      code: 'payload_too_large',
      details: { location: 'body', field: 'body', rule: 'maxBytes 16384' },
    })
  })

  it('accepts a body of just under 16 KiB', async () => {
    const message = 'm'.repeat(3000)
    const res = await preview({ ...valid, message }, { 'content-type': 'application/json', 'x-pad': 'y' })
    expect(res.statusCode).toBe(200)
  })

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'name=Jana'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('returns 415 for Content-Type %s', async (type, payload) => {
    const res = await preview(payload, { 'content-type': type })
    expect(res.statusCode).toBe(415)
    expect(json(res).error).toMatchObject({
      code: 'unsupported_media_type',
      details: { field: 'content-type', rule: 'application/json' },
    })
  })

  it('returns 415 when there is no Content-Type at all', async () => {
    const res = await t.call({ method: 'POST', url: '/v1/inquiries/preview' })
    expect(res.statusCode).toBe(415)
  })

  it('accepts application/json with a charset', async () => {
    const res = await preview(valid, { 'content-type': 'application/json; charset=utf-8' })
    expect(res.statusCode).toBe(200)
  })
})

describe('privacy of the preview', () => {
  it('never writes the request body to the log', async () => {
    const secret = {
      name: 'Zdeňka Tajná',
      email: 'zdenka.tajna@utajeno.cz',
      message: 'Tajná zpráva o převodu bytu.',
    }
    const before = t.logs.length
    await preview(secret)
    await preview({ ...secret, name: 'Z' })
    await preview({ ...secret, message: 'kratka' })
    const written = t.logs.slice(before).join('\n')
    // The requests were logged (so the log is on), but not their content.
    expect(written).toContain('/v1/inquiries/preview')
    for (const value of ['Zdeňka', 'Tajná', 'zdenka', 'utajeno', 'převodu'])
      expect(written).not.toContain(value)
  })

  it('keeps nothing: two identical previews share no identifier and the service has no read endpoint for them', async () => {
    const a = json(await preview(valid))
    const res = await t.call(`/v1/inquiries/${a.preview_id}`)
    expect(res.statusCode).toBe(404)
  })
})
