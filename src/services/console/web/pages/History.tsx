import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, api, query } from '../api.ts'
import { PdfButton } from './PdfButton.tsx'
import { LevelBadge, type Screening, ScreeningResult } from './ScreeningResult.tsx'

interface Row {
  screening_id: string
  created_at: string
  subject_type: string
  risk_level: string
  subject: string
}

const LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL', 'INCOMPLETE']

const PAGE_SIZES = ['10', '25', '50', '100']
const EMPTY = { q: '', level: '', from: '', to: '' }

export function HistoryPage() {
  const { t } = useTranslation()
  const [filter, setFilter] = useState(EMPTY)
  // What the list shows: the filter as last submitted, the page size and the first row's offset.
  const [shown, setShown] = useState({ filter: EMPTY, limit: 25, offset: 0 })
  const [rows, setRows] = useState<Row[] | null>(null)
  const [total, setTotal] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [open, setOpen] = useState<{
    screening_id: string
    result: Screening
    list_versions: unknown[]
  } | null>(null)

  const load = useCallback(
    async (view: typeof shown) => {
      setError(null)
      try {
        const data = await api<{ total: number; screenings: Row[] }>(
          'GET',
          `/api/screenings${query({ ...view.filter, limit: view.limit, offset: view.offset })}`,
        )
        setRows(data.screenings)
        setTotal(data.total)
      } catch (e) {
        setError(e instanceof ApiError ? e.message : t('common.error'))
      }
    },
    [t],
  )

  useEffect(() => {
    void load(shown)
  }, [load, shown])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setShown({ ...shown, filter, offset: 0 })
  }

  const show = async (id: string) => {
    try {
      setOpen(
        await api<{ screening_id: string; result: Screening; list_versions: unknown[] }>(
          'GET',
          `/api/screenings/${id}`,
        ),
      )
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.error'))
    }
  }

  const first = rows && rows.length > 0 ? shown.offset + 1 : 0
  const last = rows ? shown.offset + rows.length : 0

  return (
    <Stack>
      <Title order={2}>{t('history.title')}</Title>
      <form onSubmit={submit} aria-label={t('history.title')}>
        <Group align="flex-end">
          <TextInput
            label={t('history.q')}
            value={filter.q}
            onChange={(e) => setFilter({ ...filter, q: e.currentTarget.value })}
          />
          <Select
            label={t('history.level')}
            value={filter.level}
            onChange={(v) => setFilter({ ...filter, level: v ?? '' })}
            data={[{ value: '', label: t('history.any') }, ...LEVELS.map((l) => ({ value: l, label: l }))]}
            allowDeselect={false}
          />
          <TextInput
            type="date"
            label={t('history.from')}
            value={filter.from}
            onChange={(e) => setFilter({ ...filter, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('history.to')}
            value={filter.to}
            onChange={(e) => setFilter({ ...filter, to: e.currentTarget.value })}
          />
          <Button type="submit">{t('common.search')}</Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {rows && (
        <>
          <Group justify="space-between" align="flex-end">
            <Group gap="xs" aria-live="polite">
              <Text size="sm" data-testid="history-total">
                {t('history.total', { count: total })}
              </Text>
              {total > 0 && (
                <Text size="sm" data-testid="history-shown">
                  ({t('history.shown', { from: first, to: last, total })})
                </Text>
              )}
            </Group>
            <Group gap="xs" align="flex-end">
              <Select
                label={t('history.pageSize')}
                w={110}
                value={String(shown.limit)}
                allowDeselect={false}
                data={PAGE_SIZES}
                onChange={(v) => setShown({ ...shown, limit: Number(v ?? 25), offset: 0 })}
              />
              <Button
                variant="outline"
                disabled={shown.offset === 0}
                onClick={() => setShown({ ...shown, offset: Math.max(0, shown.offset - shown.limit) })}
              >
                {t('history.previous')}
              </Button>
              <Button
                variant="outline"
                disabled={last >= total}
                onClick={() => setShown({ ...shown, offset: shown.offset + shown.limit })}
              >
                {t('history.next')}
              </Button>
            </Group>
          </Group>
          {rows.length === 0 ? (
            <Text>{t('history.empty')}</Text>
          ) : (
            <Table striped withTableBorder data-testid="history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('screening.id')}</Table.Th>
                  <Table.Th scope="col">{t('screening.time')}</Table.Th>
                  <Table.Th scope="col">{t('history.subject')}</Table.Th>
                  <Table.Th scope="col">{t('history.type')}</Table.Th>
                  <Table.Th scope="col">{t('history.level')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.screening_id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => show(r.screening_id)}>
                        {r.screening_id}
                      </Button>
                    </Table.Td>
                    <Table.Td>{new Date(r.created_at).toLocaleString()}</Table.Td>
                    <Table.Td>{r.subject}</Table.Td>
                    <Table.Td>{r.subject_type}</Table.Td>
                    <Table.Td>
                      <LevelBadge level={r.risk_level} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={t('screening.record')}
      >
        {open && (
          <Stack>
            <Group>
              <PdfButton screeningId={open.screening_id} />
            </Group>
            <ScreeningResult screening={open.result} listVersions={open.list_versions} />
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
