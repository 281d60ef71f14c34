/**
 * The alerts inbox: what monitoring raised when a sanctions list changed for an enrolled client.
 * A new or changed hit is a case (the same decisions and four eyes as a screening's); a removed hit
 * is acknowledged here, with why.
 */
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../case-i18n.ts'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { Scrolling } from '../components/Scrolling.tsx'
import { call } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'
import { navigate } from '../router.ts'

const STATUSES = ['open', 'acknowledged', 'all'] as const

export function AlertsPage() {
  const { t, i18n } = useTranslation()
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('open')
  const alerts = useQuery('/api/alerts', { query: { status, limit: 100 } })
  const items = alerts.data?.items
  return (
    <Stack>
      <Title order={2}>{t('alerts.title')}</Title>
      <Select
        label={t('alerts.status')}
        w={220}
        value={status}
        allowDeselect={false}
        onChange={(v) => setStatus((v ?? 'open') as (typeof STATUSES)[number])}
        data={STATUSES.map((s) => ({ value: s, label: t(`alerts.${s}`) }))}
      />
      <ErrorAlert error={alerts.error} />
      {items && items.length === 0 && <Text data-testid="alerts-empty">{t('alerts.empty')}</Text>}
      {items && items.length > 0 && (
        <Scrolling label={t('alerts.title')}>
          <Table striped data-testid="alerts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.when')}</Table.Th>
                <Table.Th>{t('alerts.client')}</Table.Th>
                <Table.Th>{t('alerts.kind')}</Table.Th>
                <Table.Th>{t('alerts.entry')}</Table.Th>
                <Table.Th>{t('alerts.case')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.alert_id} data-testid="alert-row">
                  <Table.Td>{new Date(a.created_at).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>
                    {a.subject_label} ({a.reference})
                  </Table.Td>
                  <Table.Td>{t(`alerts.${a.kind}`, { defaultValue: a.kind })}</Table.Td>
                  <Table.Td>
                    {a.list} {a.list_id} “{a.matched_name}”
                    {a.score !== null ? ` ${Math.round(a.score * 100)} %` : ''}
                  </Table.Td>
                  <Table.Td>
                    {a.case_id ? (
                      <Anchor
                        href={`/cases/${a.case_id}`}
                        onClick={(e) => {
                          e.preventDefault()
                          navigate(`/cases/${a.case_id}`)
                        }}
                      >
                        {a.case_id}
                      </Anchor>
                    ) : a.acknowledged ? (
                      t('alerts.done', { by: a.acknowledged.by, reason: a.acknowledged.reason })
                    ) : (
                      <Acknowledge alertId={a.alert_id} onDone={alerts.reload} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Scrolling>
      )}
    </Stack>
  )
}

function Acknowledge({ alertId, onDone }: { alertId: string; onDone: () => Promise<void> }) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const ack = useAction(async () => {
    await call('post', '/api/alerts/{alert_id}/ack', { path: { alert_id: alertId }, body: { reason } })
    await onDone()
  })
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void ack.run()
      }}
      aria-label={`${t('alerts.ack')} ${alertId}`}
    >
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          label={t('alerts.ackReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button size="xs" type="submit" disabled={reason.trim() === ''} loading={ack.busy}>
          {t('alerts.ack')}
        </Button>
      </Group>
      <ErrorAlert error={ack.error} />
    </form>
  )
}
