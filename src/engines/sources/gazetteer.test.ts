import { describe, expect, it } from 'vitest'
import { AppError } from '../../kit/errors.ts'
import { loadGazetteer } from './gazetteer.ts'

describe('loadGazetteer', () => {
  it('names REGISTRY_DATA_DIR when the gazetteer file is missing (501, not a crash)', () => {
    const error = (() => {
      try {
        loadGazetteer('/nonexistent/folder/psc-list.csv')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'not_configured',
      status: 501,
      details: { variable: 'REGISTRY_DATA_DIR' },
    })
  })
})
