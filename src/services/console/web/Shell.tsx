/**
 * The signed-in layout: the header (language, who is signed in, sign out), the menu — a side bar
 * from 768 px, behind a menu button below — and the page of the path, each page loaded when first
 * opened (its own script).
 */
import { Anchor, AppShell, Burger, Button, Group, Loader, NavLink, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from './data/api.ts'
import { label } from './data/reasons.ts'
import type { Session } from './data/types.ts'
import { CASE_PATH, navigate, type Page } from './router.ts'

const HistoryPage = lazy(async () => ({ default: (await import('./pages/History.tsx')).HistoryPage }))
const JobsPage = lazy(async () => ({ default: (await import('./pages/Jobs.tsx')).JobsPage }))
const KeysPage = lazy(async () => ({ default: (await import('./pages/Keys.tsx')).KeysPage }))
const KnowledgePage = lazy(async () => ({ default: (await import('./pages/Knowledge.tsx')).KnowledgePage }))
const PlatformPage = lazy(async () => ({ default: (await import('./pages/Platform.tsx')).PlatformPage }))
const ScreeningPage = lazy(async () => ({ default: (await import('./pages/Screening.tsx')).ScreeningPage }))
const CasesPage = lazy(async () => ({ default: (await import('./pages/Cases.tsx')).CasesPage }))
const CasePage = lazy(async () => ({ default: (await import('./pages/Case.tsx')).CasePage }))
const AlertsPage = lazy(async () => ({ default: (await import('./pages/Alerts.tsx')).AlertsPage }))
const ClientBooksPage = lazy(async () => ({
  default: (await import('./pages/ClientBooks.tsx')).ClientBooksPage,
}))
const UsersPage = lazy(async () => ({ default: (await import('./pages/Users.tsx')).UsersPage }))

const NAV: { page: Page; label: string; admin?: boolean }[] = [
  { page: '/screening', label: 'nav.screening' },
  { page: '/history', label: 'nav.history' },
  { page: '/cases', label: 'nav.cases' },
  { page: '/alerts', label: 'nav.alerts' },
  { page: '/client-books', label: 'nav.clientBooks' },
  { page: '/keys', label: 'nav.keys', admin: true },
  { page: '/users', label: 'nav.users', admin: true },
  { page: '/platform', label: 'nav.platform' },
  { page: '/jobs', label: 'nav.jobs' },
  { page: '/knowledge', label: 'nav.knowledge' },
]

export function Shell({
  session,
  path,
  language,
  notFound,
  onSignedOut,
}: {
  session: Session
  path: string
  /** The language switch. */
  language: ReactNode
  /** The "not found" page, when the path is no page of the app. */
  notFound: ReactNode
  onSignedOut: () => void
}) {
  const { t } = useTranslation()
  const [menuOpen, menu] = useDisclosure(false)

  useEffect(() => {
    const item = NAV.find((n) => n.page === path)
    if (item) document.title = `${t(item.label)} · ${t('app.title')}`
  }, [path, t])

  const isAdmin = session.user.role === 'admin'
  const signOut = async () => {
    await call('delete', '/api/session').catch(() => undefined)
    onSignedOut()
  }

  let content: ReactNode
  if (notFound) content = notFound
  else if (path === '/history') content = <HistoryPage />
  else if (CASE_PATH.test(path))
    content = <CasePage caseId={CASE_PATH.exec(path)![1]!} me={session.user.name} />
  else if (path === '/cases') content = <CasesPage me={session.user.name} />
  else if (path === '/alerts') content = <AlertsPage />
  else if (path === '/client-books') content = <ClientBooksPage />
  else if (path === '/keys') content = isAdmin ? <KeysPage /> : <Forbidden />
  else if (path === '/users') content = isAdmin ? <UsersPage me={session.user.name} /> : <Forbidden />
  else if (path === '/platform') content = <PlatformPage />
  else if (path === '/jobs') content = <JobsPage />
  else if (path === '/knowledge') content = <KnowledgePage />
  else content = <ScreeningPage user={session.user.name} />

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      padding="md"
    >
      <a className="skip-link" href="#content">
        {t('app.skip')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(menuOpen ? 'app.closeMenu' : 'app.openMenu')}
              aria-expanded={menuOpen}
              aria-controls="menu"
            />
            <Title order={1} size="h3" className="app-title">
              {t('app.title')}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {language}
            <Text size="sm" data-testid="who" visibleFrom="xs">
              {session.user.name} ({label(t, 'role', session.user.role)})
            </Text>
            <Button variant="outline" size="xs" onClick={signOut}>
              {t('app.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        aria-label={t('app.menu')}
        component="nav"
        id="menu"
        className={menuOpen ? undefined : 'menu-closed'}
      >
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
              // On a phone the menu covers the page: opening a page closes it.
              menu.close()
              navigate(n.page)
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="content">
        <Suspense fallback={<Loader aria-label={t('common.loading')} />}>{content}</Suspense>
      </AppShell.Main>
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
