import { createHash } from 'node:crypto';
import { formatDate, formatMoney, formatNumber, type Language, PARTS_PER_CM2 } from '@parcelle/shared';

/**
 * The key information document of a work (issue 30), generated from the work's own data: what is offered (the work,
 * the share one part represents, the parts issued), who offers it, the price and every cost, the valuation and how it
 * was reached, custody and insurance, how one gets out, and the risks. Pure: the same facts give the same text, so a
 * published version's hash can be checked against what it says.
 */

/** Everything the document is written from, read from the catalogue and the configuration at generation time. */
export type KeyInformationFacts = {
  paintingId: string;
  slug: string;
  titleEn: string;
  titleFr: string;
  artist: string;
  typeEn: string;
  typeFr: string;
  year: number;
  widthCm: number;
  heightCm: number;
  totalParts: number;
  pricePerPartMinor: number;
  entryFeeMinor: number | null;
  storageCostYearlyMinor: number | null;
  insuranceCostYearlyMinor: number | null;
  exitFeeMinor: number | null;
  exitShareBps: number | null;
  custodyPlaceEn: string | null;
  custodyPlaceFr: string | null;
  insurer: string | null;
  targetHoldingYears: number | null;
  valuation: {
    valueMinor: number;
    currency: 'EURO' | 'USD';
    valuedOn: string;
    appraiser: string;
    methodEn: string;
    methodFr: string;
  } | null;
  issuer: { name: string; address: string; registration: string };
  /** The regulator's registration number of this document, when the regime asks for one (null otherwise). */
  registrationNumber: string | null;
  exits: { minQuorumBps: number; minMajorityBps: number; minWindowDays: number };
};

export type KeyInformationSection = { id: string; heading: string; paragraphs: string[] };
export type KeyInformationDocument = { title: string; subtitle: string; sections: KeyInformationSection[] };
/** What a version stores: both languages as shown, and the facts they were written from. */
export type KeyInformationContent = {
  en: KeyInformationDocument;
  fr: KeyInformationDocument;
  facts: KeyInformationFacts;
};

const eur = (minor: number, lang: Language) => formatMoney(minor, 'EURO', lang);
const percent = (bps: number, lang: Language) =>
  formatNumber(bps / 100, lang, { maximumFractionDigits: 2 }) + (lang === 'fr' ? '\u00a0%' : '%');

function partsWord(n: number, lang: Language): string {
  const count = formatNumber(n, lang);
  if (lang === 'fr') return `${count} ${n > 1 ? 'parts' : 'part'}`;
  return `${count} ${n === 1 ? 'part' : 'parts'}`;
}

function yearsWord(n: number, lang: Language): string {
  if (lang === 'fr') return `${n} ${n > 1 ? 'ans' : 'an'}`;
  return `${n} ${n === 1 ? 'year' : 'years'}`;
}

