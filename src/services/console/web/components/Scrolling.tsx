/**
 * A wide table on a narrow screen: it scrolls sideways inside this region, which the keyboard can
 * focus and scroll (axe's scrollable-region-focusable) and a screen reader names.
 */
import type { ReactNode } from 'react'

export function Scrolling({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}
