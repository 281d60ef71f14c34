/** Schemas of the reality module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { okSchema } from '../../../../kit/envelope.ts'
import { Nullable, Open } from '../../../../kit/schemas.ts'
import { WebUrl } from '../web/schemas.ts'

export const AnalyzeBody = Type.Object({ url: WebUrl }, { additionalProperties: false })

const Listing = Type.Object({
  url: Type.String(),
  title: Nullable(Type.String()),
  price: Nullable(Type.Number({ description: 'asking price, CZK' })),
  area_m2: Nullable(Type.Number()),
  disposition: Nullable(Type.String()),
  address: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  sources: Type.Record(Type.String(), Type.String(), {
    description: 'where each field came from: json-ld, microdata, text or llm',
  }),
})

export const AnalyzeResponse = okSchema(
  Type.Object({
    listing: Listing,
    estimate: Open({ estimate: Type.Number(), range: Open({ low: Type.Number(), high: Type.Number() }) }),
    verdict: Nullable(Open({ verdict: Type.String(), ratio: Type.Number(), explanation: Type.String() })),
  }),
)
