import { describe, expect, it } from 'vitest'
import { exitCodeOfRefusal } from './command.ts'
import { AppError, errors } from './errors.ts'

describe('a command’s exit code for a refusal', () => {
  const io = () => {
    const err: string[] = []
    return { err, io: { err: (line: string) => err.push(line) } }
  }

  it('names what was not found on stderr and exits 1', () => {
    const { err, io: sink } = io()
    expect(exitCodeOfRefusal(new AppError('not_found', 'API key 9 not found'), sink)).toBe(1)
    expect(err).toEqual(['error: API key 9 not found'])
  })

  it('exits 2 for any other mistake of the caller', () => {
    const { err, io: sink } = io()
    expect(exitCodeOfRefusal(errors.invalid('role', 'one of admin, viewer'), sink)).toBe(2)
    expect(err).toHaveLength(1)
  })

  it('throws a fault that is not the caller’s again, writing nothing', () => {
    const { err, io: sink } = io()
    const fault = errors.unavailable('database down', 1)
    expect(() => exitCodeOfRefusal(fault, sink)).toThrow(fault)
    expect(() => exitCodeOfRefusal(new Error('bug'), sink)).toThrow('bug')
    expect(err).toEqual([])
  })
})
