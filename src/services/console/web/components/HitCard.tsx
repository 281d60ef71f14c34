/**
 * One listed entity a screening hit: its names and aliases, birth dates, nationalities, countries,
 * identifiers, programmes and remarks, each listing (the same person on OFAC, the EU and the UK
 * lists is one card) with a link to the authority's page, and how the name matched.
 */
import { Anchor, Badge, Card, Group, List, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { label } from '../data/reasons.ts'
import type { EntityHit, Hit } from '../data/types.ts'
import { LevelBadge } from './ScreeningResult.tsx'

/** At most this many aliases are listed; the rest are counted. */
const ALIASES = 12

function countryNames(codes: string[], language: string): string {
  const names = new Intl.DisplayNames([language], { type: 'region' })
  return codes
    .map((c) => {
      try {
        return names.of(c) ?? c
      } catch {
        return c
      }
    })
    .join(', ')
}

/** How the client's name met the listed one, from the best hit's explanation. */
export function MatchRows({ hit }: { hit: Hit }) {
  const { t } = useTranslation()
  const f = hit.explanation.features
  const unmatched = [...f.unmatched_query, ...f.unmatched_list]
  const births = hit.explanation.entry.birth_dates
  return (
    <>
      <Table.Tr>
        <Table.Th scope="row">{t('screening.matchedParts')}</Table.Th>
        <Table.Td data-testid="hit-matched">
          {f.tokens.map((m) => `${m.query} → ${m.list} (${label(t, 'how', m.how)})`).join(', ') ||
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
            ? `${label(t, 'birth', f.birth_date.result)} (${f.birth_date.query} / ${f.birth_date.list.join(', ')})`
            : `${t('screening.birthNotCompared')}${births.length ? ` (${births.join(', ')})` : ''}`}
        </Table.Td>
      </Table.Tr>
    </>
  )
}

export function EntityCard({ hit, explained }: { hit: EntityHit; explained: Hit | undefined }) {
  const { t, i18n } = useTranslation()
  const e = hit.entity
  const best = hit.listings.reduce((a, l) => (l.score > a.score ? l : a), hit.listings[0]!)
  const row = (name: string, value: string, testId?: string, lang?: string) =>
    value ? (
      <Table.Tr>
        <Table.Th scope="row">{name}</Table.Th>
        <Table.Td data-testid={testId} lang={lang}>
          {value}
        </Table.Td>
      </Table.Tr>
    ) : null
  const aliases =
    e.aliases.slice(0, ALIASES).join('; ') +
    (e.aliases.length > ALIASES ? ` ${t('screening.more', { count: e.aliases.length - ALIASES })}` : '')
  return (
    <Card withBorder data-testid="hit">
      <Group justify="space-between">
        <Text fw={700}>{hit.matched_name}</Text>
        <Group gap="xs">
          <LevelBadge level={hit.level} />
          <Badge color="red.9" autoContrast>
            {t('screening.match')} {Math.round(hit.score * 100)} %
          </Badge>
        </Group>
      </Group>
      <Table mt="xs" variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('screening.list')}</Table.Th>
            <Table.Td data-testid="hit-list">
              {label(t, 'list', best.list)} ({best.list_id})
            </Table.Td>
          </Table.Tr>
          {row(t('screening.names'), e.names.join('; '))}
          {row(t('screening.aliases'), aliases)}
          {row(t('screening.entityBirthDates'), e.birth_dates.join(', '), 'entity-birth-dates')}
          {row(t('screening.nationality'), countryNames(e.nationalities, i18n.language))}
          {row(t('screening.countries'), countryNames(e.countries, i18n.language))}
          {row(
            t('screening.identifiers'),
            // `type value (country)`: the type labelled, the value and country as listed.
            e.identifiers
              .map((id) => {
                const space = id.indexOf(' ')
                return space > 0 ? `${label(t, 'identifier', id.slice(0, space))}${id.slice(space)}` : id
              })
              .join('; '),
          )}
          {row(t('screening.programme'), e.programmes.join(', ') || t('common.none'), undefined, 'en')}
          {/* The list's own words, in the authority's language (English for all six lists). */}
          {row(t('screening.remarks'), e.remarks.slice(0, 3).join(' '), 'entity-remarks', 'en')}
          {explained && <MatchRows hit={explained} />}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={700} mt="xs">
        {t('screening.listings')}
      </Text>
      <List size="sm" data-testid="listings">
        {hit.listings.map((l) => (
          <List.Item key={`${l.list}:${l.list_id}`}>
            {label(t, 'list', l.list)} {l.list_id} — {l.matched_name},{' '}
            {t('screening.listedOn', { date: l.list_date })}
            {l.source_url && (
              <>
                {' · '}
                <Anchor href={l.source_url} target="_blank" rel="noopener noreferrer">
                  {t('screening.officialPage')}
                </Anchor>
              </>
            )}
          </List.Item>
        ))}
      </List>
    </Card>
  )
}
