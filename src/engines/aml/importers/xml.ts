/**
 * The official XML list formats:
 * - OFAC `sdnList` (SDN.XML and CONSOLIDATED.XML share it): sdnEntry with uid, names, akaList
 *   (category strong|weak), idList, addressList, nationality/citizenship, dateOfBirthList.
 * - UN `CONSOLIDATED_LIST` (sc-sanctions.xsd): INDIVIDUAL / ENTITY with FIRST..FOURTH_NAME,
 *   aliases with QUALITY (Good, Low = weak), documents, NAME_ORIGINAL_SCRIPT.
 * - EU FSF `export` (xmlFullSanctionsList 1.1, namespace http://eu.europa.ec/fpi/fsd/export):
 *   sanctionEntity with nameAlias (strong true|false), citizenship, birthdate, identification.
 * - UK Sanctions List (FCDO, UK-Sanctions-List.xml) `Designations`: Designation with UniqueID,
 *   Names/Name (Name1..Name5 given names, Name6 family name; NameType Primary Name, Primary name
 *   variation, Alias; AliasStrength), NonLatinNames, IndividualEntityShip, RegimeName,
 *   IndividualDetails (DOBs as dd/mm/yyyy, "dd/mm" when unknown; Nationalities), Addresses.
 */
import { readFileSync } from 'node:fs'
import { XMLParser } from 'fast-xml-parser'
import { normalizeName } from '../normalize.ts'
import type { EntityIdentifier, EntityName, EntityType, ListEntity, ListVersion } from '../types.ts'
import {
  addresses,
  addressLine,
  arr,
  countries,
  dateFromPath,
  identifier,
  isoDate,
  listVersion,
  text,
  uniq,
} from './common.ts'
import { parseRemarks } from './ofac-csv.ts'

type Node = Record<string, unknown>

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
})

export function sniffXml(head: string): 'ofac-xml' | 'un-xml' | 'eu-xml' | 'uk-xml' | undefined {
  if (/<sdnList[\s>]/.test(head)) return 'ofac-xml'
  if (/<Designations[\s>]/.test(head)) return 'uk-xml'
  if (/<CONSOLIDATED_LIST[\s>]/.test(head)) return 'un-xml'
  if (/<export[\s>]/.test(head) && /fsd\/export/.test(head)) return 'eu-xml'
  return undefined
}

// ---------------------------------------------------------------- OFAC

function ofacType(raw: string): EntityType {
  const t = raw.toLowerCase()
  if (t === 'individual') return 'person'
  if (t === 'vessel') return 'vessel'
  if (t === 'aircraft') return 'aircraft'
  return 'company'
}

export function importOfacXml(path: string, opts: { list?: string } = {}): ListVersion {
  const bytes = readFileSync(path)
  const doc = parser.parse(bytes.toString('utf8')) as Node
  const root = doc.sdnList as Node
  const publish = text((root.publshInformation as Node | undefined)?.Publish_Date)
  const listDate = publish ? isoDate(publish, { usOrder: true }) : (dateFromPath(path) ?? '')
  const list = opts.list ?? (/cons|non.?sdn/i.test(path) ? 'ofac_cons' : 'ofac_sdn')
  const entities: ListEntity[] = []
  for (const e of arr(root.sdnEntry as Node[])) {
    const type = ofacType(text(e.sdnType))
    const mk = (first: string, last: string, kind: EntityName['kind']): EntityName => {
      const full = [first, last].filter(Boolean).join(' ')
      return type === 'person' && last ? { full, kind, ...(first ? { first } : {}), last } : { full, kind }
    }
    const names: EntityName[] = [mk(text(e.firstName), text(e.lastName), 'primary')]
    for (const a of arr((e.akaList as Node | undefined)?.aka as Node[])) {
      const weak = text(a.category).toLowerCase() === 'weak'
      names.push(mk(text(a.firstName), text(a.lastName), weak ? 'weak' : 'alias'))
    }
    const identifiers: EntityIdentifier[] = []
    for (const id of arr((e.idList as Node | undefined)?.id as Node[])) {
      const label = text(id.idType)
      if (
        /gender|website|email|phone|organization established|organization type|additional sanctions|secondary sanctions|transactions prohibited|effective date/i.test(
          label,
        )
      )
        continue
      const parsed = identifier(label, text(id.idNumber), text(id.idCountry))
      if (parsed) identifiers.push(parsed)
    }
    const remarks = text(e.remarks)
    const facts = remarks ? parseRemarks(remarks) : undefined
    entities.push({
      list,
      listId: text(e.uid),
      type,
      names,
      birthDates: uniq(
        arr((e.dateOfBirthList as Node | undefined)?.dateOfBirthItem as Node[]).map((d) =>
          isoDate(text(d.dateOfBirth)),
        ),
      ),
      nationalities: countries([
        ...arr((e.nationalityList as Node | undefined)?.nationality as Node[]).map((n) => text(n.country)),
        ...arr((e.citizenshipList as Node | undefined)?.citizenship as Node[]).map((n) => text(n.country)),
        ...(facts?.nationalities ?? []),
      ]),
      countries: countries([
        ...arr((e.addressList as Node | undefined)?.address as Node[]).map((a) => text(a.country)),
        ...arr((e.placeOfBirthList as Node | undefined)?.placeOfBirthItem as Node[]).map((p) =>
          text(p.placeOfBirth).split(',').pop(),
        ),
      ]),
      identifiers: [...identifiers, ...(facts?.identifiers ?? [])],
      programmes: arr((e.programList as Node | undefined)?.program as unknown[]).map(text),
      addresses: addresses(
        arr((e.addressList as Node | undefined)?.address as Node[]).map((a) =>
          addressLine(
            ['address1', 'address2', 'address3', 'city', 'stateOrProvince', 'postalCode', 'country'].map(
              (k) => text(a[k]),
            ),
          ),
        ),
      ),
      listDate,
      ...(remarks ? { remarks } : {}),
    })
  }
  return listVersion(list, 'ofac-xml', path, bytes, listDate, entities)
}

