import { type CSSVariablesResolver, darken, luminance } from '@mantine/core'

/** WCAG 2.2 AA's least contrast for text of normal size (success criterion 1.4.3). */
const AA_TEXT = 4.5

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** `text` darkened in steps of 5 % until it reads at 4.5:1 on `background` (black at worst). */
export function readableOn(text: string, background: string): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? text : darken(text, step * 0.05)
    if (contrast(candidate, background) >= AA_TEXT) return candidate
  }
  return '#000000'
}

/**
 * Mantine 9 draws the light and subtle variants (alerts, light badges, subtle buttons) in shade 9
 * on shade 1, and on shade 2 under the pointer: 4.0:1 for blue, 3.6:1 for orange, 2.5:1 for yellow,
 * under the 4.5:1 WCAG AA asks of text in every state. Each colour's text is its shade 9, darkened
 * only as far as it must be to read on shade 2, so the hover stays visible and the hue stays.
 */
export const readableLightVariants: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      readableOn(shades[9], shades[2]),
    ]),
  ),
  dark: {},
})
