/**
 * Golden cases of the real-estate agents: the ownership sheet (katastrální zákon, vyhláška
 * 357/2013 Sb. and the civil code's sections on liens, bans and easements), the pre-purchase
 * checklist (PENB under zákon 406/2000 Sb. § 7a, kolaudace under zákon 183/2006 Sb. until
 * 30 June 2024 and zákon 283/2021 Sb. from 1 July 2024, the cash limit of zákon 254/2004 Sb.), the
 * ČNB limits for investment mortgages from 1 April 2026, and the market estimates from asking prices
 * — which are not the obvyklá cena of zákon 151/1997 Sb. § 2 (that one compares agreed prices).
 * Cases that value flats need the shared listing snapshot of 12 Apr 2024 (needs_listings).
 */
import { approx, type GoldenFile, mentions } from './format.ts'

/** The header and part A of a sheet: Jan Novák owns a flat in Vinohrady. */
const HEAD = [
  'VÝPIS Z KATASTRU NEMOVITOSTÍ',
  'prokazující stav evidovaný k datu 12.05.2025 08:00:00',
  'Okres: CZ0100 Hlavní město Praha Obec: 554782 Praha',
  'Kat.území: 727181 Vinohrady List vlastnictví: 1234',
  'A Vlastník, jiný oprávněný Identifikátor Podíl',
  'Vlastnické právo',
].join('\n')

/** A clean sheet: parts B1, C and D "Bez zápisu". */
const CLEAN = `${HEAD}\n${[
  'Novák Jan, Korunní 810/104, Vinohrady, 10100 Praha 10 750101/1236',
  'B Nemovitosti',
  'Jednotky',
  '810/12 byt 1234/98765',
  'B1 Věcná práva sloužící ve prospěch nemovitostí v části B - Bez zápisu',
  'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů - Bez zápisu',
  'D Poznámky a další obdobné údaje - Bez zápisu',
  'E Nabývací tituly a jiné podklady zápisu',
  'Listina Kupní smlouva ze dne 03.02.2015. Právní účinky zápisu k okamžiku 04.02.2015.',
].join('\n')}`

/** An enforcement order (exekuční příkaz) noted in part D. */
const EXECUTION = `${HEAD}\n${[
  'Novák Jan, Korunní 810/104, Vinohrady, 10100 Praha 10 750101/1236',
  'B Nemovitosti',
  '810/12 byt 1234/98765',
  'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů - Bez zápisu',
  'D Poznámky a další obdobné údaje',
  'o Exekuční příkaz k prodeji nemovitosti',
  'Povinnost k Novák Jan',
  'E Nabývací tituly a jiné podklady zápisu',
].join('\n')}`

/** Only a bank's contractual lien in part C. */
const MORTGAGE = `${HEAD}\n${[
  'Novák Jan, Korunní 810/104, Vinohrady, 10100 Praha 10 750101/1236',
  'B Nemovitosti',
  '810/12 byt 1234/98765',
  'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů',
  'o Zástavní právo smluvní',
  'pohledávka ve výši 4 000 000,- Kč',
  'Oprávnění pro Česká spořitelna, a.s., Olbrachtova 1929/62, Krč, 14000 Praha 4, RČ/IČO: 45244782',
  'D Poznámky a další obdobné údaje - Bez zápisu',
].join('\n')}`

/** A repurchase right reserved by the former seller in part C: a burden the review table has no type for. */
const REPURCHASE = `${HEAD}\n${[
  'Novák Jan, Korunní 810/104, Vinohrady, 10100 Praha 10 750101/1236',
  'B Nemovitosti',
  '810/12 byt 1234/98765',
  'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů',
  'Typ vztahu',
  'o Výhrada zpětné koupě',
  'Oprávnění pro Svoboda Petr, Lidická 12, 60200 Brno 800115/0008',
  'Povinnost k Novák Jan',
  'D Poznámky a další obdobné údaje - Bez zápisu',
].join('\n')}`

/** Two co-owners whose shares (1/2 and 1/3) do not make one whole. */
const SHARES = `${HEAD}\n${[
  'Dvořák Petr, Lidická 12, 60200 Brno 800115/0008 1/2',
  'Dvořáková Eva, Lidická 12, 60200 Brno 825223/0007 1/3',
  'B Nemovitosti',
  '123/4 450 zastavěná plocha a nádvoří',
  'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů - Bez zápisu',
  'D Poznámky a další obdobné údaje - Bez zápisu',
].join('\n')}`

/** A purchase contract, not an ownership sheet. */
const NOT_A_SHEET =
  'KUPNÍ SMLOUVA\nProdávající Jan Novák prodává kupujícímu byt 2+kk v Praze za kupní cenu 5 000 000 Kč splatnou převodem na účet.'

const SMICHOV = { latitude: 50.0713, longitude: 14.4035, area_m2: 55, disposition: '2+kk' }

