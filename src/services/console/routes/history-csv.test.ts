import { describe, expect, it } from 'vitest'
import { historyCsv } from './screening.ts'

describe('the history as CSV', () => {
  it('quotes a cell holding ";", a quote or a line break, and keeps a spreadsheet from running a formula', () => {
    const csv = historyCsv([
      {
        screening_id: 'AML-20261127-000001',
        created_at: '2026-11-27T10:00:00.000Z',
        subject: '=HYPERLINK("http://x";"y")',
        subject_type: 'person',
        risk_level: 'LOW',
        screened_by: null,
      },
      {
        screening_id: 'AML-20261127-000002',
        created_at: '2026-11-27T10:01:00.000Z',
        subject: 'Nováková; Jana\nz Brna',
        subject_type: 'person',
        risk_level: 'MEDIUM',
        screened_by: 'eva',
      },
    ])
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFscreening_id;created_at;subject;subject_type;risk_level;screened_by',
      `AML-20261127-000001;2026-11-27T10:00:00.000Z;"'=HYPERLINK(""http://x"";""y"")";person;LOW;`,
      'AML-20261127-000002;2026-11-27T10:01:00.000Z;"Nováková; Jana\nz Brna";person;MEDIUM;eva',
      '',
    ])
  })
})
