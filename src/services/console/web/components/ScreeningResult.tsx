/**
 * A screening as the officer reads it: who was screened, the level in colour and why, what a
 * person must review and what was not screened, each module with a note, each hit explained —
 * every code labelled in the UI's language (data/reasons.ts).
 */
import { Alert, Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { hitsOf, label, levelReasons, moduleNote, reviewReasons } from '../data/reasons.ts'
import type { EntityHit, Hit, Screening } from '../data/types.ts'
import { EntityCard, MatchRows } from './HitCard.tsx'
import { Scrolling } from './Scrolling.tsx'

/** Each level's colour, dark enough for white text at 4.5:1 (yellow carries dark text). */
const LEVEL_COLOURS: Record<string, string> = {
  LOW: 'teal.9',
  MEDIUM: 'yellow.4',
  HIGH: 'orange.9',
  CRITICAL: 'red.9',
  INCOMPLETE: 'gray.8',
}

export function LevelBadge({ level, size = 'md' }: { level: string; size?: 'md' | 'xl' }) {
  const { t } = useTranslation()
  return (
    <Badge
      color={LEVEL_COLOURS[level] ?? 'gray.8'}
      autoContrast
      size={size}
      data-testid="level"
      className="level-badge"
    >
      {label(t, 'level', level)}
    </Badge>
  )
}

const text = (input: Record<string, unknown>, k: string) => (typeof input[k] === 'string' ? input[k] : '')

/** Who was screened, as sent: the name and birth date, or the IČO and company name. */
export function subjectText(t: TFunction, input: Record<string, unknown>): string {
  const name =
    text(input, 'name') || [text(input, 'first_name'), text(input, 'last_name')].filter(Boolean).join(' ')
  const parts = [
    name,
    text(input, 'birth_date') && t('screening.born', { date: text(input, 'birth_date') }),
    text(input, 'ico') && `${t('screening.ico')} ${text(input, 'ico')}`,
    text(input, 'company_name'),
  ]
  return parts.filter(Boolean).join(', ')
}

export function ScreeningResult({
  screening,
  subject,
  listVersions,
}: {
  screening: Screening
  /** The subject as it was sent. */
  subject?: Record<string, unknown> | undefined
  listVersions?: Record<string, unknown>[] | undefined
}) {
  const { t, i18n } = useTranslation()
  const risk = screening.overall_risk
  const sanctions = screening.modules.sanctions
  const hits = hitsOf(sanctions).slice(0, 20)
  // One card per listed entity (its listings on every list) where the service groups them.
  const entities = (sanctions?.data.entities as EntityHit[] | undefined)?.slice(0, 20)
  const nameChecked = sanctions?.data.name_checked !== false
  const versions = listVersions ?? (sanctions?.data.lists as Record<string, unknown>[] | undefined) ?? []
  const why = levelReasons(t, screening)
  const review = risk.review_required ? reviewReasons(t, screening) : []
  return (
    <Stack data-testid="screening-result">
      <Card withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {t('screening.record')}
            </Title>
            {subject && (
              <Text size="lg" fw={700} data-testid="subject">
                {subjectText(t, subject)}
              </Text>
            )}
            <Text size="sm">
              {t('screening.id')}: <strong data-testid="screening-id">{screening.screening_id}</strong>
            </Text>
            <Text size="sm">
              {t('screening.time')}: {new Date(screening.timestamp).toLocaleString(i18n.language)}
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
        <Stack gap={2} mt="sm">
          <Text size="sm" fw={700}>
            {t('screening.why')}
          </Text>
          <List size="sm" data-testid="level-reasons">
            {why.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
        {review.length > 0 && (
          <Alert color="orange" mt="sm" title={t('screening.review')} data-testid="review">
            <List size="sm">
              {review.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Card>

      <Title order={3} size="h4">
        {t('screening.modules')}
      </Title>
      <Scrolling label={t('screening.modules')}>
        <Table striped withTableBorder data-testid="modules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('screening.module')}</Table.Th>
              <Table.Th scope="col">{t('screening.status')}</Table.Th>
              <Table.Th scope="col">{t('screening.source')}</Table.Th>
              <Table.Th scope="col">{t('screening.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(screening.modules).map(([name, m]) =>
              m ? (
                <Table.Tr key={name}>
                  <Table.Td>{label(t, 'module', name)}</Table.Td>
                  <Table.Td>{label(t, 'status', m.status)}</Table.Td>
                  <Table.Td>{label(t, 'source', m.source)}</Table.Td>
                  <Table.Td>{moduleNote(t, name, m)}</Table.Td>
                </Table.Tr>
              ) : null,
            )}
          </Table.Tbody>
        </Table>
      </Scrolling>

      <Title order={3} size="h4">
        {t('screening.hits')}
      </Title>
      {entities && entities.length > 0 ? (
        entities.map((e) => (
          <EntityCard
            key={e.listings.map((l) => `${l.list}:${l.list_id}`).join()}
            hit={e}
            // The best of the module's matches on one of the entity's listings explains the match.
            explained={hitsOf(sanctions)
              .filter((m) => e.listings.some((l) => l.list === m.list && l.list_id === m.list_id))
              .reduce<Hit | undefined>((a, m) => (!a || m.score > a.score ? m : a), undefined)}
          />
        ))
      ) : hits.length === 0 ? (
        nameChecked ? (
          <Text data-testid="no-hit">{t('screening.noHit')}</Text>
        ) : (
          <Text data-testid="name-not-checked">{t('screening.nameNotChecked')}</Text>
        )
      ) : (
        hits.map((hit) => {
          return (
            <Card withBorder key={`${hit.list}:${hit.list_id}:${hit.matched_name}`} data-testid="hit">
              <Group justify="space-between">
                <Text fw={700}>{hit.matched_name}</Text>
                <Badge color="red.9" autoContrast>
                  {t('screening.match')} {Math.round(hit.score * 100)} %
                </Badge>
              </Group>
              <Table mt="xs" variant="vertical" withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.list')}</Table.Th>
                    <Table.Td data-testid="hit-list">
                      {label(t, 'list', hit.list)} ({hit.list_id})
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row">{t('screening.programme')}</Table.Th>
                    <Table.Td>{hit.explanation.entry.programmes.join(', ') || t('common.none')}</Table.Td>
                  </Table.Tr>
                  <MatchRows hit={hit} />
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
                {label(t, 'list', String(v.list))} — {String(v.list_date ?? '')}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  )
}