export const realEstate: GoldenFile = {
  service: 'real-estate',
  cases: [
    // ── cadastre_check ─────────────────────────────────────────────────────────────────────────
    {
      agent: 'cadastre_check',
      title: 'A sheet with nothing in parts C and D and the seller as the sole owner: clean',
      kind: 'positive',
      law: ['cz-357-2013-lv', 'cz-256-2013-s16', 'cz-89-2012-s980'],
      worked:
        'Parts A, C and D are all present (the sheet is recognised); C and D read "Bez zápisu", no plomba in the header; part A names Novák Jan, the seller "Jan Novák" is the same words in another order (§ 980: the entry is presumed true).',
      input: { text: CLEAN, seller_name: 'Jan Novák' },
      expect: {
        verdict: 'clear',
        fields: {
          title: 'clean',
          lv_number: '1234',
          state_as_of: '2025-05-12',
          seller_is_owner: true,
          shares_complete: true,
          encumbrances: [],
          findings: [],
        },
        rules: [
          { basis: 'cz-256-2013-s16', outcome: 'none' },
          { basis: 'cz-89-2012-s980', outcome: 'seller is an owner' },
        ],
      },
    },
    {
      agent: 'cadastre_check',
      title: 'An enforcement order noted in part D: blocked',
      kind: 'negative',
      law: ['cz-120-2001-s44a', 'method-cadastre-lv-rules'],
      worked:
        'Once enforcement is ordered the owner may not dispose of the property and a sale against it is void (exekuční řád § 44a): the entry blocks the purchase, so the sheet is blocked → adverse.',
      input: { text: EXECUTION, seller_name: 'Jan Novák' },
      expect: {
        verdict: 'adverse',
        fields: { title: 'blocked', encumbrances: [{ part: 'D', type: 'execution', blocking: true }] },
        rules: [{ basis: 'cz-120-2001-s44a', outcome: 'blocking (part D)' }],
      },
    },
    {
      agent: 'cadastre_check',
      title: 'Only a bank mortgage in part C: encumbered, not blocked',
      kind: 'edge',
      law: ['cz-89-2012-s1309', 'method-cadastre-lv-rules'],
      worked:
        'A contractual lien stays with the flat when it is sold (§ 1309) but does not bar the sale: the bank’s release or payment from the price through escrow removes it → encumbered → review, not adverse.',
      input: { text: MORTGAGE, seller_name: 'Jan Novák' },
      expect: {
        verdict: 'review',
        fields: { title: 'encumbered', encumbrances: [{ part: 'C', type: 'mortgage', blocking: false }] },
        rules: [{ basis: 'cz-89-2012-s1309', outcome: 'medium (part C)' }],
      },
    },
    {
      agent: 'cadastre_check',
      title:
        'A repurchase right in part C, which the review table has no type for: named, review, never clean',
      kind: 'unrecognised',
      law: ['cz-357-2013-lv', 'method-cadastre-lv-rules'],
      worked:
        'Part C lists the rights burdening the property (vyhláška 357/2013 Sb.); the review table types eight kinds of entry, and "Výhrada zpětné koupě" (a former seller may buy the flat back) is none of them. An entry in part C is a burden whatever its kind, so "no entries in parts C and D" would be false: the entry is named in unrecognised_entries and the findings, the sheet is encumbered, and a person reads it → review.',
      input: { text: REPURCHASE, seller_name: 'Jan Novák' },
      expect: {
        verdict: 'review',
        fields: {
          title: 'encumbered',
          encumbrances: [],
          unrecognised_entries: [{ part: 'C', text: 'Výhrada zpětné koupě' }],
          seller_is_owner: true,
          findings: [mentions('not in the review table', 'Výhrada zpětné koupě')],
        },
        rules: [{ basis: 'cz-357-2013-lv', outcome: 'not recognised: the table knows no such entry' }],
      },
    },
    {
      agent: 'cadastre_check',
      title: 'Co-owners’ shares of 1/2 and 1/3: a clean sheet that is not clear',
      kind: 'edge',
      law: ['cz-357-2013-lv'],
      worked:
        'Part A lists the co-owners’ shares; 1/2 + 1/3 = 5/6 ≠ 1, so a sixth of the property is owned by someone the text does not show: review, though C and D are empty.',
      input: { text: SHARES },
      expect: {
        verdict: 'review',
        fields: {
          title: 'clean',
          shares_complete: false,
          findings: [mentions('shares do not add up')],
        },
      },
    },
    {
      agent: 'cadastre_check',
      title: 'The seller is not the registered owner: review, never clear',
      kind: 'negative',
      law: ['cz-89-2012-s980'],
      worked:
        'Part A names Novák Jan; the seller "Petr Svoboda" is not among the owners, and the cadastre’s entry is presumed true (§ 980): whoever sells must show a right the sheet does not.',
      input: { text: CLEAN, seller_name: 'Petr Svoboda' },
      expect: {
        verdict: 'review',
        fields: {
          title: 'clean',
          seller_is_owner: false,
          findings: [mentions('seller is not among the owners')],
        },
        rules: [{ basis: 'cz-89-2012-s980', outcome: 'seller not among the owners' }],
      },
    },
    {
      agent: 'cadastre_check',
      title: 'A purchase contract instead of an ownership sheet: unrecognised, review',
      kind: 'unrecognised',
      law: ['cz-357-2013-lv', 'method-cadastre-lv-rules'],
      worked:
        'The text shows none of parts A, C and D of a list vlastnictví: with no owners and no burdens to read, "no entries" would be a guess, so the sheet is not judged.',
      input: { text: NOT_A_SHEET },
      expect: {
        verdict: 'review',
        fields: { title: 'unrecognised', parts_found: [], owners: [] },
        rules: [{ basis: 'cz-357-2013-lv', outcome: 'not recognised: part A, C, D missing' }],
      },
    },
    // ── due_diligence ──────────────────────────────────────────────────────────────────────────
    {
      agent: 'due_diligence',
      title:
        'Every item passes: clean sheet, the seller owns it, price at the estimate, PENB, kolaudace, no SVJ debt → go',
      kind: 'positive',
      needs_listings: true,
      law: [
        'method-purchase-checklist',
        'cz-406-2000-s7a',
        'cz-283-2021-s230',
        'cz-89-2012-s1186',
        'cz-254-2004-s4',
      ],
      worked:
        'Sheet clean and the seller an owner; 8,900,000 / the estimate 8,902,000 = 1.0 (within 0.8–1.15); PENB class C (§ 7a); kolaudace on 2026-11-20 under zákon 283/2021 Sb.; SVJ arrears 0 (§ 1186). Six passes → go. The price 8,900,000 CZK > 270,000 CZK must be paid without cash (254/2004 § 4).',
      input: {
        property_value: 8_900_000,
        lv_text: CLEAN,
        seller_name: 'Jan Novák',
        ...SMICHOV,
        energy_class: 'C',
        building_approved: true,
        svj_arrears: 0,
      },
      expect: {
        verdict: 'clear',
        fields: { overall: 'go' },
        rules: [
          { basis: 'method-purchase-checklist', outcome: '6 pass, 0 warn, 0 fail, 0 unknown' },
          { basis: 'cz-254-2004-s4', outcome: 'exceeds 270000 CZK' },
          { basis: 'cz-283-2021-s230', outcome: 'pass', since: '2024-07-01' },
        ],
      },
    },
    {
      agent: 'due_diligence',
      title: 'The same clean purchase with no seller given: part A not checked, review, not go',
      kind: 'unrecognised',
      needs_listings: true,
      law: ['method-purchase-checklist', 'cz-89-2012-s980', 'cz-89-2012-s1105'],
      worked:
        'Everything as in the case that goes ahead, but the seller is not named: the sheet is clean, yet whether the one selling is the owner in part A (whose entry is presumed true, § 980; the buyer owns by the entry, § 1105) was never checked. The item is unknown, naming seller_name, and one unknown makes the checklist review (method-purchase-checklist).',
      input: {
        property_value: 8_900_000,
        lv_text: CLEAN,
        ...SMICHOV,
        energy_class: 'C',
        building_approved: true,
        svj_arrears: 0,
      },
      expect: {
        verdict: 'review',
        fields: {
          overall: 'review',
          items: [
            { item: 'ownership sheet: encumbrances', status: 'pass' },
            {
              item: 'ownership sheet: seller is the owner',
              status: 'unknown',
              detail: mentions('part A was not checked', 'seller_name'),
            },
            { item: 'price against comparables', status: 'pass' },
            { item: 'energy certificate (PENB)', status: 'pass' },
            { item: 'building approval (kolaudace)', status: 'pass' },
            { item: "owners' association (SVJ) arrears", status: 'pass' },
          ],
        },
        rules: [{ basis: 'method-purchase-checklist', outcome: '5 pass, 0 warn, 0 fail, 1 unknown' }],
      },
    },
    {
      agent: 'due_diligence',
      title: 'No kolaudace on 30 June 2024: stop under the former stavební zákon § 119',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cz-283-2021-s230',
      law: ['cz-183-2006-s119'],
      worked:
        'Until 30 June 2024 a building other than a vyhrazená stavba was governed by zákon 183/2006 Sb.: without a kolaudační souhlas it may not be used (§ 119) → the item fails → stop.',
      input: {
        property_value: 4_100_000,
        lv_text: CLEAN,
        seller_name: 'Jan Novák',
        energy_class: 'C',
        building_approved: false,
        as_of: '2024-06-30',
      },
      expect: {
        verdict: 'adverse',
        fields: { overall: 'stop' },
        rules: [{ basis: 'cz-183-2006-s119', outcome: 'fail', since: '2007-01-01' }],
        not_cited: ['cz-283-2021-s230'],
      },
    },
    {
      agent: 'due_diligence',
      title: 'No kolaudace on 1 July 2024: stop under the new stavební zákon',
      kind: 'negative',
      date_side: 'after',
      date_of: 'cz-283-2021-s230',
      law: ['cz-283-2021-s230'],
      worked:
        'From 1 July 2024 zákon 283/2021 Sb. governs all buildings (§ 334a): a building that needs a kolaudační rozhodnutí may not be used without one → fail → stop; the former act is no longer cited.',
      input: {
        property_value: 4_100_000,
        lv_text: CLEAN,
        seller_name: 'Jan Novák',
        energy_class: 'C',
        building_approved: false,
        as_of: '2024-07-01',
      },
      expect: {
        verdict: 'adverse',
        fields: { overall: 'stop' },
        rules: [{ basis: 'cz-283-2021-s230', outcome: 'fail', since: '2024-07-01' }],
        not_cited: ['cz-183-2006-s119'],
      },
    },
    {
      agent: 'due_diligence',
      title: 'A price of exactly 270,000 CZK without a sheet or position: within the cash limit, review',
      kind: 'edge',
      law: ['cz-254-2004-s4', 'cz-256-2013', 'method-purchase-checklist'],
      worked:
        '§ 4 of 254/2004 Sb. bars cash above 270,000 CZK: 270,000 is not above it. No ownership sheet and no position leave two items unknown → review, never go.',
      input: { property_value: 270_000, building_approved: true, energy_class: 'D' },
      expect: {
        verdict: 'review',
        fields: { overall: 'review' },
        rules: [
          { basis: 'cz-254-2004-s4', outcome: 'within 270000 CZK' },
          { basis: 'method-purchase-checklist', outcome: '2 pass, 0 warn, 0 fail, 2 unknown' },
        ],
      },
    },
    {
      agent: 'due_diligence',
      title: 'A contract given as the ownership sheet: the sheet item warns, review',
      kind: 'unrecognised',
      law: ['cz-256-2013', 'cz-357-2013-lv'],
      worked:
        'cadastre_check does not recognise the text as a list vlastnictví (no parts A, C, D): the sheet item cannot pass, so the purchase is for a person to look at.',
      input: { property_value: 4_100_000, lv_text: NOT_A_SHEET, energy_class: 'C', building_approved: true },
      expect: {
        verdict: 'review',
        fields: { overall: 'review' },
        rules: [
          { basis: 'cz-357-2013-lv', outcome: 'warn: the text is not recognised as an ownership sheet' },
        ],
      },
    },
    // ── property_valuation ─────────────────────────────────────────────────────────────────────
    {
      agent: 'property_valuation',
      title: 'A 55 m² 2+kk in Smíchov offered at 8.9 M CZK: at the estimate',
      kind: 'positive',
      needs_listings: true,
      law: ['method-asking-price-valuation', 'csu-flat-price-index', 'cz-151-1997-s2'],
      worked:
        'The model gives 161,848 CZK/m² × 55 m² = 8,902,000 CZK; 8 comparables within 1 km (median 147,343 CZK/m²); the ČSÚ index reaches 2023-Q4 at most, so the factor is 1; 8,900,000 / 8,902,000 = 1.0. An estimate from asking prices, not the obvyklá cena (§ 2 compares agreed prices).',
      input: { ...SMICHOV, property_value: 8_900_000 },
      expect: {
        verdict: 'informational',
        fields: {
          estimate: 8_902_000,
          model_price_per_m2: 161_848,
          comparables: 8,
          radius_km: 1,
          offered_vs_estimate: 1,
          index_factor: 1,
        },
        rules: [
          { basis: 'cz-151-1997-s2', outcome: 'a market estimate from asking prices', since: '2021-01-01' },
        ],
      },
    },
    {
      agent: 'property_valuation',
      title: 'The same flat offered at 12 M CZK: 1.348 × the estimate',
      kind: 'negative',
      needs_listings: true,
      law: ['method-asking-price-valuation'],
      worked: '12,000,000 / 8,902,000 = 1.348: the offer is a third above the market of asking prices.',
      input: { ...SMICHOV, property_value: 12_000_000 },
      expect: {
        verdict: 'informational',
        fields: { estimate: 8_902_000, offered_vs_estimate: 1.348 },
        rules: [{ basis: 'method-asking-price-valuation', outcome: '1.348 × estimate' }],
      },
    },
    {
      agent: 'property_valuation',
      title: 'Valued at 31 March 2023: moved back from the listings’ date by the ČSÚ index',
      kind: 'edge',
      needs_listings: true,
      law: ['csu-flat-price-index'],
      worked:
        'The listings are of 2024-04-12 (read at 2023-Q4, the last quarter on file); 2023-Q1 / 2023-Q4 of the national index gives the factor 1.0008; 8,902,000 × 1.0008 ≈ 8,909,000.',
      input: { ...SMICHOV, valuation_date: '2023-03-31' },
      expect: {
        verdict: 'informational',
        fields: { estimate: 8_909_000, index_factor: approx(1.0008, 0.00005), valuation_date: '2023-03-31' },
      },
    },
    {
      agent: 'property_valuation',
      title: 'An address RÚIAN cannot place: incomplete, no estimate invented',
      kind: 'unrecognised',
      needs_listings: true,
      law: ['method-asking-price-valuation'],
      worked:
        'Without a position there are no comparables and no model input: the answer is incomplete and says why.',
      input: { address: 'Neexistující 999, 17000 Praha 7', area_m2: 55 },
      expect: {
        verdict: 'incomplete',
        fields: {
          estimate: null,
          sources: [{ name: 'listings' }, { name: 'data/geocoder', status: 'failed' }],
        },
        rules: [{ basis: 'method-asking-price-valuation', outcome: 'could not be geocoded' }],
      },
    },
    // ── comparables_finder ─────────────────────────────────────────────────────────────────────
    {
      agent: 'comparables_finder',
      title: 'Five 2+kk of about 60 m² near Brno centre',
      kind: 'positive',
      needs_listings: true,
      law: ['method-listings-snapshot', 'method-asking-price-valuation', 'cz-151-1997-s2'],
      worked:
        'Same room count (2), area 48–72 m² (±20 %), nearest first: 22 within 2 km, their median 124,594 CZK/m²; a comparison of offers, not the obvyklá cena.',
      input: { latitude: 49.1951, longitude: 16.6068, area_m2: 60, disposition: '2+kk', limit: 5 },
      expect: {
        verdict: 'informational',
        fields: { found: 22, radius_km: 2, median_price_per_m2: 124_594 },
        rules: [{ basis: 'cz-151-1997-s2', outcome: 'not a valuation under the act' }],
      },
    },
    {
      agent: 'comparables_finder',
      title: 'A 40 m² flat ±10 % within 2 km of Plzeň náměstí Republiky: a single match',
      kind: 'edge',
      needs_listings: true,
      law: ['method-listings-snapshot'],
      worked:
        'Area 36–44 m², any room count, radius fixed at 2 km: one listing of 44 m², exactly at the upper bound.',
      input: {
        latitude: 49.7477,
        longitude: 13.3776,
        area_m2: 40,
        radius_km: 2,
        area_tolerance_pct: 10,
        limit: 3,
      },
      expect: {
        verdict: 'informational',
        fields: { found: 1, comparables: [{ code: '3221816652', area_m2: 44 }] },
      },
    },
    {
      agent: 'comparables_finder',
      title: 'Within 1 km of a point in Šumava: nothing found, no median',
      kind: 'negative',
      needs_listings: true,
      law: ['method-listings-snapshot'],
      worked: 'No sale listing lies within 1 km: no comparables, so no median is given (none invented).',
      input: { latitude: 48.95, longitude: 13.6, area_m2: 60, radius_km: 1 },
      expect: {
        verdict: 'informational',
        fields: { found: 0, comparables: [], median_price_per_m2: null },
        rules: [{ basis: 'method-listings-snapshot', outcome: '0 within 1 km' }],
      },
    },
    {
      agent: 'comparables_finder',
      title: 'An address RÚIAN cannot place: incomplete',
      kind: 'unrecognised',
      needs_listings: true,
      law: ['method-listings-snapshot'],
      worked:
        'No position, so nothing is near anything: incomplete, with the geocoder named as the failed source.',
      input: { address: 'Neexistující 999, 17000 Praha 7', area_m2: 55 },
      expect: {
        verdict: 'incomplete',
        fields: { found: 0, median_price_per_m2: null, partial: true },
      },
    },
    // ── price_trends ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'price_trends',
      title: 'South Moravia: the ČSÚ index 256.5 for 2023',
      kind: 'positive',
      needs_listings: true,
      law: ['csu-flat-price-index', 'method-listings-snapshot'],
      worked:
        'Quarters 257.8, 254.2, 254.4, 259.6 → the average 256.5 (2010 = 100), +156.5 % since 2010; Q1 → Q4 259.6 / 257.8 − 1 = +0.7 %.',
      input: { region: 'Jihomoravský kraj' },
      expect: {
        verdict: 'informational',
        fields: {
          region: 'Jihomoravský kraj',
          index: { annual_average: 256.5, change_since_2010_pct: 156.5, change_q1_to_q4_pct: 0.7 },
        },
        rules: [{ basis: 'csu-flat-price-index', since: '2024-12-31' }],
      },
    },
    {
      agent: 'price_trends',
      title: 'Karlovy Vary region: prices fell from Q1 to Q4 2023',
      kind: 'negative',
      needs_listings: true,
      law: ['csu-flat-price-index'],
      worked: 'Q1 220.4, Q4 219.7: 219.7 / 220.4 − 1 = −0.3 %.',
      input: { region: 'Karlovarský kraj' },
      expect: {
        verdict: 'informational',
        fields: { index: { annual_average: 221.9, change_q1_to_q4_pct: -0.3 } },
      },
    },
    {
      agent: 'price_trends',
      title: 'A Prague flat bought for 3 M CZK in 2010, restated at the 2023 index',
      kind: 'edge',
      needs_listings: true,
      law: ['csu-flat-price-index'],
      worked:
        '3,000,000 × 247.2 / 100 = 7,416,000 CZK: the regional average of realised prices, not this flat.',
      input: { region: 'Praha', price_2010: 3_000_000 },
      expect: {
        verdict: 'informational',
        fields: { region: 'Hlavní město Praha', price_2010_restated: 7_416_000 },
        rules: [{ basis: 'csu-flat-price-index', outcome: '7416000 CZK' }],
      },
    },
    {
      agent: 'price_trends',
      title: 'A region the index does not know (Bavorsko): refused, naming region',
      kind: 'unrecognised',
      law: [],
      worked:
        'ČSÚ publishes the index for ČR, ČR without Prague and the 14 kraje; "Bavorsko" is none of them.',
      input: { region: 'Bavorsko' },
      expect: { refused: { status: 400, field: 'region' } },
    },
    // ── rental_yield ───────────────────────────────────────────────────────────────────────────
    {
      agent: 'rental_yield',
      title: 'A Brno 2+kk for 5.2 M CZK let at 17,000 CZK: 3.92 % gross, 3.06 % net',
      kind: 'positive',
      law: ['method-rental-yield', 'cz-586-1992-s9'],
      worked:
        'Gross 17,000 × 12 / 5,200,000 = 3.92 %. Rent after 5 % vacancy 193,800; costs 21,600 (SVJ) + 1,200 (tax) + 2,400 (insurance) + 9,690 (5 % maintenance) = 34,890; NOI 158,910; net 158,910 / 5,200,000 = 3.06 %. Before income tax (§ 9).',
      input: {
        property_value: 5_200_000,
        monthly_rent: 17_000,
        vacancy_pct: 5,
        monthly_service_charges: 1_800,
        annual_property_tax: 1_200,
        annual_insurance: 2_400,
        maintenance_pct_of_rent: 5,
      },
      expect: {
        verdict: 'informational',
        fields: { gross_yield_pct: 3.92, net_operating_income: 158_910, net_yield_pct: 3.06, dscr: null },
        rules: [{ basis: 'cz-586-1992-s9', outcome: 'before income tax' }],
      },
    },
    {
      agent: 'rental_yield',
      title: 'The same flat with a 70 % mortgage at 5.2 % over 30 years: the rent does not cover the debt',
      kind: 'negative',
      law: ['method-rental-yield', 'method-annuity'],
      worked:
        'r = 0.052 / 12, n = 360: M = 3,640,000 · r / (1 − (1 + r)^−360) = 19,987.64; × 12 = 239,851.63. Cash flow 158,910 − 239,851.63 = −80,941.63; DSCR 158,910 / 239,851.63 = 0.66; own funds 1,560,000 → cash-on-cash −5.19 %.',
      input: {
        property_value: 5_200_000,
        monthly_rent: 17_000,
        vacancy_pct: 5,
        monthly_service_charges: 1_800,
        annual_property_tax: 1_200,
        annual_insurance: 2_400,
        maintenance_pct_of_rent: 5,
        amount: 3_640_000,
        annual_rate_pct: 5.2,
        term_months: 360,
      },
      expect: {
        verdict: 'informational',
        fields: {
          annual_debt_service: 239_851.63,
          annual_cash_flow: -80_941.63,
          dscr: 0.66,
          cash_on_cash_pct: -5.19,
        },
        rules: [{ basis: 'method-annuity', outcome: 'DSCR 0.66' }],
      },
    },
    {
      agent: 'rental_yield',
      title: 'An interest-free loan: the instalment is the principal spread evenly',
      kind: 'edge',
      law: ['method-rental-yield', 'method-annuity'],
      worked:
        'At 0 % the annuity is 2,400,000 / 240 = 10,000 a month, 120,000 a year; NOI 15,000 × 12 = 180,000 with every owner cost left out (each assumed 0, so reviewed); DSCR 1.5; cash flow 60,000 / own funds 1,600,000 = 3.75 %.',
      input: {
        property_value: 4_000_000,
        monthly_rent: 15_000,
        amount: 2_400_000,
        annual_rate_pct: 0,
        term_months: 240,
      },
      expect: {
        verdict: 'review',
        fields: { annual_debt_service: 120_000, dscr: 1.5, annual_cash_flow: 60_000, cash_on_cash_pct: 3.75 },
      },
    },
    {
      agent: 'rental_yield',
      title:
        'The Brno flat with no owner cost given: each counted as 0 and stated, the "net" yield is the gross one, reviewed',
      kind: 'unrecognised',
      law: ['method-rental-yield'],
      worked:
        'Gross 17,000 × 12 / 5,200,000 = 3.92 %. No vacancy, SVJ charges, property tax, insurance, maintenance or management given: each counted as 0, so NOI = 204,000 and the net yield is 3.92 % too — 0.86 points above the 3.06 % of the same flat with its costs (34,890 a year and 5 % vacancy) given, though every owner of a flat pays property tax (zákon 338/1992 Sb.) and SVJ contributions. Each omitted cost is stated in assumptions (value 0, what it leaves out, what to give) and named in costs_not_given; with all six omitted the net yield is no net yield → review.',
      input: { property_value: 5_200_000, monthly_rent: 17_000 },
      expect: {
        verdict: 'review',
        fields: {
          gross_yield_pct: 3.92,
          net_operating_income: 204_000,
          net_yield_pct: 3.92,
          costs_not_given: [
            'vacancy_pct',
            'monthly_service_charges',
            'annual_property_tax',
            'annual_insurance',
            'maintenance_pct_of_rent',
            'management_pct_of_rent',
          ],
          assumptions: [
            { field: 'vacancy_pct', value: 0 },
            { field: 'monthly_service_charges', value: 0 },
            {
              field: 'annual_property_tax',
              value: 0,
              basis: mentions('property tax', 'give annual_property_tax'),
            },
            { field: 'annual_insurance', value: 0 },
            { field: 'maintenance_pct_of_rent', value: 0 },
            { field: 'management_pct_of_rent', value: 0 },
          ],
        },
      },
    },
    {
      agent: 'rental_yield',
      title: 'A loan amount without its rate and term: refused, naming annual_rate_pct',
      kind: 'unrecognised',
      law: [],
      worked:
        'A debt service needs principal, rate and term together; one of three is no loan the formula can price.',
      input: { property_value: 4_000_000, monthly_rent: 15_000, amount: 2_400_000 },
      expect: { refused: { status: 400, field: 'annual_rate_pct' } },
    },
    // ── undervalued_detector ───────────────────────────────────────────────────────────────────
    {
      agent: 'undervalued_detector',
      title: 'An ad in Vinohrady asking 0.574 × its estimate: a high degree of undervaluation',
      kind: 'negative',
      needs_listings: true,
      law: ['policy-realestate-opportunity', 'method-asking-price-valuation', 'cz-151-1997-s2'],
      worked:
        '6,200,000 / 58 m² = 106,897 CZK/m² against the estimate 186,134 CZK/m²: 0.574 < 0.8 → HIGH, a flag to look into (such a price often hides a problem), not a valuation under the act.',
      input: {
        listings: [
          {
            id: 'ad-1',
            price: 6_200_000,
            area_m2: 58,
            latitude: 50.0755,
            longitude: 14.4378,
            disposition: '2+kk',
          },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: {
          checked: 1,
          flagged: { high: 1, medium: 0 },
          results: [{ id: 'ad-1', flag: 'HIGH', ratio: 0.574, estimate_per_m2: 186_134 }],
        },
        rules: [{ basis: 'policy-realestate-opportunity', outcome: '1 HIGH, 0 MEDIUM of 1' }],
      },
    },
    {
      agent: 'undervalued_detector',
      title: 'An ad asking 1.173 × its estimate: not flagged',
      kind: 'positive',
      needs_listings: true,
      law: ['policy-realestate-opportunity'],
      worked: '11,900,000 / 60 m² = 198,333 CZK/m² against 169,123: 1.173 ≥ 0.9 → no flag.',
      input: {
        listings: [
          {
            id: 'ad-2',
            price: 11_900_000,
            area_m2: 60,
            latitude: 50.0761,
            longitude: 14.4421,
            disposition: '2+kk',
          },
        ],
      },
      expect: {
        verdict: 'informational',
        fields: { flagged: { high: 0, medium: 0 }, results: [{ id: 'ad-2', flag: 'NONE', ratio: 1.173 }] },
      },
    },
    {
      agent: 'undervalued_detector',
      title:
        'A scan of 1 km around Brno náměstí Svobody: the three lowest ratios, each listing left out of its own estimate',
      kind: 'edge',
      needs_listings: true,
      law: ['policy-realestate-opportunity', 'method-listings-snapshot'],
      worked:
        '75 listings lie within 1 km; 2 ask below 0.8 × and 9 below 0.9 × their estimates; a scan shows only the flagged, lowest ratio first: 0.761, 0.786 (HIGH), 0.811 (MEDIUM).',
      input: { scan: { latitude: 49.1951, longitude: 16.6081, radius_km: 1 }, limit: 3 },
      expect: {
        verdict: 'informational',
        fields: {
          checked: 75,
          flagged: { high: 2, medium: 9 },
          results: [
            { id: '924034380', flag: 'HIGH', ratio: 0.761 },
            { id: '3894216012', flag: 'HIGH', ratio: 0.786 },
            { id: '4220141148', flag: 'MEDIUM', ratio: 0.811 },
          ],
        },
      },
    },
    {
      agent: 'undervalued_detector',
      title: 'A disposition written "2kk": refused, naming the listing’s field',
      kind: 'unrecognised',
      law: [],
      worked:
        'A disposition is rooms + "kk" or + a number ("2+kk", "3+1"); "2kk" is not one the model knows.',
      input: {
        listings: [
          {
            id: 'ad-3',
            price: 6_200_000,
            area_m2: 58,
            latitude: 50.0755,
            longitude: 14.4378,
            disposition: '2kk',
          },
        ],
      },
      expect: { refused: { status: 400, field: 'listings.0.disposition' } },
    },
    // ── listing_analyzer ───────────────────────────────────────────────────────────────────────
    {
      agent: 'listing_analyzer',
      title: 'A Smíchov 2+kk ad stating its energy class C',
      kind: 'positive',
      law: ['method-listing-extraction', 'cz-406-2000-s7a', 'method-scam-phrases'],
      worked:
        'Patterns read 2+kk, 54 m², 8,490,000 CZK (157,222 CZK/m²), 3rd floor, brick, after renovation, class C: the ad states the class § 7a odst. 5 asks for; no fraud phrase.',
      input: {
        method: 'rules',
        text: 'Prodej bytu 2+kk 54 m², Praha 5 - Smíchov. Cena 8 490 000 Kč. Byt ve 3. podlaží cihlového domu s výtahem, po rekonstrukci, osobní vlastnictví, balkon a sklep. Průkaz energetické náročnosti budovy: třída C.',
      },
      expect: {
        verdict: 'informational',
        fields: {
          recognised: true,
          scam_phrases: 0,
          flags: [],
          listing: {
            disposition: '2+kk',
            area_m2: 54,
            price: 8_490_000,
            price_per_m2: 157_222,
            energy_class: 'C',
          },
        },
        rules: [{ basis: 'cz-406-2000-s7a', outcome: 'class C' }],
      },
    },
    {
      agent: 'listing_analyzer',
      title: 'An owner abroad asking for an advance before sending keys: review',
      kind: 'negative',
      law: ['method-scam-phrases', 'cz-406-2000-s7a'],
      worked:
        '"Jsem v zahraničí", "klíče vám pošlu", "zálohy předem": three phrases of the advance-payment fraud; and no energy class is stated.',
      input: {
        method: 'rules',
        text: 'Prodám byt 3+1, 78 m2, Brno - Žabovřesky za 2 900 000 Kč. Jsem v zahraničí, klíče vám pošlu po zaplacení zálohy předem.',
      },
      expect: {
        verdict: 'review',
        fields: { scam_phrases: 3, listing: { price_per_m2: 37_179 } },
        rules: [
          { basis: 'method-scam-phrases', outcome: '3 found' },
          { basis: 'cz-406-2000-s7a', outcome: 'missing' },
        ],
      },
    },
    {
      agent: 'listing_analyzer',
      title: 'An honest ad without an energy class: flagged, still informational',
      kind: 'edge',
      law: ['cz-406-2000-s7a'],
      worked:
        'The ad must state the class (§ 7a odst. 5), a duty of the seller: the missing class is a flag for the buyer to ask about, not a reason to doubt the ad.',
      input: {
        method: 'rules',
        text: 'Prodej bytu 3+kk 72 m², Ostrava - Poruba, cena 3 650 000 Kč, panelový dům, 4. patro, lodžie.',
      },
      expect: {
        verdict: 'informational',
        fields: {
          recognised: true,
          flags: ['no energy class stated (PENB)'],
          listing: { price_per_m2: 50_694 },
        },
        rules: [{ basis: 'cz-406-2000-s7a', outcome: 'missing' }],
      },
    },
    {
      agent: 'listing_analyzer',
      title: 'A text that is no flat ad (a bicycle): not recognised, review',
      kind: 'unrecognised',
      law: ['method-listing-extraction'],
      worked: 'No room count, area or price can be read: nothing to judge, so a person looks at it.',
      input: {
        method: 'rules',
        text: 'Dobrý den, prodám horské kolo, volejte prosím večer po šesté hodině.',
      },
      expect: {
        verdict: 'review',
        fields: { recognised: false, listing: { disposition: null, area_m2: null, price: null } },
      },
    },
    // ── investment_mortgage_check ──────────────────────────────────────────────────────────────
    {
      agent: 'investment_mortgage_check',
      title: 'A flat bought to let in May 2026 at 75 % LTV: over the 70 % investment limit',
      kind: 'negative',
      law: ['cnb-ltv-investment', 'cnb-dti-investment'],
      worked:
        'Bought to let → investment from 2026-04-01; LTV 3,750,000 / 5,000,000 = 75 % > 70 %; DTI 3,750,000 / (90,000 × 12) = 3.47 ≤ 7; the largest loan min(0.7 × 5,000,000, 7 × 1,080,000) = 3,500,000.',
      input: {
        amount: 3_750_000,
        property_value: 5_000_000,
        monthly_income: 90_000,
        residential_properties_owned: 1,
        to_let: true,
        as_of: '2026-05-04',
      },
      expect: {
        verdict: 'adverse',
        fields: { investment: true, ltv: 0.75, dti: 3.47, limits: { ltv: 0.7, dti: 7 }, max_loan: 3_500_000 },
        rules: [{ basis: 'cnb-ltv-investment', outcome: '75 % exceeds', since: '2026-04-01' }],
      },
    },
    {
      agent: 'investment_mortgage_check',
      title:
        'A flat bought to let at 70 % LTV with no existing_debt given: DTI of this loan alone, review, not clear',
      kind: 'unrecognised',
      law: ['cnb-ltv-investment', 'cnb-dti-investment'],
      worked:
        'Bought to let → investment from 2026-04-01; LTV 3,500,000 / 5,000,000 = 70 % ≤ 70 %; DTI 3,500,000 / (50,000 × 12) = 5.83 ≤ 7. But the ČNB limit is on the applicant’s total debt (7 × 600,000 = 4,200,000 CZK), and other debt over 700,000 CZK would break it: with existing_debt not given the DTI is of this loan alone, so the answer names existing_debt → review. With existing_debt: 0 the same loan is clear.',
      input: {
        amount: 3_500_000,
        property_value: 5_000_000,
        monthly_income: 50_000,
        residential_properties_owned: 0,
        to_let: true,
        as_of: '2026-05-04',
      },
      expect: {
        verdict: 'review',
        fields: {
          investment: true,
          compliant: true,
          ltv: 0.7,
          dti: 5.83,
          limits: { ltv: 0.7, dti: 7 },
          not_given: [mentions('existing_debt', 'give the other outstanding debt')],
        },
        rules: [{ basis: 'cnb-dti-investment', outcome: 'existing_debt not given', since: '2026-04-01' }],
      },
    },
    {
      agent: 'investment_mortgage_check',
      title: 'A first home at exactly 80 % LTV: owner-occupier limits, within',
      kind: 'positive',
      law: ['cnb-ltv'],
      worked:
        'Not investment (no trigger, rent not counted as income, as the lender says); 4,000,000 / 5,000,000 = 80 % ≤ 80 % (applicant 40, so not the 90 % under 36).',
      input: {
        amount: 4_000_000,
        property_value: 5_000_000,
        monthly_income: 70_000,
        residential_properties_owned: 0,
        to_let: false,
        rent_counted_as_income: false,
        age: 40,
        as_of: '2026-05-04',
      },
      expect: {
        verdict: 'clear',
        fields: { investment: false, ltv: 0.8, limits: { ltv: 0.8, dti: null } },
        rules: [{ basis: 'cnb-ltv', outcome: '80 % within' }],
      },
    },
    {
      agent: 'investment_mortgage_check',
      title:
        'A first home at 75 % LTV with rent_counted_as_income not given: the investment limits would refuse it, review',
      kind: 'unrecognised',
      law: ['cnb-ltv', 'cnb-ltv-investment'],
      worked:
        'From 1 April 2026 rent counted as the applicant’s income makes a loan an investment one. Nothing else does here (first property, not to let), and the lender did not say whether it counts rent: 3,750,000 / 5,000,000 = 75 % is within the owner-occupier 80 % but over the investment 70 %, so the answer turns on it → not_given names rent_counted_as_income → review. With rent_counted_as_income: false the same loan is clear.',
      input: {
        amount: 3_750_000,
        property_value: 5_000_000,
        monthly_income: 80_000,
        existing_debt: 0,
        residential_properties_owned: 0,
        to_let: false,
        age: 40,
        as_of: '2026-05-04',
      },
      expect: {
        verdict: 'review',
        fields: {
          investment: false,
          compliant: true,
          ltv: 0.75,
          limits: { ltv: 0.8, dti: null },
          not_given: [mentions('rent_counted_as_income', 'say whether the lender counts rent')],
        },
        rules: [{ basis: 'cnb-ltv', outcome: '75 % within' }],
      },
    },
    {
      agent: 'investment_mortgage_check',
      title: 'A third flat at 76.1 % LTV on 31 March 2026: no investment category yet, within 80 %',
      kind: 'edge',
      date_side: 'before',
      date_of: 'cnb-ltv-investment',
      law: ['cnb-ltv'],
      worked:
        'Before 1 April 2026 there is no separate investment limit: 3,500,000 / 4,600,000 = 76.1 % ≤ 80 % → clear; the third property is named but changes nothing.',
      input: {
        amount: 3_500_000,
        property_value: 4_600_000,
        monthly_income: 80_000,
        residential_properties_owned: 2,
        to_let: false,
        age: 40,
        as_of: '2026-03-31',
      },
      expect: {
        verdict: 'clear',
        fields: { investment: false, ltv: 0.7609, limits: { ltv: 0.8 } },
        rules: [{ basis: 'cnb-ltv', outcome: 'owner-occupier limits apply' }],
        not_cited: ['cnb-ltv-investment'],
      },
    },
    {
      agent: 'investment_mortgage_check',
      title: 'The same third flat on 1 April 2026: investment, over 70 %',
      kind: 'negative',
      date_side: 'after',
      date_of: 'cnb-ltv-investment',
      law: ['cnb-ltv-investment'],
      worked:
        'From 1 April 2026 a third residential property makes the loan an investment one: 76.1 % > 70 % → adverse; the largest loan 0.7 × 4,600,000 = 3,220,000.',
      input: {
        amount: 3_500_000,
        property_value: 4_600_000,
        monthly_income: 80_000,
        residential_properties_owned: 2,
        to_let: false,
        age: 40,
        as_of: '2026-04-01',
      },
      expect: {
        verdict: 'adverse',
        fields: { investment: true, limits: { ltv: 0.7, dti: 7 }, max_loan: 3_220_000 },
        rules: [{ basis: 'cnb-ltv-investment', outcome: '76.1 % exceeds', since: '2026-04-01' }],
      },
    },
    {
      agent: 'investment_mortgage_check',
      title: 'A date before any binding ČNB limit (2015): refused, naming as_of',
      kind: 'unrecognised',
      law: [],
      worked: 'The limits bind from 1 April 2022; on 1 January 2015 there is no measure to check against.',
      input: {
        amount: 3_500_000,
        property_value: 4_600_000,
        monthly_income: 80_000,
        residential_properties_owned: 2,
        to_let: false,
        age: 40,
        as_of: '2015-01-01',
      },
      expect: { refused: { status: 400, field: 'as_of' } },
    },
  ],
}
