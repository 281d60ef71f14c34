/**
 * legal/contract_review on purchase contracts for a flat, written for these tests as a Prague
 * conveyancing lawyer would draft them: a sound one, one without escrow and without the deposit
 * clause, and one that names a lien it never removes.
 */
import { describe, expect, it } from 'vitest'
import { testDeps, testDispatcher } from '../../../test/agents/harness.ts'
import { agentCalls } from '../../../test/agents/service-tests.ts'
import type { ResultNamed } from '../index.ts'
import { legalAgents } from './index.ts'

const NOW = new Date('2026-11-20T10:00:00Z')
const { run } = agentCalls('legal', NOW, testDispatcher(legalAgents, testDeps()))
const review = (text: string) => run('contract_review', { text, method: 'rules' })

const HEAD = `KUPNÍ SMLOUVA o převodu vlastnického práva k bytové jednotce
uzavřená podle § 2079 a násl. zákona č. 89/2012 Sb., občanský zákoník

Smluvní strany:
Prodávající: Petr Svoboda, nar. 12. 3. 1975, rodné číslo 750312/1235, bytem Korunní 810/104, 101 00 Praha 10
Kupující: Jana Dvořáková, nar. 5. 2. 1985, rodné číslo 855205/1238, trvale bytem Slezská 1200/45, 120 00 Praha 2

I. Předmět převodu
1. Prodávající je výlučným vlastníkem jednotky č. 1234/15 (byt) vymezené v budově č. p. 1234, která stojí na pozemku parc. č. 2150, vše v katastrálním území Vinohrady, obec Praha, zapsané na listu vlastnictví č. 5678 u Katastrálního úřadu pro hlavní město Prahu, katastrální pracoviště Praha, včetně spoluvlastnického podílu o velikosti 6512/185430 na společných částech domu a pozemku.
`

const LIEN_REMOVED = `2. Jednotka je zatížena zástavním právem ve prospěch Hypoteční banky, a.s., IČO 13584324, k zajištění úvěru prodávajícího. Prodávající se zavazuje, že zůstatek úvěru bude uhrazen z kupní ceny přímo zástavnímu věřiteli a že do 30 dnů od vkladu zajistí výmaz zástavního práva z katastru nemovitostí.
`

const NO_OTHER_RIGHTS = `3. Jiná věcná práva, zejména věcná břemena ani předkupní práva, na jednotce neváznou. Prodávající prohlašuje, že proti němu není vedena exekuce ani insolvenční řízení.
`

const ESCROW = `II. Kupní cena a úschova
1. Kupní cena činí 6 450 000 Kč (slovy: šest milionů čtyři sta padesát tisíc korun českých) a je splatná složením do úschovy.
2. Kupující složí kupní cenu do advokátní úschovy u JUDr. Marie Novotné, advokátky, do 10 dnů od podpisu této smlouvy, podle smlouvy o advokátní úschově uzavřené současně s touto smlouvou.
3. Advokátka vyplatí z úschovy nejprve zůstatek úvěru zástavnímu věřiteli a zbytek kupní ceny prodávajícímu do 5 pracovních dnů poté, co jí bude doložen výpis z katastru nemovitostí, v němž je kupující zapsán jako vlastník jednotky.

III. Návrh na vklad
1. Návrh na vklad vlastnického práva do katastru nemovitostí podá advokátka JUDr. Marie Novotná na základě plné moci obou smluvních stran do 3 pracovních dnů od složení kupní ceny do úschovy.
2. Vlastnické právo přechází na kupujícího vkladem do katastru nemovitostí s účinky ke dni podání návrhu.
`

const DIRECT_PAYMENT = `II. Kupní cena
1. Kupní cena činí 6 450 000 Kč a je splatná bankovním převodem na účet prodávajícího do 5 dnů od podpisu této smlouvy.
2. Vlastnické právo přechází na kupujícího zápisem do katastru nemovitostí.
`

const TAIL = `IV. Předání jednotky
1. Prodávající předá kupujícímu jednotku do 10 dnů od zápisu vlastnického práva kupujícího; o předání sepíší strany předávací protokol se stavy měřidel energií a předají se klíče.

V. Vady a prohlášení
1. Prodávající prohlašuje, že jednotka nemá vady, o nichž by kupujícího neinformoval.
2. Prodávající předá kupujícímu při podpisu potvrzení správce domu o tom, že s jednotkou nejsou spojeny dluhy vůči společenství vlastníků.
3. Kupující prohlašuje, že se se stavem jednotky seznámil.

VI. Odstoupení od smlouvy
1. Kupující je oprávněn od smlouvy odstoupit, ukáže-li se prohlášení prodávajícího o právních vadách nepravdivým. Prodávající může od smlouvy odstoupit, nezaplatí-li kupující kupní cenu včas.

VII. Závěrečná ustanovení
1. Smlouva se řídí právním řádem České republiky. Smlouva je vyhotovena ve třech stejnopisech, z nichž jeden je určen pro katastrální úřad.
`

const SOUND = HEAD + LIEN_REMOVED + NO_OTHER_RIGHTS + ESCROW + TAIL
const WITHOUT_ESCROW_AND_DEPOSIT = HEAD + LIEN_REMOVED + NO_OTHER_RIGHTS + DIRECT_PAYMENT + TAIL
const UNRESOLVED_LIEN =
  HEAD +
  `2. Jednotka je zatížena zástavním právem ve prospěch Komerční banky, a.s., IČO 45317054.
` +
  NO_OTHER_RIGHTS +
  ESCROW +
  TAIL

