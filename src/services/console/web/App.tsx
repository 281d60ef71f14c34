import {
  Anchor,
  AppShell,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  SegmentedControl,
  Text,
  Title,
} from '@mantine/core'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, rememberSession, type Session, whenSignedOut } from './api.ts'
import { LANGUAGES, setLanguage } from './i18n.ts'
import { HistoryPage } from './pages/History.tsx'
import { JobsPage } from './pages/Jobs.tsx'
import { KeysPage } from './pages/Keys.tsx'
import { KnowledgePage } from './pages/Knowledge.tsx'
import { PlatformPage } from './pages/Platform.tsx'
import { ScreeningPage } from './pages/Screening.tsx'
import { SignInPage } from './pages/SignIn.tsx'
import { UsersPage } from './pages/Users.tsx'
import { navigate, type Page, usePath } from './router.ts'

const NAV: { page: Page; label: string; admin?: boolean }[] = [
  { page: '/screening', label: 'nav.screening' },
  { page: '/history', label: 'nav.history' },
  { page: '/keys', label: 'nav.keys', admin: true },
  { page: '/users', label: 'nav.users', admin: true },
  { page: '/platform', label: 'nav.platform' },
  { page: '/jobs', label: 'nav.jobs' },
  { page: '/knowledge', label: 'nav.knowledge' },
]

export function App() {
  const { t, i18n } = useTranslation()
  const path = usePath()
  const [session, setSession] = useState<Session | null | undefined>(undefined)

  const signedIn = useCallback((s: Session | null) => {
    rememberSession(s ?? undefined)
    setSession(s)
  }, [])

  useEffect(() => {
    whenSignedOut(() => signedIn(null))
    api<Session>('GET', '/api/session').then(signedIn, () => signedIn(null))
  }, [signedIn])

  useEffect(() => {
    if (session === null && path !== '/sign-in') navigate('/sign-in')
    if (session && (path === '/sign-in' || path === '/')) navigate('/screening')
  }, [session, path])

  useEffect(() => {
    const item = NAV.find((n) => n.page === path)
    document.title = item ? `${t(item.label)} · ${t('app.title')}` : t('app.title')
  }, [path, t])

  if (session === undefined)
    return (
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

  if (!session)
    return (
      <main>
        <Group justify="flex-end" p="md">
          {language}
        </Group>
        <SignInPage onSignedIn={signedIn} />
      </main>
    )

  const isAdmin = session.user.role === 'admin'
  const signOut = async () => {
    await api('DELETE', '/api/session').catch(() => undefined)
    signedIn(null)
  }

  let content: ReactNode
  if (path === '/history') content = <HistoryPage />
  else if (path === '/keys') content = isAdmin ? <KeysPage /> : <Forbidden />
  else if (path === '/users') content = isAdmin ? <UsersPage me={session.user.name} /> : <Forbidden />
  else if (path === '/platform') content = <PlatformPage />
  else if (path === '/jobs') content = <JobsPage />
  else if (path === '/knowledge') content = <KnowledgePage />
  else content = <ScreeningPage user={session.user.name} />

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
      <a className="skip-link" href="#content">
        {t('app.skip')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={1} size="h3">
            {t('app.title')}
          </Title>
          <Group>
            {language}
            <Text size="sm" data-testid="who">
              {session.user.name} ({session.user.role})
            </Text>
            <Button variant="outline" size="xs" onClick={signOut}>
              {t('app.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menu" component="nav">
        {NAV.filter((n) => !n.admin || isAdmin).map((n) => (
          <NavLink
            key={n.page}
            component="a"
            href={n.page}
            label={t(n.label)}
            active={path === n.page}
            variant="filled"
            aria-current={path === n.page ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault()
              navigate(n.page)
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="content">{content}</AppShell.Main>
    </AppShell>
  )
}

function Forbidden() {
  const { t } = useTranslation()
  return (
    <Text role="alert" data-testid="forbidden">
      {t('common.forbidden')}{' '}
      <Anchor
        href="/screening"
        onClick={(e) => {
          e.preventDefault()
          navigate('/screening')
        }}
      >
        {t('nav.screening')}
      </Anchor>
    </Text>
  )
}
