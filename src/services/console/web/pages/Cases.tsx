/** The officer's queue: cases by status, assignee, level and age, the highest level and the oldest first. */
import { Anchor, Button, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../case-i18n.ts'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { LevelBadge } from '../components/ScreeningResult.tsx'
import { Scrolling } from '../components/Scrolling.tsx'
import { useQuery } from '../data/hooks.ts'
import { navigate } from '../router.ts'

const STATUSES = ['active', 'open', 'in_review', 'awaiting_approval', 'closed'] as const
const LEVELS = ['MEDIUM', 'HIGH', 'CRITICAL'] as const
type Filter = {
  status: (typeof STATUSES)[number] | ''
  assignee: string
  level: (typeof LEVELS)[number] | ''
  min: number | ''
  max: number | ''
}
const EMPTY: Filter = { status: 'active', assignee: '', level: '', min: '', max: '' }

export function CasesPage({ me }: { me: string }) {
  const { t, i18n } = useTranslation()
  const [filter, setFilter] = useState(EMPTY)
  const [shown, setShown] = useState(EMPTY)
  const cases = useQuery('/api/cases', {
    query: {
      ...(shown.status ? { status: shown.status } : {}),
      ...(shown.assignee ? { assignee: shown.assignee } : {}),
      ...(shown.level ? { level: shown.level } : {}),
      ...(shown.min !== '' ? { min_age_days: shown.min } : {}),
      ...(shown.max !== '' ? { max_age_days: shown.max } : {}),
      limit: 100,
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setShown(filter)
  }
  const rows = cases.data?.cases
  return (
    <Stack>
      <Title order={2}>{t('cases.title')}</Title>
      <form onSubmit={submit} aria-label={t('cases.title')}>
        <Group align="flex-end">
          <Select
            label={t('cases.status')}
            value={filter.status}
            allowDeselect={false}
            onChange={(v) => setFilter({ ...filter, status: (v ?? '') as Filter['status'] })}
            data={[
              { value: '', label: t('cases.any') },
              ...STATUSES.map((s) => ({ value: s, label: t(`caseStatus.${s}`) })),
            ]}
          />
          <Select
            label={t('cases.assignee')}
            value={filter.assignee}
            allowDeselect={false}
            onChange={(v) => setFilter({ ...filter, assignee: v ?? '' })}
            data={[
              { value: '', label: t('cases.anyone') },
              { value: me, label: `${t('cases.me')} (${me})` },
              { value: '-', label: t('cases.unassigned') },
            ]}
          />
          <Select
            label={t('cases.level')}
            value={filter.level}
            allowDeselect={false}
            onChange={(v) => setFilter({ ...filter, level: (v ?? '') as Filter['level'] })}
            data={[
              { value: '', label: t('cases.any') },
              ...LEVELS.map((l) => ({ value: l, label: t(`codes.level.${l}`) })),
            ]}
          />
          <NumberInput
            label={t('cases.minAge')}
            min={0}
            w={150}
            value={filter.min}
            onChange={(v) => setFilter({ ...filter, min: typeof v === 'number' ? v : '' })}
          />
          <NumberInput
            label={t('cases.maxAge')}
            min={0}
            w={150}
            value={filter.max}
            onChange={(v) => setFilter({ ...filter, max: typeof v === 'number' ? v : '' })}
          />
          <Button type="submit">{t('cases.filter')}</Button>
        </Group>
      </form>
      <ErrorAlert error={cases.error} />
      {rows && (
        <>
          <Text size="sm" aria-live="polite" data-testid="cases-total">
            {t('cases.total', { count: cases.data?.total ?? 0 })}
          </Text>
          {rows.length === 0 ? (
            <Text data-testid="cases-empty">{t('cases.empty')}</Text>
          ) : (
            <Scrolling label={t('cases.title')}>
              <Table striped data-testid="cases">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('cases.case')}</Table.Th>
                    <Table.Th>{t('cases.subject')}</Table.Th>
                    <Table.Th>{t('cases.level')}</Table.Th>
                    <Table.Th>{t('cases.status')}</Table.Th>
                    <Table.Th>{t('cases.assignee')}</Table.Th>
                    <Table.Th>{t('cases.undecided')}</Table.Th>
                    <Table.Th>{t('cases.age')}</Table.Th>
                    <Table.Th>{t('cases.source')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.case_id} data-testid="case-row">
                      <Table.Td>
                        <Anchor
                          href={`/cases/${c.case_id}`}
                          onClick={(e) => {
                            e.preventDefault()
                            navigate(`/cases/${c.case_id}`)
                          }}
                        >
                          {c.case_id}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{c.subject_label}</Table.Td>
                      <Table.Td>
                        <LevelBadge level={c.level} />
                      </Table.Td>
                      <Table.Td data-testid="case-status">{t(`caseStatus.${c.status}`)}</Table.Td>
                      <Table.Td>{c.assignee ?? t('cases.unassigned')}</Table.Td>
                      <Table.Td>
                        {c.undecided} / {c.hits}
                      </Table.Td>
                      <Table.Td>{c.age_days}</Table.Td>
                      <Table.Td>
                        {c.source === 'alert' ? t('cases.alert') : t('cases.screening')}
                        {c.reference ? ` (${c.reference})` : ''}
                        <Text size="xs">{new Date(c.created_at).toLocaleString(i18n.language)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Scrolling>
          )}
        </>
      )}
    </Stack>
  )
}
