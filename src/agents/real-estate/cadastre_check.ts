import { Type } from 'typebox'
import { asOfDate, covered } from '../../engines/reference/inputs.ts'
import { type ReferenceVersion, referenceAt } from '../../engines/reference/load.ts'
import { NullableBoolean, NullableString } from '../../engines/reference/schema.ts'
import { comparableName } from '../compliance/registry.ts'
import type { Say, Texts } from '../lang.ts'
import { cite } from '../law.ts'
import type { AppliedRule } from '../types.ts'
import { defineAgent } from '../types.ts'

interface Entry {
  type: string
  pattern: string
  severity: 'low' | 'medium' | 'high'
  blocking: boolean
  law: string
  note: string
}
interface LvRules extends ReferenceVersion {
  entries: Entry[]
  plomba_pattern: string
}

const PART_HEADINGS: [string, RegExp][] = [
  ['A', /^\s*A\s+Vlastník/iu],
  ['B1', /^\s*B\s*1\s+Věcná\s+práva\s+sloužící/iu],
  ['B', /^\s*B\s+Nemovitosti/iu],
  ['C', /^\s*C\s+Věcná\s+práva\s+zatěžující/iu],
  ['D', /^\s*D\s+Poznámky/iu],
  ['E', /^\s*E\s+Nabývací\s+tituly/iu],
  ['F', /^\s*F\s+Vztah\s+bonitovaných/iu],
]
const NO_ENTRY = /bez\s+zápisu/iu

/** Splits the sheet into its parts; text before part A is the header. */
function splitParts(text: string): Map<string, string[]> {
  const parts = new Map<string, string[]>([['header', []]])
  let current = 'header'
  for (const line of text.split(/\r?\n/)) {
    const heading = PART_HEADINGS.find(([, re]) => re.test(line))
    if (heading) {
      current = heading[0]
      parts.set(current, [])
      // "… - Bez zápisu" on the heading line: the part exists and is empty.
      if (NO_ENTRY.test(line)) parts.set(`${current}:empty`, [])
      continue
    }
    if (line.trim()) parts.get(current)?.push(line.trim())
  }
  return parts
}

/** The name is the text before the address; a comma before a legal form ("ČEZ, a. s.") belongs to the name. */
const LEGAL_FORM =
  /^\s*(a\.\s*s\.|s\.\s*r\.\s*o\.|spol\.|v\.\s*o\.\s*s\.|k\.\s*s\.|z\.\s*s\.|o\.\s*p\.\s*s\.|SE\b|družstvo|z\.\s*ú\.)/iu
function ownerName(line: string): string {
  const parts = line.split(',')
  let name = parts[0]!
  for (let i = 1; i < parts.length && LEGAL_FORM.test(parts[i]!); i++) name += `,${parts[i]}`
  return name.trim()
}

function parseShare(s: string): number | undefined {
  const m = /(\d{1,9})\s{0,3}\/\s{0,3}(\d{1,9})$/.exec(s.trimEnd())
  return m && Number(m[2]) > 0 ? Number(m[1]) / Number(m[2]) : undefined
}

/**
 * The notes of cadastre-lv-rules.json in both languages, by entry type; a note the table rewords
 * is shown in the table's words (never a stale translation).
 */
const NOTES: Record<string, Texts> = {
  execution: {
    cs: 'Exekuce proti vlastníkovi: prodej bez souhlasu exekutora je neplatný.',
    en: "Enforcement against the owner: a sale is void without the bailiff's consent.",
  },
  insolvency: {
    cs: 'Insolvence vlastníka omezuje jakékoli nakládání s nemovitostí.',
    en: 'Insolvency of the owner restricts any disposal of the property.',
  },
  disposal_ban: {
    cs: 'Zákaz zcizení nebo zatížení: oprávněný musí dát souhlas.',
    en: 'A ban on sale or encumbrance: the beneficiary must consent.',
  },
  disputed_entry: { cs: 'Zápis je předmětem soudního sporu.', en: 'The entry is disputed in court.' },
  enforced_lien: {
    cs: 'Zástavní právo exekutorské, soudcovské nebo zákonné: dluh je nutné splatit před prodejem nebo při něm.',
    en: 'A lien from a bailiff, court or tax authority: the debt must be paid off before or at the sale.',
  },
  mortgage: {
    cs: 'Smluvní zástavní právo (hypotéka): zajistěte souhlas banky s výmazem nebo splaťte dluh z kupní ceny přes úschovu.',
    en: "A contractual lien (mortgage): have the bank's release or pay it off from the price through escrow.",
  },
  pre_emption: {
    cs: 'Předkupní právo: nemovitost je nutné nejprve nabídnout oprávněnému.',
    en: 'A pre-emption right: the holder must be offered the property first.',
  },
  easement: {
    cs: 'Věcné břemeno zůstává s nemovitostí i po prodeji.',
    en: 'An easement stays with the property after the sale.',
  },
}

