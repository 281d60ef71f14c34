/** Adds the case pages' texts (case-texts.ts) to the app's, once, when the first of them loads. */
import i18next from 'i18next'
import { casesCs, casesEn } from './case-texts.ts'

i18next.addResourceBundle('en', 'translation', casesEn, true, false)
i18next.addResourceBundle('cs', 'translation', casesCs, true, false)
