/**
 * How the platform checks JSON against its schemas: the one Ajv (JSON Schema 2020-12 with formats),
 * the depth limit of JSON bodies, the check that numbers coerced from text (query strings, path
 * parameters, headers) are finite decimals, and a failed check turned into `invalid_request`
 * naming the field and the rule. The server factory (server.ts) and every other validator use it.
 */
import type { ErrorObject, ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describeAjvError, UNKNOWN_PROPERTY_RULE } from './ajv-errors.ts'
import { AppError } from './errors.ts'

// ajv-formats is CommonJS; under ESM its callable sits on `default`.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/**
 * The one way to make an Ajv: JSON Schema 2020-12 with formats. Query strings, path parameters and
 * headers arrive as text and need coercion (`?limit=5`, a repeated `?type=` becoming an array);
 * JSON bodies carry their own types and are never coerced — coercion inside `anyOf [T, null]`
 * would otherwise turn a valid `0` or `false` into `null`. Defaults are filled in unless
 * `defaults: false` (a check of an output must not change it). `allErrors` reports every problem
 * instead of stopping at the first (a check that names them all; the error count grows with the
 * input, so only over inputs already bounded in size).
 */
export function createAjv(opts: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    coerceTypes: opts.coerce === false ? false : 'array',
    useDefaults: opts.defaults !== false,
    removeAdditional: false,
    allErrors: opts.allErrors === true,
    strict: false,
    // `strict: false` turns this off too: without it `1e309` (Infinity once parsed), NaN and
    // Infinity pass every `number`/`integer` schema and reach handlers as non-finite numbers.
    strictNumbers: true,
  })
  addFormats(ajv)
  return ajv
}

type AjvOptions = { coerce?: boolean; defaults?: boolean; allErrors?: boolean }
const sharedAjvs = new Map<string, Ajv2020>()

/**
 * The process's Ajv for these options. Ajv keeps what it compiled by schema object, and route and
 * agent schemas are module constants, so every app and every agent dispatcher of the process (the
 * seven services under `gatehouse serve`, each app a test builds) compiles a schema once.
 */
export function sharedAjv(opts: AjvOptions = {}): Ajv2020 {
  const key = `${opts.coerce !== false}/${opts.defaults !== false}/${opts.allErrors === true}`
  let ajv = sharedAjvs.get(key)
  if (!ajv) {
    ajv = createAjv(opts)
    sharedAjvs.set(key, ajv)
  }
  return ajv
}

/** Deepest nesting of arrays and objects accepted in a JSON body (levels). */
export const MAX_JSON_DEPTH = 64

/**
 * Whether JSON text nests arrays/objects deeper than `max`: one pass over the characters, brackets
 * inside strings (escapes included) not counted, no recursion. Malformed text is left to the
 * parser; text too short to hold `max + 1` brackets is not scanned at all.
 */
export function exceedsDepth(text: string, max: number): boolean {
  if (text.length <= max) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/**
 * A number as a person writes one in a URL: optional sign, digits with an optional decimal part,
 * optional exponent. `Number()`, which Ajv's coercion uses, also reads `0x10` as 16, `0b11`, `0o7`
 * and " 16 " — spellings nobody means as a count or an area.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * Ajv checks `strictNumbers` before coercing, not after: the text `1e309` or `Infinity` in a query
 * string or path becomes a non-finite number that passes, and `0x10` becomes 16. Query strings,
 * path parameters and headers are flat (values, or arrays of values), so one look at each coerced
 * value, beside the text it came from, refuses them.
 */
export function finiteAfterCoercion(validate: ValidateFunction, schema: unknown): ValidateFunction {
  // Without a number anywhere in the schema no text is coerced into one: nothing to look at.
  if (!mayHoldNumbers(schema)) return validate
  const checked = ((data: unknown) => {
    checked.errors = null
    const texts = flatTexts(data)
    if (!validate(data)) {
      checked.errors = validate.errors
      return false
    }
    if (typeof data === 'object' && data !== null) {
      for (const name in data) {
        const value = (data as Record<string, unknown>)[name]
        const values: unknown[] = Array.isArray(value) ? value : [value]
        values.forEach((v, i) => {
          if (typeof v !== 'number' || checked.errors) return
          const text = texts.get(name)?.[i]
          if (!Number.isFinite(v)) checked.errors = [numberError(name, 'finite number')]
          else if (text !== undefined && !DECIMAL.test(text))
            checked.errors = [numberError(name, 'decimal number')]
        })
        if (checked.errors) return false
      }
    }
    checked.errors = null
    return true
  }) as ValidateFunction
  return checked
}

/**
 * Whether values validated by `schema` can be coerced into numbers: it names the type `number` or
 * `integer` somewhere, or refers elsewhere (`$ref`, `$dynamicRef`), which is taken as yes.
 */
function mayHoldNumbers(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(mayHoldNumbers)
  if (schema === null || typeof schema !== 'object') return false
  for (const [name, value] of Object.entries(schema)) {
    if (name === '$ref' || name === '$dynamicRef') return true
    // `type` names a type here, or is a property called "type" (an object: walked like the rest).
    if (name === 'type' && (value === 'number' || value === 'integer')) return true
    if (name === 'type' && Array.isArray(value) && (value.includes('number') || value.includes('integer')))
      return true
    if (mayHoldNumbers(value)) return true
  }
  return false
}

/** The text values of flat request parts (a query string, path parameters, headers) by name. */
function flatTexts(data: unknown): Map<string, (string | undefined)[]> {
  const texts = new Map<string, (string | undefined)[]>()
  if (typeof data !== 'object' || data === null) return texts
  for (const [name, value] of Object.entries(data)) {
    const values: unknown[] = Array.isArray(value) ? value : [value]
    texts.set(
      name,
      values.map((v) => (typeof v === 'string' ? v : undefined)),
    )
  }
  return texts
}

function numberError(name: string, type: string): ErrorObject {
  return {
    instancePath: `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    schemaPath: '#/strictNumbers',
    keyword: 'type',
    params: { type },
    message: `must be a ${type}`,
  }
}

const LOCATIONS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
}

/** Turns the first Ajv error into `{location, field, rule}` and a sentence a person can act on. */
export function validationError(err: ErrorObject, context = 'body'): AppError {
  const location = LOCATIONS[context] ?? context
  const { path, rule } = describeAjvError(err)
  const field = path.join('.') || location
  const what = location === 'body' ? `field "${field}"` : `${location} parameter "${field}"`
  const message =
    rule === 'required'
      ? `${what} is required`
      : rule === UNKNOWN_PROPERTY_RULE
        ? `${what} is not allowed`
        : `${what} ${err.message ?? 'is invalid'}`
  return new AppError('invalid_request', message, { location, field, rule })
}
