/**
 * The pages' two ways to the backend: useQuery reads (again whenever its path or parameters
 * change, the older answer dropped), useAction runs a change and keeps whether it is busy and how
 * it failed. Errors are kept as they came; <ErrorAlert> says them in the UI's language.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { call, type Data, type InitArgument, type PathOf } from './api.ts'

export interface Query<T> {
  data: T | undefined
  error: unknown
  loading: boolean
  /** Reads again (after a change the page made). */
  reload: () => Promise<void>
}

export function useQuery<P extends PathOf<'get'>>(
  path: P,
  ...init: InitArgument<'get', P>
): Query<Data<'get', P>> {
  const [state, setState] = useState<{ data: Data<'get', P> | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  })
  const key = JSON.stringify([path, init[0] ?? {}])
  const latest = useRef(0)
  const load = useCallback(async () => {
    const [p, i] = JSON.parse(key) as [P, InitArgument<'get', P>[0]]
    const id = ++latest.current
    setState((s) => ({ ...s, loading: true }))
    try {
      const data = await call('get', p, ...([i] as InitArgument<'get', P>))
      if (id === latest.current) setState({ data, error: null, loading: false })
    } catch (error) {
      if (id === latest.current) setState((s) => ({ ...s, error, loading: false }))
    }
  }, [key])
  useEffect(() => {
    void load()
  }, [load])
  return { ...state, reload: load }
}

export interface Action<A extends unknown[], R> {
  /** Runs it: its result, or undefined when it failed (then `error` says why). */
  run: (...args: A) => Promise<R | undefined>
  busy: boolean
  error: unknown
  clear: () => void
}

export function useAction<A extends unknown[], R>(work: (...args: A) => Promise<R>): Action<A, R> {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const ref = useRef(work)
  ref.current = work
  const run = useCallback(async (...args: A) => {
    setBusy(true)
    setError(null)
    try {
      return await ref.current(...args)
    } catch (e) {
      setError(e)
      return undefined
    } finally {
      setBusy(false)
    }
  }, [])
  const clear = useCallback(() => setError(null), [])
  return { run, busy, error, clear }
}
