import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { contrast, readableLightVariants, readableOn } from './readable-colours.ts'

describe('the light variants’ text colour', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, createTheme({ primaryColor: 'blue', primaryShade: 8 }))
  const light = readableLightVariants(theme).light

  it('is needed: Mantine’s own shade 9 on shade 2 is under 4.5:1 for blue, orange and yellow', () => {
    for (const name of ['blue', 'orange', 'yellow']) {
      const shades = theme.colors[name]!
      expect(contrast(shades[9], shades[2])).toBeLessThan(4.5)
    }
  })

  it('reads at 4.5:1 or more on the light background and under the pointer, in every colour', () => {
    for (const [name, shades] of Object.entries(theme.colors)) {
      const text = light[`--mantine-color-${name}-light-color`]!
      expect(contrast(text, shades[1]), name).toBeGreaterThanOrEqual(4.5)
      expect(contrast(text, shades[2]), name).toBeGreaterThanOrEqual(4.5)
      expect(text, name).not.toBe('#000000')
    }
  })

  it('keeps a colour that already reads, and darkens one that does not only as far as it must', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000')
    expect(readableOn('#1864ab', '#ffffff')).toBe('#1864ab')
    const darkened = readableOn('#1864ab', '#a5d8ff')
    expect(contrast(darkened, '#a5d8ff')).toBeGreaterThanOrEqual(4.5)
    expect(contrast(darkened, '#a5d8ff')).toBeLessThan(5.5)
  })

  it('works out the WCAG ratio: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrast('#a5d8ff', '#a5d8ff')).toBe(1)
  })
})
