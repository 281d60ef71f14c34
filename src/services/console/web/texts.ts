/**
 * The console's texts in English and Czech: the app's (through i18next) and the backend's, which
 * prints the screening record as a document (record-html.ts) with the same words.
 */
import { adminCs, adminEn } from './texts/admin.ts'
import { baseCs, baseEn } from './texts/base.ts'
import { codesCs, codesEn } from './texts/codes.ts'
import { screeningCs, screeningEn } from './texts/screening.ts'

export const en = { ...baseEn, ...codesEn, ...screeningEn, ...adminEn }

export type Tree = { [k: string]: string | Tree }

export const cs: typeof en = { ...baseCs, ...codesCs, ...screeningCs, ...adminCs }
