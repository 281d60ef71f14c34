/**
 * A client book: a CSV file (Czech Excel's `;`, UTF-8 with BOM or Windows-1250) uploaded with a
 * progress bar, screened as an AML batch (a second bar follows it), its summary and first results,
 * the results downloaded as CSV, and every client with a client number enrolled in monitoring.
 */
import { Anchor, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../case-i18n.ts'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { LevelBadge } from '../components/ScreeningResult.tsx'
import { Scrolling } from '../components/Scrolling.tsx'
import { ApiError, call, type Data, urlOf } from '../data/api.ts'
import { useAction } from '../data/hooks.ts'

type Book = Data<'get', '/api/client-books/{batch_id}'>
type Created = { batch_id: string; total: number; ignored_columns: string[] }
/** How often a running book is asked for its progress (ms). */
const POLL_MS = 1000

/** Sends the file with XMLHttpRequest: fetch cannot report an upload's progress. */
function upload(file: File, csrf: string, onProgress: (percent: number) => void): Promise<Created> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', urlOf('/api/client-books', { query: { name: file.name } }))
    xhr.setRequestHeader('content-type', 'text/csv')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('x-csrf-token', csrf)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100))
    }
    xhr.onload = () => {
      const json = JSON.parse(xhr.responseText || '{}') as {
        data?: Created
        error?: { code?: string; message?: string; details?: Record<string, unknown> }
      }
      if (xhr.status === 202 && json.data) resolve(json.data)
      else
        reject(
          new ApiError(
            xhr.status,
            json.error?.code ?? `HTTP_${xhr.status}`,
            json.error?.message ?? xhr.statusText,
            json.error?.details,
          ),
        )
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'the upload did not reach the console'))
    xhr.send(file)
  })
}

export function ClientBooksPage() {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [sent, setSent] = useState(0)
  const [created, setCreated] = useState<Created | null>(null)
  const [book, setBook] = useState<Book | null>(null)
  const [pollError, setPollError] = useState<unknown>(null)
  const send = useAction(async () => {
    if (!file) return
    setBook(null)
    setCreated(null)
    const session = await call('get', '/api/session')
    setCreated(await upload(file, session.csrf_token, setSent))
  })
  const enrol = useAction(async () =>
    call('post', '/api/monitoring', { body: { batch_id: created!.batch_id } }),
  )
  const [enrolled, setEnrolled] = useState<Awaited<ReturnType<typeof enrol.run>>>(undefined)

  useEffect(() => {
    if (!created) return
    let stop = false
    const poll = async () => {
      try {
        const next = await call('get', '/api/client-books/{batch_id}', {
          path: { batch_id: created.batch_id },
          query: { limit: 20 },
        })
        if (stop) return
        setBook(next)
        if (next.status === 'queued' || next.status === 'running') setTimeout(poll, POLL_MS)
      } catch (error) {
        if (!stop) setPollError(error)
      }
    }
    void poll()
    return () => {
      stop = true
    }
  }, [created])

  const done = book?.status === 'completed'
  return (
    <Stack>
      <Title order={2}>{t('books.title')}</Title>
      <Text size="sm">{t('books.help')}</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void send.run()
        }}
        aria-label={t('books.title')}
      >
        <Group align="flex-end">
          <FileInput
            label={t('books.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            w={320}
            data-testid="book-file"
          />
          <Button type="submit" disabled={!file} loading={send.busy}>
            {t('books.upload')}
          </Button>
        </Group>
      </form>
      <ErrorAlert error={send.error ?? pollError} focus />
      {(send.busy || created) && (
        <Stack gap={4}>
          <Text size="sm" id="upload-label">
            {t('books.uploading')}: {sent} %
          </Text>
          <Progress.Root>
            <Progress.Section value={sent} aria-label={t('books.uploading')} />
          </Progress.Root>
        </Stack>
      )}
      {book && (
        <Stack gap="xs" data-testid="book">
          <Text size="sm" id="screen-label" aria-live="polite" data-testid="book-progress">
            {t('books.screening')}:{' '}
            {t('books.progress', { done: book.progress.done, total: book.progress.total })} —{' '}
            {t('books.status', { status: t(`batchStatus.${book.status}`, { defaultValue: book.status }) })}
          </Text>
          <Progress.Root>
            <Progress.Section value={book.progress.percent} aria-label={t('books.screening')} />
          </Progress.Root>
          {created && created.ignored_columns.length > 0 && (
            <Text size="sm">{t('books.ignored', { columns: created.ignored_columns.join(', ') })}</Text>
          )}
          <Group gap="xs">
            <Text size="sm">{t('books.summary')}:</Text>
            {Object.entries(book.summary.levels).map(([level, n]) => (
              <Group key={level} gap={4}>
                <LevelBadge level={level} /> <Text size="sm">{n}</Text>
              </Group>
            ))}
          </Group>
          <Text size="sm">{t('books.withHits', { count: book.summary.with_sanctions_hits })}</Text>
          {done && (
            <Group>
              <Anchor
                href={urlOf('/api/client-books/{batch_id}/results.csv', {
                  path: { batch_id: book.batch_id },
                })}
                download
                data-testid="book-download"
              >
                {t('books.download')}
              </Anchor>
              <Button
                variant="outline"
                loading={enrol.busy}
                onClick={async () => setEnrolled(await enrol.run())}
              >
                {t('books.monitor')}
              </Button>
            </Group>
          )}
          {enrolled && (
            <Text size="sm" role="status" data-testid="book-monitored">
              {t('books.monitored', {
                enrolled: enrolled.enrolled,
                updated: enrolled.updated,
                unchanged: enrolled.unchanged,
                skipped: enrolled.skipped_without_reference,
              })}
            </Text>
          )}
          <ErrorAlert error={enrol.error} />
          {book.results.items.length > 0 && (
            <Scrolling label={t('books.results')}>
              <Table striped data-testid="book-results">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('books.line')}</Table.Th>
                    <Table.Th>{t('books.reference')}</Table.Th>
                    <Table.Th>{t('books.level')}</Table.Th>
                    <Table.Th>{t('books.hits')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {book.results.items.map((r) => (
                    <Table.Tr key={r.index}>
                      <Table.Td>{r.line ?? r.index + 1}</Table.Td>
                      <Table.Td>{r.reference ?? '—'}</Table.Td>
                      <Table.Td>
                        <LevelBadge level={r.level} />
                      </Table.Td>
                      <Table.Td>
                        {r.hits.map((h) => `${h.list} ${h.list_id} ${h.matched_name}`).join('; ') || '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scrolling>
          )}
        </Stack>
      )}
    </Stack>
  )
}
