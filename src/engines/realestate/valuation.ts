/**
 * Flat valuation on the sale listings: gradient-boosted trees (gbdt.ts) over the flat's position,
 * area and disposition and what its neighbourhood asks — medians of the nearest 3 … 80 listings,
 * of the most similar ones (distance + area + rooms), of twins in the same building — predicting
 * the log asking price per m². Comparables (same rooms, ±20 % area, 1–5 km) are reported beside it
 * as the evidence, and the comparables-only estimate (median CZK/m² × area) stays available: it is
 * the baseline `npm run eval:valuation` measures against. Both rest on asking prices: they estimate
 * the market's asking level, not the obvyklá cena of zákon 151/1997 Sb. § 2, which the statute
 * determines by comparing agreed prices.
 *
 * Fitting holds out every tenth listing (by a hash of its code) to calibrate the range and the
 * confidence levels on listings the trees never saw: the range is the 10th–90th percentile of
 * those errors at the estimate's confidence level. The sales are fitted in the order of their
 * codes, so the same listings give the same model whichever order they come in (the service's
 * table and the agents' file did not: 2–7 % apart on one flat).
 *
 * `valueAt` is the valuation callers see (/api/estimate, the property_valuation agent): the
 * estimate moved from the listings' date to the valuation date with the ČSÚ flat-price index
 * (indexation.ts), saying which quarters it used.
 */
import { Worker } from 'node:worker_threads'
import { quantile } from '../finance/stats.ts'
import {
  type Comparable,
  findComparables,
  findComparablesAmong,
  type PriceStats,
  ppm2Stats,
  roomsOf,
  type Sale,
  saleListings,
  snapshotDate,
} from './comparables.ts'
import { DEFAULT_GBDT, fitGbdt, type GbdtModel, type GbdtOptions, predictGbdt } from './gbdt.ts'
import { describeIndexation, type Indexation, indexToDate } from './indexation.ts'
import {
  FEATURE_NAMES,
  featuresOf,
  isTwin,
  layout,
  NEIGHBOURS,
  Neighbourhood,
  type Neighbours,
} from './valuation-features.ts'

export interface ValuationSubject {
  lat: number
  lon: number
  /** m² */
  area: number
  disposition?: string | undefined
  /** Listing codes to leave out (the subject itself when it is in the data). */
  exclude?: readonly string[] | undefined
}

export type Confidence = 'high' | 'medium' | 'low'

interface AppliedRule {
  rule: string
  /** Ids of the register of law (data/reference/legal-basis.json) the rule rests on. */
  basis?: string[]
  source?: string
  outcome?: string
}

/** The register ids the valuation's rules rest on. */
export const VALUATION_BASIS = {
  /** The estimate from asking prices: Gatehouse's method, not a statutory valuation. */
  method: 'method-asking-price-valuation',
  /** The ČSÚ flat-price index the estimate is moved to the valuation date with. */
  index: 'csu-flat-price-index',
  /** The obvyklá cena the estimate is not. */
  statute: 'cz-151-1997-s2',
} as const

export interface DatedValuation extends Valuation {
  /** How the estimate was moved from the listings' date to the valuation date. */
  indexation: Indexation
}

export interface Valuation {
  /** CZK, rounded to thousands. */
  estimate: number
  range: { low: number; high: number }
  /** The model's price per m² (CZK). */
  price_per_m2: number
  method: string
  confidence: Confidence
  comparables: Comparable[]
  /** Median and quartiles of the comparables' CZK/m², when there are any. */
  comparables_stats: { count: number; median: number; q1: number; q3: number } | null
  radius_km: number
  rules_applied: AppliedRule[]
}

/** Estimates and ranges are given to the nearest 1 000 CZK. */
const round1000 = (x: number) => Math.round(x / 1000) * 1000

interface LevelCalibration {
  /** Held-out listings at this level. */
  count: number
  /** 10th and 90th percentile of log(actual / estimate). */
  p10: number
  p90: number
  within10: number
  within20: number
  mdape: number
}

export interface ValuerInfo {
  fitted_on: number
  held_out: number
  features: number
  trees: number
  fit_ms: number
  calibration: Record<Confidence, LevelCalibration>
}

