import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { call, type Data } from '../data/api.ts'
import { useAction } from '../data/hooks.ts'

type Result = Data<'post', '/api/knowledge/search'>['results'][number]

/** The citation's label and source file ("Identifikace klienta › Skutečný majitel — identifikace.md"). */
function citationText(c: unknown): string {
  if (typeof c === 'string') return c
  const citation = (c ?? {}) as { label?: string; source?: string; page?: number | null }
  const page = citation.page ? `, p. ${citation.page}` : ''
  return [citation.label, citation.source ? `${citation.source}${page}` : undefined]
    .filter(Boolean)
    .join(' — ')
}

export function KnowledgePage() {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [collection, setCollection] = useState('')
  const [results, setResults] = useState<Result[] | null>(null)
  const search = useAction(async () => {
    const body = { query: q, limit: 10, ...(collection ? { collection } : {}) }
    return (await call('post', '/api/knowledge/search', { body })).results
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setResults((await search.run()) ?? null)
  }

  return (
    <Stack>
      <Title order={2}>{t('knowledge.title')}</Title>
      <form onSubmit={submit} aria-label={t('knowledge.title')}>
        <Group align="flex-end">
          <TextInput
            label={t('knowledge.query')}
            required
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <TextInput
            label={t('knowledge.collection')}
            value={collection}
            onChange={(e) => setCollection(e.currentTarget.value)}
          />
          <Button type="submit">{t('knowledge.submit')}</Button>
        </Group>
      </form>
      <ErrorAlert error={search.error} />
      {results &&
        (results.length === 0 ? (
          <Text>{t('knowledge.empty')}</Text>
        ) : (
          results.map((r) => (
            // A passage is one chunk of one document: its chunk id names it among the results.
            <Card
              withBorder
              key={(r.citation as { chunk_id?: string } | null)?.chunk_id ?? r.text}
              data-testid="passage"
            >
              <Text fw={700}>{String(r.document.title ?? r.document.source ?? r.collection)}</Text>
              <Text size="sm">{r.text}</Text>
              <Text size="sm" mt="xs">
                {t('knowledge.citation')}: {citationText(r.citation)}
              </Text>
            </Card>
          ))
        ))}
    </Stack>
  )
}
