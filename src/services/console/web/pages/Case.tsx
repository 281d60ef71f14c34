/**
 * One case: who was screened, each hit as the listed entity (names, aliases, birth dates,
 * nationalities, countries, identifiers, programmes, addresses, remarks, each listing with its official
 * source) and why its level; a decision per hit with a mandatory comment; closing, and the second
 * person's approval (four eyes: the AML service refuses whoever asked or decided); the trail.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../case-i18n.ts'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { LevelBadge } from '../components/ScreeningResult.tsx'
import { Scrolling } from '../components/Scrolling.tsx'
import { call, type Data } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'
import { navigate } from '../router.ts'

type CaseData = Data<'get', '/api/cases/{case_id}'>
type CaseHit = CaseData['hits'][number]
const DECISIONS = ['false_positive', 'confirmed_match', 'needs_more_information'] as const
const OUTCOMES = ['cleared', 'confirmed', 'escalated'] as const

export function CasePage({ caseId, me }: { caseId: string; me: string }) {
  const { t, i18n } = useTranslation()
  const loaded = useQuery('/api/cases/{case_id}', { path: { case_id: caseId } })
  const [current, setCurrent] = useState<CaseData | undefined>(undefined)
  const c = current ?? loaded.data
  const when = (at: string) => new Date(at).toLocaleString(i18n.language)
  const assign = useAction(async () =>
    setCurrent(
      await call('post', '/api/cases/{case_id}/assign', {
        path: { case_id: caseId },
        body: { assignee: me },
      }),
    ),
  )

  if (!c)
    return (
      <Stack>
        <Title order={2}>
          {t('cases.case')} {caseId}
        </Title>
        <ErrorAlert error={loaded.error} />
      </Stack>
    )
  const closed = c.status === 'closed'
  return (
    <Stack data-testid="case">
      <Anchor
        href="/cases"
        onClick={(e) => {
          e.preventDefault()
          navigate('/cases')
        }}
      >
        {t('cases.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>
            {t('cases.case')} {c.case_id}: {c.subject_label}
          </Title>
          <Group gap="xs">
            <LevelBadge level={c.level} />
            <Badge variant="outline" color="dark" data-testid="case-status">
              {t(`caseStatus.${c.status}`)}
              {c.outcome ? `: ${t(`outcome.${c.outcome}`)}` : ''}
            </Badge>
            <Text size="sm">
              {t('cases.assignee')}:{' '}
              <span data-testid="case-assignee">{c.assignee ?? t('cases.unassigned')}</span>
            </Text>
            <Text size="sm">
              {t('cases.age')}: {c.age_days}
            </Text>
            <Text size="sm">
              {c.source === 'alert'
                ? `${t('cases.alert')} ${c.alert_id}`
                : `${t('cases.screening')} ${c.screening_id}`}
              {c.reference ? `, ${t('cases.reference')} ${c.reference}` : ''}
            </Text>
          </Group>
        </Stack>
        {!closed && c.assignee !== me && (
          <Button variant="outline" onClick={() => assign.run()} loading={assign.busy}>
            {t('cases.assignToMe')}
          </Button>
        )}
      </Group>
      <ErrorAlert error={assign.error} />
      {c.hits.map((hit) => (
        <HitCard key={hit.hit_no} caseData={c} hit={hit} onChanged={setCurrent} />
      ))}
      {c.pending_closure && <Approval caseData={c} onChanged={setCurrent} />}
      {c.closed && (
        <Alert color="gray" data-testid="case-closed" title={t(`caseStatus.closed`)}>
          {t('cases.closed', {
            outcome: t(`outcome.${c.closed.outcome}`),
            by: c.closed.by,
            at: when(c.closed.at),
          })}
          {c.closed.approved_by ? `, ${t('cases.approvedBy', { by: c.closed.approved_by })}` : ''}
        </Alert>
      )}
      {!closed && !c.pending_closure && <Closing caseData={c} onChanged={setCurrent} />}
      <Monitoring caseData={c} />
      <Trail caseData={c} onChanged={setCurrent} />
    </Stack>
  )
}

function Facts({ label, values }: { label: string; values: string[] }) {
  if (values.length === 0) return null
  return (
    <Text size="sm">
      <strong>{label}:</strong> {values.join('; ')}
    </Text>
  )
}

function HitCard({
  caseData,
  hit,
  onChanged,
}: {
  caseData: CaseData
  hit: CaseHit
  onChanged: (c: CaseData) => void
}) {
  const { t, i18n } = useTranslation()
  const [decision, setDecision] = useState<(typeof DECISIONS)[number]>('false_positive')
  const [comment, setComment] = useState('')
  const save = useAction(async () => {
    const next = await call('post', '/api/cases/{case_id}/hits/{hit_no}/decision', {
      path: { case_id: caseData.case_id, hit_no: hit.hit_no },
      body: { decision, comment },
    })
    setComment('')
    onChanged(next)
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void save.run()
  }
  const e = hit.entity
  const editable = caseData.status === 'open' || caseData.status === 'in_review'
  return (
    <Card withBorder data-testid="case-hit">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} size="h4">
            {t('cases.hit', { n: hit.hit_no })}: {e.names.join(' / ') || hit.matched_name}
          </Title>
          <LevelBadge level={hit.level} />
        </Group>
        <Text size="sm" data-testid="hit-reason">
          <strong>{t('cases.why')}:</strong> {hit.level_reason}
        </Text>
        {hit.changed_since_cleared && hit.changed_since_cleared.length > 0 && (
          <Alert
            color="yellow"
            data-testid="hit-changed"
            title={t('cases.changedSince', { case: hit.changed_since_cleared[0]!.cleared_in })}
          >
            <List size="sm">
              {hit.changed_since_cleared.flatMap((l) =>
                l.changes.map((ch) => (
                  <List.Item key={`${l.list}${l.list_id}${ch.field}`}>
                    {l.list} {l.list_id}: {t(`field.${ch.field}`)}{' '}
                    {ch.added.length > 0 ? `+ ${ch.added.join(', ')}` : ''}
                    {ch.removed.length > 0 ? ` − ${ch.removed.join(', ')}` : ''}
                  </List.Item>
                )),
              )}
            </List>
          </Alert>
        )}
        <Facts label={t('cases.aliases')} values={e.aliases} />
        <Facts label={t('cases.birthDates')} values={e.birth_dates} />
        <Facts label={t('cases.nationalities')} values={e.nationalities} />
        <Facts label={t('cases.countries')} values={e.countries} />
        <Facts label={t('cases.identifiers')} values={e.identifiers} />
        <Facts label={t('cases.programmes')} values={e.programmes} />
        <Facts label={t('cases.addresses')} values={e.addresses} />
        <Facts label={t('cases.remarks')} values={e.remarks} />
        <Scrolling label={t('cases.listings')}>
          <Table data-testid="hit-listings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cases.list')}</Table.Th>
                <Table.Th>{t('cases.listId')}</Table.Th>
                <Table.Th>{t('cases.matched')}</Table.Th>
                <Table.Th>{t('cases.score')}</Table.Th>
                <Table.Th>{t('cases.listed')}</Table.Th>
                <Table.Th>{t('cases.sourceLink')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hit.listings.map((l) => (
                <Table.Tr key={`${l.list}|${l.list_id}`}>
                  <Table.Td>{t(`codes.list.${l.list}`, { defaultValue: l.list_title })}</Table.Td>
                  <Table.Td>{l.list_id}</Table.Td>
                  <Table.Td>{l.matched_name}</Table.Td>
                  <Table.Td>{Math.round(l.score * 100)} %</Table.Td>
                  <Table.Td>{l.list_date}</Table.Td>
                  <Table.Td>
                    {l.source_url ? (
                      <Anchor href={l.source_url} target="_blank" rel="noopener noreferrer">
                        {t('cases.sourceLink')} <span className="visually-hidden">{l.list_id}</span>
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Scrolling>
        <Text size="sm" data-testid="hit-decision">
          <strong>{t('cases.decision')}:</strong>{' '}
          {hit.decision
            ? t('cases.decided', {
                decision: t(`decision.${hit.decision.decision}`),
                by: hit.decision.by,
                at: new Date(hit.decision.at).toLocaleString(i18n.language),
              }) + ` — ${hit.decision.comment}`
            : t('cases.noDecision')}
        </Text>
        {editable && (
          <form onSubmit={submit} aria-label={t('cases.hit', { n: hit.hit_no })}>
            <Group align="flex-end">
              <Select
                label={t('cases.decision')}
                value={decision}
                allowDeselect={false}
                onChange={(v) => setDecision((v ?? 'false_positive') as (typeof DECISIONS)[number])}
                data={DECISIONS.map((d) => ({ value: d, label: t(`decision.${d}`) }))}
              />
              <Textarea
                label={t('cases.comment')}
                required
                autosize
                minRows={1}
                style={{ flex: 1, minWidth: 220 }}
                value={comment}
                onChange={(ev) => setComment(ev.currentTarget.value)}
              />
              <Button type="submit" loading={save.busy} disabled={comment.trim() === ''}>
                {t('cases.decide')}
              </Button>
            </Group>
          </form>
        )}
        <ErrorAlert error={save.error} focus />
      </Stack>
    </Card>
  )
}

function Closing({ caseData, onChanged }: { caseData: CaseData; onChanged: (c: CaseData) => void }) {
  const { t } = useTranslation()
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('cleared')
  const [comment, setComment] = useState('')
  const close = useAction(async () => {
    onChanged(
      await call('post', '/api/cases/{case_id}/close', {
        path: { case_id: caseData.case_id },
        body: { outcome, comment },
      }),
    )
    setComment('')
  })
  return (
    <Card withBorder>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void close.run()
        }}
        aria-label={t('cases.close')}
      >
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('cases.close')}
          </Title>
          <Group align="flex-end">
            <Select
              label={t('cases.outcome')}
              value={outcome}
              allowDeselect={false}
              onChange={(v) => setOutcome((v ?? 'cleared') as (typeof OUTCOMES)[number])}
              data={OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
            />
            <Textarea
              label={t('cases.comment')}
              required
              autosize
              minRows={1}
              style={{ flex: 1, minWidth: 220 }}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <Button type="submit" loading={close.busy} disabled={comment.trim() === ''}>
              {t('cases.closeButton')}
            </Button>
          </Group>
          <ErrorAlert error={close.error} focus />
        </Stack>
      </form>
    </Card>
  )
}

function Approval({ caseData, onChanged }: { caseData: CaseData; onChanged: (c: CaseData) => void }) {
  const { t, i18n } = useTranslation()
  const [comment, setComment] = useState('')
  const p = caseData.pending_closure!
  const act = useAction(async (action: 'approve' | 'reject') => {
    const path = action === 'approve' ? '/api/cases/{case_id}/approve' : '/api/cases/{case_id}/reject'
    onChanged(await call('post', path, { path: { case_id: caseData.case_id }, body: { comment } }))
    setComment('')
  })
  return (
    <Card withBorder data-testid="case-pending">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('cases.pending')}
        </Title>
        <Text size="sm">
          {t('cases.pendingText', {
            by: p.requested_by,
            outcome: t(`outcome.${p.outcome}`),
            comment: p.comment,
            reason: p.reason,
          })}{' '}
          ({new Date(p.requested_at).toLocaleString(i18n.language)})
        </Text>
        <Textarea
          label={t('cases.approvalComment')}
          required
          autosize
          minRows={1}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        <Group>
          <Button onClick={() => act.run('approve')} loading={act.busy} disabled={comment.trim() === ''}>
            {t('cases.approve')}
          </Button>
          <Button
            variant="outline"
            onClick={() => act.run('reject')}
            loading={act.busy}
            disabled={comment.trim() === ''}
          >
            {t('cases.reject')}
          </Button>
        </Group>
        <ErrorAlert error={act.error} focus testId="approval-error" />
      </Stack>
    </Card>
  )
}

function Monitoring({ caseData }: { caseData: CaseData }) {
  const { t } = useTranslation()
  const [reference, setReference] = useState(caseData.reference ?? '')
  const enrol = useAction(async () =>
    call('post', '/api/monitoring', {
      body: { subjects: [{ ...(caseData.subject as Record<string, string>), reference }] },
    }),
  )
  const [done, setDone] = useState('')
  if (caseData.source === 'alert') return null
  return (
    <Card withBorder>
      <form
        onSubmit={async (e) => {
          e.preventDefault()
          if (await enrol.run()) setDone(reference)
        }}
        aria-label={t('cases.monitor')}
      >
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('cases.monitor')}
          </Title>
          <Group align="flex-end">
            <TextInput
              label={t('cases.monitorReference')}
              required
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
            <Button type="submit" variant="outline" loading={enrol.busy} disabled={reference.trim() === ''}>
              {t('cases.monitorButton')}
            </Button>
          </Group>
          {done && (
            <Text size="sm" role="status" data-testid="monitored">
              {t('cases.monitored', { reference: done })}
            </Text>
          )}
          <ErrorAlert error={enrol.error} />
        </Stack>
      </form>
    </Card>
  )
}

function Trail({ caseData, onChanged }: { caseData: CaseData; onChanged: (c: CaseData) => void }) {
  const { t, i18n } = useTranslation()
  const [comment, setComment] = useState('')
  const add = useAction(async () => {
    onChanged(
      await call('post', '/api/cases/{case_id}/comment', {
        path: { case_id: caseData.case_id },
        body: { comment },
      }),
    )
    setComment('')
  })
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('cases.trail')}
      </Title>
      <Scrolling label={t('cases.trail')}>
        <Table striped data-testid="trail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cases.when')}</Table.Th>
              <Table.Th>{t('cases.who')}</Table.Th>
              <Table.Th>{t('cases.what')}</Table.Th>
              <Table.Th>{t('cases.comment')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {caseData.trail.map((e) => {
              const d = e.detail as { decision?: string; outcome?: string; to?: string | null }
              const what = [
                t(`action.${e.action}`, { defaultValue: e.action }),
                e.hit_no ? t('cases.hit', { n: e.hit_no }) : '',
                d.decision ? t(`decision.${d.decision}`) : '',
                d.outcome ? t(`outcome.${d.outcome}`) : '',
                e.action === 'assigned' ? (d.to ?? t('cases.unassigned')) : '',
              ]
                .filter(Boolean)
                .join(' · ')
              return (
                <Table.Tr key={e.seq} data-testid="trail-row">
                  <Table.Td>{new Date(e.at).toLocaleString(i18n.language)}</Table.Td>
                  <Table.Td>{e.actor}</Table.Td>
                  <Table.Td data-testid="trail-action">{what}</Table.Td>
                  <Table.Td>{e.comment ?? ''}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Scrolling>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void add.run()
        }}
        aria-label={t('cases.addComment')}
      >
        <Group align="flex-end">
          <TextInput
            label={t('cases.addComment')}
            style={{ flex: 1 }}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Button type="submit" variant="outline" loading={add.busy} disabled={comment.trim() === ''}>
            {t('cases.commentButton')}
          </Button>
        </Group>
        <ErrorAlert error={add.error} />
      </form>
    </Stack>
  )
}
