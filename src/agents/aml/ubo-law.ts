/**
 * Which reading of "beneficial owner" (skutečný majitel) applies on the day judged, for the two
 * agents that decide one (aml/ubo_analysis, legal-aml/ubo_verification).
 *
 * From 2022-10-01 zákon 37/2021 Sb., § 4 as reworded by zákon 245/2022 Sb. (cz-37-2021-s4-5): more
 * than 25 % of the shares, votes or profit, directly or indirectly, or decisive influence in the
 * corporations that hold more than 25 %, or decisive influence by other means. Before it, the
 * wording that applied is not held here — zákon 37/2021 Sb. as first enacted (from 2021-06-01), with
 * the "koncový příjemce", the "osoba s koncovým vlivem" and its own rules for chains (§ 4 odst. 2–4),
 * and before that zákon 253/2008 Sb., § 4 odst. 4 — so a day before 2022-10-01 names no beneficial
 * owner by itself: the answer cites the entry in force and leaves the owners to a person.
 */
import { errors } from '../../kit/errors.ts'
import type { Texts } from '../lang.ts'

/** The day zákon 245/2022 Sb. reworded § 4 (the change the register gives for cz-37-2021-s4-5). */
const AMENDED_FROM = '2022-10-01'
/** The day zákon 37/2021 Sb. took effect; the AML Act defined the beneficial owner until then. */
const ESM_ACT_FROM = '2021-06-01'
/** The day zákon 253/2008 Sb. took effect: the register holds no definition before it. */
const AML_ACT_FROM = '2008-09-01'

export const ESM = 'cz-37-2021-s4-5'
const AML_ACT_UBO = 'cz-253-2008-s4-4'
/** The register entries of the definition, whichever is in force on the day judged. */
export const UBO_LAW = [ESM, AML_ACT_UBO] as const

export type UboLaw =
  | { held: true; entry: typeof ESM }
  | { held: false; entry: (typeof UBO_LAW)[number]; reason: Texts }

/** The definition in force on `at` (YYYY-MM-DD); a day before the AML Act is a 400 on `as_of`. */
export function uboLawOn(at: string): UboLaw {
  if (at < AML_ACT_FROM) throw errors.invalid('as_of', `must be on or after ${AML_ACT_FROM}`)
  if (at >= AMENDED_FROM) return { held: true, entry: ESM }
  if (at >= ESM_ACT_FROM)
    return {
      held: false,
      entry: ESM,
      reason: {
        cs: `ke dni ${at} platilo původní znění zákona 37/2021 Sb. (před zákonem 245/2022 Sb., účinným od 2022-10-01): skutečným majitelem byl koncový příjemce nebo osoba s koncovým vlivem a pro řetězení platila vlastní pravidla § 4 odst. 2–4, jejichž text zde není; skutečné majitele posoudí pracovník`,
        en: `on ${at} zákon 37/2021 Sb. applied in its original wording (before zákon 245/2022 Sb., in force from 2022-10-01): the beneficial owner was the koncový příjemce or the osoba s koncovým vlivem, with rules of its own for chains (§ 4 odst. 2–4) whose text is not held here; the beneficial owners are to be assessed by a person`,
      },
    }
  return {
    held: false,
    entry: AML_ACT_UBO,
    reason: {
      cs: `ke dni ${at} zákon 37/2021 Sb. ještě neplatil (účinný od ${ESM_ACT_FROM}): skutečného majitele vymezoval zákon 253/2008 Sb., § 4 odst. 4, jehož tehdejší znění zde není; skutečné majitele posoudí pracovník`,
      en: `on ${at} zákon 37/2021 Sb. was not yet in force (from ${ESM_ACT_FROM}): zákon 253/2008 Sb., § 4 odst. 4 defined the beneficial owner, in a wording not held here; the beneficial owners are to be assessed by a person`,
    },
  }
}
