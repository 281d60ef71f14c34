/**
 * A listing page (sreality.cz, bezrealitky.cz, an agency's own site …) → the facts a valuation
 * needs: asking price (CZK), floor area (m²), disposition (2+kk …) and where the flat is
 * (coordinates, or an address to place). Structured data first — schema.org JSON-LD, then
 * microdata — and the visible text last, each field noting where it came from. Pure and
 * synchronous: callers run it off the event loop with the other page parsers.
 *
 * Every scan is linear: JSON-LD blocks are found by indexOf, and the text patterns have no nested
 * or overlapping quantifiers.
 */
import { parseDocument } from '../convert/dom.ts'
import { DISPOSITIONS } from './listings.ts'

type FieldSource = 'json-ld' | 'microdata' | 'text'

export interface ListingFacts {
  title: string | null
  price: number | null
  area_m2: number | null
  disposition: string | null
  address: string | null
  latitude: number | null
  longitude: number | null
  /** Where each field that was found came from. */
  sources: Partial<Record<'price' | 'area_m2' | 'disposition' | 'address' | 'location', FieldSource>>
}

/** JSON-LD blocks read at most, and their largest size (bytes). */
const MAX_BLOCKS = 50
const MAX_BLOCK_BYTES = 512 * 1024
/** Visible text searched by the text patterns (characters). */
const MAX_TEXT = 200_000

export function extractListing(html: string): ListingFacts {
  const facts: ListingFacts = {
    title: null,
    price: null,
    area_m2: null,
    disposition: null,
    address: null,
    latitude: null,
    longitude: null,
    sources: {},
  }
  for (const node of jsonLdNodes(html)) readJsonLd(node, facts)
  const document = parseDocument(html)
  facts.title = document.title?.trim() || null
  readMicrodata(document, facts)
  // Blocks end words: without a space "Smíchov</h1><p>Cena" would read as one word.
  for (const el of document.body?.querySelectorAll(BLOCKS) ?? []) el.appendChild(document.createTextNode(' '))
  const text = (document.body?.textContent ?? '').replace(/\s+/g, ' ').slice(0, MAX_TEXT)
  const headline = [facts.title, ...[...document.querySelectorAll('h1')].map((h) => h.textContent)]
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .join(' | ')
  readText(`${headline} | ${text}`, headline, facts)
  return facts
}

// ── JSON-LD ─────────────────────────────────────────────────────────────────────────────────

function* jsonLdNodes(html: string): Generator<Record<string, unknown>> {
  const lower = html.toLowerCase()
  let from = 0
  for (let n = 0; n < MAX_BLOCKS; n++) {
    const marker = lower.indexOf('application/ld+json', from)
    if (marker < 0) return
    const start = lower.indexOf('>', marker)
    const end = lower.indexOf('</script', start)
    if (start < 0 || end < 0) return
    from = end
    const raw = html.slice(start + 1, end)
    if (raw.length > MAX_BLOCK_BYTES) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      continue
    }
    yield* flatten(parsed, 0)
  }
}

/** Every object in a JSON-LD value (graphs, arrays, nested offers), depth-limited. */
function* flatten(value: unknown, depth: number): Generator<Record<string, unknown>> {
  if (depth > 8 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 200)) yield* flatten(item, depth + 1)
    return
  }
  const node = value as Record<string, unknown>
  yield node
  for (const child of Object.values(node))
    if (child && typeof child === 'object') yield* flatten(child, depth + 1)
}

function readJsonLd(node: Record<string, unknown>, facts: ListingFacts): void {
  const price = node.price ?? (node.priceSpecification as Record<string, unknown> | undefined)?.price
  const currency = String(node.priceCurrency ?? 'CZK').toUpperCase()
  if (facts.price === null && price !== undefined && currency === 'CZK') {
    const value = toNumber(price)
    if (value !== null && value > 10_000) set(facts, 'price', value, 'json-ld')
  }
  const floorSize = node.floorSize as Record<string, unknown> | number | string | undefined
  if (facts.area_m2 === null && floorSize !== undefined) {
    const value = toNumber(typeof floorSize === 'object' ? floorSize.value : floorSize)
    if (value !== null && value >= 5 && value <= 2000) set(facts, 'area_m2', value, 'json-ld')
  }
  const geo = node.geo as Record<string, unknown> | undefined
  if (facts.latitude === null && geo) {
    const lat = toNumber(geo.latitude)
    const lon = toNumber(geo.longitude)
    if (lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
      facts.latitude = lat
      facts.longitude = lon
      facts.sources.location = 'json-ld'
    }
  }
  const address = node.address
  if (facts.address === null && address) {
    const text =
      typeof address === 'string'
        ? address
        : [
            (address as Record<string, unknown>).streetAddress,
            (address as Record<string, unknown>).addressLocality,
          ]
            .filter((part) => typeof part === 'string' && part.trim())
            .join(', ')
    if (text.trim()) set(facts, 'address', text.trim(), 'json-ld')
  }
  if (facts.disposition === null) {
    for (const key of ['name', 'description', 'numberOfRooms']) {
      const value = node[key]
      const disposition = typeof value === 'string' ? findDisposition(value) : null
      if (disposition) {
        set(facts, 'disposition', disposition, 'json-ld')
        break
      }
    }
  }
}

