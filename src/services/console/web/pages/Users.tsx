import { Alert, Button, Group, PasswordInput, Select, Stack, Table, TextInput, Title } from '@mantine/core'
import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, api, type User } from '../api.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'

export function UsersPage({ me }: { me: string }) {
  const { t } = useTranslation()
  const [users, setUsers] = useState<User[] | null>(null)
  const [removing, setRemoving] = useState<User | null>(null)
  const [form, setForm] = useState({ name: '', role: 'analyst', password: '' })
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    setUsers((await api<{ users: User[] }>('GET', '/api/users')).users)
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  const add = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    try {
      await api('POST', '/api/users', form)
      setForm({ name: '', role: 'analyst', password: '' })
      await load()
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.error'))
    }
  }

  const remove = async () => {
    if (!removing) return
    setError(null)
    try {
      await api('DELETE', `/api/users/${encodeURIComponent(removing.name)}`)
      setRemoving(null)
      // Removing oneself ends one's own session: the next call answers 401 and signs out.
      await load()
    } catch (e) {
      setRemoving(null)
      setError(e instanceof ApiError ? e.message : t('common.error'))
    }
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
            onChange={(v) => setForm({ ...form, role: v ?? 'analyst' })}
            data={['analyst', 'admin']}
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
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
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
                <Table.Td>{u.role}</Table.Td>
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
        message={removing && t('users.removeConfirm', { name: removing.name, role: removing.role })}
        action={t('users.remove')}
        testId="confirm-remove"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  )
}
