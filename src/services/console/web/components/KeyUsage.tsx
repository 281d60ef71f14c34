/**
 * One key's usage: requests over 30 days by status and endpoint, per day, and the last 24 hours
 * against its daily limit. Read again every 30 seconds while open, and at once with Refresh; the
 * time of the last reading is shown (the gateway writes usage within about a second).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call, type Data } from '../data/api.ts'
import { useAction } from '../data/hooks.ts'
import { BarChart } from './BarChart.tsx'
import { DailyChart, type Day } from './DailyChart.tsx'
import { ErrorAlert } from './ErrorAlert.tsx'

type Key = Data<'get', '/api/keys'>['keys'][number]
type Usage = Data<'get', '/api/keys/{id}/usage'>

/** How often an open usage view reads again (ms). */
const POLL_MS = 30_000

export function KeyUsage({ usageKey, onClose }: { usageKey: Key | null; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const [shown, setShown] = useState<{ usage: Usage; day: number; daily: Day[]; at: Date } | null>(null)
  const read = useAction(async (key: Key) => {
    const path = { id: key.id }
    // The last day against the daily limit: how close the key is to it.
    const [month, day, daily] = await Promise.all([
      call('get', '/api/keys/{id}/usage', { path, query: { days: 30 } }),
      call('get', '/api/keys/{id}/usage', { path, query: { days: 1 } }),
      call('get', '/api/keys/{id}/usage/daily', { path, query: { days: 30 } }),
    ])
    setShown({ usage: month, day: day.stats.total_requests, daily: daily.days, at: new Date() })
  })
  const { run } = read
  const refresh = useCallback(() => (usageKey ? void run(usageKey) : undefined), [run, usageKey])

  useEffect(() => {
    setShown(null)
    if (!usageKey) return
    refresh()
    const timer = setInterval(refresh, POLL_MS)
    return () => clearInterval(timer)
  }, [usageKey, refresh])

  const limit = (n: number) => (n < 0 ? t('keys.unlimited') : n.toLocaleString(i18n.language))
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={usageKey !== null}
      onClose={onClose}
      size="xl"
      title={usageKey ? t('keys.usageTitle', { name: usageKey.name, days: 30 }) : ''}
    >
      {usageKey && (
        <Stack data-testid="usage">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" data-testid="usage-refreshed" aria-live="polite">
              {shown
                ? t('keys.refreshedAt', { time: shown.at.toLocaleTimeString(i18n.language) })
                : t('keys.loading')}
            </Text>
            <Button size="compact-sm" variant="outline" onClick={refresh} loading={read.busy}>
              {t('keys.refresh')}
            </Button>
          </Group>
          <ErrorAlert error={read.error} />
          {shown && (
            <>
              <Text data-testid="usage-total">
                {t('keys.total', { count: shown.usage.stats.total_requests })}
              </Text>
              <Text data-testid="usage-day">
                {t('keys.lastDay', { count: shown.day, limit: limit(usageKey.rate_limit) })}
              </Text>
              <DailyChart
                title={t('keys.perDayChart')}
                errorsLabel={t('keys.errors')}
                otherDays={t('keys.otherDays')}
                days={shown.daily}
              />
              <BarChart
                title={t('keys.byStatus')}
                labels={Object.keys(shown.usage.stats.by_status)}
                counts={Object.values(shown.usage.stats.by_status).map((n) => n ?? 0)}
              />
              <BarChart
                title={t('keys.byEndpoint')}
                labels={shown.usage.stats.by_endpoint.map((e) =>
                  e.endpoint === 'unmatched' ? t('keys.unmatched') : e.endpoint,
                )}
                counts={shown.usage.stats.by_endpoint.map((e) => e.count)}
              />
            </>
          )}
        </Stack>
      )}
    </Modal>
  )
}