// ---------------------------------------------------------------- UN

/** A UN address: street, city, postal code, state or province, country (its note left out). */
function unAddresses(nodes: Node[]): string[] {
  return addresses(
    nodes.map((a) =>
      addressLine(['STREET', 'CITY', 'ZIP_CODE', 'STATE_PROVINCE', 'COUNTRY'].map((k) => text(a[k]))),
    ),
  )
}

function unDates(nodes: Node[]): string[] {
  const out: string[] = []
  for (const d of nodes) {
    const date = text(d.DATE)
    const year = text(d.YEAR)
    const from = text(d.FROM_YEAR)
    const to = text(d.TO_YEAR)
    if (date) out.push(isoDate(date))
    else if (from && to) out.push(`${from}-${to}`)
    else if (year) out.push(year)
  }
  return uniq(out)
}

export function importUnXml(path: string): ListVersion {
  const bytes = readFileSync(path)
  const doc = parser.parse(bytes.toString('utf8')) as Node
  const root = doc.CONSOLIDATED_LIST as Node
  const generated = String(root['@dateGenerated'] ?? '')
  const listDate = generated ? generated.slice(0, 10) : (dateFromPath(path) ?? '')
  const entities: ListEntity[] = []
  const aliasesOf = (nodes: Node[], type: EntityType): EntityName[] =>
    nodes
      .map((a) => ({ name: text(a.ALIAS_NAME), quality: text(a.QUALITY).toLowerCase() }))
      .filter((a) => a.name)
      .map((a) => {
        const kind: EntityName['kind'] = a.quality === 'low' ? 'weak' : 'alias'
        return type === 'person' && a.name.includes(',')
          ? { full: a.name.split(',').reverse().join(' ').trim(), kind }
          : { full: a.name, kind }
      })
  const individuals = arr((root.INDIVIDUALS as Node | undefined)?.INDIVIDUAL as Node[])
  for (const p of individuals) {
    const parts = [p.FIRST_NAME, p.SECOND_NAME, p.THIRD_NAME, p.FOURTH_NAME].map(text).filter(Boolean)
    const first = parts[0] ?? ''
    const rest = parts.slice(1).join(' ')
    const names: EntityName[] = [
      {
        full: parts.join(' '),
        kind: 'primary',
        ...(first ? { first } : {}),
        ...(rest ? { last: rest } : {}),
      },
      ...aliasesOf(arr(p.INDIVIDUAL_ALIAS as Node[]), 'person'),
    ]
    const original = text(p.NAME_ORIGINAL_SCRIPT)
    if (original) names.push({ full: original, kind: 'original_script' })
    const identifiers = arr(p.INDIVIDUAL_DOCUMENT as Node[])
      .map((d) =>
        identifier(
          text(d.TYPE_OF_DOCUMENT) || 'other',
          text(d.NUMBER),
          text(d.ISSUING_COUNTRY) || text(d.COUNTRY_OF_ISSUE),
        ),
      )
      .filter((d): d is EntityIdentifier => !!d)
    entities.push({
      list: 'un',
      listId: text(p.REFERENCE_NUMBER) || text(p.DATAID),
      type: 'person',
      names,
      birthDates: unDates(arr(p.INDIVIDUAL_DATE_OF_BIRTH as Node[])),
      nationalities: countries(arr((p.NATIONALITY as Node | undefined)?.VALUE as unknown[]).map(text)),
      countries: countries([
        ...arr(p.INDIVIDUAL_ADDRESS as Node[]).map((a) => text(a.COUNTRY)),
        ...arr(p.INDIVIDUAL_PLACE_OF_BIRTH as Node[]).map((a) => text(a.COUNTRY)),
      ]),
      identifiers,
      programmes: [text(p.UN_LIST_TYPE)].filter(Boolean),
      addresses: unAddresses(arr(p.INDIVIDUAL_ADDRESS as Node[])),
      listDate,
      ...(text(p.COMMENTS1) ? { remarks: text(p.COMMENTS1) } : {}),
    })
  }
  for (const o of arr((root.ENTITIES as Node | undefined)?.ENTITY as Node[])) {
    const name = text(o.FIRST_NAME)
    if (!name) continue
    entities.push({
      list: 'un',
      listId: text(o.REFERENCE_NUMBER) || text(o.DATAID),
      type: 'organization',
      names: [{ full: name, kind: 'primary' }, ...aliasesOf(arr(o.ENTITY_ALIAS as Node[]), 'organization')],
      birthDates: [],
      nationalities: [],
      countries: countries(arr(o.ENTITY_ADDRESS as Node[]).map((a) => text(a.COUNTRY))),
      identifiers: [],
      programmes: [text(o.UN_LIST_TYPE)].filter(Boolean),
      addresses: unAddresses(arr(o.ENTITY_ADDRESS as Node[])),
      listDate,
      ...(text(o.COMMENTS1) ? { remarks: text(o.COMMENTS1) } : {}),
    })
  }
  return listVersion('un', 'un-xml', path, bytes, listDate, entities)
}

