/**
 * API keys and a screening's follow-up in a real browser (Debian's Chromium through
 * playwright-core), against the console, the gateway and the AML service: an empty key list says
 * so; a key is issued with its tier, limits and expiry and shown once; its usage counts every
 * request made with it (a 404 too) and is refreshed on demand with the time of the reading; keys
 * are found by name or prefix; a rotation shows the new key once while the old one works through
 * the chosen grace period. On the screening page a result with hits links to its case and the
 * client is enrolled in monitoring. In English on a desktop and in Czech on a phone (390×844),
 * every state passes axe without a critical, serious or moderate violation.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { haveLists } from '../aml/lists.ts'
import { haveChromium, launchChromium } from '../support/chromium.ts'
import { axeViolations, type Language, openPage } from './pages.ts'
import { type ConsoleStack, startConsoleStack, USERS } from './stack.ts'

const PHONE = { width: 390, height: 844 }
/** Words that give away English on a Czech screen (as the main browser test reads them). */
const ENGLISH = new Set(
  'the of and is not no key keys match list status name active revoked expired rotating rotate refresh usage never hour hours days grace enrol enrolled monitoring case open free basic enterprise per day minute search'.split(
    ' ',
  ),
)

describe.skipIf(!haveLists || !haveChromium)('API keys and screening follow-up in a browser', () => {
  let stack: ConsoleStack
  let browser: Browser

  beforeAll(async () => {
    ;[stack, browser] = await Promise.all([startConsoleStack(), launchChromium()])
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await stack?.close()
  })

  function open(language: Language, viewport = { width: 1280, height: 900 }): Promise<Page> {
    return openPage(browser, `${stack.url}/`, { language, viewport, timeoutMs: 20_000 })
  }

  async function signIn(page: Page, who: { name: string; password: string }, language: Language) {
    const [name, password, button] =
      language === 'en' ? ['User name', 'Password', 'Sign in'] : ['Uživatelské jméno', 'Heslo', 'Přihlásit']
    await page.getByRole('textbox', { name, exact: true }).fill(who.name)
    await page.getByRole('textbox', { name: password, exact: true }).fill(who.password)
    await page.getByRole('button', { name: button, exact: true }).click()
    // The user's name is in the header (hidden on a phone, so only attached there).
    await page.getByTestId('who').waitFor({ state: 'attached' })
  }

  /** axe-core's critical, serious and moderate violations. */
  const accessibilityProblems = (page: Page) => axeViolations(page, ['critical', 'serious', 'moderate'])

  /**
   * English words on a Czech screen, from the rendered text; the lists' own words (marked
   * lang="en") are left out, and key prefixes (gk_…) are identifiers, not words.
   */
  async function english(page: Page): Promise<string[]> {
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
      (w) => !w.startsWith('gk_') && (ENGLISH.has(w.toLowerCase()) || /_/.test(w)),
    )
  }

  /** Whether the page scrolls sideways (a phone layout must not). */
  const overflows = (page: Page) =>
    page.evaluate(() => {
      const doc = (globalThis as any).document.documentElement
      return doc.scrollWidth > doc.clientWidth
    })

  it('says when there is no key, issues one with tier, limits and expiry, counts its 404 in the usage and refreshes it', async () => {
    const page = await open('en')
    await signIn(page, USERS.admin, 'en')
    await page.getByRole('link', { name: 'API keys' }).click()
    const empty = page.getByTestId('keys-empty')
    expect(await empty.textContent()).toBe('No API keys yet. Create the first one with the form above.')
    expect(await accessibilityProblems(page)).toEqual([])

    await page.getByLabel('Name').first().fill('Acme KYC')
    await page.getByRole('combobox', { name: 'Tier' }).click()
    await page.getByRole('option', { name: 'Basic' }).click()
    await page.getByLabel('Valid for (days)').fill('30')
    await page.getByLabel('Requests per day').fill('500')
    await page.getByLabel('Requests per minute').fill('20')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const key = (await page.getByTestId('new-key-value').textContent())!
    expect(key).toMatch(/^gk_\w{20,}/)
    const row = page.getByRole('row', { name: /Acme KYC/ })
    await row.waitFor()
    const cells = await row.getByRole('cell').allTextContents()
    expect(cells.slice(0, 6)).toEqual(['Acme KYC', key.slice(0, 12), 'active', 'Basic', '500', '20'])
    const expires = new Date(Date.now() + 30 * 86_400_000)
    expect(await row.getByTestId('key-expires').textContent()).toContain(String(expires.getFullYear()))
    expect(await row.getByTestId('key-last-used').textContent()).toBe('never')
    expect(await accessibilityProblems(page)).toEqual([])

    // A call that works and one to a route that does not exist: both are the key's usage.
    expect(await stack.callGateway('/api/agents', key)).toBe(200)
    expect(await stack.callGateway('/api/no/such/route', key)).toBe(404)
    await row.getByRole('button', { name: 'Usage Acme KYC', exact: true }).click()
    const usage = page.getByTestId('usage')
    await usage.getByTestId('usage-total').waitFor()
    await expect
      .poll(
        async () => {
          await usage.getByRole('button', { name: 'Refresh' }).click()
          await usage
            .getByRole('button', { name: 'Refresh' })
            .and(page.locator(':not([data-loading])'))
            .waitFor()
          return usage.getByTestId('usage-total').textContent()
        },
        { timeout: 20_000 },
      )
      .toBe('Requests: 2')
    expect(await usage.getByTestId('usage-refreshed').textContent()).toMatch(
      /^Updated at \d{1,2}:\d{2}:\d{2}.*; read again every 30 seconds$/,
    )
    expect(await page.getByTestId('chart').first().getAttribute('aria-label')).toBe(
      'By status: 200: 1, 404: 1',
    )
    expect(await page.getByTestId('chart').nth(1).getAttribute('aria-label')).toContain(
      'routes that do not exist: 1',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await page.keyboard.press('Escape')
    await usage.waitFor({ state: 'detached' })
    await page.reload()
    await row.waitFor()
    expect(await row.getByTestId('key-last-used').textContent()).not.toBe('never')

    // Search by name (case ignored) and by prefix; nothing found says so.
    const search = page.getByRole('searchbox', { name: 'Search by name or prefix' })
    await search.fill('acme')
    await expect.poll(() => page.getByTestId('keys').getByRole('row').count(), { timeout: 20_000 }).toBe(2)
    await search.fill(key.slice(0, 10))
    await expect.poll(() => page.getByTestId('keys').getByRole('row').count(), { timeout: 20_000 }).toBe(2)
    await search.fill('nobody')
    expect(await page.getByTestId('keys-empty').textContent()).toBe(
      'No key’s name or prefix contains “nobody”.',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })

  it('rotates a key: the new one shown once, the old one working through the grace period; with none it stops at once', async () => {
    const page = await open('en')
    await signIn(page, USERS.admin, 'en')
    await page.getByRole('link', { name: 'API keys' }).click()
    await page.getByLabel('Name').first().fill('Partner feed')
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const oldKey = (await page.getByTestId('new-key-value').textContent())!
    const oldRow = page
      .getByTestId('keys')
      .getByRole('row')
      .filter({ hasText: oldKey.slice(0, 12) })

    await oldRow.getByRole('button', { name: 'Rotate Partner feed', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Rotate key Partner feed' })
    await dialog.waitFor()
    expect(await dialog.getByRole('combobox', { name: 'Grace period of the old key' }).inputValue()).toBe(
      '24 hours',
    )
    expect(await accessibilityProblems(page)).toEqual([])
    await dialog.getByTestId('confirm-rotate').click()
    await dialog.waitFor({ state: 'detached' })
    const newKey = (await page.getByTestId('new-key-value').textContent())!
    expect(newKey).toMatch(/^gk_\w{20,}/)
    expect(newKey).not.toBe(oldKey)
    expect(await page.getByTestId('new-key').textContent()).toContain('The new key for Partner feed')
    expect(await page.getByTestId('new-key-note').textContent()).toMatch(
      new RegExp(`^The old key ${oldKey.slice(0, 12)} works until .+\\.$`),
    )
    await expect
      .poll(() => oldRow.getByTestId('key-status').textContent(), { timeout: 20_000 })
      .toBe('rotating')
    const newRow = page
      .getByTestId('keys')
      .getByRole('row')
      .filter({ hasText: newKey.slice(0, 12) })
    expect(await newRow.getByTestId('key-status').textContent()).toBe('active')
    expect(await oldRow.getByRole('button', { name: 'Rotate Partner feed', exact: true }).count()).toBe(0)
    expect(await stack.callGateway('/api/agents', oldKey)).toBe(200)
    expect(await stack.callGateway('/api/agents', newKey)).toBe(200)
    expect(await accessibilityProblems(page)).toEqual([])

    // The new key rotated with no grace: it is refused at once.
    await newRow.getByRole('button', { name: 'Rotate Partner feed', exact: true }).click()
    await dialog.getByRole('combobox', { name: 'Grace period of the old key' }).click()
    await dialog.getByRole('option', { name: 'none: the old key stops at once' }).click()
    await dialog.getByTestId('confirm-rotate').click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByTestId('new-key-note').textContent()).toBe(
      `The old key ${newKey.slice(0, 12)} is refused from now on.`,
    )
    await expect
      .poll(() => newRow.getByTestId('key-status').textContent(), { timeout: 20_000 })
      .toBe('expired')
    expect(await stack.callGateway('/api/agents', newKey)).toBe(403)
    await page.context().close()
  })

  it('on a phone, in Czech: the keys page, a rotation dialog and the usage fit the screen, without an English word', async () => {
    const page = await open('cs', PHONE)
    await signIn(page, USERS.admin, 'cs')
    await page.getByRole('button', { name: 'Otevřít nabídku' }).click()
    await page.getByRole('link', { name: 'API klíče' }).click()
    await page.getByRole('heading', { name: 'API klíče', level: 2 }).waitFor()
    await page.getByLabel('Název').first().fill('Pobočka Brno')
    await page.getByRole('button', { name: 'Vytvořit', exact: true }).click()
    await page.getByTestId('new-key-value').waitFor()
    const row = page.getByRole('row', { name: /Pobočka Brno/ })
    await row.waitFor()
    expect(await row.getByTestId('key-last-used').textContent()).toBe('dosud nikdy')
    expect(await overflows(page)).toBe(false)
    expect(await english(page)).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])

    await row.getByRole('button', { name: 'Vyměnit Pobočka Brno', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Výměna klíče Pobočka Brno' })
    await dialog.waitFor()
    expect(await dialog.getByRole('combobox', { name: 'Přechodná doba starého klíče' }).inputValue()).toBe(
      '24 hodin',
    )
    expect(await english(page)).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    await row.getByRole('button', { name: 'Využití Pobočka Brno', exact: true }).click()
    await page.getByTestId('usage-total').waitFor()
    expect(await page.getByTestId('usage-refreshed').textContent()).toMatch(/^Aktualizováno v /)
    expect(await english(page)).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.getByRole('searchbox', { name: 'Hledat podle názvu nebo prefixu' }).fill('nikdo')
    expect(await page.getByTestId('keys-empty').textContent()).toBe(
      'Název ani prefix žádného klíče neobsahuje „nikdo“.',
    )
    expect(await overflows(page)).toBe(false)
    expect(await english(page)).toEqual([])
    await page.context().close()
  })

  it('links a screening with hits to its case and enrols the client in monitoring, which the page then shows', async () => {
    const page = await open('en')
    await signIn(page, USERS.analyst, 'en')
    await page.getByRole('heading', { name: 'Screen a client' }).waitFor()
    await page.getByLabel('First name').fill('Nicolas')
    await page.getByLabel('Last name').fill('Maduro')
    await page.getByLabel('Date of birth').fill('1962-11-23')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    const followUp = page.getByTestId('follow-up')
    await followUp.waitFor()
    const link = followUp.getByRole('link', { name: /^open case AMLC-\d{8}-\d+$/ })
    const caseId = (await link.textContent())!.replace('open case ', '')
    expect(await accessibilityProblems(page)).toEqual([])

    await followUp.getByLabel('Client number').fill('C-1001')
    await followUp.getByRole('button', { name: 'Enrol in monitoring' }).click()
    const enrolled = followUp.getByTestId('enrolled')
    await enrolled.waitFor()
    expect(await enrolled.textContent()).toBe('MonitoredEnrolled in monitoring as client number C-1001.')
    expect(await followUp.getByRole('button', { name: 'Enrol in monitoring' }).count()).toBe(0)
    expect(await accessibilityProblems(page)).toEqual([])

    await link.click()
    await page.getByRole('heading', { name: new RegExp(caseId) }).waitFor()
    expect(page.url()).toMatch(new RegExp(`/cases/${caseId}$`))

    // A screening without hits opens no case: no link, and it can still be enrolled.
    await page.getByRole('link', { name: 'Screening' }).click()
    await page.getByLabel('First name').fill('Zdeňka')
    await page.getByLabel('Last name').fill('Nepodezřelá')
    await page.getByRole('button', { name: 'Screen', exact: true }).click()
    await page.getByTestId('screening-result').waitFor()
    await page.getByTestId('follow-up').waitFor()
    expect(await page.getByTestId('case-link').count()).toBe(0)
    await page.context().close()
  })

  it('on a phone, in Czech: the follow-up of a screening with hits fits the screen, without an English word', async () => {
    const page = await open('cs', PHONE)
    await signIn(page, USERS.analyst, 'cs')
    await page.getByLabel('Jméno', { exact: true }).fill('Nicolas')
    await page.getByLabel('Příjmení').fill('Maduro')
    await page.getByLabel('Datum narození').fill('1962-11-23')
    await page.getByRole('button', { name: 'Prověřit', exact: true }).click()
    const followUp = page.getByTestId('follow-up')
    await followUp.getByRole('link', { name: /^otevřít případ AMLC-/ }).waitFor()
    await followUp.getByLabel('Číslo klienta').fill('K-77')
    await followUp.getByRole('button', { name: 'Zařadit do monitoringu' }).click()
    expect(await followUp.getByTestId('enrolled').textContent()).toBe(
      'MonitorovánZařazen do monitoringu pod číslem klienta K-77.',
    )
    expect(await overflows(page)).toBe(false)
    expect(await english(page)).toEqual([])
    expect(await accessibilityProblems(page)).toEqual([])
    await page.context().close()
  })
})
