/**
 * API keys, as the gateway keeps them: issue one with its tier, limits and expiry (shown once),
 * find keys by name or prefix, see each one's status, limits, expiry and last use, read its usage,
 * rotate it (the new key shown once, the old one valid for a chosen grace period) or revoke it.
 */
import {
  Badge,
  Button,
  Code,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../components/ConfirmDialog.tsx'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { KeyUsage } from '../components/KeyUsage.tsx'
import { NewKey } from '../components/NewKey.tsx'
import { RotateDialog } from '../components/RotateDialog.tsx'
import { Scrolling } from '../components/Scrolling.tsx'
import { call, type Data } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'

type Key = Data<'get', '/api/keys'>['keys'][number]

const TIERS = ['free', 'basic', 'pro', 'enterprise'] as const
type Tier = (typeof TIERS)[number]

/** Each status's colour, dark enough for white text at 4.5:1. */
const STATUS_COLOURS: Record<Key['status'], string> = {
  active: 'teal.9',
  rotating: 'yellow.4',
  expired: 'gray.8',
  revoked: 'red.9',
}

interface Form {
  name: string
  owner: string
  tier: Tier
  expires_days: number | string
  rate_limit: number | string
  requests_per_minute: number | string
}
const EMPTY: Form = {
  name: '',
  owner: '',
  tier: 'free',
  expires_days: 365,
  rate_limit: '',
  requests_per_minute: '',
}

export function KeysPage() {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const [searched] = useDebouncedValue(search.trim(), 250)
  const list = useQuery('/api/keys', searched ? { query: { search: searched } } : {})
  const keys = list.data?.keys
  const [form, setForm] = useState<Form>(EMPTY)
  const [issued, setIssued] = useState<{ title: string; key: string; note?: string } | null>(null)
  const [revoking, setRevoking] = useState<Key | null>(null)
  const [rotating, setRotating] = useState<Key | null>(null)
  const [usageOf, setUsageOf] = useState<Key | null>(null)

  const action = useAction(async (work: () => Promise<void>) => work())
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const limit = (n: number) => (n < 0 ? t('keys.unlimited') : n.toLocaleString(i18n.language))
  /** A number field's value, or undefined when left empty (the tier's limit applies). */
  const number = (v: number | string) => (v === '' ? undefined : Number(v))

  const create = (event: FormEvent) => {
    event.preventDefault()
    void action.run(async () => {
      const body = {
        name: form.name,
        tier: form.tier,
        ...(form.owner ? { owner: form.owner } : {}),
        ...(number(form.expires_days) !== undefined ? { expires_days: number(form.expires_days) } : {}),
        ...(number(form.rate_limit) !== undefined ? { rate_limit: number(form.rate_limit) } : {}),
        ...(number(form.requests_per_minute) !== undefined
          ? { requests_per_minute: number(form.requests_per_minute) }
          : {}),
      }
      const created = await call('post', '/api/keys', { body })
      setIssued({ title: t('keys.created'), key: created.key })
      setForm(EMPTY)
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

  const rotate = (graceHours: number) => {
    if (!rotating) return
    void action.run(async () => {
      const rotated = await call('post', '/api/keys/{id}/rotate', {
        path: { id: rotating.id },
        body: { grace_hours: graceHours },
      })
      setRotating(null)
      setIssued({
        title: t('keys.rotated', { name: rotated.name }),
        key: rotated.key,
        note:
          graceHours === 0
            ? t('keys.oldStopped', { prefix: rotated.old_key.prefix })
            : t('keys.oldUntil', { prefix: rotated.old_key.prefix, until: when(rotated.old_key.expires_at) }),
      })
      await list.reload()
    })
  }

  const numberField = (name: 'expires_days' | 'rate_limit' | 'requests_per_minute', min: number) => (
    <NumberInput
      label={t(`keys.form.${name}`)}
      description={t(`keys.form.${name}Hint`)}
      descriptionProps={{ c: 'dark.6' }}
      min={min}
      max={name === 'expires_days' ? 3650 : 100_000}
      allowDecimal={false}
      value={form[name]}
      onChange={(v) => setForm({ ...form, [name]: v })}
    />
  )

  return (
    <Stack>
      <Title order={2}>{t('keys.title')}</Title>
      <form onSubmit={create} aria-label={t('keys.create')}>
        <Stack maw={900}>
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
              data={TIERS.map((tier) => ({ value: tier, label: t(`keys.tiers.${tier}`) }))}
            />
            {numberField('expires_days', 1)}
            {numberField('rate_limit', -1)}
            {numberField('requests_per_minute', -1)}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={action.busy}>
              {t('keys.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ErrorAlert error={list.error ?? action.error} />
      {issued && (
        <NewKey title={issued.title} value={issued.key} note={issued.note} onClose={() => setIssued(null)} />
      )}
      <TextInput
        type="search"
        maw={420}
        label={t('keys.search')}
        placeholder={t('keys.searchHint')}
        value={search}
        maxLength={100}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {keys && keys.length === 0 && (
        <Text data-testid="keys-empty" role="status">
          {searched ? t('keys.noMatch', { search: searched }) : t('keys.empty')}
        </Text>
      )}
      {keys && keys.length > 0 && (
        <Scrolling label={t('keys.title')}>
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
                <Table.Th scope="col">{t('keys.lastUsed')}</Table.Th>
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
                    <Badge color={STATUS_COLOURS[k.status]} autoContrast data-testid="key-status">
                      {t(`keys.statuses.${k.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {k.tier ? t(`keys.tiers.${k.tier}`, { defaultValue: k.tier }) : t('common.none')}
                  </Table.Td>
                  <Table.Td>{limit(k.rate_limit)}</Table.Td>
                  <Table.Td>{limit(k.requests_per_minute)}</Table.Td>
                  <Table.Td data-testid="key-expires">{when(k.expires_at)}</Table.Td>
                  <Table.Td data-testid="key-last-used">
                    {k.last_used_at ? when(k.last_used_at) : t('keys.neverUsed')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="outline"
                        aria-label={`${t('keys.usage')} ${k.name}`}
                        onClick={() => setUsageOf(k)}
                      >
                        {t('keys.usage')}
                      </Button>
                      {k.status === 'active' && (
                        <Button
                          size="compact-sm"
                          variant="outline"
                          aria-label={`${t('keys.rotate')} ${k.name}`}
                          onClick={() => setRotating(k)}
                        >
                          {t('keys.rotate')}
                        </Button>
                      )}
                      {(k.status === 'active' || k.status === 'rotating') && (
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
        </Scrolling>
      )}
      <ConfirmDialog
        title={t('keys.revoke')}
        message={revoking && t('keys.revokeConfirm', { name: revoking.name, prefix: revoking.prefix })}
        action={t('keys.revoke')}
        testId="confirm-revoke"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
      <RotateDialog
        keyName={rotating}
        busy={action.busy}
        onRotate={rotate}
        onCancel={() => setRotating(null)}
      />
      <KeyUsage usageKey={usageOf} onClose={() => setUsageOf(null)} />
    </Stack>
  )
}