describe('contract_review of a purchase contract for a flat', () => {
  it('recognises a sound contract and finds nothing serious in it', async () => {
    const out = await review(SOUND)
    expect(out.contract_type).toBe('flat_purchase')
    expect(out.flat_purchase!.findings).toEqual([])
    expect(
      Object.fromEntries(
        out.flat_purchase!.checklist.map((c: { check: string; status: string }) => [c.check, c.status]),
      ),
    ).toEqual({
      parties: 'ok',
      unit: 'ok',
      price: 'ok',
      escrow: 'ok',
      escrow_release: 'ok',
      deposit: 'ok',
      deposit_who_when: 'ok',
      handover: 'ok',
      defects: 'ok',
      withdrawal: 'ok',
      association_debts: 'ok',
      lien: 'ok',
      easement: 'ok',
      pre_emption: 'ok',
      enforcement: 'ok',
      ownership_on_signature: 'ok',
      arbitrator_one_party: 'ok',
      cash_payment: 'ok',
    })
    expect(out.risk_level).toBe('low')
  })

  it('finds the missing escrow and the missing deposit clause, each with its reason and law', async () => {
    const out = await review(WITHOUT_ESCROW_AND_DEPOSIT)
    expect(out.contract_type).toBe('flat_purchase')
    expect(out.risk_level).toBe('high')
    expect(out.flat_purchase!.findings).toEqual([
      expect.objectContaining({
        check: 'escrow',
        status: 'missing',
        risk: 'high',
        source: expect.stringContaining('§ 1105'),
        reason: expect.stringContaining('only when the cadastre registers the transfer'),
      }),
      expect.objectContaining({
        check: 'deposit',
        status: 'missing',
        risk: 'high',
        source: expect.stringContaining('katastrální zákon'),
      }),
    ])
    const status = (id: string) =>
      out.flat_purchase!.checklist.find((c: { check: string }) => c.check === id)!.status
    // A release condition and a filing deadline have nothing to attach to.
    expect(status('escrow_release')).toBe('not_applicable')
    expect(status('deposit_who_when')).toBe('not_applicable')
    expect(out.rules_applied).toContainEqual(
      expect.objectContaining({
        rule: expect.stringContaining('escrow of the price (úschova): missing'),
        outcome: 'high',
      }),
    )
  })

  it('flags a lien the contract names but never removes', async () => {
    const out = await review(UNRESOLVED_LIEN)
    expect(out.flat_purchase!.findings).toEqual([
      {
        check: 'lien',
        title: 'lien (zástavní právo)',
        status: 'risk',
        risk: 'high',
        reason: expect.stringContaining('deletion of the lien'),
        source: 'zákon 89/2012 Sb. § 1309 an. and § 1316',
        lacking: ['its removal or the buyer’s acceptance'],
        excerpt: 'Jednotka je zatížena zástavním právem ve prospěch Komerční banky, a.s., IČO 45317054.',
      },
    ])
    expect(out.risk_level).toBe('high')
  })

  it('names what an incomplete identification of the parties and the unit lacks', async () => {
    const out = await review(
      'Kupní smlouva. Prodávající Petr Svoboda prodává kupující Janě Dvořákové bytovou jednotku č. 15 v Praze za kupní cenu 5 000 000 Kč, složenou do notářské úschovy a vyplacenou po zápisu kupující do katastru. Návrh na vklad podá prodávající do 5 dnů.',
    )
    const finding = (id: string) => out.flat_purchase!.findings.find((f: { check: string }) => f.check === id)
    expect(finding('parties')!.lacking).toEqual([
      'birth number, date of birth or IČO',
      'address or registered office',
    ])
    expect(finding('unit')!.lacking).toEqual([
      'building (budova, č. p.)',
      'land plot (pozemek, parc. č.)',
      'cadastral area (katastrální území)',
      'title deed (list vlastnictví)',
      'share in the common parts (podíl na společných částech)',
    ])
    expect(finding('escrow')).toBeUndefined()
    expect(finding('deposit_who_when')).toBeUndefined()
  })

  it('leaves other contracts to the general review', async () => {
    const out = await review(
      'Smlouva o poskytování služeb. Poskytovatel se zavazuje poskytovat služby podpory. Cena je splatná do 30 dnů.',
    )
    expect(out).toMatchObject({ contract_type: 'other', flat_purchase: null })
  })
})

describe('contract_review of a flat purchase in Czech', () => {
  it('gives the findings, their reasons and what is missing in Czech', async () => {
    const d = testDispatcher(legalAgents, testDeps())
    const { output } = (await d.call(
      'legal',
      'contract_review',
      { text: WITHOUT_ESCROW_AND_DEPOSIT, method: 'rules', lang: 'cs' },
      { now: NOW },
    )) as { output: ResultNamed<'contract_review'> }
    expect(output.flat_purchase!.findings[0]).toMatchObject({
      check: 'escrow',
      title: 'úschova kupní ceny',
      reason: expect.stringContaining('Kupující se stává vlastníkem až zápisem do katastru (§ 1105)'),
      lacking: ['úschova (advokátní, notářská nebo bankovní)'],
      source: expect.stringContaining('§ 1105'),
    })
  })
})
