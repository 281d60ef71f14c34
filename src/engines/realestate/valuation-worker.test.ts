import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { haveSharedData, SHARED_LISTINGS } from '../../../test/domain/fixtures.ts'
import { cpuMs, cpuMsOf } from '../../../test/support/cpu-time.ts'
import { saleListings } from './comparables.ts'
import { fitInBackground, Valuer, valuerFor } from './valuation.ts'

describe.skipIf(!haveSharedData)('fitting the valuer in the background', () => {
  // A copy of its own: the valuers are kept per file for the process, and another test file in this
  // worker may have fitted the shared one already. The abort comes first: once a file is fitted,
  // later calls return its valuer at once, signal or not.
  const listings = join(mkdtempSync(join(tmpdir(), 'valuer-')), 'listings.csv')
  if (haveSharedData) copyFileSync(SHARED_LISTINGS, listings)

  it('ends the fit when its signal aborts (the service closing), and one already aborted never starts', async () => {
    const closing = new AbortController()
    const fit = fitInBackground(listings, closing.signal)
    closing.abort(new Error('closing'))
    await expect(fit).rejects.toThrow('closing')
    await expect(fitInBackground(listings, AbortSignal.abort(new Error('closed')))).rejects.toThrow('closed')
  })

  it('leaves this thread free, and valuerFor then returns a valuer that values as one fitted here', async () => {
    const sales = saleListings(listings) // read first: reading is this thread's part
    let valuer: Valuer | undefined
    // This thread's CPU while the 13,000 listings are fitted (about 3.5 s of CPU on the worker's).
    const ms = await cpuMsOf(async () => {
      valuer = await fitInBackground(listings)
    })
    expect(ms).toBeLessThan(1000)
    expect(valuer!.info.fitted_on).toBeGreaterThan(10_000)
    expect(cpuMs(() => expect(valuerFor(sales)).toBe(valuer))).toBeLessThan(50)
    const here = Valuer.fit(sales)
    for (const subject of [
      { lat: 50.0755, lon: 14.4378, area: 54, disposition: '2+kk' },
      { lat: 49.1951, lon: 16.6068, area: 78, disposition: '3+1' },
    ]) {
      expect(valuer!.pricePerM2(subject)).toBe(here.pricePerM2(subject))
      expect(valuer!.estimate(subject)).toEqual(here.estimate(subject))
    }
  }, 60_000)
})
