import { describe, expect, it } from 'vitest'
import { cpuMs } from '../../../test/support/cpu-time.ts'
import { extractListing } from './listing-page.ts'

describe('listing page facts', () => {
  it('reads schema.org microdata when there is no JSON-LD', () => {
    const facts = extractListing(`<html><body><div itemscope itemtype="https://schema.org/Offer">
      <meta itemprop="price" content="7450000"><span itemprop="floorSize">48</span>
      <span itemprop="streetAddress">Vinohradská 12</span>, <span itemprop="addressLocality">Praha 2</span>
      <h1>Byt 1+1</h1></div></body></html>`)
    expect(facts).toMatchObject({
      price: 7_450_000,
      area_m2: 48,
      address: 'Vinohradská 12, Praha 2',
      disposition: '1+1',
    })
    expect(facts.sources).toMatchObject({
      price: 'microdata',
      area_m2: 'microdata',
      address: 'microdata',
      disposition: 'text',
    })
  })

  it('ignores prices in other currencies and absurd areas', () => {
    const facts = extractListing(
      `<script type="application/ld+json">{"price": 300000, "priceCurrency": "EUR", "floorSize": {"value": 90000}}</script>`,
    )
    expect(facts.price).toBeNull()
    expect(facts.area_m2).toBeNull()
  })

  it('scans adversarial text in linear time', () => {
    const hostile = `<html><body><p>${'1 000 '.repeat(30_000)}${'m'.repeat(50_000)}${'2 + '.repeat(20_000)}</p></body></html>`
    // CPU time of this thread, not wall time (test/support/cpu-time.ts): 11–14 ms alone.
    expect(cpuMs(() => extractListing(hostile))).toBeLessThan(2000)
  })
})