export interface FitOptions {
  gbdt?: Partial<GbdtOptions>
  /** One in this many listings (by a hash of the code) is held out for calibration. */
  holdoutEvery?: number
}

/** FNV-1a of a string: a stable split of the listings that does not depend on their order. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The sales in one order (by listing code), whatever order the caller read them in. */
const byCode = (sales: readonly Sale[]) =>
  [...sales].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))

/** The confidence levels as the Czech texts name them. */
const LEVEL_CS: Record<Confidence, string> = { high: 'vysoká', medium: 'střední', low: 'nízká' }

/** The fewest sales a model is fitted on. */
export const MIN_SALES = 50

export class Valuer {
  readonly sales: readonly Sale[]
  readonly info: ValuerInfo
  private readonly all: Neighbourhood
  private readonly model: GbdtModel
  /** The day the listings were read (their latest scrape date). */
  readonly asOf: string

  /** The rules' texts that depend on the fitted model only, per language, written once. */
  private readonly texts: Record<
    'cs' | 'en',
    { model: string; fitted: string; confidence: Record<Confidence, string> }
  >

  private constructor(sales: readonly Sale[], model: GbdtModel, info: ValuerInfo) {
    this.sales = sales
    this.model = model
    this.info = info
    this.asOf = snapshotDate(sales)
    this.all = new Neighbourhood(sales)
    const levels = (say: (level: Confidence, within10: number, mdape: string) => string) =>
      Object.fromEntries(
        (Object.keys(info.calibration) as Confidence[]).map((level) => {
          const cal = info.calibration[level]
          return [level, say(level, Math.round(cal.within10 * 100), (cal.mdape * 100).toFixed(1))]
        }),
      ) as Record<Confidence, string>
    this.texts = {
      cs: {
        model: `Gradientně boostované stromy (${info.trees}) nad polohou, plochou, dispozicí a nabídkovými cenami za m² nejbližších inzerátů`,
        fitted: `natrénováno na ${info.fitted_on} inzerátech prodeje, ověřeno na ${info.held_out} odložených`,
        confidence: levels(
          (level, within10, mdape) =>
            `${LEVEL_CS[level]}: ${within10} % odložených inzerátů této úrovně bylo v rozmezí ±10 % (MdAPE ${mdape} %)`,
        ),
      },
      en: {
        model: `Gradient-boosted trees (${info.trees}) over position, area, disposition and the asking prices per m² of the nearest listings`,
        fitted: `fitted on ${info.fitted_on} sale listings, checked on ${info.held_out} held out`,
        confidence: levels(
          (level, within10, mdape) =>
            `${level}: ${within10} % of held-out listings at this level were within ±10 % (MdAPE ${mdape} %)`,
        ),
      },
    }
  }

