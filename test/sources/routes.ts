/**
 * The recorded answers of every public source, as replay routes under one prefix per source
 * (/cnb, /vat, /vies, /ruian, /cadastre), and AgentDeps pointing at a replay server: what the
 * source and agent tests share.
 */
import { resolve } from 'node:path'
import { type AgentDeps, agentSpec, createAgentDeps } from '../../src/agents/deps.ts'
import { createDispatcher, type Dispatcher } from '../../src/agents/dispatch.ts'
import type { Agent } from '../../src/agents/types.ts'
import { CNB_DAILY_PATH } from '../../src/engines/sources/cnb.ts'
import { parseEnv } from '../../src/kit/config.ts'
import { createLogger } from '../../src/kit/logger.ts'
import { CLOSED_DNS, REGISTRY_DIR } from '../agents/harness.ts'
import { SHARED_DATA } from '../support/shared-data.ts'
import type { ReplayRoute } from './replay.ts'

const SHARED = SHARED_DATA

/** A subset of the real sanctions lists that builds in a few seconds: OFAC SDN 2024, UN, CZ 210/2008. */
export const SANCTIONS_SUBSET = [
  'sanctions/ofac/sdn_2024-05-03.csv',
  'sanctions/un/un_consolidated_2026-02-27.xml',
  'sanctions/cz/cz_nv_210_2008_terrorists.json',
]
  .map((p) => resolve(SHARED, p))
  .join(',')

export const LISTINGS_FILE = resolve(SHARED_DATA, 'realestate/sreality_byty_prodej_20240412.csv')

const text = 'text/plain; charset=utf-8'
const xml = 'text/xml; charset=utf-8'

/**
 * Companies with an ARES record and a public-register record on file: Alza, UMATEX, OKD, ČEZ, and
 * three written for the tests (24681351 a clean s.r.o.; 31415920 an s.r.o. whose director and
 * partner are on the OFAC SDN list; 27182819 a clean s.r.o. whose only ISIR proceeding is in a
 * state the agents do not name).
 */
const REGISTERED = ['05556121', '26863154', '27082440', '45274649', '24681351', '31415920', '27182819']

