import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, api, type Session } from '../api.ts'

export function SignInPage({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      onSignedIn(await api<Session>('POST', '/api/session', { name, password }))
    } catch (e) {
      setError(e instanceof ApiError && e.status === 429 ? t('signIn.limited') : t('signIn.wrong'))
      setPassword('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper maw={380} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <Stack>
          <Title order={1} size="h2" id="sign-in-title">
            {t('signIn.title')}
          </Title>
          {error && (
            <Alert color="red" role="alert" data-testid="sign-in-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('signIn.name')}
            name="username"
            autoComplete="username"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('signIn.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
