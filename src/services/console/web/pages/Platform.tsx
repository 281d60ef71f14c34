import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { useQuery } from '../data/hooks.ts'

export function PlatformPage() {
  const { t } = useTranslation()
  const health = useQuery('/api/platform/health')
  const services = health.data?.services
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('platform.title')}</Title>
        <Button variant="outline" onClick={health.reload}>
          {t('platform.refresh')}
        </Button>
      </Group>
      <ErrorAlert error={health.error} />
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
                  {s.error
                    ? t(`platform.why.${s.error === 'unreachable' ? 'unreachable' : 'slow'}`)
                    : s.status !== 200 && s.status !== null
                      ? s.status
                      : ''}
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
