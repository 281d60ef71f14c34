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
] as const
export type Page = (typeof PAGES)[number]

const listeners = new Set<() => void>()

export function navigate(page: Page): void {
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