// ── microdata ───────────────────────────────────────────────────────────────────────────────

function readMicrodata(document: ReturnType<typeof parseDocument>, facts: ListingFacts): void {
  const prop = (name: string): string | null => {
    const el = document.querySelector(`[itemprop="${name}"]`)
    if (!el) return null
    return (el.getAttribute('content') ?? el.textContent ?? '').trim() || null
  }
  if (facts.price === null) {
    const value = toNumber(prop('price'))
    if (value !== null && value > 10_000) set(facts, 'price', value, 'microdata')
  }
  if (facts.area_m2 === null) {
    const value = toNumber(prop('floorSize'))
    if (value !== null && value >= 5 && value <= 2000) set(facts, 'area_m2', value, 'microdata')
  }
  if (facts.latitude === null) {
    const lat = toNumber(prop('latitude'))
    const lon = toNumber(prop('longitude'))
    if (lat !== null && lon !== null) {
      facts.latitude = lat
      facts.longitude = lon
      facts.sources.location = 'microdata'
    }
  }
  if (facts.address === null) {
    const street = prop('streetAddress')
    const locality = prop('addressLocality')
    const text = [street, locality].filter(Boolean).join(', ')
    if (text) set(facts, 'address', text, 'microdata')
  }
}

// ── visible text ────────────────────────────────────────────────────────────────────────────

/** "8 900 000 Kč", "8.900.000,- Kč", "8 900 000 CZK" (thousands separated by spaces or dots). */
const PRICE = /(\d{1,3}(?:[  .]\d{3}){1,4})(?:,-)?\s?(?:Kč|CZK)/i
/** "55 m²", "55 m2", "55,5 m²". */
const AREA = /(\d{2,4}(?:[.,]\d{1,2})?)\s?m(?:²|2)(?![\p{L}\d])/iu
/** "2+kk", "3 + 1", "1+kk", "6+" … */
const DISPOSITION = /\b([1-6])\s?\+\s?(kk|1)\b/i
/** "Praha 5 - Smíchov", "ulice Vinohradská, Praha 2": the Czech place after "Prodej bytu … m² " */
const PLACE = /m(?:²|2),?\s+([A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][^,|–:;]{2,60}(?:,\s?[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][^,|–:;]{2,60})?)/
/** Elements that end a run of words. */
const BLOCKS =
  'p, div, h1, h2, h3, h4, h5, h6, li, td, th, tr, br, dt, dd, section, article, header, footer, span, a'

function readText(text: string, headline: string, facts: ListingFacts): void {
  if (facts.price === null) {
    const m = PRICE.exec(text)
    const value = m ? toNumber(m[1]!.replace(/[  .]/g, '')) : null
    if (value !== null && value > 10_000) set(facts, 'price', value, 'text')
  }
  if (facts.area_m2 === null) {
    const m = AREA.exec(text)
    const value = m ? toNumber(m[1]!.replace(',', '.')) : null
    if (value !== null && value >= 5 && value <= 2000) set(facts, 'area_m2', value, 'text')
  }
  if (facts.disposition === null) {
    const disposition = findDisposition(text)
    if (disposition) set(facts, 'disposition', disposition, 'text')
  }
  if (facts.address === null && facts.latitude === null) {
    // The place is read from the title and main heading only ("… 60 m², Praha 5 - Smíchov").
    const m = PLACE.exec(headline)
    if (m) set(facts, 'address', m[1]!.trim(), 'text')
  }
}

function findDisposition(text: string): string | null {
  const m = DISPOSITION.exec(text)
  if (!m) return null
  const value = `${m[1]}+${m[2]!.toLowerCase()}`
  return DISPOSITIONS.includes(value) ? value : null
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const cleaned = value.replace(/[\s  ]/g, '').replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null
  const n = Number(cleaned)
  return Number.isFinite(n) ? n : null
}

function set<K extends 'price' | 'area_m2' | 'disposition' | 'address'>(
  facts: ListingFacts,
  field: K,
  value: ListingFacts[K],
  source: FieldSource,
): void {
  facts[field] = value
  facts.sources[field] = source
}
