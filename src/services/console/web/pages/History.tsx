import { Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RISK_LEVELS as LEVELS, type RiskLevel } from '../../../../engines/aml/risk-levels.ts'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { PdfButton } from '../components/PdfButton.tsx'
import { LevelBadge, ScreeningResult } from '../components/ScreeningResult.tsx'
import { Scrolling } from '../components/Scrolling.tsx'
import { call, urlOf } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'
import { label } from '../data/reasons.ts'
import type { StoredRecord } from '../data/types.ts'

type Level = RiskLevel

const CASE_STATUSES = ['open', 'in_review', 'awaiting_approval', 'closed'] as const
type CaseStatus = (typeof CASE_STATUSES)[number]

const PAGE_SIZES = ['10', '25', '50', '100']
const EMPTY = {
  q: '',
  level: '' as Level | '',
  from: '',
  to: '',
  screened_by: '',
  case_status: '' as CaseStatus | '',
}

/** The set values of a filter, as the API takes them. */
function filterQuery(filter: typeof EMPTY) {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '')) as Partial<{
    q: string
    level: Level
    from: string
    to: string
    screened_by: string
    case_status: CaseStatus
  }>
}

export function HistoryPage() {
  const { t, i18n } = useTranslation()
  const [filter, setFilter] = useState(EMPTY)
  // What the list shows: the filter as last submitted, the page size and the first row's offset.
  const [shown, setShown] = useState({ filter: EMPTY, limit: 25, offset: 0 })
  const history = useQuery('/api/screenings', {
    query: { ...filterQuery(shown.filter), limit: shown.limit, offset: shown.offset },
  })
  const open = useAction(
    async (id: string) =>
      (await call('get', '/api/screenings/{screening_id}', {
        path: { screening_id: id },
      })) as unknown as StoredRecord,
  )
  const [record, setRecord] = useState<StoredRecord | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setShown({ ...shown, filter, offset: 0 })
  }

  const rows = history.data?.screenings
  const total = history.data?.total ?? 0
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
            onChange={(v) => setFilter({ ...filter, level: (v ?? '') as Level | '' })}
            data={[
              { value: '', label: t('history.any') },
              ...LEVELS.map((l) => ({ value: l, label: label(t, 'level', l) })),
            ]}
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
          <TextInput
            label={t('history.screenedBy')}
            value={filter.screened_by}
            onChange={(e) => setFilter({ ...filter, screened_by: e.currentTarget.value.trim() })}
          />
          <Select
            label={t('history.caseStatus')}
            value={filter.case_status}
            onChange={(v) => setFilter({ ...filter, case_status: (v ?? '') as CaseStatus | '' })}
            data={[
              { value: '', label: t('history.any') },
              ...CASE_STATUSES.map((c) => ({ value: c, label: label(t, 'caseStatus', c) })),
            ]}
            allowDeselect={false}
          />
          <Button type="submit">{t('common.search')}</Button>
          <Button
            component="a"
            variant="outline"
            href={urlOf('/api/screenings/export.csv', { query: filterQuery(shown.filter) })}
            download
            data-testid="export"
          >
            {t('history.export')}
          </Button>
        </Group>
      </form>
      <ErrorAlert error={history.error ?? open.error} />
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
            <Scrolling label={t('history.title')}>
              <Table striped withTableBorder data-testid="history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('screening.id')}</Table.Th>
                    <Table.Th scope="col">{t('screening.time')}</Table.Th>
                    <Table.Th scope="col">{t('history.subject')}</Table.Th>
                    <Table.Th scope="col">{t('history.type')}</Table.Th>
                    <Table.Th scope="col">{t('history.level')}</Table.Th>
                    <Table.Th scope="col">{t('history.screenedBy')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.screening_id}>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={async () => setRecord((await open.run(r.screening_id)) ?? null)}
                        >
                          {r.screening_id}
                        </Button>
                      </Table.Td>
                      <Table.Td>{new Date(r.created_at).toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{r.subject}</Table.Td>
                      <Table.Td>{label(t, 'subject', r.subject_type)}</Table.Td>
                      <Table.Td>
                        <LevelBadge level={r.risk_level} />
                      </Table.Td>
                      <Table.Td>{r.screened_by ?? t('common.none')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scrolling>
          )}
        </>
      )}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={record !== null}
        onClose={() => setRecord(null)}
        size="xl"
        title={t('screening.record')}
      >
        {record && (
          <Stack>
            <Group>
              <PdfButton screeningId={record.screening_id} />
            </Group>
            <ScreeningResult
              screening={record.result}
              subject={record.input}
              listVersions={record.list_versions}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