  /** Fits the trees on the sales (about 5 s for 13,000 listings on one core). */
  static fit(given: readonly Sale[], options: FitOptions = {}): Valuer {
    // One order for the same listings (ties among equidistant neighbours and the trees' splits
    // follow it), whatever order the caller read them in.
    const sales = byCode(given)
    if (sales.length < MIN_SALES)
      throw new RangeError(`a valuation model needs at least ${MIN_SALES} sale listings, got ${sales.length}`)
    const started = performance.now()
    const every = options.holdoutEvery ?? 10
    const train = sales.filter((s) => hash(s.code) % every !== 0)
    const held = sales.filter((s) => hash(s.code) % every === 0)
    const hood = new Neighbourhood(train)
    const X = train.map((s, i) =>
      featuresOf(
        { lat: s.lat, lon: s.lon, area: s.area, disposition: s.disposition },
        hood.near(s.lat, s.lon, i),
      ),
    )
    const gbdt = { ...DEFAULT_GBDT, ...options.gbdt }
    const model = fitGbdt(
      X,
      train.map((s) => Math.log(s.ppm2)),
      gbdt,
    )
    // Calibration: the held-out listings valued from the training listings only.
    const byLevel: Record<Confidence, number[]> = { high: [], medium: [], low: [] }
    for (const s of held) {
      const subject = { lat: s.lat, lon: s.lon, area: s.area, disposition: s.disposition }
      const predicted = predictGbdt(model, featuresOf(subject, hood.near(s.lat, s.lon)))
      const level = confidenceOf(
        findComparables(train, { ...subject, rooms: s.rooms }),
        subject,
        hood.near(s.lat, s.lon, -1),
      )
      byLevel[level].push(Math.log(s.ppm2) - predicted)
    }
    const calibration = Object.fromEntries(
      (Object.keys(byLevel) as Confidence[]).map((level) => {
        const errors = byLevel[level].sort((a, b) => a - b)
        if (errors.length < 10)
          return [level, { count: errors.length, p10: -0.25, p90: 0.25, within10: 0, within20: 0, mdape: 0 }]
        const ape = errors.map((e) => Math.abs(Math.exp(e) - 1)).sort((a, b) => a - b)
        return [
          level,
          {
            count: errors.length,
            p10: quantile(errors, 0.1),
            p90: quantile(errors, 0.9),
            within10: ape.filter((a) => a <= 0.1).length / ape.length,
            within20: ape.filter((a) => a <= 0.2).length / ape.length,
            mdape: quantile(ape, 0.5),
          },
        ]
      }),
    ) as Record<Confidence, LevelCalibration>
    return new Valuer(sales, model, {
      fitted_on: train.length,
      held_out: held.length,
      features: FEATURE_NAMES.length,
      trees: gbdt.trees,
      fit_ms: Math.round(performance.now() - started),
      calibration,
    })
  }

  /** What a fit made, as plain data: a fit in another thread hands it back to fromFitted. */
  fitted(): { model: GbdtModel; info: ValuerInfo } {
    return { model: this.model, info: this.info }
  }

  /** The valuer of `given` from a fit of the same sales made elsewhere (a worker thread). */
  static fromFitted(given: readonly Sale[], fitted: { model: GbdtModel; info: ValuerInfo }): Valuer {
    return new Valuer(byCode(given), fitted.model, fitted.info)
  }

  /** The model's CZK/m² for a subject (no comparables, no rounding): what the evaluation scores. */
  pricePerM2(subject: ValuationSubject): number {
    const exclude = subject.exclude && subject.exclude.length > 0 ? new Set(subject.exclude) : undefined
    return Math.exp(
      predictGbdt(this.model, featuresOf(subject, this.all.near(subject.lat, subject.lon, -1, exclude))),
    )
  }

