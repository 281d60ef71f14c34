/**
 * "Download PDF" of a stored screening record: the backend has the router's browser print it
 * (docs/adr/0005-pdf-of-supplied-html.md). When it cannot, the reason is shown and printing from
 * this browser (Print record) still works.
 */
import { Alert, Button } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export function PdfButton({ screeningId }: { screeningId: string }) {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const download = async () => {
    setBusy(true)
    setError(null)
    try {
      const res = await fetch(
        `/api/screenings/${screeningId}/pdf?lang=${i18n.language === 'en' ? 'en' : 'cs'}`,
        {
          credentials: 'same-origin',
        },
      )
      if (!res.ok) {
        const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } }
        throw new Error(json.error?.message ?? res.statusText)
      }
      const url = URL.createObjectURL(await res.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = `${screeningId}.pdf`
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (e) {
      setError(t('screening.pdfFailed', { reason: (e as Error).message }))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button variant="outline" onClick={download} loading={busy} data-testid="pdf">
        {t('screening.pdf')}
      </Button>
      {error && (
        <Alert color="red" role="alert" data-testid="pdf-error" w="100%">
          {error}
        </Alert>
      )}
    </>
  )
}
