/** Schemas of the context module's routes (TypeBox: one schema validates, types and documents). */
import { Type } from 'typebox'
import { TARGETS } from '../../../../engines/context-sync/sync.ts'

export const TargetId = Type.Union(TARGETS.map((t) => Type.Literal(t.id)))
