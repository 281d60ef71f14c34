/**
 * The search response without serializing the records on every search: each record's part of a
 * result (its public fields and type, everything but the score) is serialized once, when the app
 * is built, and a response is joined from those parts and the few pieces that change (the query,
 * the count, the scores). The text is exactly JSON.stringify(body) for the SearchBody the route
 * describes (tests compare them).
 *
 * The route sends the text, not bytes: Node writes a string response (headers and body, under
 * 16 KiB) with one write, UTF-8 encoded on the stack, while a Buffer body is a second chunk of a
 * vectored write for which Node allocates memory to encode the headers into; a fresh Buffer per
 * search (about 3.6 KB) also cost an allocation, and the garbage it leaves, per search.
 */
import type { PublicRecord } from '../../../engines/discovery/dataset.ts'
import { publicFields } from './common.ts'

export class SearchEncoder {
  /** `{"id":…,"type":"…","score":` of each record, by id. */
  private readonly parts = new Map<string, string>()
  /** `],"source":…,"data_version":…}` */
  private readonly tail: string

  constructor(records: Iterable<PublicRecord>, dataVersion: string) {
    for (const record of records) {
      const json = JSON.stringify({ ...publicFields(record), type: record.type, score: 0 })
      // Cut after `"score":`; the score is written per response.
      this.parts.set(record.id, json.slice(0, json.length - '0}'.length))
    }
    this.tail = `],"source":"curated_public_snapshot","data_version":${JSON.stringify(dataVersion)}}`
  }

  /** The response body as JSON text. */
  text(
    query: string,
    count: number,
    results: ReadonlyArray<{ record: PublicRecord; score: number }>,
  ): string {
    let text = `{"query":${JSON.stringify(query)},"count":${count},"results":[`
    for (let i = 0; i < results.length; i++) {
      // Scores are positive integers: String() writes them as JSON does.
      text += `${i > 0 ? ',' : ''}${this.part(results[i]!.record.id)}${results[i]!.score}}`
    }
    return text + this.tail
  }

  /** The response body as UTF-8 bytes. */
  encode(
    query: string,
    count: number,
    results: ReadonlyArray<{ record: PublicRecord; score: number }>,
  ): Buffer {
    return Buffer.from(this.text(query, count, results))
  }

  private part(id: string): string {
    const part = this.parts.get(id)
    if (part === undefined)
      throw new Error(`record "${id}" is not in the snapshot the encoder was built from`)
    return part
  }
}
