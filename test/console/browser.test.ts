/**
 * The console in a real browser: Debian's Chromium driven by playwright-core (./pages.ts),
 * against the console and the services it calls, all in this process. Every page passes axe-core
 * without a serious or critical violation. With CONSOLE_SCREENSHOTS=docs/console (npm run
 * console:screenshots) the screenshots docs/console.md shows are written there; a failing test
 * saves one of its page as it was.
 */
import { readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import type { Browser, Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveLists } from '../aml/lists.ts'
import { countMainThreadCpu, haveChromium, launchChromium } from '../support/chromium.ts'
import { axeViolations, type Language, openPage, screenshot } from './pages.ts'
import { type ConsoleStack, startConsoleStack, USERS } from './stack.ts'

/**
 * Words that give away English on a Czech screen: the server's reasons ("checksum digit should
 * be 8", "unreachable"), labels left untranslated, and the raw codes of statuses and levels.
 */
const ENGLISH = new Set(
  'the of and is not no match matches possible list lists sanctions should be checksum digit unreachable answer given skipped completed failed primary exact fuzzy incomplete configured reason source none level score review person company screened by subject module status found within timeout registry insolvency name'.split(
    ' ',
  ),
)
const CODES = new Set([
  'LOW',
  'MEDIUM',
  'HIGH',
  'CRITICAL',
  'INCOMPLETE',
  'SKIPPED',
  'PRIMARY',
  'COMPLETED',
  'FAILED',
  'TIMEOUT',
  'NONE',
  'CACHE',
  'FALLBACK',
])
describe.skipIf(!haveLists || !haveChromium)('the console in a browser', () => {
  let stack: ConsoleStack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startConsoleStack(), launchChromium()])
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.close()
  })

  /** A fresh browser profile in English (or `language`), so the assertions read its texts. */
  function open(
    opts: {
      language?: Language
      url?: string
      viewport?: { width: number; height: number }
      phone?: boolean
    } = {},
  ): Promise<Page> {
    return openPage(browser, `${opts.url ?? stack.url}/`, { language: 'en', timeoutMs: 15_000, ...opts })
  }

  async function signIn(page: Page, who: { name: string; password: string }) {
    await page.getByRole('textbox', { name: 'User name', exact: true }).fill(who.name)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  /** axe-core's serious and critical violations. */
  const accessibilityProblems = (page: Page) => axeViolations(page, ['serious', 'critical'])

  /** What has the keyboard focus: its name attribute and its text. */
  async function focused(page: Page): Promise<{ name: string | null; text: string | null }> {
    return page.evaluate(() => {
      const active = (globalThis as any).document.activeElement
      return { name: active?.getAttribute('name') ?? null, text: active?.textContent ?? null }
    })
  }

  /** The focused element: its tag, name attribute, accessible label, test id and text. */
  async function focusedElement(page: Page) {
    return page.evaluate(() => {
      const a = (globalThis as any).document.activeElement
      return {
        tag: String(a?.tagName ?? '').toLowerCase(),
        name: (a?.getAttribute('name') ?? null) as string | null,
        label: (a?.getAttribute('aria-label') ?? null) as string | null,
        testid: (a?.getAttribute('data-testid') ?? null) as string | null,
        text: String(a?.textContent ?? '').trim(),
        /** A form field's label text. */
        field: String(a?.labels?.[0]?.textContent ?? '').trim(),
      }
    })
  }

  /** Presses Tab until the focused element matches (the keyboard's way to reach it). */
  async function tabTo(
    page: Page,
    match: (el: Awaited<ReturnType<typeof focusedElement>>) => boolean,
    what: string,
    limit = 80,
  ) {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press('Tab')
      if (match(await focusedElement(page))) return
    }
    throw new Error(`${what} was not reached with ${limit} presses of Tab`)
  }

  /** Signs in with the keyboard alone, from a fresh sign-in page. */
  async function signInByKeyboard(page: Page, who: { name: string; password: string }) {
    await page.getByRole('textbox', { name: 'User name', exact: true }).waitFor()
    await tabTo(page, (el) => el.name === 'username', 'the user name')
    await page.keyboard.type(who.name)
    await page.keyboard.press('Tab')
    await page.keyboard.type(who.password)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
  }

  /** Opens a page of the menu by keyboard: Tab to its link, Enter. */
  async function menuByKeyboard(page: Page, label: string, heading: string) {
    await tabTo(page, (el) => el.tag === 'a' && el.text === label, `the menu's ${label}`)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: heading }).first().waitFor()
  }

  it('refuses a wrong password and stays on the sign-in page', async () => {
    const page = await open()
    await expect.poll(() => page.url()).toMatch(/\/sign-in$/)
    await page.getByRole('textbox', { name: 'User name', exact: true }).waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    await signIn(page, { name: USERS.admin.name, password: 'not the password' })
    await page.getByTestId('sign-in-error').waitFor()
    expect(await page.getByTestId('sign-in-error').textContent()).toBe('Wrong name or password.')
    // The keyboard focus moves to the error, so a screen reader reads it and Tab goes on from there.
    await expect.poll(async () => (await focusedElement(page)).testid).toBe('sign-in-error')
    expect(page.url()).toMatch(/\/sign-in$/)
    await page.context().close()
  })

  it('screens Nicolas Maduro (a critical hit explained) and Jan Novák (no hit), then finds both in the history', async () => {
    const page = await open()
    await signIn(page, USERS.admin)
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    expect(await accessibilityProblems(page)).toEqual([])

    await page.getByLabel('First name').fill('Nicolas')
    await page.getByLabel('Last name').fill('Maduro')
    await page.getByLabel('Date of birth').fill('1962-11-23')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    const result = page.getByTestId('screening-result')
    await result.waitFor()
    expect(await result.getByTestId('level').first().textContent()).toBe('CRITICAL')
    const hit = result.getByTestId('hit').first()
    expect(await hit.getByTestId('hit-list').textContent()).toMatch(/^OFAC SDN \(USA\) \(\d+\)$/)
    expect(await hit.getByTestId('hit-birth-date').textContent()).toContain('1962-11-23')
    expect((await hit.getByTestId('hit-matched').textContent())?.toLowerCase()).toContain('maduro')
    expect(await hit.textContent()).toMatch(/Programme/)
    // The listed entity: its listed birth dates and each listing with the authority's page.
    expect(await hit.getByTestId('entity-birth-dates').textContent()).toContain('1962-11-23')
    expect(
      await hit
        .getByTestId('listings')
        .getByRole('link', { name: 'official page' })
        .first()
        .getAttribute('href'),
    ).toMatch(/^https:\/\//)
    expect(await result.getByTestId('screening-id').textContent()).toMatch(/^AML-\d{8}-\d+$/)
    // The result names the subject, says why the level, and is announced (a polite live region).
    expect(await result.getByTestId('subject').textContent()).toBe('Nicolas Maduro, born 1962-11-23')
    expect(await result.getByTestId('level-reasons').textContent()).toMatch(
      /Listed on OFAC SDN \(USA\) as .*MADURO/,
    )
    expect(await page.getByTestId('announce').getAttribute('aria-live')).toBe('polite')
    expect(await page.getByTestId('announce').textContent()).toBe(
      'Screened Nicolas Maduro, born 1962-11-23: level CRITICAL.',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'screening-maduro')

    await page.getByLabel('First name').fill('Jan')
    await page.getByLabel('Last name').fill('Novák')
    await page.getByLabel('Date of birth').fill('')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('no-hit').waitFor()
    expect(await result.getByTestId('level').first().textContent()).not.toBe('CRITICAL')

    await page.getByRole('link', { name: 'History' }).click()
    await page.getByTestId('history').waitFor()
    const rows = await page.getByTestId('history').textContent()
    expect(rows).toContain('Nicolas Maduro')
    expect(rows).toContain('Jan Novák')
    await page.getByLabel('Name or IČO').fill('maduro')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.getByTestId('history-total').textContent()).toBe('1 screenings')
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'history')

    await page.getByRole('link', { name: 'Platform' }).click()
    await page.getByTestId('health-gateway').waitFor()
    expect(await page.getByTestId('health-gateway').textContent()).toContain('up')
    expect(await page.getByTestId('health-aml').textContent()).toContain('up')
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'platform')
    await page.context().close()
  })

  it('creates a key and shows it once, shows its usage after calls, revokes it after confirmation, then signs out', async () => {
    const page = await open()
    await signIn(page, USERS.admin)
    await page.getByRole('link', { name: 'API keys' }).click()
    await page.getByLabel('Name').first().fill('browser test key')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const key = await page.getByTestId('new-key-value').textContent()
    expect(key).toMatch(/^gk_\w{20,}/)
    expect(await page.getByTestId('new-key').textContent()).toContain('it is not shown again')
    await page.getByRole('button', { name: 'Copy key' }).waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'key-created')

    await page.reload()
    const row = page.getByRole('row', { name: /browser test key/ })
    await row.waitFor()
    expect(await page.getByTestId('new-key').count()).toBe(0)
    expect(await page.content()).not.toContain(key!)
    expect(await row.getByTestId('key-status').textContent()).toBe('active')

    // Two calls with the key, then its usage: both counted, charted by status and by endpoint.
    for (let i = 0; i < 2; i++) {
      expect(await stack.callGateway('/api/agents', key!)).toBe(200)
    }
    await expect
      .poll(
        async () => {
          await row.getByRole('button', { name: 'Usage' }).click()
          // The total once the reading has come: until then the view says "Loading…", and a poll
          // of 1 s read only that at load 13.
          const total = await page.getByTestId('usage-total').textContent()
          await page.keyboard.press('Escape')
          await page.getByTestId('usage').waitFor({ state: 'detached' })
          return total
        },
        { timeout: 15_000 },
      )
      .toBe('Requests: 2')
    await row.getByRole('button', { name: 'Usage' }).click()
    await page.getByTestId('chart').nth(1).waitFor()
    expect(await page.getByTestId('usage-day').textContent()).toBe('Last 24 hours: 2 of 100 per day')
    expect(await page.getByTestId('chart').count()).toBe(2)
    expect(await page.getByTestId('chart').first().getAttribute('aria-label')).toBe('By status: 200: 2')
    const today = new Date().toISOString().slice(0, 10)
    expect(await page.getByTestId('daily-chart').getAttribute('aria-label')).toBe(
      `Requests per day: ${today}: 2; 0 on the other days`,
    )
    expect(await page.getByTestId('daily-chart').locator('canvas').count()).toBe(1)
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'key-usage')
    await page.keyboard.press('Escape')
    await page.getByTestId('usage').waitFor({ state: 'detached' })

    await row.getByRole('button', { name: 'Revoke' }).click()
    await page.getByTestId('confirm-revoke').click()
    await expect.poll(() => row.getByTestId('key-status').textContent()).toBe('revoked')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(page.url()).toMatch(/\/sign-in$/)
    const after = await page.evaluate(async () => (await fetch('/api/keys')).status)
    expect(after).toBe(401)
    await page.context().close()
  })

  it('keeps an analyst away from key management, in the menu, on the page and in the API', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0)
    await page.goto(`${stack.url}/keys`)
    await page.getByTestId('forbidden').waitFor()
    expect(await page.getByTestId('keys').count()).toBe(0)
    const statuses = await page.evaluate(async () => {
      const session = (await (await fetch('/api/session')).json()) as { data: { csrf_token: string } }
      const csrf = session.data.csrf_token
      const list = await fetch('/api/keys')
      const create = await fetch('/api/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ name: 'sneaky' }),
      })
      return [list.status, create.status]
    })
    expect(statuses).toEqual([403, 403])
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'analyst-forbidden')
    await page.context().close()
  })

  it('shows the router’s jobs by status with a job’s progress (the router requiring API keys), and knowledge passages with their citations', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.getByRole('link', { name: 'Jobs' }).click()
    await page.getByTestId('jobs').waitFor()
    expect(await page.getByTestId('jobs').textContent()).toContain('echo')
    expect(await page.getByTestId('jobs').textContent()).toContain('queued')
    await page.getByRole('button', { name: 'Open' }).first().click()
    await page.getByRole('dialog').getByText('Progress').waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'jobs')
    await page.keyboard.press('Escape')

    await page.getByRole('link', { name: 'Knowledge base' }).click()
    await page.getByLabel('Question or words').fill('skutečný majitel')
    await page.getByRole('button', { name: 'Search' }).click()
    const passage = page.getByTestId('passage').first()
    await passage.waitFor()
    expect(await passage.textContent()).toContain('skutečného majitele')
    expect(await passage.textContent()).toContain(
      'Cite as: Identifikace klienta › Skutečný majitel — identifikace.md',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'knowledge')
    await page.context().close()
  })

  it('downloads a screening record as a PDF printed by the router, from the result and from the history', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.getByLabel('First name').fill('Nicolas')
    await page.getByLabel('Last name').fill('Maduro')
    await page.getByLabel('Date of birth').fill('1962-11-23')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('screening-result').waitFor()
    const id = (await page.getByTestId('screening-id').textContent())!
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${id}.pdf`)
    const pdf = readFileSync((await download.path())!)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
    expect(text).toContain(id)
    expect(text).toContain('CRITICAL')
    expect(text).toMatch(/Screened by\s*adam/)
    expect(text).toMatch(/Printed by\s*adam/)
    expect(text).toMatch(/MADURO MOROS/i)
    expect(await page.getByTestId('pdf-error').count()).toBe(0)

    await page.getByRole('link', { name: 'History' }).click()
    await page.getByRole('button', { name: id }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('screening-result').waitFor()
    expect(await dialog.textContent()).toContain('Screened by: adam')
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PDF' }).click(),
    ])
    expect(
      readFileSync((await again.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })

  it('says clearly that no PDF can be made when the router is unreachable, and the print view still works', async () => {
    const page = await open({ url: stack.urlWithoutRouter })
    await signIn(page, USERS.analyst)
    await page.getByLabel('First name').fill('Jan')
    await page.getByLabel('Last name').fill('Novák')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('screening-result').waitFor()
    await page.getByRole('button', { name: 'Download PDF' }).click()
    const error = page.getByTestId('pdf-error')
    await error.waitFor()
    expect(await error.textContent()).toBe(
      'The PDF cannot be made now: The router, which prints the PDF, cannot be reached. Print record still works.',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'pdf-unavailable')
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByTestId('screening-result').isVisible()).toBe(true)
    expect(await page.getByText('Gatehouse — Screening record — adam').isVisible()).toBe(true)
    await page.context().close()
  })

  it('creates a key, copies it, revokes it after confirmation and signs out, by keyboard alone', async () => {
    const page = await open()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInByKeyboard(page, USERS.admin)
    await menuByKeyboard(page, 'API keys', 'API keys')
    await tabTo(page, (el) => el.field.startsWith('Name'), 'the key’s name', 30)
    await page.keyboard.type('keyboard key')
    await tabTo(page, (el) => el.tag === 'button' && el.text === 'Create', 'Create')
    await page.keyboard.press('Enter')
    const key = (await page.getByTestId('new-key-value').textContent())!
    expect(key).toMatch(/^gk_\w{20,}/)
    await tabTo(page, (el) => el.tag === 'button' && el.text === 'Copy key', 'Copy key')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).toBe(key)

    await tabTo(page, (el) => el.label === 'Revoke keyboard key', 'Revoke keyboard key')
    await page.keyboard.press('Space')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    await tabTo(page, (el) => el.testid === 'confirm-revoke', 'the confirmation', 10)
    await page.keyboard.press('Enter')
    const row = page.getByRole('row', { name: /keyboard key/ })
    await expect.poll(() => row.getByTestId('key-status').textContent()).toBe('revoked')

    await page.keyboard.press('Shift+Tab') // back from wherever the focus fell
    await tabTo(page, (el) => el.tag === 'button' && el.text === 'Sign out', 'Sign out')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await page.evaluate(async () => (await fetch('/api/keys')).status)).toBe(401)
    await page.context().close()
  })

  it('searches the history, pages through it and downloads a record’s PDF by keyboard, with the total shown', async () => {
    await stack.screen(
      Array.from({ length: 27 }, (_, i) => ({ first_name: `Petr${i + 1}`, last_name: 'Stránkový' })),
    )
    const page = await open()
    await signInByKeyboard(page, USERS.analyst)
    await menuByKeyboard(page, 'History', 'Screening history')
    await tabTo(page, (el) => el.field === 'Name or IČO', 'the search field', 30)
    await page.keyboard.type('stránkový')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('history-total').textContent()).toBe('27 screenings')
    expect(await page.getByTestId('history-shown').textContent()).toBe('(1–25 of 27)')
    expect(await page.getByTestId('history').locator('tbody tr').count()).toBe(25)
    await tabTo(page, (el) => el.tag === 'button' && el.text === 'Next page', 'Next page')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('history-shown').textContent()).toBe('(26–27 of 27)')
    expect(await page.getByTestId('history').locator('tbody tr').count()).toBe(2)
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true)
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'history-paging')
    // Back a page with Shift+Tab and Space.
    await page.keyboard.press('Shift+Tab')
    expect((await focusedElement(page)).text).toBe('Previous page')
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('history-shown').textContent()).toBe('(1–25 of 27)')
    // A record opens with Enter, and its PDF downloads with Enter.
    await tabTo(page, (el) => el.tag === 'button' && /^AML-\d{8}-\d+$/.test(el.text), 'a screening')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').getByTestId('screening-result').waitFor()
    await tabTo(page, (el) => el.testid === 'pdf', 'Download PDF', 10)
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    await page.context().close()
  })

  it('removes a user by keyboard after confirmation, ending their session, and never the last admin', async () => {
    await stack.addUser('zoe', 'analyst', 'zoe’s long passphrase')
    const zoe = await open()
    await signIn(zoe, { name: 'zoe', password: 'zoe’s long passphrase' })
    await zoe.getByRole('heading', { name: 'Screen a client' }).waitFor()

    const page = await open()
    await signInByKeyboard(page, USERS.admin)
    await menuByKeyboard(page, 'Users', 'Console users')
    await page.getByTestId('user-zoe').waitFor()
    await tabTo(page, (el) => el.label === 'Remove zoe', 'Remove zoe')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    expect(await page.getByRole('dialog').textContent()).toContain(
      'Remove zoe (analyst)? Their sessions end at once.',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'user-remove')
    await tabTo(page, (el) => el.testid === 'confirm-remove', 'the confirmation', 10)
    await page.keyboard.press('Enter')
    await page.getByTestId('user-zoe').waitFor({ state: 'detached' })
    // Zoe's next request finds no session: she is back at the sign-in page.
    await zoe.reload()
    await zoe.getByRole('heading', { name: 'Sign in' }).waitFor()

    // eva is the only admin: removing her is refused, and she stays.
    await page.keyboard.press('Shift+Tab')
    await tabTo(page, (el) => el.label === 'Remove eva', 'Remove eva')
    await page.keyboard.press('Enter')
    await tabTo(page, (el) => el.testid === 'confirm-remove', 'the confirmation', 10)
    await page.keyboard.press('Enter')
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe(
      'eva is the last admin and cannot be removed: add another admin first',
    )
    expect(await page.getByTestId('user-eva').count()).toBe(1)
    expect(await accessibilityProblems(page)).toEqual([])
    await zoe.context().close()
    await page.context().close()
  })

  it('disables a user by keyboard after confirmation, and the admin action log shows who did it', async () => {
    await stack.addUser('yara', 'analyst', 'yara’s long passphrase')
    const page = await open()
    await signInByKeyboard(page, USERS.admin)
    await menuByKeyboard(page, 'Users', 'Console users')
    await page.getByTestId('user-yara').waitFor()
    await tabTo(page, (el) => el.label === 'Disable yara', 'Disable yara')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    expect(await page.getByRole('dialog').textContent()).toContain(
      'Disable yara? They cannot sign in and their sessions end at once.',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await tabTo(page, (el) => el.testid === 'confirm-change', 'the confirmation', 10)
    await page.keyboard.press('Enter')
    await page.getByText('User disabled').waitFor()
    // The notice comes first; the list and the log are read again after it.
    await expect
      .poll(() => page.getByTestId('user-yara').textContent(), { timeout: 15_000 })
      .toContain('disabled')
    const newest = page.getByTestId('admin-log').locator('tbody tr').first()
    await expect.poll(() => newest.textContent(), { timeout: 15_000 }).toMatch(/eva.*disabled.*yara/)
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })

  it('can be used by keyboard alone: sign in, reach a page from the menu, screen', async () => {
    const page = await open()
    await page.getByRole('textbox', { name: 'User name', exact: true }).waitFor()
    await page.keyboard.press('Tab') // the language switch comes first
    for (let i = 0; i < 10; i++) {
      if ((await focused(page)).name === 'username') break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.type(USERS.analyst.name)
    await page.keyboard.press('Tab')
    await page.keyboard.type(USERS.analyst.password)
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    // The skip link is the first stop and leads to the content.
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Skip to content')
    await page.getByRole('textbox', { name: 'First name' }).focus()
    await page.keyboard.type('Jan')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Novák')
    await page.keyboard.press('Enter')
    await page.getByTestId('no-hit').waitFor()
    // The menu is links: Tab to "History" and Enter opens it.
    await page.getByRole('link', { name: 'Screening' }).focus()
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('History')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Screening history' }).waitFor()
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })

  it('fits a phone: the menu opens from its button, closes when a page is chosen, and nothing scrolls sideways at 360 px', async () => {
    const page = await open({ viewport: { width: 390, height: 844 }, phone: true })
    await signIn(page, USERS.analyst)
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    // The menu is closed and the form can be tapped.
    expect(await page.getByRole('link', { name: 'History' }).isVisible()).toBe(false)
    await page.getByLabel('Last name').tap()
    expect(await accessibilityProblems(page)).toEqual([])
    const menu = page.getByRole('button', { name: 'Open the menu' })
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await menu.tap()
    await page.getByRole('link', { name: 'History' }).waitFor()
    expect(await page.getByRole('button', { name: 'Close the menu' }).getAttribute('aria-expanded')).toBe(
      'true',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'phone-menu')
    await page.getByRole('link', { name: 'History' }).tap()
    await page.getByRole('heading', { name: 'Screening history' }).waitFor()
    await expect.poll(() => page.getByRole('link', { name: 'History' }).isVisible()).toBe(false)
    await page.getByTestId('history-total').waitFor()
    expect(await accessibilityProblems(page)).toEqual([])

    // At 360 px a screening and its result fit the width.
    await page.setViewportSize({ width: 360, height: 740 })
    await page.getByRole('button', { name: 'Open the menu' }).tap()
    await page.getByRole('link', { name: 'Screening' }).tap()
    await page.getByLabel('First name').fill('Nicolas')
    await page.getByLabel('Last name').fill('Maduro')
    await page.getByRole('button', { name: 'Screen', exact: true }).tap()
    await page.getByTestId('screening-result').waitFor()
    const overflow = await page.evaluate(() => {
      const d = (globalThis as any).document.documentElement
      return d.scrollWidth - d.clientWidth
    })
    expect(overflow).toBe(0)
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'phone-result')
    await page.context().close()
  })

  it('answers an unknown page with its own 404 page, signed in or not', async () => {
    const page = await open()
    const answer = await page.goto(`${stack.url}/no-such-page`)
    expect(answer?.status()).toBe(404)
    expect(answer?.headers()['content-type']).toMatch(/^text\/html/)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    expect(await page.getByTestId('not-found').textContent()).toContain('There is no page at /no-such-page.')
    expect(await accessibilityProblems(page)).toEqual([])
    await page.goto(`${stack.url}/sign-in`)
    await signIn(page, USERS.analyst)
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    await page.goto(`${stack.url}/screening/nothing`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    expect(await page.getByRole('navigation').count()).toBe(1)
    expect(await accessibilityProblems(page)).toEqual([])
    // The API keeps its JSON errors.
    const api = await page.evaluate(async () => {
      const res = await fetch('/api/nothing', { headers: { accept: 'text/html' } })
      return [res.status, res.headers.get('content-type')]
    })
    expect(api[0]).toBe(404)
    expect(api[1]).toMatch(/^application\/json/)
    await page.getByRole('link', { name: 'Go to screening' }).click()
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    await page.context().close()
  })

  it('speaks Czech all the way: codes, reasons and errors, without an English word', async () => {
    const page = await open({ language: 'cs' })
    await page.getByRole('textbox', { name: 'Uživatelské jméno', exact: true }).fill(USERS.analyst.name)
    await page.getByRole('textbox', { name: 'Heslo', exact: true }).fill(USERS.analyst.password)
    await page.getByRole('button', { name: 'Přihlásit' }).click()
    await page.getByRole('heading', { name: 'Prověrka klienta' }).waitFor()

    /** English words (and raw codes) the screen shows, read from the whole page's text. */
    const english = async () => {
      // The rendered text (innerText): what the officer sees, not the hidden nodes; the lists' own
      // words (remarks, programmes) are marked lang="en" and left out.
      const text = await page.evaluate(() => {
        const body = (globalThis as any).document.body.cloneNode(true)
        for (const quoted of body.querySelectorAll('[lang="en"]')) quoted.remove()
        ;(globalThis as any).document.body.append(body)
        body.style.position = 'absolute'
        // biome-ignore lint/performance/useDomNodeTextContent: the words on the screen are the point
        const words = body.innerText as string
        body.remove()
        return words
      })
      return [...new Set(text.match(/[\p{L}_]+/gu) ?? [])].filter(
        (w) => ENGLISH.has(w.toLowerCase()) || /_/.test(w) || CODES.has(w),
      )
    }

    // Maduro without a birth date: a possible match, said why, in Czech.
    await page.getByLabel('Jméno', { exact: true }).fill('Nicolas')
    await page.getByLabel('Příjmení').fill('Maduro')
    await page.getByRole('button', { name: 'Prověřit', exact: true }).click()
    const result = page.getByTestId('screening-result')
    await result.getByTestId('hit').first().waitFor()
    expect(await result.getByTestId('review').textContent()).toMatch(/Možné shody se sankčními seznamy/)
    expect(await result.getByTestId('level-reasons').textContent()).not.toBe('')
    expect(await english()).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])
    await screenshot(page, 'czech-maduro')

    // A company with a wrong IČO check digit: the refusal in Czech.
    await page.getByText('Firma', { exact: true }).click()
    await page.getByLabel('IČO').fill('27082449')
    await page.getByRole('button', { name: 'Prověřit', exact: true }).click()
    // The refusal replaces Maduro's result, whose review box is an alert too until the answer comes.
    await result.waitFor({ state: 'detached' })
    const alert = page.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toBe('IČO: kontrolní číslice má být 0, ne 9')
    expect(await english()).toEqual([])

    // The registers down and an IČO alone: INCOMPLETE, saying no name was screened.
    stack.registersDown(true)
    try {
      await page.getByLabel('IČO').fill('27082440')
      await page.getByRole('button', { name: 'Prověřit', exact: true }).click()
      await result.getByTestId('name-not-checked').waitFor()
      expect(await result.getByTestId('level').first().textContent()).toBe('NEÚPLNÉ')
      expect(await result.getByTestId('review').textContent()).toContain(
        'Sankční seznamy: neprověřil se žádný název firmy — nebyl zadán a rejstřík neodpověděl.',
      )
      expect(await result.getByTestId('subject').textContent()).toBe('IČO 27082440')
      expect(await english()).toEqual([])
      expect(await accessibilityProblems(page)).toEqual([])
      await screenshot(page, 'czech-incomplete')
    } finally {
      stack.registersDown(false)
    }

    // The history and a record from it.
    await page.getByRole('link', { name: 'Historie' }).click()
    await page.getByTestId('history').waitFor()
    expect(await english()).toEqual([])
    // Under the pointer a record's button keeps its text readable: contrast holds in every state.
    await page.getByTestId('history').getByRole('button').first().hover()
    expect(await accessibilityProblems(page)).toEqual([])
    await page.getByTestId('history').getByRole('button').first().click()
    await page.getByRole('dialog').getByTestId('screening-result').waitFor()
    expect(await english()).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })

  it('sends its scripts compressed and split per page, and draws the sign-in page cold with under 300 ms of work on its main thread', async () => {
    // Cold: a fresh profile (no cache), the pages' scripts not yet asked for, three times. The aim
    // is the page on screen in under 500 ms on a quiet machine; of that, the app decides its main
    // thread's work (scripts, style, layout), counted here in the thread's CPU, which the shared
    // machine's load stretches far less than the wall time: 96–113 ms alone or beside three busy
    // loops, 133–148 ms in this file beside another browser test, where the wall time went from
    // 250 ms to 1.4 s in a full suite. Under 300 ms leaves the rest of the 500 ms to the network
    // and the paint. The wall time is printed here and measured against the aim, beside a bare
    // page, by `npm run bench:console`; React's development build is refused by web-build.test.ts.
    const times: number[] = []
    const mainThread: number[] = []
    let sent: { url: string; encoding: string | undefined; bytes: number }[] = []
    for (let i = 0; i < 3; i++) {
      const cold = await browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' })
      const signIn = await cold.newPage()
      const responses: Promise<{ url: string; encoding: string | undefined; bytes: number }>[] = []
      signIn.on('response', (res) => {
        if (!res.url().includes('/assets/')) return
        responses.push(
          res
            .request()
            .sizes()
            .then((sizes) => ({
              url: res.url(),
              encoding: res.headers()['content-encoding'],
              bytes: sizes.responseBodySize,
            })),
        )
      })
      const cpu = await countMainThreadCpu(signIn)
      const started = performance.now()
      await signIn.goto(`${stack.url}/sign-in`)
      await signIn.getByRole('textbox', { name: /User name|Uživatelské jméno/ }).waitFor()
      times.push(Math.round(performance.now() - started))
      mainThread.push(Math.round((await cpu()).taskMs))
      await signIn.waitForLoadState('networkidle')
      sent = await Promise.all(responses)
      await cold.close()
    }
    const scripts = sent.filter((r) => r.url.endsWith('.js'))
    const first = scripts.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url))!
    console.info(
      `console sign-in page, cold: ${times.join(', ')} ms, main thread ${mainThread.join(', ')} ms of CPU (load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores); scripts sent: ${scripts
        .map((r) => `${r.url.split('/').pop()} ${r.bytes} B ${r.encoding}`)
        .join(', ')}`,
    )
    expect(sent.every((r) => r.encoding === 'br')).toBe(true)
    expect(first.bytes).toBeLessThanOrEqual(250 * 1024)
    // The pages behind the sign-in are their own scripts, not loaded to sign in.
    expect(scripts.some((r) => /\/(History|Keys|Screening)-/.test(r.url))).toBe(false)
    expect(Math.min(...mainThread)).toBeLessThan(300)
  })

  it('finds "Nováková" by "novakova", filters the history by who screened, and exports it as CSV', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.getByLabel('First name').fill('Jana')
    await page.getByLabel('Last name').fill('Nováková')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('screening-result').waitFor()
    await page.getByRole('link', { name: 'History' }).click()
    await page.getByTestId('history').waitFor()
    await page.getByLabel('Name or IČO').fill('novakova')
    await page.getByLabel('Screened by').fill('adam')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.getByTestId('history-total').textContent()).toMatch(/^[1-9]\d* screenings$/)
    const rows = page.getByTestId('history').locator('tbody tr')
    // The list shows the unfiltered rows (eva's too) until the filtered ones come.
    await expect
      .poll(async () => (await rows.allTextContents()).every((row) => row.endsWith('adam')), {
        timeout: 15_000,
      })
      .toBe(true)
    expect(await rows.first().textContent()).toContain('Jana Nováková')
    for (const row of await rows.all()) expect(await row.textContent()).toMatch(/adam$/)
    await page.getByLabel('Screened by').fill('eva')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.getByTestId('history-total').textContent()).toBe('0 screenings')
    await page.getByLabel('Screened by').fill('adam')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => page.getByTestId('history-total').textContent()).not.toBe('0 screenings')
    expect(await accessibilityProblems(page)).toEqual([])
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()])
    expect(download.suggestedFilename()).toMatch(/^screenings-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8')
    // A byte-order mark and ";" between cells, as Czech spreadsheets read them.
    expect(
      csv.startsWith('\uFEFFscreening_id;created_at;subject;subject_type;risk_level;screened_by\r\n'),
    ).toBe(true)
    const lines = csv.trim().split('\r\n').slice(1)
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.every((l) => l.endsWith(';adam'))).toBe(true)
    expect(lines.some((l) => l.includes(';Jana Nováková;person;'))).toBe(true)
    await screenshot(page, 'history-filtered')
    await page.context().close()
  })

  it('prints only the screening record: no menu, no form', async () => {
    const page = await open()
    await signIn(page, USERS.analyst)
    await page.getByLabel('First name').fill('Jan')
    await page.getByLabel('Last name').fill('Novák')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('screening-result').waitFor()
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('navigation').isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Screen', exact: true }).isVisible()).toBe(false)
    expect(await page.getByTestId('screening-result').isVisible()).toBe(true)
    expect(await page.getByText('Gatehouse — Screening record — adam').isVisible()).toBe(true)
    // The printout names the subject and keeps the level's badge in its colour.
    expect(await page.getByTestId('subject').isVisible()).toBe(true)
    expect(await page.getByTestId('subject').textContent()).toBe('Jan Novák')
    const badge = page.getByTestId('screening-result').getByTestId('level').first()
    expect(await badge.isVisible()).toBe(true)
    expect(
      await badge.evaluate((el) => {
        const style = (globalThis as any).getComputedStyle(el)
        return [style.printColorAdjust, style.backgroundColor]
      }),
    ).toEqual(['exact', expect.not.stringMatching(/^(transparent|rgba\(0, 0, 0, 0\))$/)])
    await page.context().close()
  })
})
