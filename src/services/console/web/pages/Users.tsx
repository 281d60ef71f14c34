import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../components/ConfirmDialog.tsx'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { call } from '../data/api.ts'
import { useAction, useQuery } from '../data/hooks.ts'
import { label } from '../data/reasons.ts'
import type { User } from '../data/types.ts'

type Role = User['role']
type Change = 'role' | 'disable' | 'enable'

const otherRole = (role: Role): Role => (role === 'admin' ? 'analyst' : 'admin')

export function UsersPage({ me }: { me: string }) {
  const { t } = useTranslation()
  const list = useQuery('/api/users')
  const users = list.data?.users
  const log = useQuery('/api/users/log')
  type Listed = NonNullable<typeof users>[number]
  const [removing, setRemoving] = useState<User | null>(null)
  const [changing, setChanging] = useState<{ change: Change; user: Listed } | null>(null)
  const [resetting, setResetting] = useState<Listed | null>(null)
  const [newPassword, setNewPassword] = useState('')
  const [done, setDone] = useState<Change | 'password' | null>(null)
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
      await Promise.all([list.reload(), log.reload()])
    })
  }

  const remove = () => {
    if (!removing) return
    const name = removing.name
    setRemoving(null)
    void action.run(async () => {
      await call('delete', '/api/users/{name}', { path: { name } })
      // Removing oneself ends one's own session: the next call answers 401 and signs out.
      await Promise.all([list.reload(), log.reload()])
    })
  }

  const change = () => {
    if (!changing) return
    const { change, user } = changing
    setChanging(null)
    setDone(null)
    void action.run(async () => {
      const path = { path: { name: user.name } }
      if (change === 'role')
        await call('post', '/api/users/{name}/role', { ...path, body: { role: otherRole(user.role) } })
      else if (change === 'disable') await call('post', '/api/users/{name}/disable', path)
      else await call('post', '/api/users/{name}/enable', path)
      setDone(change)
      // Changing oneself ends one's own session: the next call answers 401 and signs out.
      await Promise.all([list.reload(), log.reload()])
    })
  }

  const reset = (event: FormEvent) => {
    event.preventDefault()
    if (!resetting) return
    const name = resetting.name
    const password = newPassword
    setResetting(null)
    setNewPassword('')
    setDone(null)
    void action.run(async () => {
      await call('post', '/api/users/{name}/password', { path: { name }, body: { password } })
      setDone('password')
      await Promise.all([list.reload(), log.reload()])
    })
  }

  const question = (c: { change: Change; user: Listed }) =>
    c.change === 'role'
      ? t('users.roleConfirm', { name: c.user.name, role: label(t, 'role', otherRole(c.user.role)) })
      : t(`users.${c.change}Confirm`, { name: c.user.name })

  return (
    <Stack>
      <Title order={2}>{t('users.title')}</Title>
      <form onSubmit={add} aria-label={t('users.add')}>
        <Group align="flex-end">
          <TextInput
            label={t('users.name')}
            description={t('users.nameHint')}
            descriptionProps={{ c: 'dark.6' }}
            required
            minLength={3}
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
      {done && (
        <Text role="status" fw={600}>
          {t(`users.done.${done}`)}
        </Text>
      )}
      {users && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('users.name')}</Table.Th>
              <Table.Th scope="col">{t('users.role')}</Table.Th>
              <Table.Th scope="col">{t('users.status')}</Table.Th>
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
                <Table.Td>{u.disabled ? t('users.disabled') : t('users.active')}</Table.Td>
                <Table.Td>{new Date(u.created_at).toLocaleString()}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="outline"
                      aria-label={`${t('users.makeRole', { role: label(t, 'role', otherRole(u.role)) })}: ${u.name}`}
                      onClick={() => setChanging({ change: 'role', user: u })}
                    >
                      {t('users.makeRole', { role: label(t, 'role', otherRole(u.role)) })}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="outline"
                      aria-label={`${t(u.disabled ? 'users.enable' : 'users.disable')} ${u.name}`}
                      onClick={() => setChanging({ change: u.disabled ? 'enable' : 'disable', user: u })}
                    >
                      {t(u.disabled ? 'users.enable' : 'users.disable')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="outline"
                      aria-label={`${t('users.newPassword')}: ${u.name}`}
                      onClick={() => setResetting(u)}
                    >
                      {t('users.newPassword')}
                    </Button>
                    <Button
                      size="compact-sm"
                      color="red.9"
                      aria-label={`${t('users.remove')} ${u.name}`}
                      onClick={() => setRemoving(u)}
                    >
                      {t('users.remove')}
                    </Button>
                  </Group>
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
      <ConfirmDialog
        title={changing ? t(`users.${changing.change}Title`) : ''}
        message={changing && question(changing)}
        action={
          changing?.change === 'role'
            ? t('users.makeRole', { role: label(t, 'role', otherRole(changing.user.role)) })
            : t(changing?.change === 'enable' ? 'users.enable' : 'users.disable')
        }
        testId="confirm-change"
        onConfirm={change}
        onCancel={() => setChanging(null)}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={resetting !== null}
        onClose={() => {
          setResetting(null)
          setNewPassword('')
        }}
        title={resetting ? t('users.passwordTitle', { name: resetting.name }) : ''}
      >
        <form onSubmit={reset}>
          <Stack>
            <Text>{t('users.passwordConfirm')}</Text>
            <PasswordInput
              label={t('users.password')}
              required
              minLength={10}
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                variant="outline"
                onClick={() => {
                  setResetting(null)
                  setNewPassword('')
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red.9" data-testid="confirm-password">
                {t('users.setPassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Title order={3}>{t('users.log')}</Title>
      <ErrorAlert error={log.error} />
      {log.data && log.data.entries.length === 0 && <Text>{t('users.logEmpty')}</Text>}
      {log.data && log.data.entries.length > 0 && (
        <Table striped withTableBorder data-testid="admin-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('users.at')}</Table.Th>
              <Table.Th scope="col">{t('users.actor')}</Table.Th>
              <Table.Th scope="col">{t('users.action')}</Table.Th>
              <Table.Th scope="col">{t('users.target')}</Table.Th>
              <Table.Th scope="col">{t('users.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{new Date(e.at).toLocaleString()}</Table.Td>
                <Table.Td>{e.actor}</Table.Td>
                <Table.Td>{t(`users.logAction.${e.action}`)}</Table.Td>
                <Table.Td>{e.target}</Table.Td>
                <Table.Td>
                  {e.detail === 'admin' || e.detail === 'analyst' ? label(t, 'role', e.detail) : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