/**
 * The register entries behind each entry type of cadastre-lv-rules.json (the table's `law` says it
 * in words); the table's own severities and blocking are the review method beside them.
 */
const ENTRY_LAW: Record<string, [string, ...string[]]> = {
  execution: ['cz-120-2001-s44a'],
  insolvency: ['cz-182-2006-s111'],
  disposal_ban: ['cz-89-2012-s1761'],
  disputed_entry: ['cz-256-2013-s24'],
  enforced_lien: ['cz-89-2012-s1309'],
  mortgage: ['cz-89-2012-s1309'],
  pre_emption: ['cz-89-2012-s2140'],
  easement: ['cz-89-2012-s1257'],
}
const LV_LAW = [
  'cz-357-2013-lv',
  'cz-256-2013-s16',
  'cz-89-2012-s980',
  'method-cadastre-lv-rules',
  ...new Set(Object.values(ENTRY_LAW).flat()),
]

/** The parts a sheet must show to be judged: the owners (A) and the burdens (C) and notes (D). */
const REQUIRED_PARTS = ['A', 'C', 'D']

interface Encumbrance {
  part: string
  type: string
  severity: string
  blocking: boolean
  text: string
  note: string
}
interface Owner {
  name: string
  identifier?: string
  share?: string
}

/** The parts found, in the sheet's order, without the header and the empty-part markers. */
const partsFound = (parts: Map<string, string[]>) =>
  [...parts.keys()].filter((k) => k !== 'header' && !k.endsWith(':empty'))

/** The parts a judgement needs that the text does not show (none: the sheet was recognised). */
const missingParts = (found: string[]) => REQUIRED_PARTS.filter((p) => !found.includes(p))

/** The sheet's number, cadastral area and the date of the state it shows (from its header). */
function readHeader(text: string): { lv: string | null; area: string | null; stateAsOf: string | null } {
  const lv = /List\s+vlastnictví:\s*(\d+)/iu.exec(text)?.[1] ?? null
  const area =
    /Kat\.\s{0,3}území:\s{0,3}(\d{1,9}\s{1,3}[^\n]{0,200}?)(?=\s{1,10}List\s{1,3}vlastnictví|$)/imu
      .exec(text)?.[1]
      ?.trim() ?? null
  const state = /stav\s+evidovaný\s+k\s+datu\s+(\d{1,2})\.(\d{1,2})\.(\d{4})/iu.exec(text)
  const stateAsOf = state ? `${state[3]}-${state[2]!.padStart(2, '0')}-${state[1]!.padStart(2, '0')}` : null
  return { lv, area, stateAsOf }
}

/** The owners of part A with their identifiers and shares, and whether the shares make one whole. */
function readOwners(parts: Map<string, string[]>): { list: Owner[]; complete: boolean | null } {
  const list: Owner[] = []
  let shareSum = 0
  let sharesStated = 0
  for (const line of parts.get('A') ?? []) {
    if (!/,/.test(line) || /^(Vlastnické právo|Společné jmění|Identifikátor)/iu.test(line)) continue
    const id = /(\d{6}\/\d{3,4}|\b\d{8}\b)/.exec(line)?.[1]
    const shareText = /(\d{1,9}\s{0,3}\/\s{0,3}\d{1,9})$/.exec(
      line.replace(/\d{6}\/\d{3,4}\s*$/, '').trimEnd(),
    )?.[1]
    const share = shareText && shareText !== id ? shareText.replace(/\s+/g, '') : undefined
    const owner: Owner = { name: ownerName(line) }
    if (id) owner.identifier = id
    if (share) {
      owner.share = share
      shareSum += parseShare(share) ?? 0
      sharesStated++
    }
    list.push(owner)
  }
  const complete = sharesStated === 0 ? (list.length === 1 ? true : null) : Math.abs(shareSum - 1) < 1e-9
  return { list, complete }
}

/** An entry of part C or D as the sheet lists it: a line opened by the bullet "o". */
const ENTRY_LINE = /^o\s+\p{Lu}/u

/** An entry of part C or D that no type of the table matches: not judged, named for a person. */
interface UnreadEntry {
  part: string
  text: string
}

/**
 * The entries of parts C and D the table knows, each with its type, severity and note, and the
 * entries it does not know (a bullet line no pattern matches), which are not passed over.
 */
