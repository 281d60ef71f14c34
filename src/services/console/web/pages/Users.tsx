import { Button, Group, PasswordInput, Select, Stack, Table, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../components/ConfirmDialog.tsx'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { call } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'
import { label } from '../data/reasons.ts'
import type { User } from '../data/types.ts'

type Role = User['role']

export function UsersPage({ me }: { me: string }) {
  const { t } = useTranslation()
  const list = useQuery('/api/users')
  const users = list.data?.users
  const [removing, setRemoving] = useState<User | null>(null)
  const [form, setForm] = useState<{ name: string; role: Role; password: string }>({
    name: '',
    role: 'analyst',
    password: '',
  })
  const action = useAction(async (work: () => Promise<void>) => work())

  const add = (event: FormEvent) => {
    event.preventDefault()
    void action.run(async () => {
      await call('post', '/api/users', { body: form })
      setForm({ name: '', role: 'analyst', password: '' })
      await list.reload()
    })
  }

  const remove = () => {
    if (!removing) return
    const name = removing.name
    setRemoving(null)
    void action.run(async () => {
      await call('delete', '/api/users/{name}', { path: { name } })
      // Removing oneself ends one's own session: the next call answers 401 and signs out.
      await list.reload()
    })
  }

  return (
    <Stack>
      <Title order={2}>{t('users.title')}</Title>
      <form onSubmit={add} aria-label={t('users.add')}>
        <Group align="flex-end">
          <TextInput
            label={t('users.name')}
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <Select
            label={t('users.role')}
            value={form.role}
            allowDeselect={false}
            onChange={(v) => setForm({ ...form, role: (v ?? 'analyst') as Role })}
            data={(['analyst', 'admin'] as const).map((r) => ({ value: r, label: label(t, 'role', r) }))}
          />
          <PasswordInput
            label={t('users.password')}
            required
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
          />
          <Button type="submit">{t('users.submit')}</Button>
        </Group>
      </form>
      <ErrorAlert error={list.error ?? action.error} />
      {users && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('users.name')}</Table.Th>
              <Table.Th scope="col">{t('users.role')}</Table.Th>
              <Table.Th scope="col">{t('users.created')}</Table.Th>
              <Table.Th scope="col">{t('users.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.name} data-testid={`user-${u.name}`}>
                <Table.Td>
                  {u.name} {u.name === me && t('users.you')}
                </Table.Td>
                <Table.Td>{label(t, 'role', u.role)}</Table.Td>
                <Table.Td>{new Date(u.created_at).toLocaleString()}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    color="red.9"
                    aria-label={`${t('users.remove')} ${u.name}`}
                    onClick={() => setRemoving(u)}
                  >
                    {t('users.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        title={t('users.removeTitle')}
        message={
          removing && t('users.removeConfirm', { name: removing.name, role: label(t, 'role', removing.role) })
        }
        action={t('users.remove')}
        testId="confirm-remove"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  )
}
