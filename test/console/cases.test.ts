/**
 * Case review in a real browser (Debian's Chromium through playwright-core), against the console
 * and the AML service it calls: a screening with a hit is a case in the queue; the officer decides
 * the hit (a comment is mandatory) and asks to clear it; four eyes — she cannot approve it herself,
 * a second user does; the trail names both. The alerts inbox and a Czech client book (`;`,
 * Windows-1250) uploaded with its progress, its results downloaded. Every page state passes axe
 * without a critical, serious or moderate violation.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveLists } from '../aml/lists.ts'
import { haveChromium, launchChromium } from '../support/chromium.ts'
import { axeViolations, type Language, openPage } from './pages.ts'
import { type ConsoleStack, startConsoleStack, USERS } from './stack.ts'

/** Windows-1250 bytes of the Czech letters a client book here uses (ASCII passes through). */
const CP1250: Record<string, number> = {
  á: 0xe1,
  é: 0xe9,
  í: 0xed,
  ó: 0xf3,
  ú: 0xfa,
  ů: 0xf9,
  ý: 0xfd,
  č: 0xe8,
  ď: 0xef,
  ě: 0xec,
  ň: 0xf2,
  ř: 0xf8,
  š: 0x9a,
  ť: 0x9d,
  ž: 0x9e,
  Č: 0xc8,
  Ř: 0xd8,
  Š: 0x8a,
  Ž: 0x8e,
}
function windows1250(text: string): Buffer {
  return Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : CP1250[ch]!)))
}