function readEncumbrances(
  parts: Map<string, string[]>,
  table: LvRules,
  say: Say,
): { known: Encumbrance[]; unread: UnreadEntry[] } {
  const out: Encumbrance[] = []
  const unread: UnreadEntry[] = []
  for (const part of ['C', 'D']) {
    for (const line of parts.get(part) ?? []) {
      const entry = table.entries.find((e) => new RegExp(e.pattern, 'iu').test(line))
      if (!entry && ENTRY_LINE.test(line)) {
        unread.push({ part, text: line.replace(/^o\s+/, '') })
        continue
      }
      if (!entry || !/^(o\s+)?\p{Lu}/u.test(line) || /^(Oprávnění|Povinnost|pohledávka)/iu.test(line))
        continue
      out.push({
        part,
        type: entry.type,
        severity: entry.severity,
        blocking: entry.blocking,
        text: line.replace(/^o\s+/, ''),
        note: say(
          NOTES[entry.type]?.en === entry.note ? NOTES[entry.type]! : { cs: entry.note, en: entry.note },
        ),
      })
    }
  }
  return { known: out, unread }
}

/** A pending change marked in the header (or anywhere as "plomba"). */
const hasPlomba = (parts: Map<string, string[]>, text: string, table: LvRules) =>
  new RegExp(table.plomba_pattern, 'iu').test(parts.get('header')!.join('\n')) || /plomb/iu.test(text)

/** The seller among the owners of part A, the words of the name in any order. */
function isOwner(owners: Owner[], seller: string): boolean {
  const key = (name: string) => comparableName(name).split(' ').sort().join(' ')
  return owners.some((o) => key(o.name) === key(seller))
}

/** An entry the table does not know is still an entry: the sheet is not clean. */
function titleOf(
  plomba: boolean,
  encumbrances: Encumbrance[],
  unread: UnreadEntry[],
): 'clean' | 'encumbered' | 'blocked' {
  if (plomba || encumbrances.some((e) => e.blocking)) return 'blocked'
  return encumbrances.length > 0 || unread.length > 0 ? 'encumbered' : 'clean'
}

function unreadRule(e: UnreadEntry, at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: `Zápis části ${e.part}: ${e.text}`,
      en: `Entry of part ${e.part}: ${e.text}`,
    }),
    ...cite(at, 'cz-357-2013-lv', 'method-cadastre-lv-rules'),
    outcome: say({
      cs: `nerozpoznáno: typ zápisu tabulka nezná, posoudí jej člověk (část ${e.part})`,
      en: `not recognised: the table knows no such entry, a person judges it (part ${e.part})`,
    }),
  }
}

function partsRule(found: string[], unread: string[], at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Části listu vlastnictví: A vlastníci, B nemovitosti, B1 práva ve prospěch, C omezení vlastnického práva, D poznámky, E nabývací tituly; bez částí A, C a D list nelze posoudit',
      en: 'Ownership sheet parts: A owners, B property, B1 rights in favour, C encumbrances, D notes, E titles; without parts A, C and D the sheet cannot be judged',
    }),
    ...cite(at, 'cz-357-2013-lv', 'method-cadastre-lv-rules'),
    outcome:
      unread.length > 0
        ? say({
            cs: `nerozpoznáno: chybí část ${unread.join(', ')} (nalezeno: ${found.join(', ') || 'nic'})`,
            en: `not recognised: part ${unread.join(', ')} missing (found: ${found.join(', ') || 'none'})`,
          })
        : say({ cs: `nalezené části: ${found.join(', ')}`, en: `parts found: ${found.join(', ')}` }),
  }
}

function plombaRule(plomba: boolean, at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Probíhající řízení (plomba) znamená, že se zápisy mohou změnit: vyčkejte na jeho skončení',
      en: 'A pending change (plomba) means the entries may change: wait for the proceedings to end',
    }),
    ...cite(at, 'cz-256-2013-s16'),
    outcome: plomba
      ? say({ cs: 'plomba je vyznačena', en: 'plomba present' })
      : say({ cs: 'žádná', en: 'none' }),
  }
}

function encumbranceRule(e: Encumbrance, at: string, say: Say): AppliedRule {
  return {
    rule: `${e.type}: ${e.note}`,
    ...cite(at, ...(ENTRY_LAW[e.type] ?? ['method-cadastre-lv-rules']), 'method-cadastre-lv-rules'),
    outcome: say({
      cs: `${e.blocking ? 'brání převodu' : (SEVERITY_CS[e.severity] ?? e.severity)} (část ${e.part})`,
      en: `${e.blocking ? 'blocking' : e.severity} (part ${e.part})`,
    }),
  }
}