  /** `lang`: the language of the rules' texts (the agents pass the call's; numbers are the same). */
  estimate(subject: ValuationSubject, lang: 'cs' | 'en' = 'en'): Valuation {
    // Only the call's language is formatted (these texts hold numbers of this estimate).
    const cs = lang === 'cs'
    const exclude = subject.exclude && subject.exclude.length > 0 ? new Set(subject.exclude) : undefined
    const near = this.all.near(subject.lat, subject.lon, -1, exclude)
    const ppm2 = Math.exp(predictGbdt(this.model, featuresOf(subject, near)))
    const { rooms } = layout(subject.disposition, subject.area)
    const wanted = {
      lat: subject.lat,
      lon: subject.lon,
      area: subject.area,
      rooms: subject.disposition === 'atypické' ? null : subject.disposition ? rooms : undefined,
      exclude: subject.exclude ? [...subject.exclude] : [],
    }
    // The neighbours hold every listing nearer than the farthest of them (all listings when fewer
    // than NEIGHBOURS were found), at the distances the comparables measure (haversineKm).
    const reachKm = near.count < NEIGHBOURS ? Number.POSITIVE_INFINITY : near.km[near.count - 1]!
    const search =
      findComparablesAmong(this.all.sales, wanted, near.ids, near.km, near.count, reachKm) ??
      findComparables(this.sales, wanted)
    const stats = ppm2Stats(search.comps)
    const confidence = confidenceOf(search, subject, near, stats)
    const cal = this.info.calibration[confidence]
    const estimate = round1000(ppm2 * subject.area)
    const low = round1000(estimate * Math.exp(cal.p10))
    const high = round1000(estimate * Math.exp(cal.p90))
    const texts = this.texts[lang]
    const rules: AppliedRule[] = [
      {
        rule: texts.model,
        basis: [VALUATION_BASIS.method],
        source: texts.fitted,
        outcome: cs
          ? `${Math.round(ppm2)} Kč/m² × ${subject.area} m² = ${estimate} Kč`
          : `${Math.round(ppm2)} CZK/m² × ${subject.area} m² = ${estimate} CZK`,
      },
      {
        rule: cs
          ? 'Srovnatelné nabídky: stejný počet pokojů, plocha ±20 %, nejbližší první do 1, 2, 3 nebo 5 km, dokud jich není alespoň 5'
          : 'Comparables: same room count, floor area ±20 %, nearest first within 1, 2, 3 or 5 km until at least 5',
        basis: [VALUATION_BASIS.method],
        source: cs
          ? 'tržní odhad z nabídkových cen inzerátů (metoda Gatehouse), nikoli porovnávací způsob zákona 151/1997 Sb., který vychází z dosažených cen'
          : 'a market estimate from asking prices of listings (Gatehouse method), not the comparative method of zákon 151/1997 Sb., which rests on achieved prices',
        outcome: stats
          ? cs
            ? `${stats.count} do ${search.radiusKm} km, medián ${Math.round(stats.median)} Kč/m²`
            : `${stats.count} within ${search.radiusKm} km, median ${Math.round(stats.median)} CZK/m²`
          : cs
            ? `žádné do ${search.radiusKm} km`
            : `none within ${search.radiusKm} km`,
      },
      {
        basis: [VALUATION_BASIS.method],
        rule: cs
          ? 'Spolehlivost: vysoká při ≥ 10 srovnatelných do 2 km a IQR/medián ≤ 0,3, nebo dvojčeti (stejné pokoje, ±1,5 m², ≤ 300 m); střední při ≥ 5 srovnatelných; jinak nízká'
          : 'Confidence: high with ≥ 10 comparables within 2 km and IQR/median ≤ 0.3, or a twin listing (same rooms, ±1.5 m², ≤ 300 m); medium with ≥ 5 comparables; else low',
        outcome: texts.confidence[confidence],
      },
      {
        basis: [VALUATION_BASIS.method],
        rule: cs
          ? 'Rozpětí: 10.–90. percentil chyb odložených inzerátů na této úrovni spolehlivosti'
          : 'Range: 10th–90th percentile of the held-out errors at this confidence level',
        outcome: cs ? `${low} – ${high} Kč` : `${low} – ${high} CZK`,
      },
    ]
    return {
      estimate,
      range: { low, high },
      price_per_m2: Math.round(ppm2),
      method:
        'gradient-boosted trees over location, area, disposition and nearby listings; comparables as evidence',
      confidence,
      comparables: search.comps,
      comparables_stats: stats,
      radius_km: search.radiusKm,
      rules_applied: rules,
    }
  }

  /**
   * The valuation at `valuationDate` (YYYY-MM-DD): the estimate of the listings' date moved by the
   * ČSÚ flat-price index (indexation.ts), with the rule that says which index and quarters, and the
   * rule that says what the figure is not (the statutory obvyklá cena).
   */
  valueAt(subject: ValuationSubject, valuationDate: string, lang: 'cs' | 'en' = 'en'): DatedValuation {
    const v = this.estimate(subject, lang)
    const indexation = indexToDate(this.asOf, valuationDate)
    const f = indexation.factor
    const cs = lang === 'cs'
    const estimate = round1000(v.estimate * f)
    return {
      ...v,
      estimate,
      range: { low: round1000(v.range.low * f), high: round1000(v.range.high * f) },
      price_per_m2: Math.round(v.price_per_m2 * f),
      indexation,
      rules_applied: [
        ...v.rules_applied,
        {
          rule: cs
            ? 'Odhad se převádí z data inzerátů k datu ocenění indexem cen bytů ČSÚ (čtvrtletní, ČR)'
            : 'The estimate is moved from the listings’ date to the valuation date by the ČSÚ flat-price index (quarterly, ČR)',
          basis: [VALUATION_BASIS.index],
          outcome: describeIndexation(indexation, lang),
        },
        {
          rule: cs
            ? 'Obvyklá cena podle zákona 151/1997 Sb. § 2 se určuje porovnáním sjednaných (dosažených) cen; odhad z nabídkových cen jí není'
            : 'The obvyklá cena of zákon 151/1997 Sb. § 2 is found by comparing agreed (achieved) prices; an estimate from asking prices is not one',
          basis: [VALUATION_BASIS.statute],
          outcome: cs
            ? `tržní odhad z nabídkových cen: ${estimate} Kč; pro znalecký posudek nebo daňové účely je třeba ocenění podle zákona`
            : `a market estimate from asking prices: ${estimate} CZK; an expert opinion or a tax valuation needs a valuation under the act`,
        },
      ],
    }
  }
}

