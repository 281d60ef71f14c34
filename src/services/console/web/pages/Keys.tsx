import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BarChart } from '../components/BarChart.tsx'
import { ConfirmDialog } from '../components/ConfirmDialog.tsx'
import { DailyChart, type Day } from '../components/DailyChart.tsx'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { call, type Data } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'

type Key = Data<'get', '/api/keys'>['keys'][number]
type Created = Data<'post', '/api/keys'>
type Usage = Data<'get', '/api/keys/{id}/usage'>

const TIERS = ['free', 'basic', 'pro', 'enterprise'] as const
type Tier = (typeof TIERS)[number]

export function KeysPage() {
  const { t } = useTranslation()
  const list = useQuery('/api/keys')
  const keys = list.data?.keys
  const [form, setForm] = useState<{ name: string; owner: string; tier: Tier }>({
    name: '',
    owner: '',
    tier: 'free',
  })
  const [created, setCreated] = useState<Created | null>(null)
  const [revoking, setRevoking] = useState<Key | null>(null)
  const [usage, setUsage] = useState<{ key: Key; usage: Usage; day: number; daily: Day[] } | null>(null)

  const action = useAction(async (work: () => Promise<void>) => work())

  const create = (event: FormEvent) => {
    event.preventDefault()
    void action.run(async () => {
      const body = { name: form.name, tier: form.tier, ...(form.owner ? { owner: form.owner } : {}) }
      setCreated(await call('post', '/api/keys', { body }))
      setForm({ name: '', owner: '', tier: 'free' })
      await list.reload()
    })
  }

  const revoke = () => {
    if (!revoking) return
    void action.run(async () => {
      await call('post', '/api/keys/{id}/revoke', { path: { id: revoking.id } })
      setRevoking(null)
      await list.reload()
    })
  }

  const showUsage = (key: Key) =>
    action.run(async () => {
      const path = { id: key.id }
      // The last day against the daily limit: how close the key is to it.
      const [month, day, daily] = await Promise.all([
        call('get', '/api/keys/{id}/usage', { path, query: { days: 30 } }),
        call('get', '/api/keys/{id}/usage', { path, query: { days: 1 } }),
        call('get', '/api/keys/{id}/usage/daily', { path, query: { days: 30 } }),
      ])
      setUsage({ key, usage: month, day: day.stats.total_requests, daily: daily.days })
    })

  const limit = (n: number) => (n < 0 ? t('keys.unlimited') : n.toLocaleString())

  return (
    <Stack>
      <Title order={2}>{t('keys.title')}</Title>
      <form onSubmit={create} aria-label={t('keys.create')}>
        <Stack maw={720}>
          <Title order={3} size="h4">
            {t('keys.create')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('keys.name')}
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            />
            <TextInput
              label={t('keys.owner')}
              type="email"
              value={form.owner}
              onChange={(e) => setForm({ ...form, owner: e.currentTarget.value })}
            />
            <Select
              label={t('keys.tier')}
              value={form.tier}
              allowDeselect={false}
              onChange={(v) => setForm({ ...form, tier: (v ?? 'free') as Tier })}
              data={TIERS}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('keys.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <ErrorAlert error={list.error ?? action.error} />
      {created && (
        <Alert
          variant="outline"
          color="red.9"
          title={t('keys.created')}
          data-testid="new-key"
          withCloseButton
          onClose={() => setCreated(null)}
          closeButtonLabel={t('common.close')}
        >
          <Stack gap="xs">
            <Text fw={700}>{t('keys.warning')}</Text>
            <Code block data-testid="new-key-value">
              {created.key}
            </Code>
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant="filled" w="fit-content">
                  {copied ? t('keys.copied') : t('keys.copy')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      )}
      {keys && (
        <Table striped withTableBorder data-testid="keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('keys.name')}</Table.Th>
              <Table.Th scope="col">{t('keys.prefix')}</Table.Th>
              <Table.Th scope="col">{t('keys.status')}</Table.Th>
              <Table.Th scope="col">{t('keys.tier')}</Table.Th>
              <Table.Th scope="col">{t('keys.perDay')}</Table.Th>
              <Table.Th scope="col">{t('keys.perMinute')}</Table.Th>
              <Table.Th scope="col">{t('keys.expires')}</Table.Th>
              <Table.Th scope="col">{t('keys.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k.id} data-testid={`key-${k.id}`}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <Code>{k.prefix}</Code>
                </Table.Td>
                <Table.Td>
                  <Badge color={k.is_active ? 'teal.9' : 'gray.8'} autoContrast data-testid="key-status">
                    {k.is_active ? t('keys.active') : t('keys.revoked')}
                  </Badge>
                </Table.Td>
                <Table.Td>{k.tier ?? t('common.none')}</Table.Td>
                <Table.Td>{limit(k.rate_limit)}</Table.Td>
                <Table.Td>{limit(k.requests_per_minute)}</Table.Td>
                <Table.Td>{new Date(k.expires_at).toLocaleDateString()}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="outline"
                      aria-label={`${t('keys.usage')} ${k.name}`}
                      onClick={() => showUsage(k)}
                    >
                      {t('keys.usage')}
                    </Button>
                    {k.is_active && (
                      <Button
                        size="compact-sm"
                        color="red.9"
                        aria-label={`${t('keys.revoke')} ${k.name}`}
                        onClick={() => setRevoking(k)}
                      >
                        {t('keys.revoke')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        title={t('keys.revoke')}
        message={revoking && t('keys.revokeConfirm', { name: revoking.name, prefix: revoking.prefix })}
        action={t('keys.revoke')}
        testId="confirm-revoke"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={usage !== null}
        onClose={() => setUsage(null)}
        size="xl"
        title={
          usage ? t('keys.usageTitle', { name: usage.key.name, days: usage.usage.stats.period_days }) : ''
        }
      >
        {usage && (
          <Stack data-testid="usage">
            <Text>{t('keys.total', { count: usage.usage.stats.total_requests })}</Text>
            <Text data-testid="usage-day">
              {t('keys.lastDay', { count: usage.day, limit: limit(usage.key.rate_limit) })}
            </Text>
            <DailyChart
              title={t('keys.perDayChart')}
              errorsLabel={t('keys.errors')}
              otherDays={t('keys.otherDays')}
              days={usage.daily}
            />
            <BarChart
              title={t('keys.byStatus')}
              labels={Object.keys(usage.usage.stats.by_status)}
              counts={Object.values(usage.usage.stats.by_status).map((n) => n ?? 0)}
            />
            <BarChart
              title={t('keys.byEndpoint')}
              labels={usage.usage.stats.by_endpoint.map((e) => e.endpoint)}
              counts={usage.usage.stats.by_endpoint.map((e) => e.count)}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