function sellerRule(sellerIsOwner: boolean, at: string, say: Say): AppliedRule {
  return {
    rule: say({
      cs: 'Prodávající musí být zapsaným vlastníkem (část A); zápis v katastru platí za pravdivý',
      en: 'The seller must be the registered owner (part A); the cadastre’s entry is presumed true',
    }),
    ...cite(at, 'cz-89-2012-s980'),
    outcome: sellerIsOwner
      ? say({ cs: 'prodávající je vlastníkem', en: 'seller is an owner' })
      : say({ cs: 'prodávající mezi vlastníky není', en: 'seller not among the owners' }),
  }
}

const SEVERITY_CS: Record<string, string> = { low: 'nízká', medium: 'střední', high: 'vysoká' }

export const cadastreCheck = defineAgent({
  service: 'real-estate',
  name: 'cadastre_check',
  description:
    'Reads the text of an ownership sheet (výpis z katastru nemovitostí, list vlastnictví): owners and shares in part A, encumbrances in part C, notes in part D and any plomba, and rates each entry for a purchase — mortgage, enforcement, insolvency, bans on disposal, pre-emption, easements — with the law behind it.',
  input: Type.Object(
    {
      text: Type.String({
        minLength: 50,
        maxLength: 200_000,
        description: 'the ownership sheet as text (PDF converted to text)',
      }),
      seller_name: Type.Optional(
        Type.String({ maxLength: 300, description: 'checked against the owners in part A' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Object({
    title: Type.Union(
      [
        Type.Literal('clean'),
        Type.Literal('encumbered'),
        Type.Literal('blocked'),
        Type.Literal('unrecognised'),
      ],
      {
        description:
          'clean: no entries in parts C and D; encumbered: rights or notes to be removed, or an entry the review table does not know (named in unrecognised_entries); blocked: a plomba or a bar on disposal; unrecognised: parts A, C or D not found, so the sheet is not judged',
      },
    ),
    lv_number: NullableString(),
    cadastral_area: NullableString(),
    state_as_of: NullableString(),
    owners: Type.Array(
      Type.Object({
        name: Type.String(),
        identifier: Type.Optional(Type.String()),
        share: Type.Optional(Type.String()),
      }),
    ),
    shares_complete: NullableBoolean({
      description: 'owner shares add up to 1 (null when shares are not stated)',
    }),
    seller_is_owner: NullableBoolean(),
    encumbrances: Type.Array(
      Type.Object({
        part: Type.String(),
        type: Type.String(),
        severity: Type.String(),
        blocking: Type.Boolean(),
        text: Type.String(),
        note: Type.String(),
      }),
    ),
    unrecognised_entries: Type.Array(Type.Object({ part: Type.String(), text: Type.String() }), {
      description:
        'entries of parts C and D that no type of the review table matches: not judged, each a finding for a person to read',
    }),
    plomba: Type.Boolean({ description: 'a change of rights is pending (the sheet is "under seal")' }),
    parts_found: Type.Array(Type.String()),
    findings: Type.Array(Type.String(), {
      description:
        'what else keeps the sheet from clean: missing parts, entries the table does not know, shares, the seller not an owner',
    }),
  }),
  verdict: {
    explain:
      '`adverse` when blocked (a plomba or a bar on disposal); `review` when encumbered, unrecognised (parts A, C or D not found), or a finding stands (an entry of part C or D the table does not know, shares, the seller not an owner); `clear` only for a clean sheet without findings',
    of: (r) =>
      r.title === 'blocked' ? 'adverse' : r.title === 'clean' && r.findings.length === 0 ? 'clear' : 'review',
  },
  law: LV_LAW,
  examples: [
    {
      title: 'Flat with a bank mortgage only: encumbered, not blocked',
      input: {
        seller_name: 'Jan Novák',
        text: [
          'VÝPIS Z KATASTRU NEMOVITOSTÍ',
          'prokazující stav evidovaný k datu 12.05.2025 08:00:00',
          'Okres: CZ0100 Hlavní město Praha Obec: 554782 Praha',
          'Kat.území: 727181 Vinohrady List vlastnictví: 1234',
          'A Vlastník, jiný oprávněný Identifikátor Podíl',
          'Vlastnické právo',
          'Novák Jan, Korunní 810/104, Vinohrady, 10100 Praha 10 750101/1236',
          'B Nemovitosti',
          'Jednotky',
          'Č.jednotky/ Způsob využití Způsob ochrany Podíl na',
          '810/12 byt 1234/98765',
          'B1 Věcná práva sloužící ve prospěch nemovitostí v části B - Bez zápisu',
          'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů',
          'Typ vztahu',
          'o Zástavní právo smluvní',
          'pohledávka ve výši 4 000 000,- Kč',
          'Oprávnění pro Česká spořitelna, a.s., Olbrachtova 1929/62, Krč, 14000 Praha 4, RČ/IČO: 45244782',
          'D Poznámky a další obdobné údaje - Bez zápisu',
          'E Nabývací tituly a jiné podklady zápisu',
          'Listina Kupní smlouva ze dne 03.02.2015. Právní účinky zápisu k okamžiku 04.02.2015.',
        ].join('\n'),
      },
    },
    {
      title: 'House of two co-owners with an enforcement notice and a pending change: blocked',
      input: {
        text: [
          'VÝPIS Z KATASTRU NEMOVITOSTÍ',
          'prokazující stav evidovaný k datu 02.06.2025 10:15:00',
          'Kat.území: 610003 Brno-město List vlastnictví: 4321',
          'Nemovitost je dotčena změnou práv - číslo řízení V-5678/2025-702',
          'A Vlastník, jiný oprávněný Identifikátor Podíl',
          'Vlastnické právo',
          'Dvořák Petr, Lidická 12, 60200 Brno 800115/0008 1/2',
          'Dvořáková Eva, Lidická 12, 60200 Brno 825223/0007 1/2',
          'B Nemovitosti',
          'Parcela Výměra[m2] Druh pozemku',
          '123/4 450 zastavěná plocha a nádvoří',
          'C Věcná práva zatěžující nemovitosti v části B včetně souvisejících údajů',
          'o Věcné břemeno chůze a jízdy',
          'o Zástavní právo exekutorské',
          'pohledávka ve výši 350 000,- Kč',
          'D Poznámky a další obdobné údaje',
          'o Exekuční příkaz k prodeji nemovitosti',
          'Povinnost k Dvořák Petr',
        ].join('\n'),
      },
    },
  ],
  async run(input, ctx) {
    const say = ctx.say
    const at = asOfDate(undefined, ctx.now)
    const table = covered(() => referenceAt<LvRules>('cadastre-lv-rules', at))
    const parts = splitParts(input.text)
    const found = partsFound(parts)
    const header = readHeader(input.text)
    const owners = readOwners(parts)
    const { known: encumbrances, unread: unreadEntries } = readEncumbrances(parts, table, say)
    const plomba = hasPlomba(parts, input.text, table)
    const sellerIsOwner = input.seller_name === undefined ? null : isOwner(owners.list, input.seller_name)
    const unread = missingParts(found)
    const title = unread.length > 0 ? ('unrecognised' as const) : titleOf(plomba, encumbrances, unreadEntries)
    const findings = [
      ...unread.map((part) =>
        say({ cs: `část ${part} listu vlastnictví nenalezena`, en: `part ${part} of the sheet not found` }),
      ),
      ...unreadEntries.map((e) =>
        say({
          cs: `zápis části ${e.part} není v tabulce posouzení: „${e.text}“ — přečtěte jej na listu a v listině v části E a posuďte, co znamená pro koupi`,
          en: `entry of part ${e.part} not in the review table: "${e.text}" — read it on the sheet and the deed in part E and judge what it does to the purchase`,
        }),
      ),
      ...(owners.complete === false
        ? [say({ cs: 'podíly vlastníků nedávají celek', en: 'the owners’ shares do not add up to one' })]
        : []),
      ...(sellerIsOwner === false
        ? [
            say({
              cs: 'prodávající mezi vlastníky v části A není',
              en: 'the seller is not among the owners in part A',
            }),
          ]
        : []),
    ]
    const rules: AppliedRule[] = [
      partsRule(found, unread, at, say),
      plombaRule(plomba, at, say),
      ...encumbrances.map((e) => encumbranceRule(e, at, say)),
      ...unreadEntries.map((e) => unreadRule(e, at, say)),
    ]
    if (sellerIsOwner !== null) rules.push(sellerRule(sellerIsOwner, at, say))
    return {
      title,
      lv_number: header.lv,
      cadastral_area: header.area,
      state_as_of: header.stateAsOf,
      owners: owners.list,
      shares_complete: owners.complete,
      seller_is_owner: sellerIsOwner,
      encumbrances,
      unrecognised_entries: unreadEntries,
      plomba,
      parts_found: found,
      findings,
      rules_applied: rules,
    }
  },
})