// ---------------------------------------------------------------- EU FSF

function euType(code: string): EntityType {
  if (code === 'person' || code === 'P') return 'person'
  if (code === 'enterprise' || code === 'E' || code === 'entity') return 'company'
  return 'organization'
}

export function importEuXml(path: string): ListVersion {
  const bytes = readFileSync(path)
  const doc = parser.parse(bytes.toString('utf8')) as Node
  const root = doc.export as Node
  const generated = String(root['@generationDate'] ?? '')
  const listDate = generated ? generated.slice(0, 10) : (dateFromPath(path) ?? '')
  const entities: ListEntity[] = []
  for (const s of arr(root.sanctionEntity as Node[])) {
    const subject = s.subjectType as Node | undefined
    const type = euType(String(subject?.['@code'] ?? subject?.['@classificationCode'] ?? ''))
    const names: EntityName[] = []
    for (const a of arr(s.nameAlias as Node[])) {
      const whole = String(a['@wholeName'] ?? '').trim()
      if (!whole) continue
      const strong = String(a['@strong'] ?? 'true') !== 'false'
      const first = String(a['@firstName'] ?? '').trim()
      const last = String(a['@lastName'] ?? '').trim()
      const kind: EntityName['kind'] = names.length === 0 ? 'primary' : strong ? 'alias' : 'weak'
      names.push({ full: whole, kind, ...(first ? { first } : {}), ...(last ? { last } : {}) })
    }
    if (names.length === 0) continue
    const identifiers = arr(s.identification as Node[])
      .map((i) =>
        identifier(
          String(i['@identificationTypeDescription'] ?? i['@identificationTypeCode'] ?? 'other'),
          String(i['@number'] ?? i['@latinNumber'] ?? ''),
          String(i['@countryIso2Code'] ?? ''),
        ),
      )
      .filter((i): i is EntityIdentifier => !!i)
    entities.push({
      list: 'eu_fsf',
      listId: `EU-${String(s['@logicalId'] ?? '')}`,
      type,
      names,
      birthDates: uniq(
        arr(s.birthdate as Node[])
          .map((b) => String(b['@birthdate'] ?? b['@year'] ?? '').trim())
          .filter(Boolean),
      ),
      nationalities: countries(arr(s.citizenship as Node[]).map((c) => String(c['@countryIso2Code'] ?? ''))),
      countries: countries([
        ...arr(s.address as Node[]).map((a) => String(a['@countryIso2Code'] ?? '')),
        ...arr(s.birthdate as Node[]).map((b) => String(b['@countryIso2Code'] ?? '')),
      ]),
      identifiers,
      programmes: uniq(
        arr(s.regulation as Node[])
          .map((r) => String(r['@programme'] ?? ''))
          .filter(Boolean),
      ),
      addresses: addresses(
        arr(s.address as Node[]).map((a) =>
          addressLine(
            ['street', 'poBox', 'zipCode', 'city', 'place', 'region', 'countryDescription'].map((k) =>
              String(a[`@${k}`] ?? ''),
            ),
          ),
        ),
      ),
      listDate,
      ...(text(s.remark) ? { remarks: text(s.remark) } : {}),
    })
  }
  return listVersion('eu_fsf', 'eu-xml', path, bytes, listDate, entities)
}

