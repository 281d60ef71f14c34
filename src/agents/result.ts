/**
 * The parts of an agent's result every agent shares. Today: `assumptions`, what an agent filled in
 * because the caller did not give it (a default rate, a term, a conversion between annual and
 * monthly income), each with its value and where the value comes from — never a silent guess.
 */
import { type Static, Type } from 'typebox'

const AssumptionSchema = Type.Object({
  field: Type.String({ description: 'the input field that was not given' }),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()], { description: 'the value assumed' }),
  basis: Type.String({ description: 'where the value comes from (data on file with its date, a rule)' }),
})
export type Assumption = Static<typeof AssumptionSchema>

export const AssumptionsSchema = Type.Array(AssumptionSchema, {
  description: 'inputs the caller did not give and the agent assumed, each with its basis',
})
