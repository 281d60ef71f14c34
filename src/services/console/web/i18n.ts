/** Czech (default) and English; the choice is kept in localStorage and set as <html lang>. */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { cs, en, type Tree } from './texts.ts'

export const LANGUAGES = ['cs', 'en'] as const
const STORED = 'gatehouse-console-language'

function initial(): string {
  const stored = localStorage.getItem(STORED)
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored
  return navigator.language.toLowerCase().startsWith('en') ? 'en' : 'cs'
}

export function setLanguage(language: string): void {
  localStorage.setItem(STORED, language)
  void i18next.changeLanguage(language)
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language
})

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en as Tree }, cs: { translation: cs as Tree } },
  lng: initial(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
})
document.documentElement.lang = i18next.language
