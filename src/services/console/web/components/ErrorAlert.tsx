/**
 * An error as the UI says it (data/errors.ts), in a red alert that screen readers announce.
 * With `focus`, the keyboard focus moves to it when it appears, so the next Tab starts there.
 */
import { Alert } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../data/errors.ts'

export function ErrorAlert({
  error,
  message,
  focus = false,
  testId,
}: {
  error: unknown
  /** Said instead of the error's own message (a sign-in refused says only that). */
  message?: string
  focus?: boolean
  testId?: string
}) {
  const { t, i18n } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  // Each new error takes the focus again (a second wrong password too).
  useEffect(() => {
    if (error !== null && error !== undefined && focus) ref.current?.focus()
  }, [error, focus])
  if (error === null || error === undefined) return null
  return (
    <Alert ref={ref} color="red" role="alert" tabIndex={focus ? -1 : undefined} data-testid={testId} w="100%">
      {message ?? errorMessage(error, t, i18n.language)}
    </Alert>
  )
}
