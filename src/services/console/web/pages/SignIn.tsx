import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../components/ErrorAlert.tsx'
import { ApiError, call } from '../data/api.ts'
import { useAction } from '../data/hooks.ts'
import type { Session } from '../data/types.ts'

export function SignInPage({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const signIn = useAction(() => call('post', '/api/session', { body: { name, password } }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const session = await signIn.run()
    if (session) onSignedIn(session)
    else setPassword('')
  }

  // A refusal says only that name or password is wrong, whichever it was.
  const status = signIn.error instanceof ApiError ? signIn.error.status : 0
  const refused = status === 429 ? t('signIn.limited') : status === 401 ? t('signIn.wrong') : undefined

  return (
    <Paper maw={380} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <Stack>
          <Title order={1} size="h2" id="sign-in-title">
            {t('signIn.title')}
          </Title>
          <ErrorAlert
            error={signIn.error}
            {...(refused ? { message: refused } : {})}
            focus
            testId="sign-in-error"
          />
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
          <Button type="submit" loading={signIn.busy}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}