function daysWord(n: number, lang: Language): string {
  if (lang === 'fr') return `${n} ${n > 1 ? 'jours' : 'jour'}`;
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

export function keyInformationDocument(f: KeyInformationFacts, lang: Language): KeyInformationDocument {
  const fr = lang === 'fr';
  const title = fr ? f.titleFr : f.titleEn;
  const areaCm2 = f.widthCm * f.heightCm;
  const workPriceMinor = f.pricePerPartMinor * f.totalParts;
  const notSet = fr ? 'à définir' : 'to be set';
  const money = (minor: number | null) => (minor === null ? notSet : eur(minor, lang));
  const custody = (fr ? f.custodyPlaceFr : f.custodyPlaceEn) ?? null;
  const exitFee =
    f.exitShareBps !== null
      ? fr
        ? `${percent(f.exitShareBps, lang)} du prix de vente de l’œuvre`
        : `${percent(f.exitShareBps, lang)} of the work’s sale price`
      : money(f.exitFeeMinor);
  const sections: KeyInformationSection[] = [];
  const add = (id: string, heading: string, ...paragraphs: string[]) => sections.push({ id, heading, paragraphs });

  if (fr) {
    add(
      'warning',
      'Avertissement',
      'Ce document vous donne les informations essentielles sur cette offre. Il ne s’agit pas d’un document ' +
        'publicitaire. Lisez-le pour comprendre ce que vous achetez et les risques que vous prenez.',
      'Vous pouvez perdre tout ou partie de l’argent investi. Les parts sont difficiles à revendre. ' +
        'N’investissez que l’argent dont vous n’aurez pas besoin.',
    );
    add(
      'offer',
      'L’offre',
      `Parts de copropriété de l’œuvre «\u00a0${title}\u00a0» de ${f.artist} (${fr ? f.typeFr : f.typeEn}, ${f.year}, ` +
        `${f.widthCm}\u00a0×\u00a0${f.heightCm}\u00a0cm).`,
      `L’œuvre est divisée en ${partsWord(f.totalParts, lang)}\u00a0: ${PARTS_PER_CM2} parts par cm², ` +
        `${formatNumber(areaCm2, lang)}\u00a0cm² en tout. Une part représente 1/${formatNumber(f.totalParts, lang)} ` +
        `de l’œuvre, soit un neuvième de centimètre carré\u00a0; elle donne des droits sur l’œuvre entière en proportion, ` +
        'pas sur un morceau de toile.',
    );
    add(
      'issuer',
      'L’émetteur',
      `${f.issuer.name}, ${f.issuer.address}. ${f.issuer.registration}.`,
      f.registrationNumber
        ? `Numéro d’enregistrement du document auprès de l’Autorité des marchés financiers\u00a0: ${f.registrationNumber}.`
        : 'Ce document n’a pas fait l’objet d’un enregistrement auprès d’une autorité de marché.',
    );
    add(
      'price',
      'Prix et coûts',
      `Prix d’une part\u00a0: ${eur(f.pricePerPartMinor, lang)}\u00a0; prix de l’œuvre entière à ce prix\u00a0: ${eur(workPriceMinor, lang)}.`,
      `Commission d’entrée, comprise dans le prix de chaque part\u00a0: ${f.entryFeeMinor === null ? notSet : `${eur(f.entryFeeMinor, lang)} par part`}.`,
      `Frais annuels de l’œuvre, supportés par les copropriétaires en proportion de leurs parts\u00a0: garde ` +
        `${money(f.storageCostYearlyMinor)}, assurance ${money(f.insuranceCostYearlyMinor)}.`,
      `Commission de sortie, retenue lors de la vente de l’œuvre\u00a0: ${exitFee}.`,
      'Les échanges entre membres sur le marché secondaire sont sans frais de la plateforme\u00a0; un paiement par ' +
        'carte dans une autre devise que l’euro peut entraîner des frais de change de votre banque.',
    );
    add(
      'valuation',
      'Valorisation',
      f.valuation
        ? `Dernière estimation\u00a0: ${formatMoney(f.valuation.valueMinor, f.valuation.currency, lang)} le ` +
            `${formatDate(f.valuation.valuedOn, lang)}, par ${f.valuation.appraiser}. Méthode\u00a0: ${f.valuation.methodFr}`
        : 'Aucune estimation indépendante n’est encore publiée pour cette œuvre.',
      'Une estimation est une opinion, pas un prix que quelqu’un s’est engagé à payer\u00a0: l’œuvre peut se vendre moins cher.',
    );
    add(
      'custody',
      'Garde et assurance',
      custody
        ? `L’œuvre est conservée à\u00a0: ${custody}.`
        : 'Le lieu de garde de l’œuvre n’est pas encore fixé\u00a0; il sera publié avant l’ouverture de la vente.',
      f.insurer ? `Elle est assurée par ${f.insurer}.` : 'L’assureur de l’œuvre n’est pas encore désigné.',
    );
    add(
      'exit',
      'Sortie',
      `Durée de détention visée\u00a0: ${f.targetHoldingYears ? yearsWord(f.targetHoldingYears, lang) : notSet}. ` +
        'Elle n’est pas garantie\u00a0: l’œuvre n’est vendue que si une offre d’achat est acceptée par les copropriétaires.',
      `Une offre d’achat de l’œuvre est soumise au vote des copropriétaires pendant au moins ${daysWord(f.exits.minWindowDays, lang)}\u00a0; ` +
        `elle est acceptée si au moins ${percent(f.exits.minQuorumBps, lang)} des parts votent et que plus de ` +
        `${percent(f.exits.minMajorityBps, lang)} des parts exprimées l’approuvent. Le produit de la vente, net de la ` +
        'commission de sortie, est versé à chacun en proportion de ses parts.',
      'Avant une vente, vous pouvez proposer vos parts aux autres membres sur le marché secondaire, une fois toutes ' +
        'les parts du marché primaire vendues, au prix que vous fixez dans les limites de la plateforme.',
    );
    add(
      'risks',
      'Risques',
      'Perte totale\u00a0: la valeur d’une part suit celle de l’œuvre, qui peut baisser, être endommagée, volée ou ' +
        'invendable\u00a0; vous pouvez perdre la totalité de votre investissement.',
      'Illiquidité\u00a0: il n’existe pas de bourse pour ces parts\u00a0; vous pourriez devoir les garder jusqu’à la vente de ' +
        'l’œuvre, dont la date n’est pas connue.',
      'Aucune garantie des dépôts\u00a0: ni les parts ni le solde de votre portefeuille ne sont couverts par un fonds de ' +
        'garantie des dépôts ou d’indemnisation des investisseurs.',
      'Marché secondaire\u00a0: il peut n’y avoir aucun acheteur au prix que vous demandez, ni à aucun prix.',
      'Défaillance de la plateforme\u00a0: si l’émetteur cessait son activité, vendre l’œuvre et rembourser les membres ' +
        'pourrait prendre du temps et coûter des frais.',
    );
    return {
      title: `Document d’informations clés — ${title}`,
      subtitle: `${f.artist}, ${f.year}`,
      sections,
    };
  }

  add(
    'warning',
    'Warning',
    'This document gives you the key information about this offer. It is not marketing material. Read it to ' +
      'understand what you are buying and the risks you are taking.',
    'You may lose all or part of the money you invest. Parts are hard to sell. Only invest money you will not need.',
  );
  add(
    'offer',
    'The offer',
    `Co-ownership parts of the work “${title}” by ${f.artist} (${f.typeEn}, ${f.year}, ` +
      `${f.widthCm}\u00a0×\u00a0${f.heightCm}\u00a0cm).`,
    `The work is divided into ${partsWord(f.totalParts, lang)}: ${PARTS_PER_CM2} parts per cm², ` +
      `${formatNumber(areaCm2, lang)}\u00a0cm² in all. One part represents 1/${formatNumber(f.totalParts, lang)} of ` +
      'the work, a ninth of a square centimetre; it gives rights over the whole work in proportion, not over a piece of canvas.',
  );
  add(
    'issuer',
    'The issuer',
    `${f.issuer.name}, ${f.issuer.address}. ${f.issuer.registration}.`,
    f.registrationNumber
      ? `Registration number of this document with the Autorité des marchés financiers: ${f.registrationNumber}.`
      : 'This document has not been registered with a market authority.',
  );
  add(
    'price',
    'Price and costs',
    `Price of one part: ${eur(f.pricePerPartMinor, lang)}; price of the whole work at that price: ${eur(workPriceMinor, lang)}.`,
    `Entry fee, included in the price of each part: ${f.entryFeeMinor === null ? notSet : `${eur(f.entryFeeMinor, lang)} per part`}.`,
    `Yearly costs of the work, borne by the co-owners in proportion to their parts: storage ` +
      `${money(f.storageCostYearlyMinor)}, insurance ${money(f.insuranceCostYearlyMinor)}.`,
    `Exit fee, kept when the work is sold: ${exitFee}.`,
    'Trades between members on the secondary market carry no platform fee; a card payment in a currency other than ' +
      'the euro may carry your bank’s exchange fees.',
  );
  add(
    'valuation',
    'Valuation',
    f.valuation
      ? `Latest appraisal: ${formatMoney(f.valuation.valueMinor, f.valuation.currency, lang)} on ` +
          `${formatDate(f.valuation.valuedOn, lang)}, by ${f.valuation.appraiser}. Method: ${f.valuation.methodEn}`
      : 'No independent appraisal of this work has been published yet.',
    'An appraisal is an opinion, not a price anyone has agreed to pay: the work may sell for less.',
  );
  add(
    'custody',
    'Custody and insurance',
    custody
      ? `The work is kept at: ${custody}.`
      : 'Where the work is kept is not set yet; it will be published before the sale opens.',
    f.insurer ? `It is insured by ${f.insurer}.` : 'The work’s insurer has not been appointed yet.',
  );
  add(
    'exit',
    'Getting out',
    `Target holding period: ${f.targetHoldingYears ? yearsWord(f.targetHoldingYears, lang) : notSet}. ` +
      'It is not guaranteed: the work is sold only if a purchase offer is accepted by the co-owners.',
    `A purchase offer for the work is put to the co-owners’ vote for at least ${daysWord(f.exits.minWindowDays, lang)}; ` +
      `it is accepted if at least ${percent(f.exits.minQuorumBps, lang)} of the parts vote and more than ` +
      `${percent(f.exits.minMajorityBps, lang)} of the parts cast approve it. The sale proceeds, net of the exit fee, ` +
      'are paid to each co-owner in proportion to their parts.',
    'Before a sale, you may offer your parts to other members on the secondary market, once every primary part ' +
      'has been sold, at a price you set within the platform’s bounds.',
  );
  add(
    'risks',
    'Risks',
    'Total loss: the value of a part follows the value of the work, which may fall, be damaged, stolen or prove ' +
      'unsellable; you may lose everything you invested.',
    'Illiquidity: there is no stock exchange for these parts; you may have to keep them until the work is sold, at a ' +
      'date no one knows.',
    'No deposit guarantee: neither the parts nor your wallet balance are covered by a deposit guarantee or investor ' +
      'compensation scheme.',
    'Secondary market: there may be no buyer at the price you ask, or at any price.',
    'Platform failure: if the issuer stopped its activity, selling the work and paying members back could take time ' +
      'and cost fees.',
  );
  return { title: `Key information document — ${title}`, subtitle: `${f.artist}, ${f.year}`, sections };
}

export function keyInformationContent(facts: KeyInformationFacts): KeyInformationContent {
  return { en: keyInformationDocument(facts, 'en'), fr: keyInformationDocument(facts, 'fr'), facts };
}

/** JSON with object keys sorted at every level: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the content's canonical JSON: the hash a version is stored, shown and acknowledged with. */
export function contentHash(content: KeyInformationContent): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