// ---------------------------------------------------------------- UK (FCDO)

/** "02/03/1958" → "1958-03-02"; "dd/mm/1957" → "1957"; "dd/03/1957" → "1957-03". */
function ukDate(raw: string): string {
  const m = /^(\d{2}|dd)\/(\d{2}|mm)\/(\d{4})$/.exec(raw.trim())
  if (!m) return isoDate(raw)
  if (m[2] === 'mm') return m[3]!
  if (m[1] === 'dd') return `${m[3]}-${m[2]}`
  return `${m[3]}-${m[2]}-${m[1]}`
}

function ukType(raw: string): EntityType {
  const t = raw.toLowerCase()
  if (t === 'individual') return 'person'
  if (t === 'ship') return 'vessel'
  return t === 'entity' ? 'company' : 'unknown'
}

export function importUkXml(path: string): ListVersion {
  const bytes = readFileSync(path)
  const doc = parser.parse(bytes.toString('utf8')) as Node
  const root = doc.Designations as Node
  const generated = text(root.DateGenerated)
  const listDate = generated ? ukDate(generated) : (dateFromPath(path) ?? '')
  const entities: ListEntity[] = []
  for (const d of arr(root.Designation as Node[])) {
    const id = text(d.UniqueID) || text(d.OFSIGroupID)
    if (!id) continue
    const type = ukType(text(d.IndividualEntityShip))
    const names: EntityName[] = []
    for (const n of arr((d.Names as Node | undefined)?.Name as Node[])) {
      const given = [n.Name1, n.Name2, n.Name3, n.Name4, n.Name5].map(text).filter(Boolean).join(' ')
      const family = text(n.Name6)
      const full = [given, family].filter(Boolean).join(' ')
      if (!full) continue
      const nameType = text(n.NameType).toLowerCase()
      const weak = /low/i.test(text(n.AliasStrength))
      const kind: EntityName['kind'] =
        nameType === 'primary name' && !names.some((x) => x.kind === 'primary')
          ? 'primary'
          : weak
            ? 'weak'
            : 'alias'
      names.push(
        type === 'person' && family
          ? { full, kind, ...(given ? { first: given } : {}), last: family }
          : { full, kind },
      )
    }
    for (const n of arr((d.NonLatinNames as Node | undefined)?.NonLatinName as Node[])) {
      const full = text(n.NameNonLatinScript)
      if (full) names.push({ full, kind: 'original_script' })
    }
    if (names.length === 0) continue
    if (!names.some((n) => n.kind === 'primary')) names[0] = { ...names[0]!, kind: 'primary' }
    const individual = ((d.IndividualDetails as Node | undefined)?.Individual ?? {}) as Node
    const remarks = [text(d.OtherInformation), text(d.UKStatementofReasons)].filter(Boolean).join(' ')
    const facts = remarks ? parseRemarks(remarks) : undefined
    entities.push({
      list: 'uk',
      listId: id,
      type,
      names,
      birthDates: uniq(
        arr((individual.DOBs as Node | undefined)?.DOB as unknown[]).map((x) => ukDate(text(x))),
      ),
      nationalities: countries([
        ...arr((individual.Nationalities as Node | undefined)?.Nationality as unknown[]).map(text),
        ...arr((d.Nationalities as Node | undefined)?.Nationality as unknown[]).map(text),
      ]),
      countries: countries(
        arr((d.Addresses as Node | undefined)?.Address as Node[]).map((a) => text(a.AddressCountry)),
      ),
      identifiers: facts?.identifiers ?? [],
      programmes: [text(d.RegimeName)].filter(Boolean),
      addresses: addresses(
        arr((d.Addresses as Node | undefined)?.Address as Node[]).map((a) =>
          addressLine(
            [1, 2, 3, 4, 5, 6]
              .map((i) => text(a[`AddressLine${i}`]))
              .concat([text(a.AddressPostalCode), text(a.AddressCountry)]),
          ),
        ),
      ),
      listDate,
      ...(remarks ? { remarks } : {}),
    })
  }
  return listVersion('uk', 'uk-xml', path, bytes, listDate, entities)
}

/** Type of a names-only entry: a legal form in its name says company; otherwise unknown. */
export function guessType(name: string): EntityType {
  return normalizeName(name).legalForm ? 'company' : 'unknown'
}