describe.skipIf(!haveLists || !haveChromium)('case review in a browser', () => {
  let stack: ConsoleStack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startConsoleStack(), launchChromium()])
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.close()
  })

  function open(language: Language = 'en'): Promise<Page> {
    return openPage(browser, `${stack.url}/`, { language, timeoutMs: 20_000 })
  }

  async function signIn(page: Page, who: { name: string; password: string }, language: Language = 'en') {
    const [name, password, button] =
      language === 'en' ? ['User name', 'Password', 'Sign in'] : ['Uživatelské jméno', 'Heslo', 'Přihlásit']
    await page.getByRole('textbox', { name, exact: true }).fill(who.name)
    await page.getByRole('textbox', { name: password, exact: true }).fill(who.password)
    await page.getByRole('button', { name: button, exact: true }).click()
    await page.getByTestId('who').waitFor()
  }

  /** axe-core's critical, serious and moderate violations. */
  const accessibilityProblems = (page: Page) => axeViolations(page, ['critical', 'serious', 'moderate'])

  let caseId: string

  it('takes a screening with a hit to the queue, and a decision needs a comment', async () => {
    const page = await open()
    await signIn(page, USERS.admin)
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    await page.getByLabel('First name').fill('Nicolas')
    await page.getByLabel('Last name').fill('Maduro')
    await page.getByLabel('Date of birth').fill('1962-11-23')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('screening-result').waitFor()

    await page.getByRole('link', { name: 'Cases' }).click()
    await page.getByTestId('cases').waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    const row = page.getByTestId('case-row').filter({ hasText: 'Nicolas Maduro' }).first()
    expect(await row.getByTestId('case-status').textContent()).toBe('open')
    caseId = (await row.getByRole('link').textContent())!
    expect(caseId).toMatch(/^AMLC-\d{8}-\d{6}$/)
    await row.getByRole('link').click()
    await page.getByTestId('case').waitFor()
    const hit = page.getByTestId('case-hit').first()
    expect(await hit.getByTestId('hit-reason').textContent()).toMatch(
      /CRITICAL: ofac_sdn .* 1962-11-23 agrees/,
    )
    expect(await hit.textContent()).toContain('VENEZUELA')
    expect(
      await hit
        .getByRole('link', { name: /Official source/ })
        .first()
        .getAttribute('href'),
    ).toMatch(/^https:\/\/sanctionssearch\.ofac\.treas\.gov\/Details\.aspx\?id=\d+$/)
    // Without a comment the decision cannot be saved.
    expect(await hit.getByRole('button', { name: 'Save the decision' }).isDisabled()).toBe(true)
    expect(await accessibilityProblems(page)).toEqual([])

    await page.getByRole('button', { name: 'Assign to me' }).click()
    await expect.poll(() => page.getByTestId('case-assignee').textContent()).toBe('eva')
    await hit
      .getByRole('textbox', { name: 'Comment (mandatory)' })
      .fill('Our client was born in Brno; passport CZ')
    await hit.getByRole('button', { name: 'Save the decision' }).click()
    await expect.poll(() => hit.getByTestId('hit-decision').textContent()).toMatch(/false positive — eva/)

    await page
      .getByRole('form', { name: 'Close the case' })
      .getByRole('textbox')
      .fill('Not the listed person')
    await page.getByRole('button', { name: 'Close', exact: true }).click()
    const pending = page.getByTestId('case-pending')
    await pending.waitFor()
    expect(await pending.textContent()).toMatch(/four eyes: hit 1 \(CRITICAL\) decided a false positive/)
    expect(await page.getByTestId('case-status').textContent()).toBe('awaiting approval')
    expect(await accessibilityProblems(page)).toEqual([])

    // Four eyes: the one who asked cannot approve.
    await pending.getByRole('textbox').fill('I approve my own closure')
    await pending.getByRole('button', { name: 'Approve' }).click()
    await page.getByTestId('approval-error').waitFor()
    expect(await page.getByTestId('approval-error').textContent()).toMatch(
      /Four eyes|four_eyes|second person/i,
    )
    expect(await page.getByTestId('case-status').textContent()).toBe('awaiting approval')
    await page.context().close()
  })

  it('closes the case on a second user’s approval, and the trail names who did what', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.goto(`${stack.url}/cases/${caseId}`)
    const pending = page.getByTestId('case-pending')
    await pending.waitFor()
    await pending.getByRole('textbox').fill('Checked the passport copy')
    await pending.getByRole('button', { name: 'Approve' }).click()
    await page.getByTestId('case-closed').waitFor()
    expect(await page.getByTestId('case-closed').textContent()).toMatch(/cleared.*by eva.*approved by adam/)
    const actions = await page.getByTestId('trail-action').allTextContents()
    expect(actions[0]).toMatch(/^opened/)
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^assigned/),
        expect.stringMatching(/^decided · Hit 1 · false positive/),
        expect.stringMatching(/^asked to close · cleared/),
        expect.stringMatching(/^approved · cleared/),
        expect.stringMatching(/^closed · cleared/),
      ]),
    )
    const rows = await page.getByTestId('trail-row').allTextContents()
    expect(rows.find((r) => r.includes('approved'))).toContain('adam')
    expect(await accessibilityProblems(page)).toEqual([])

    // The queue shows cases not closed by default: this one has left it.
    await page.getByRole('link', { name: 'All cases' }).click()
    await page.getByTestId('cases-total').waitFor()
    expect((await page.getByTestId('case-row').allTextContents()).join(' ')).not.toContain(caseId)
    await page.context().close()
  })

  it('shows the alerts inbox in Czech', async () => {
    const page = await open('cs')
    await signIn(page, USERS.analyst, 'cs')
    await page.getByRole('link', { name: 'Upozornění' }).click()
    await page.getByRole('heading', { name: 'Upozornění' }).waitFor()
    await page.getByTestId('alerts-empty').waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })

  it('screens a Czech client book (; and Windows-1250) with its progress, and downloads the results', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.getByRole('link', { name: 'Client books' }).click()
    await page.getByRole('heading', { name: 'Client book' }).waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    const csv = windows1250(
      'Číslo klienta;Jméno;Příjmení;Datum narození;Poznámka\r\n' +
        'K-1;Jan;Novák;01.05.1980;stálý klient\r\n' +
        'K-2;Nicolas;Maduro;23.11.1962;\r\n' +
        'K-3;Božena;Šťastná;12.03.1975;\r\n',
    )
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'klienti.csv', mimeType: 'text/csv', buffer: csv })
    await page.getByRole('button', { name: 'Upload and screen' }).click()
    await page.getByTestId('book-download').waitFor({ timeout: 60_000 })
    expect(await page.getByTestId('book-progress').textContent()).toMatch(/3 of 3 clients screened/)
    expect(await page.getByTestId('book').textContent()).toContain('Ignored columns: Poznámka')
    expect(await page.getByTestId('book-results').textContent()).toContain('K-2')
    expect(await accessibilityProblems(page)).toEqual([])

    const href = (await page.getByTestId('book-download').getAttribute('href'))!
    const res = await page.context().request.get(`${stack.url}${href}`)
    expect(res.status()).toBe(200)
    const text = (await res.body()).toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('line;reference;level;score;review_required;hits;best_hit;screening_id')
    expect(lines).toHaveLength(4)
    expect(lines.find((l) => l.includes(';K-2;'))).toMatch(/;CRITICAL;/)

    await page.getByRole('button', { name: /Enrol every client/ }).click()
    await page.getByTestId('book-monitored').waitFor()
    expect(await page.getByTestId('book-monitored').textContent()).toMatch(/3 enrolled/)
    await page.context().close()
  })
})
