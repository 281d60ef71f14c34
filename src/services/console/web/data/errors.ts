/**
 * The one path from an error to what the UI says. In English the backend's own sentence is shown
 * (it names the field and the rule); in Czech the error is said from what it is — its code, the
 * field and the rule it broke, the service that failed — never in the backend's English. An error
 * the table does not know gets the Czech sentence of its code.
 */
import type { TFunction } from 'i18next'
import { ApiError } from './api.ts'

/** Rules of the platform's 400s ("maxLength 100", "format date", "checksum: …") as their Czech words. */
function ruleText(t: TFunction, rule: string): string {
  const limit = /^(minLength|maxLength|minimum|maximum|minItems|maxItems) (\d+)$/.exec(rule)
  if (limit) return t(`errors.rules.${limit[1]}`, { limit: limit[2] })
  // ČSÚ's IČO check digit (src/engines/czech/identifiers.ts words it in English for the API).
  const digit = /checksum digit should be (\d), not (\d)$/.exec(rule)
  if (digit) return t('errors.rules.checkDigit', { expected: digit[1], actual: digit[2] })
  if (rule.endsWith('must be 8 digits')) return t('errors.rules.eightDigits')
  if (rule === 'required') return t('errors.rules.required')
  if (rule.startsWith('format ')) return t('errors.rules.format')
  if (rule.startsWith('pattern ')) return t('errors.rules.pattern')
  if (rule.startsWith('not allowed')) return t('errors.rules.notAllowed')
  if (rule === 'last_admin') return t('errors.rules.lastAdmin')
  return t('errors.rules.other')
}

/** The field as the form labels it ("ico" → "IČO", "subjects.3.last_name" → "Příjmení"). */
function fieldText(t: TFunction, field: string): string {
  const last = field.split('.').pop() ?? field
  const key = `fields.${last}`
  const label = t(key)
  return label === key ? last : label
}

export function errorMessage(error: unknown, t: TFunction, language: string): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected')
  if (error.code === 'NETWORK') return t('errors.network')
  const english = language === 'en'
  if (english && error.message) return error.message
  const service = typeof error.details.service === 'string' ? error.details.service : undefined
  const serviceName = service ? t(`codes.service.${service}`, { defaultValue: service }) : ''
  switch (error.code) {
    case 'INVALID_REQUEST':
    case 'UNPROCESSABLE': {
      if (!error.field) return t('errors.invalid')
      return t('errors.invalidField', {
        field: fieldText(t, error.field),
        rule: ruleText(t, error.rule ?? ''),
      })
    }
    case 'CONFLICT':
      return error.rule === 'last_admin'
        ? t('errors.lastAdmin', { name: String(error.details.name ?? '') })
        : t('errors.conflict')
    case 'NOT_FOUND':
      return t('errors.notFound')
    case 'UNAUTHORIZED':
      return t('errors.signedOut')
    case 'FORBIDDEN':
      return t('common.forbidden')
    case 'RATE_LIMITED':
      return t('errors.rateLimited')
    case 'UPSTREAM_TIMEOUT':
      return t('errors.timeout', { service: serviceName })
    case 'SERVICE_UNAVAILABLE':
      return service === 'router' ? t('errors.routerDown') : t('errors.unavailable', { service: serviceName })
    case 'UPSTREAM_ERROR':
      return t('errors.upstream', { service: serviceName })
    default:
      return t('errors.unexpected')
  }
}
