/**
 * The worker thread of fitInBackground (valuation.ts): fits the valuer of the listings file it is
 * given and hands the fit back as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { saleListings } from './comparables.ts'
import { Valuer } from './valuation.ts'

const { file } = workerData as { file: string }
parentPort!.postMessage(Valuer.fit(saleListings(file)).fitted())
