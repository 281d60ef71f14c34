import { Badge, Button, Code, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type JobStatus, JOB_STATUSES as STATUSES } from '../../../../engines/jobs/state.ts'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { call, type Data } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'
import { label } from '../data/reasons.ts'

type Job = Data<'get', '/api/jobs/{id}'>['job']

type Status = JobStatus
const COLOURS: Record<string, string> = {
  SUCCEEDED: 'teal.9',
  FAILED: 'red.9',
  DEAD: 'red.9',
  RUNNING: 'blue.8',
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

export function JobsPage() {
  const { t, i18n } = useTranslation()
  const [status, setStatus] = useState<Status | ''>('')
  const list = useQuery('/api/jobs', { query: { ...(status ? { status } : {}), limit: 100 } })
  const jobs = list.data
  const [open, setOpen] = useState<Job | null>(null)
  const fetchJob = useAction(
    async (id: string) => (await call('get', '/api/jobs/{id}', { path: { id } })).job,
  )
  const show = async (id: string) => setOpen((await fetchJob.run(id)) ?? null)

  return (
    <Stack>
      <Title order={2}>{t('jobs.title')}</Title>
      <Group>
        <Select
          label={t('jobs.status')}
          value={status}
          allowDeselect={false}
          onChange={(v) => setStatus((v ?? '') as Status | '')}
          data={[
            { value: '', label: t('jobs.any') },
            ...STATUSES.map((s) => ({ value: s, label: label(t, 'job', s) })),
          ]}
        />
      </Group>
      <ErrorAlert error={list.error ?? fetchJob.error} />
      {jobs &&
        (jobs.items.length === 0 ? (
          <Text>{t('jobs.empty')}</Text>
        ) : (
          <Table striped withTableBorder data-testid="jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('jobs.kind')}</Table.Th>
                <Table.Th scope="col">{t('jobs.status')}</Table.Th>
                <Table.Th scope="col">{t('jobs.attempts')}</Table.Th>
                <Table.Th scope="col">{t('jobs.created')}</Table.Th>
                <Table.Th scope="col">{t('jobs.open')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.items.map((j) => (
                <Table.Tr key={j.id}>
                  <Table.Td>{j.kind}</Table.Td>
                  <Table.Td>
                    <Badge color={COLOURS[j.status] ?? 'gray.8'} autoContrast>
                      {label(t, 'job', j.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{j.attempts}</Table.Td>
                  <Table.Td>{new Date(j.created_at).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="outline" onClick={() => show(j.id)}>
                      {t('jobs.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open ? `${open.kind} ${open.id}` : ''}
      >
        {open && (
          <Stack>
            <Text fw={700}>{t('jobs.progress')}</Text>
            <Code block>{json(open.progress)}</Code>
            <Text fw={700}>{open.error ? t('jobs.error') : t('jobs.result')}</Text>
            <Code block>{json(open.error ?? open.result)}</Code>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
