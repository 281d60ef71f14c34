import '@mantine/core/styles.css'
import 'uplot/dist/uPlot.min.css'
import './console.css'
import './i18n.ts'
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'

// Shade 8 of the primary colour keeps white text on buttons above 4.5:1 contrast (WCAG AA);
// dialogs appear without animation for people who ask their system for reduced motion. A dialog's
// title bar is a <div>, not Mantine's <header>: a second banner landmark beside the page's own
// header (axe's landmark-no-duplicate-banner and landmark-unique).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  respectReducedMotion: true,
  components: { ModalHeader: { defaultProps: { component: 'div' } } },
})

// The light and subtle variants draw blue-9 text (#1864ab) on blue-1 (#d0ebff) and, under the
// pointer, on blue-2 (#a5d8ff): 4.0:1, below the 4.5:1 WCAG AA asks of text in every state. One
// shade lighter each keeps the hover visible and the text readable: 5.5:1 on blue-0, 4.9:1 on blue-1.
const readableLightVariants: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={readableLightVariants} defaultColorScheme="light">
      <App />
    </MantineProvider>
  </StrictMode>,
)