function confidenceOf(
  search: { comps: Comparable[]; radiusKm: number },
  subject: ValuationSubject,
  near: Neighbours,
  stats: PriceStats | null = ppm2Stats(search.comps),
): Confidence {
  const { rooms } = layout(subject.disposition, subject.area)
  let twin = false
  for (let n = 0; n < near.count && !twin; n++) twin = isTwin(near, n, subject.area, rooms)
  if (twin) return 'high'
  if (stats && stats.count >= 10 && search.radiusKm <= 2 && (stats.q3 - stats.q1) / stats.median <= 0.3)
    return 'high'
  return stats && stats.count >= 5 ? 'medium' : 'low'
}

/** The comparables-only estimate (median CZK/m² of the comparables × area), or null without any. */
export function comparablesEstimate(sales: readonly Sale[], subject: ValuationSubject): number | null {
  const search = findComparables(sales, {
    lat: subject.lat,
    lon: subject.lon,
    area: subject.area,
    rooms: subject.disposition ? roomsOf(subject.disposition) : undefined,
    exclude: subject.exclude ? [...subject.exclude] : [],
  })
  const stats = ppm2Stats(search.comps)
  return stats ? stats.median * subject.area : null
}

const fitted = new WeakMap<readonly Sale[], Valuer>()

/**
 * The valuer of a set of sales, fitted once per set (the agents' listings file, the service's
 * table). Fitted here, on this thread, unless fitInBackground has already done it (about 3.5 s of
 * CPU for 13,000 listings, during which this thread answers nothing else).
 */
export function valuerFor(sales: readonly Sale[]): Valuer {
  let valuer = fitted.get(sales)
  if (!valuer) {
    valuer = Valuer.fit(sales)
    fitted.set(sales, valuer)
  }
  return valuer
}

const fitting = new WeakMap<readonly Sale[], Promise<Valuer>>()

/**
 * Fits the valuer of a listings file in a worker thread, so the first valuation a service answers
 * does not hold its event loop for the fit; valuerFor(saleListings(file)) then returns it. Only the
 * listings are read here (about 0.4 s for 13,000); the worker reads them again for itself. `signal`
 * (the service closing) ends the worker, so no fit outlives the service that asked for it.
 */
export function fitInBackground(file: string, signal?: AbortSignal): Promise<Valuer> {
  const sales = saleListings(file)
  const done = fitted.get(sales)
  if (done) return Promise.resolve(done)
  if (signal?.aborted) return Promise.reject(signal.reason)
  let pending = fitting.get(sales)
  if (!pending) {
    pending = new Promise<Valuer>((resolve, reject) => {
      const worker = new Worker(new URL('./valuation-worker.ts', import.meta.url), { workerData: { file } })
      worker.unref()
      const stop = () => {
        fitting.delete(sales)
        void worker.terminate()
        reject(signal!.reason)
      }
      signal?.addEventListener('abort', stop, { once: true })
      worker.once('message', (result: { model: GbdtModel; info: ValuerInfo }) => {
        signal?.removeEventListener('abort', stop)
        // A valuation that could not wait fitted it here meanwhile: keep that one.
        const valuer = fitted.get(sales) ?? Valuer.fromFitted(sales, result)
        fitted.set(sales, valuer)
        resolve(valuer)
        void worker.terminate()
      })
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the valuation fit's worker ended with code ${code}`)))
    })
    fitting.set(sales, pending)
  }
  return pending
}
