/** A screening response for people: the level in colour, each module, each sanctions hit explained. */
import { Alert, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export interface Screening {
  screening_id: string
  timestamp: string
  completeness: number
  screened_by?: string
  overall_risk: {
    score: number
    level: string
    review_required: boolean
    /** Absent in records written before it was given: then the missing evidence is the reason. */
    review_reasons?: { module: string; reason: string }[]
    missing: { module: string; status: string; reason: string }[]
  }
  modules: Record<
    string,
    { status: string; source: string; data: Record<string, unknown>; execution_time_ms: number }
  >
}

interface Hit {
  list: string
  list_id: string
  matched_name: string
  score: number
  explanation: {
    entry: { list: string; programmes: string[]; birth_dates: string[] }
    features: {
      tokens: { query: string; list: string; how: string }[]
      unmatched_query: string[]
      unmatched_list: string[]
      birth_date?: { query: string; list: string[]; result: string }
    }
  }
}

/** Each level's colour, dark enough for white text at 4.5:1 (yellow carries dark text). */
const LEVEL_COLOURS: Record<string, string> = {
  LOW: 'teal.9',
  MEDIUM: 'yellow.4',
  HIGH: 'orange.9',
  CRITICAL: 'red.9',
  INCOMPLETE: 'gray.8',
}

export function LevelBadge({ level, size = 'md' }: { level: string; size?: 'md' | 'xl' }) {
  return (
    <Badge color={LEVEL_COLOURS[level] ?? 'gray.8'} autoContrast size={size} data-testid="level">
      {level}
    </Badge>
  )
}

export function ScreeningResult({
  screening,
  listVersions,
}: {
  screening: Screening
  listVersions?: unknown[]
}) {
  const { t } = useTranslation()
  const risk = screening.overall_risk
  const sanctions = screening.modules.sanctions
  const hits = ((sanctions?.data.matches as Hit[] | undefined) ?? []).slice(0, 20)
  const versions = (listVersions ?? (sanctions?.data.lists as unknown[] | undefined) ?? []) as Record<
    string,
    unknown
  >[]
  return (
    <Stack data-testid="screening-result">
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('screening.record')}
            </Title>
            <Text size="sm">
              {t('screening.id')}: <strong data-testid="screening-id">{screening.screening_id}</strong>
            </Text>
            <Text size="sm">
              {t('screening.time')}: {new Date(screening.timestamp).toLocaleString()}
            </Text>
            {screening.screened_by && (
              <Text size="sm">
                {t('screening.by')}: {screening.screened_by}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text size="sm">{t('screening.level')}</Text>
            <LevelBadge level={risk.level} size="xl" />
            <Text size="sm">
              {t('screening.score')}: {risk.score} · {t('screening.completeness')}:{' '}
              {Math.round(screening.completeness * 100)} %
            </Text>
          </Stack>
        </Group>
        {risk.review_required && (
          // The title in the text colour: Mantine's orange on its light orange is 3.61:1, under 4.5:1.
          <Alert
            color="orange"
            mt="sm"
            title={t('screening.review')}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <List size="sm">
              {(
                risk.review_reasons?.map((r) => `${r.module}: ${r.reason}`) ??
                risk.missing.map((m) => `${m.module}: ${m.status} — ${m.reason}`)
              ).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Card>

      <Title order={3} size="h4">
        {t('screening.modules')}
      </Title>
      <Table striped withTableBorder data-testid="modules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('screening.module')}</Table.Th>
            <Table.Th scope="col">{t('screening.status')}</Table.Th>
            <Table.Th scope="col">{t('screening.source')}</Table.Th>
            <Table.Th scope="col">{t('screening.ms')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(screening.modules).map(([name, m]) => (
            <Table.Tr key={name}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>{m.status}</Table.Td>
              <Table.Td>{m.source}</Table.Td>
              <Table.Td>{m.execution_time_ms}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={3} size="h4">
        {t('screening.hits')}
      </Title>
      {hits.length === 0 ? (
        <Text data-testid="no-hit">{t('screening.noHit')}</Text>
      ) : (
        hits.map((hit) => {
          const f = hit.explanation.features
          const unmatched = [...f.unmatched_query, ...f.unmatched_list]
          return (
            <Card withBorder key={`${hit.list}:${hit.list_id}:${hit.matched_name}`} data-testid="hit">
              <Group justify="space-between">
                <Text fw={700}>{hit.matched_name}</Text>
                <Badge color="red.9" autoContrast>
                  {t('screening.score')} {Math.round(hit.score * 100)} %
                </Badge>
              </Group>
              <Table mt="xs" variant="vertical" withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.list')}</Table.Th>
                    <Table.Td data-testid="hit-list">
                      {hit.list} ({hit.list_id})
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.programme')}</Table.Th>
                    <Table.Td>{hit.explanation.entry.programmes.join(', ') || t('common.none')}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.matchedParts')}</Table.Th>
                    <Table.Td data-testid="hit-matched">
                      {f.tokens.map((m) => `${m.query} → ${m.list} (${m.how})`).join(', ') ||
                        t('common.none')}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.unmatchedParts')}</Table.Th>
                    <Table.Td>{unmatched.join(', ') || t('common.none')}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.birthDate2')}</Table.Th>
                    <Table.Td data-testid="hit-birth-date">
                      {f.birth_date
                        ? `${f.birth_date.result} (${f.birth_date.query} / ${f.birth_date.list.join(', ')})`
                        : `${t('screening.birthNotCompared')}${
                            hit.explanation.entry.birth_dates.length
                              ? ` (${hit.explanation.entry.birth_dates.join(', ')})`
                              : ''
                          }`}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Card>
          )
        })
      )}

      {versions.length > 0 && (
        <>
          <Title order={3} size="h4">
            {t('screening.listVersions')}
          </Title>
          <List size="sm">
            {versions.map((v) => (
              <List.Item key={`${String(v.list)}:${String(v.id ?? v.list_date)}`}>
                {String(v.list)} — {String(v.list_date ?? '')}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  )
}
