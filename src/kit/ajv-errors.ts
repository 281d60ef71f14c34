/**
 * What an Ajv error means, in the words the platform's errors use: the path of the failing value
 * and the rule it broke ("required", "maxLength 200", "format email" …). One reading shared by the
 * HTTP 400s (server.ts) and the dataset checker, so both name rules the same way.
 */
import type { ErrorObject } from 'ajv'

/** The rule of an `additionalProperties` error. */
export const UNKNOWN_PROPERTY_RULE = 'not allowed (unknown property)'

export interface AjvErrorMeaning {
  /** Path segments to the failing value; for `required` and unknown properties, that property. */
  path: string[]
  rule: string
}

export function describeAjvError(err: ErrorObject): AjvErrorMeaning {
  const params = err.params as Record<string, unknown>
  const path = err.instancePath.split('/').filter(Boolean).map(decodePointer)
  let rule: string
  switch (err.keyword) {
    case 'required':
      path.push(String(params.missingProperty))
      rule = 'required'
      break
    case 'additionalProperties':
      path.push(String(params.additionalProperty))
      rule = UNKNOWN_PROPERTY_RULE
      break
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
      rule = `${err.keyword} ${String(params.limit)}`
      break
    case 'format':
      rule = `format ${String(params.format)}`
      break
    case 'pattern':
      rule = `pattern ${String(params.pattern)}`
      break
    case 'enum':
      rule = `one of ${(params.allowedValues as unknown[]).join(', ')}`
      break
    case 'const':
      rule = `equal to ${JSON.stringify(params.allowedValue)}`
      break
    case 'type':
      rule = `type ${String(params.type)}`
      break
    default:
      rule = err.keyword
  }
  return { path, rule }
}

/** JSON Pointer segment → the property name (RFC 6901: ~1 is "/", ~0 is "~"). */
function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~')
}
