import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../api.ts'

interface Health {
  service: string
  url: string
  up: boolean
  status: number | null
  latency_ms: number
  error: string | null
}

export function PlatformPage() {
  const { t } = useTranslation()
  const [services, setServices] = useState<Health[] | null>(null)
  const load = useCallback(async () => {
    setServices((await api<{ services: Health[] }>('GET', '/api/platform/health')).services)
  }, [])
  useEffect(() => {
    void load()
  }, [load])
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('platform.title')}</Title>
        <Button variant="outline" onClick={load}>
          {t('platform.refresh')}
        </Button>
      </Group>
      {services && (
        <Table striped withTableBorder data-testid="platform">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('platform.service')}</Table.Th>
              <Table.Th scope="col">{t('platform.state')}</Table.Th>
              <Table.Th scope="col">{t('platform.latency')}</Table.Th>
              <Table.Th scope="col">URL</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {services.map((s) => (
              <Table.Tr key={s.service} data-testid={`health-${s.service}`}>
                <Table.Td>{s.service}</Table.Td>
                <Table.Td>
                  <Badge color={s.up ? 'teal.9' : 'red.9'} autoContrast>
                    {s.up ? t('platform.up') : t('platform.down')}
                  </Badge>{' '}
                  {s.error ?? (s.status !== 200 && s.status !== null ? s.status : '')}
                </Table.Td>
                <Table.Td>{s.latency_ms}</Table.Td>
                <Table.Td>{s.url}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
