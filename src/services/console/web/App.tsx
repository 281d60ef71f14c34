/**
 * The app: the session, the language, the sign-in page and the app's own "not found" page; the
 * signed-in layout (Shell.tsx) and each page behind it load as their own scripts, so signing in
 * needs only this one. The sign-in page shows at once on /sign-in while the session is asked for.
 */
import { Anchor, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call, rememberCsrf, whenSignedOut } from './data/api.ts'
import type { Session } from './data/types.ts'
import { LANGUAGES, setLanguage } from './i18n.ts'
import { SignInPage } from './pages/SignIn.tsx'
import { CASE_PATH, navigate, PAGES, usePath } from './router.ts'

const Shell = lazy(async () => ({ default: (await import('./Shell.tsx')).Shell }))

const isPage = (path: string) => (PAGES as readonly string[]).includes(path)

export function App() {
  const { t, i18n } = useTranslation()
  const path = usePath()
  const [session, setSession] = useState<Session | null | undefined>(undefined)

  const signedIn = useCallback((s: Session | null) => {
    rememberCsrf(s?.csrf_token)
    setSession(s)
  }, [])

  useEffect(() => {
    whenSignedOut(() => signedIn(null))
    call('get', '/api/session').then(signedIn, () => signedIn(null))
  }, [signedIn])

  const known = isPage(path) || path === '/' || CASE_PATH.test(path)
  useEffect(() => {
    if (!known) return
    if (session === null && path !== '/sign-in') navigate('/sign-in')
    if (session && (path === '/sign-in' || path === '/')) navigate('/screening')
  }, [session, path, known])

  useEffect(() => {
    if (!known) document.title = `${t('notFound.title')} · ${t('app.title')}`
    else if (path === '/sign-in') document.title = `${t('signIn.title')} · ${t('app.title')}`
  }, [path, t, known])

  const loading = (
    <Center h="100vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  )

  const language = (
    <SegmentedControl
      size="xs"
      aria-label={t('app.language')}
      value={i18n.language}
      onChange={setLanguage}
      data={LANGUAGES.map((l) => ({ value: l, label: l.toUpperCase() }))}
    />
  )

  if (session === undefined && path !== '/sign-in') return loading
  if (!session)
    return (
      <main>
        <Group justify="flex-end" p="md">
          {language}
        </Group>
        {known ? <SignInPage onSignedIn={signedIn} /> : <NotFound path={path} />}
      </main>
    )

  return (
    <Suspense fallback={loading}>
      <Shell
        session={session}
        path={path}
        language={language}
        notFound={known ? null : <NotFound path={path} />}
        onSignedOut={() => signedIn(null)}
      />
    </Suspense>
  )
}

/** The app's page for a path it does not have (the backend answers it with 404). */
function NotFound({ path }: { path: string }) {
  const { t } = useTranslation()
  return (
    <Stack data-testid="not-found" p="md" maw={640} mx="auto">
      <Title order={2}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text', { path })}</Text>
      <Anchor
        href="/screening"
        onClick={(e) => {
          e.preventDefault()
          navigate('/screening')
        }}
      >
        {t('notFound.back')}
      </Anchor>
    </Stack>
  )
}
