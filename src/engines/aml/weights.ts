/**
 * The scoring configuration of the screening engine: the decision threshold and every weight the
 * scorer uses. Each is visible in explanations through the features it produces.
 */

/** Default decision threshold on the 0..1 match score (calibrated on test/aml/cases.json). */
export const DEFAULT_THRESHOLD = 0.86

/** Names passed from the candidate index to the scorer per query. */
export const DEFAULT_MAX_CANDIDATES = 100

export const WEIGHTS = {
  /** Unmatched query tokens count at this share of their weight (yente logic-v2: 0.8). */
  extraQuery: 0.8,
  /** Unmatched list tokens count at this share (yente: 0.2). */
  extraList: 0.2,
  /** Family-name tokens of a person query weigh this much more (yente: 1.3). */
  familyName: 1.3,
  /** A token pair below this similarity is not a match. */
  minPair: 0.85,
  /** Phonetic-key agreement is worth this (exact folded spelling is worth 1). */
  phonetic: 0.97,
  /**
   * Fuzzy (Jaro-Winkler) agreement counts `1 - fuzzySlope·(1 - jw)`: JW is lenient (two different
   * six-letter names often score 0.8), so its scale is stretched; 0.95 counts 0.9, 0.85 counts 0.7.
   */
  fuzzySlope: 2,
  /** Tokens whose lengths differ (ratio below 0.9) lose this share of the difference (Watchman). */
  lengthPenalty: 0.3,
  /** Unmatched list family names (the client did not write the family name) cost this share. */
  extraListFamily: 0.5,
  /**
   * An unmatched list family name when the client wrote another family name of the same list
   * name: the second surname of Spanish and Portuguese names ("MADURO MOROS"), left out in
   * everyday use, costs what any other extra list word costs.
   */
  extraSecondFamily: 0.2,
  /**
   * When every word of the query is matched and a family name is among them, the list name's
   * other words are the parts people leave out in everyday use — middle names, second
   * surnames ("Luis CIFUENTES" for "Luis Eduardo CIFUENTES GALINDO") — and cost this share.
   */
  extraOptional: 0.1,
  /** Particles (al, bin, de, van …) left out on either side cost this share: "Bashar Assad" is "Bashar al-Assad". */
  extraParticle: 0.05,
  /**
   * One letter inserted, dropped or two neighbours swapped ("Adb"/"Abd", "Arefullaha"/"Arefullah"):
   * worth `editLong` for words of seven letters or more, `edit` for five or six, `editShort`
   * for three or four, and `editParticle` for a particle with a stray letter ("xal"/"al").
   */
  editLong: 0.95,
  edit: 0.92,
  editShort: 0.85,
  editParticle: 0.8,
  /** A given name against its other-gender form: a match of the name, a mismatch of the person ("Alexandr"/"Alexandra", "Jan"/"Jana"). */
  gender: 0.5,
  /** Fuzzy agreement of short tokens (4 letters or fewer) is worth this much less: JW is unreliable there. */
  shortToken: 0.1,
  /** Unmatched patronymics (-ovich, -ovna …) cost this share of their weight. */
  extraPatronymic: 0.05,
  /** An initial against a name that starts with it. */
  initial: 0.85,
  /** A Czech feminine surname against its masculine stem. */
  feminine: 0.95,
  /** Arabic-script consonant skeleton agreement. */
  consonants: 0.9,
  /** Company legal forms of different classes (s.r.o. vs a.s.). */
  legalFormMismatch: -0.05,
  /**
   * Generic words of company names (holding, group, trading …: data/aml/generic-words.json) weigh
   * this share of their rarity in company matching: they say what a company is, not which one.
   */
  genericWord: 0.2,
  /**
   * The most a company match resting on generic words alone scores (no other word of the query
   * matched) unless both names are the same generic words: under any threshold the service takes
   * (0.5 to 1), so "Holding a.s." is never a hit on "OJSC N Holding".
   */
  genericOnlyCap: 0.4,
  birthDate: {
    exact: 0.05,
    sameYear: 0.02,
    nearYear: -0.03,
    monthDiffers: -0.08,
    dayDiffers: -0.05,
    far: -0.2,
  },
  country: { nationality: 0.03, residence: 0.01, mismatch: -0.08 },
} as const

/** The least score a graded (fuzzy, phonetic, feminine, consonant) token pair needs: `minPair` on the stretched scale. */
export const MIN_GRADED_PAIR = 1 - WEIGHTS.fuzzySlope * (1 - WEIGHTS.minPair)
