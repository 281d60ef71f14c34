/**
 * Listing analysis: `POST /api/v1/reality/analyze {url}` fetches a listing page through the egress
 * guard, reads the asking price, area, disposition and location from its structured data or text
 * (src/engines/realestate/listing-page.ts, off the event loop; the LLM only fills gaps, when one is
 * configured), values the flat through the domain service (DOMAIN_URL) and answers the listing,
 * the estimate with its comparables, and the verdict on the asking price.
 */

import type { ListingFacts } from '../../../../engines/realestate/listing-page.ts'
import { implausibility } from '../../../../engines/realestate/plausible.ts'
import type { Parsing } from '../../../../engines/web/parsing.ts'
import type { Egress } from '../../../../kit/egress.ts'
import { ok } from '../../../../kit/envelope.ts'
import { AppError } from '../../../../kit/errors.ts'
import type { App } from '../../../../kit/server.ts'
import type { EstimateInput, ServiceClients } from '../../service-clients.ts'
import { AnalyzeBody, AnalyzeResponse } from './schemas.ts'

export interface RealityDeps {
  egress: Egress
  parsing: Parsing
  platform: Pick<ServiceClients, 'domainEstimate'>
  /** Fills fields the page did not state in structured form or plain words; undefined without an LLM. */
  extractJson?:
    | ((markdown: string, prompt: string, schema: Record<string, unknown> | undefined) => Promise<unknown>)
    | undefined
}

const GAP_SCHEMA = {
  type: 'object',
  properties: {
    price: { type: ['number', 'null'], description: 'asking price in CZK' },
    area_m2: { type: ['number', 'null'] },
    disposition: { type: ['string', 'null'], description: 'e.g. 2+kk, 3+1' },
    address: { type: ['string', 'null'], description: 'street and town, or the town part' },
  },
}

export function registerReality(app: App, deps: RealityDeps): void {
  app.post(
    '/api/v1/reality/analyze',
    { schema: { body: AnalyzeBody, response: { 200: AnalyzeResponse } } },
    async (request, reply) => {
      const url = request.body.url
      await deps.egress.check(url)
      const page = await deps.egress.fetch(url, { headers: { accept: 'text/html,application/xhtml+xml' } })
      if (page.status >= 400) {
        throw new AppError('upstream_error', `The listing page answered HTTP ${page.status}`, {
          url,
          upstream_status: page.status,
        })
      }
      const html = page.text()
      const facts = await deps.parsing.listing(html)
      if (missing(facts).length > 0 && deps.extractJson) await fillGaps(facts, html, deps)
      const gaps = missing(facts)
      if (gaps.length > 0) {
        throw new AppError(
          'unprocessable',
          `Could not read ${gaps.join(', ')} from the listing page${deps.extractJson ? '' : ' (an LLM, LLM_BASE_URL, would try the page text too)'}`,
          { url, missing: gaps, found: facts },
        )
      }
      // A page (or the model reading it) may state any figure: one no real flat has is refused
      // here, naming the field read from the page, before it is valued as the caller's own.
      const implausible = implausibility(facts.price!, facts.area_m2!)
      if (implausible) {
        throw new AppError(
          'unprocessable',
          `The listing looks implausible: ${implausible.reason}; no estimate is given for it`,
          {
            url,
            field: `listing.${implausible.field}`,
            rule: implausible.rule,
            verdict: 'implausible',
            source: (facts.sources as Record<string, string>)[implausible.field] ?? null,
            found: facts,
          },
        )
      }
      const located =
        facts.latitude !== null && facts.longitude !== null
          ? { latitude: facts.latitude, longitude: facts.longitude }
          : { address: facts.address! }
      // missing() left no gap: price, area and disposition are read (a disposition the domain
      // does not know is its 400, passed on).
      const estimate = await deps.platform.domainEstimate({
        ...located,
        area_m2: facts.area_m2!,
        disposition: facts.disposition as EstimateInput['disposition'],
        property_value: facts.price!,
      })
      const verdict = estimate.property_value ?? null
      return ok(reply, {
        listing: {
          url: page.url,
          title: facts.title,
          price: facts.price,
          area_m2: facts.area_m2,
          disposition: facts.disposition,
          address: facts.address,
          latitude: facts.latitude,
          longitude: facts.longitude,
          sources: facts.sources as Record<string, string>,
        },
        estimate,
        verdict,
      })
    },
  )
}

function missing(facts: ListingFacts): string[] {
  const gaps: string[] = []
  if (facts.price === null) gaps.push('price')
  if (facts.area_m2 === null) gaps.push('area_m2')
  if (facts.disposition === null) gaps.push('disposition')
  if (facts.latitude === null && facts.address === null) gaps.push('location')
  return gaps
}

/** Asks the LLM only for the fields still missing, and takes only values of the right shape. */
async function fillGaps(facts: ListingFacts, html: string, deps: RealityDeps): Promise<void> {
  const page = await deps.parsing.extract(html, 'https://listing.invalid/', {
    onlyMainContent: false,
    includeHtml: false,
  })
  const answer = (await deps.extractJson!(
    page.markdown,
    'Read the flat for sale on this listing page: asking price in CZK, floor area in m², disposition (like 2+kk) and address.',
    GAP_SCHEMA,
  )) as Record<string, unknown> | null
  if (!answer || typeof answer !== 'object') return
  const sources = facts.sources as Record<string, string>
  if (facts.price === null && typeof answer.price === 'number' && answer.price > 10_000) {
    facts.price = answer.price
    sources.price = 'llm'
  }
  if (
    facts.area_m2 === null &&
    typeof answer.area_m2 === 'number' &&
    answer.area_m2 >= 5 &&
    answer.area_m2 <= 2000
  ) {
    facts.area_m2 = answer.area_m2
    sources.area_m2 = 'llm'
  }
  if (
    facts.disposition === null &&
    typeof answer.disposition === 'string' &&
    /^[1-6]\+(kk|1)$/.test(answer.disposition)
  ) {
    facts.disposition = answer.disposition
    sources.disposition = 'llm'
  }
  if (
    facts.address === null &&
    facts.latitude === null &&
    typeof answer.address === 'string' &&
    answer.address.trim()
  ) {
    facts.address = answer.address.trim().slice(0, 300)
    sources.address = 'llm'
  }
}
