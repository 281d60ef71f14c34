/**
 * "Download PDF" of a stored screening record: the backend has the router's browser print it
 * (docs/adr/0005-pdf-of-supplied-html.md). When it cannot, the reason is shown and printing from
 * this browser (Print record) still works.
 */
import { Alert, Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ApiError, urlOf } from '../data/api.ts'
import { errorMessage } from '../data/errors.ts'
import { useAction } from '../data/hooks.ts'

export function PdfButton({ screeningId }: { screeningId: string }) {
  const { t, i18n } = useTranslation()
  const download = useAction(async () => {
    const url = urlOf('/api/screenings/{screening_id}/pdf', {
      path: { screening_id: screeningId },
      query: { lang: i18n.language === 'en' ? 'en' : 'cs' },
    })
    const res = await fetch(url, { credentials: 'same-origin' })
    if (!res.ok) {
      const json = (await res.json().catch(() => ({}))) as {
        error?: { code?: string; message?: string; details?: Record<string, unknown> }
      }
      throw new ApiError(
        res.status,
        json.error?.code ?? '',
        json.error?.message ?? res.statusText,
        json.error?.details,
      )
    }
    const blob = URL.createObjectURL(await res.blob())
    const link = document.createElement('a')
    link.href = blob
    link.download = `${screeningId}.pdf`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(blob), 60_000)
  })

  return (
    <>
      <Button variant="outline" onClick={() => download.run()} loading={download.busy} data-testid="pdf">
        {t('screening.pdf')}
      </Button>
      {download.error !== null && (
        <Alert color="red" role="alert" data-testid="pdf-error" w="100%">
          {t('screening.pdfFailed', { reason: errorMessage(download.error, t, i18n.language) })}
        </Alert>
      )}
    </>
  )
}
