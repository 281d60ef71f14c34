/** The app's pages are paths (the backend answers index.html at each); moving between them is pushState. */
import { useEffect, useState } from 'react'

export const PAGES = [
  '/sign-in',
  '/screening',
  '/history',
  '/keys',
  '/users',
  '/platform',
  '/jobs',
  '/knowledge',
  '/cases',
  '/alerts',
  '/client-books',
] as const
export type Page = (typeof PAGES)[number]

/** One case's page: /cases/AMLC-20261127-000001. */
export const CASE_PATH = /^\/cases\/(AMLC-\d{8}-\d{1,12})$/
export type CasePath = `/cases/${string}`

const listeners = new Set<() => void>()

export function navigate(page: Page | CasePath): void {
  if (window.location.pathname !== page) window.history.pushState(null, '', page)
  for (const l of listeners) l()
}

export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname)
  useEffect(() => {
    const update = () => setPath(window.location.pathname)
    listeners.add(update)
    window.addEventListener('popstate', update)
    return () => {
      listeners.delete(update)
      window.removeEventListener('popstate', update)
    }
  }, [])
  return path
}
