import { Alert, Badge, Button, Code, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, api, query } from '../api.ts'

interface Job {
  id: string
  kind: string
  status: string
  attempts: number
  created_at: string
  progress: unknown
  result: unknown
  error: unknown
}

const STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'RETRYING', 'CANCELLED', 'DEAD']
const COLOURS: Record<string, string> = {
  SUCCEEDED: 'teal.9',
  FAILED: 'red.9',
  DEAD: 'red.9',
  RUNNING: 'blue.8',
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

export function JobsPage() {
  const { t } = useTranslation()
  const [status, setStatus] = useState('')
  const [jobs, setJobs] = useState<{ items: Job[]; total: number } | null>(null)
  const [open, setOpen] = useState<Job | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(
    async (s: string) => {
      setError(null)
      try {
        setJobs(await api('GET', `/api/jobs${query({ status: s, limit: 100 })}`))
      } catch (e) {
        setError(e instanceof ApiError ? e.message : t('common.error'))
      }
    },
    [t],
  )
  useEffect(() => {
    void load(status)
  }, [load, status])

  const show = async (id: string) => {
    try {
      setOpen((await api<{ job: Job }>('GET', `/api/jobs/${id}`)).job)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.error'))
    }
  }

  return (
    <Stack>
      <Title order={2}>{t('jobs.title')}</Title>
      <Group>
        <Select
          label={t('jobs.status')}
          value={status}
          allowDeselect={false}
          onChange={(v) => setStatus(v ?? '')}
          data={[{ value: '', label: t('jobs.any') }, ...STATUSES.map((s) => ({ value: s, label: s }))]}
        />
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
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
                      {j.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{j.attempts}</Table.Td>
                  <Table.Td>{new Date(j.created_at).toLocaleString()}</Table.Td>
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
