import '@mantine/core/styles.css'
import 'uplot/dist/uPlot.min.css'
import './console.css'
import './i18n.ts'
import { createTheme, MantineProvider } from '@mantine/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { readableLightVariants } from './readable-colours.ts'

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={readableLightVariants} defaultColorScheme="light">
      <App />
    </MantineProvider>
  </StrictMode>,
)
