/**
 * Questions in one language answered by documents in the other, over HTTP: the bilingual term list
 * expands each query (KB_CROSS_LANGUAGE=queries, the default), so an English question reaches a
 * Czech passage and a Czech question an English one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shippedTermList } from '../../src/engines/knowledge/terms.ts'
import { type Harness, multipart, startKnowledge } from './harness.ts'

const LEASE_CS = `# Nájem bytu

## Jistota

Pronajímatel může požadovat jistotu na zaplacení nájemného. Jistota nesmí přesáhnout trojnásobek měsíčního nájemného.

## Výpověď

Nájemce může nájem na dobu neurčitou vypovědět bez udání důvodu s tříměsíční výpovědní dobou.
`
const CASH_CS = `# Omezení plateb v hotovosti

Zákon zakazuje platit v hotovosti částku vyšší než 270 000 Kč za jeden den. Rozdělení jedné platby do několika dnů zákon neobchází.
`
const OWNERS_EN = `# The beneficial-owner register

## Consequences of not registering

An entity whose beneficial owner is not registered cannot pay that owner a profit share, and the unregistered owner cannot exercise voting rights.
`
const RENT_EN = `# Renting out a flat

## Finding tenants

Photograph the flat in daylight, publish the listing on two portals and answer questions within a day.
`

async function withCorpus(h: Harness) {
  for (const [collection, name, content] of [
    ['real_estate', 'najem.md', LEASE_CS],
    ['aml_regulations', 'hotovost.md', CASH_CS],
    ['company_registry', 'owners.md', OWNERS_EN],
    ['real_estate', 'renting.md', RENT_EN],
  ] as const) {
    const res = await h.app.inject({
      method: 'POST',
      url: '/upload',
      ...multipart({ collection }, { name, content }),
    })
    expect(res.statusCode).toBe(201)
  }
}

const firstHit = async (h: Harness, query: string, mode = 'hybrid') => {
  const res = await h.app.inject({ method: 'POST', url: '/rag/search', payload: { query, limit: 3, mode } })
  expect(res.statusCode).toBe(200)
  return res.json().data.results[0]?.citation.source as string | undefined
}

describe('searching across Czech and English', () => {
  let withTerms: Harness
  let withoutTerms: Harness
  beforeAll(async () => {
    withTerms = await startKnowledge({
      crossLanguage: { terms: shippedTermList(), queries: true, passages: false },
    })
    withoutTerms = await startKnowledge()
    await withCorpus(withTerms)
    await withCorpus(withoutTerms)
  })
  afterAll(async () => {
    await withTerms.close()
    await withoutTerms.close()
  })

  it('answers an English question from the Czech passage, which it misses without the term list', async () => {
    const question = 'What is the maximum security deposit a landlord can ask for?'
    expect(await firstHit(withTerms, question)).toBe('najem.md')
    expect(await firstHit(withTerms, question, 'keyword')).toBe('najem.md')
    expect(await firstHit(withoutTerms, question, 'keyword')).not.toBe('najem.md')
  })

  it('answers a Czech question from the English passage', async () => {
    expect(await firstHit(withTerms, 'Co hrozí firmě, která nezapíše skutečného majitele?')).toBe('owners.md')
  })

  it('still ranks a passage in the question’s own language first when it answers', async () => {
    expect(await firstHit(withTerms, 'Kolik činí limit plateb v hotovosti za den?')).toBe('hotovost.md')
    expect(await firstHit(withTerms, 'How should I photograph a flat for the listing?')).toBe('renting.md')
  })
})