export const SOURCE_ROUTES: ReplayRoute[] = [
  // ČNB: a Friday, the Saturday and Sunday after it (ČNB answers with Friday's rates), a January day.
  ...['20.11.2026', '21.11.2026', '22.11.2026'].map((date) => ({
    path: `/cnb${CNB_DAILY_PATH}`,
    query: { date },
    fixture: 'cnb/denni_kurz_2026-11-20.txt',
    contentType: text,
  })),
  // Other November working days (the same rates, declared on their own day); 17 November is a
  // public holiday, so ČNB answers with the rates of the 16th.
  {
    path: `/cnb${CNB_DAILY_PATH}`,
    query: { date: '17.11.2026' },
    fixture: 'cnb/denni_kurz_2026-11-16.txt',
    contentType: text,
  },
  ...['02', '16', '18', '19'].map((day) => ({
    path: `/cnb${CNB_DAILY_PATH}`,
    query: { date: `${day}.11.2026` },
    fixture: `cnb/denni_kurz_2026-11-${day}.txt`,
    contentType: text,
  })),
  {
    path: `/cnb${CNB_DAILY_PATH}`,
    query: { date: '02.01.2026' },
    fixture: 'cnb/denni_kurz_2026-01-02.txt',
    contentType: text,
  },
  ...[
    '27082440',
    '24601357',
    '12345679',
    '05556121',
    '26863154',
    '45274649',
    '24681351',
    '31415920',
    '27182819',
  ].map((dic) => ({
    method: 'POST',
    path: '/vat',
    bodyIncludes: `<roz:dic>${dic}</roz:dic>`,
    fixture: `vat-register/status_${dic}.xml`,
    contentType: xml,
  })),
  {
    method: 'POST',
    path: '/vat',
    bodyIncludes: '<roz:dic>45317054</roz:dic>',
    fixture: 'vat-register/status_maintenance.xml',
    contentType: xml,
  },
  {
    method: 'POST',
    path: '/vat',
    bodyIncludes: '<roz:dic>00000019</roz:dic>',
    status: 500,
    fixture: 'vat-register/fault.xml',
    contentType: xml,
  },
  // ARES: lookups and public-register (VR) records answered from the registry client's recordings
  // (test/aml/replay), search here.
  ...REGISTERED.flatMap((ico) => [
    { path: `/ares/ekonomicke-subjekty/${ico}`, fixture: `../../aml/replay/ares/${ico}.json` },
    { path: `/ares/ekonomicke-subjekty-vr/${ico}`, fixture: `../../aml/replay/ares-vr/${ico}.json` },
  ]),
  // A spolek written for the tests whose ARES record lists no CZ-NACE activities (ARES's lookup only).
  { path: '/ares/ekonomicke-subjekty/26468131', fixture: '../../aml/replay/ares/26468131.json' },
  ...['ekonomicke-subjekty', 'ekonomicke-subjekty-vr'].map((register) => ({
    path: `/ares/${register}/12345679`,
    status: 404,
    body: '{"kod":"NENALEZENO","popis":"Ekonomický subjekt nebyl nalezen","subKod":"VYSTUP_SUBJEKT_NENALEZEN"}',
  })),
  {
    method: 'POST',
    path: '/ares/ekonomicke-subjekty/vyhledat',
    bodyIncludes: '"pravniForma":["121"]',
    fixture: 'ares/vyhledat_alza_as.json',
  },
  {
    method: 'POST',
    path: '/ares/ekonomicke-subjekty/vyhledat',
    bodyIncludes: '"obchodniJmeno":"Alza"',
    fixture: 'ares/vyhledat_alza.json',
  },
  {
    method: 'POST',
    path: '/ares/ekonomicke-subjekty/vyhledat',
    bodyIncludes: '"obchodniJmeno":"a"',
    status: 400,
    fixture: 'ares/vyhledat_too_broad.json',
  },
  // ISIR: OKD's reorganisation; every other IČO has no proceedings.
  {
    method: 'POST',
    path: '/isir',
    bodyIncludes: '<ic>26863154</ic>',
    fixture: '../../aml/replay/isir/26863154.xml',
    contentType: xml,
  },
  // A married couple in joint debt relief (společné oddlužení): asked about her, by birth number or
  // by name and date of birth, the register also lists her husband as a co-debtor.
  {
    method: 'POST',
    path: '/isir',
    bodyIncludes: '<rc>765204/1232</rc>',
    fixture: '../../aml/replay/isir/person-7652041232.xml',
    contentType: xml,
  },
  {
    method: 'POST',
    path: '/isir',
    bodyIncludes:
      '<nazevOsoby>Nováková</nazevOsoby><jmeno>Jana</jmeno><datumNarozeni>1976-02-04</datumNarozeni>',
    fixture: '../../aml/replay/isir/person-7652041232.xml',
    contentType: xml,
  },
  // Written for the tests: a proceeding in a state the agents do not name (ZRUŠENO VS), not ended.
  {
    method: 'POST',
    path: '/isir',
    bodyIncludes: '<ic>27182819</ic>',
    fixture: '../../aml/replay/isir/27182819.xml',
    contentType: xml,
  },
  { method: 'POST', path: '/isir', fixture: '../../aml/replay/isir/empty.xml', contentType: xml },
  { path: '/vies/ms/CZ/vat/27082440', fixture: 'vies/CZ27082440.json' },
  { path: '/vies/ms/CZ/vat/12345679', fixture: 'vies/CZ12345679.json' },
  { path: '/vies/ms/DE/vat/811907980', fixture: 'vies/DE_ms_unavailable.json' },
  {
    path: '/ruian/findAddressCandidates',
    query: { SingleLine: 'Jankovcova 1522/53, 17000 Praha 7' },
    fixture: 'ruian/jankovcova.json',
  },
  {
    path: '/ruian/findAddressCandidates',
    query: { SingleLine: 'Jankovcova 1522/53 Praha' },
    fixture: 'ruian/jankovcova.json',
  },
  {
    path: '/ruian/findAddressCandidates',
    query: { SingleLine: 'Neexistující 999, 17000 Praha 7' },
    fixture: 'ruian/none.json',
  },
  {
    path: '/ruian/findAddressCandidates',
    query: { SingleLine: 'Jankovcova 1522/53 (S-JTSK)' },
    fixture: 'ruian/sjtsk.json',
  },
  {
    path: '/cadastre',
    query: { STOREDQUERY_ID: 'GetParcel', UPPER_ZONING_ID: '727181', TEXT: '1589/3' },
    fixture: 'cadastre/parcel_727181_1589-3.xml',
    contentType: xml,
  },
  {
    path: '/cadastre',
    query: { STOREDQUERY_ID: 'GetParcel', UPPER_ZONING_ID: '727181', TEXT: '99999' },
    fixture: 'cadastre/parcel_none.xml',
    contentType: xml,
  },
  {
    path: '/cadastre',
    query: { STOREDQUERY_ID: 'GetParcel', UPPER_ZONING_ID: '000000' },
    fixture: 'cadastre/exception.xml',
    contentType: xml,
  },
  {
    path: '/cadastre',
    query: { STOREDQUERY_ID: 'GetZoningByName', ZONING_NAME: 'Sadská' },
    fixture: 'cadastre/zoning_sadska.xml',
    contentType: xml,
  },
]

/** AgentDeps whose sources all point at the replay server; short timeouts, one retry (as in production, a reused connection the server closed is retried). */
export function replayDeps(url: string, env: Record<string, string> = {}): AgentDeps {
  return createAgentDeps(
    parseEnv(agentSpec, {
      CNB_BASE_URL: `${url}/cnb`,
      VAT_REGISTER_URL: `${url}/vat`,
      VIES_BASE_URL: `${url}/vies`,
      RUIAN_GEOCODER_URL: `${url}/ruian`,
      CADASTRE_WFS_URL: `${url}/cadastre`,
      ARES_BASE_URL: `${url}/ares`,
      ISIR_URL: `${url}/isir`,
      SOURCES_TIMEOUT_SECONDS: '2',
      SOURCES_RETRIES: '1',
      REGISTRY_DATA_DIR: REGISTRY_DIR,
      LISTINGS_FILE,
      DNS_SERVERS: CLOSED_DNS,
      DNS_TIMEOUT_MS: '300',
      SANCTIONS_PATHS: SANCTIONS_SUBSET,
      ...env,
    }),
  )
}

/** A dispatcher over `agents` with `deps`, logging nothing. */
export function testDispatcher(agents: Agent[], deps: AgentDeps): Dispatcher {
  return createDispatcher(agents, deps, createLogger({ level: 'silent' }), { compile: 'lazy' })
}

/** The fixed evaluation time of the examples: Friday 20 November 2026, 10:00 UTC. */
export const NOW = new Date('2026-11-20T10:00:00Z')
