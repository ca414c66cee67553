import type { ContentType, TContentBlock } from '@parcelle/shared';

/** Editorial content of every public page (spec §2), in English and French. Fictional people and firms. */
type Page = { titleEn: string; titleFr: string; en: TContentBlock[]; fr: TContentBlock[] };

const h = (text: string): TContentBlock => ({ type: 'heading', text });
const p = (text: string): TContentBlock => ({ type: 'paragraph', text });
const list = (...items: string[]): TContentBlock => ({ type: 'list', items });
const qa = (question: string, answer: string): TContentBlock => ({ type: 'qa', question, answer });
const person = (name: string, role: string, text?: string): TContentBlock => ({ type: 'person', name, role, text });
const link = (label: string, href: string, text?: string): TContentBlock => ({ type: 'link', label, href, text });

export const SEED_PAGES: Record<ContentType, Page> = {
  about: {
    titleEn: 'About Parcelle',
    titleFr: 'À propos de Parcelle',
    en: [
      p(
        'Parcelle opens the market for premium paintings to everyone. Each work is divided into parts of one square millimetre: nine parts make one square centimetre, and you can own as many as you wish.',
      ),
      h('Our mission'),
      p(
        'Masterpieces have long been reserved for a few collectors. We select remarkable works, have them appraised and insured, and let members share in their ownership and their value over time.',
      ),
      h('How it works'),
      list(
        'We acquire a painting after an independent appraisal and an authenticity check.',
        'Its parts are offered on the primary market at a price per part.',
        'Once every part is sold, holders can resell theirs on the secondary market.',
        'Dividends, when a work earns income, are paid once a year.',
      ),
    ],
    fr: [
      p(
        'Parcelle ouvre le marché des peintures d’exception à tous. Chaque œuvre est divisée en parts d’un millimètre carré : neuf parts font un centimètre carré, et vous en possédez autant que vous le souhaitez.',
      ),
      h('Notre mission'),
      p(
        'Les chefs-d’œuvre ont longtemps été réservés à quelques collectionneurs. Nous sélectionnons des œuvres remarquables, les faisons expertiser et assurer, et permettons à nos membres d’en partager la propriété et la valeur dans le temps.',
      ),
      h('Comment ça marche'),
      list(
        'Nous acquérons un tableau après une expertise indépendante et un contrôle d’authenticité.',
        'Ses parts sont proposées sur le marché primaire à un prix par part.',
        'Une fois toutes les parts vendues, les détenteurs peuvent revendre les leurs sur le marché secondaire.',
        'Les dividendes, lorsqu’une œuvre génère des revenus, sont versés une fois par an.',
      ),
    ],
  },
  presentation: {
    titleEn: 'Presentation',
    titleFr: 'Présentation',
    en: [
      p(
        'Parcelle is a platform for the fractional co-ownership of paintings. Every work in the catalogue is kept in a climate-controlled, insured storage facility and documented with a technical file, an authenticity certificate and a property title.',
      ),
      h('Why paintings?'),
      p(
        'Works by established artists have shown long-term value over decades. Our rating index (IC) follows each artist’s average auction price per square centimetre, base 100 for 100 euros invested in 2000.',
      ),
    ],
    fr: [
      p(
        'Parcelle est une plateforme de copropriété fractionnée de tableaux. Chaque œuvre du catalogue est conservée dans un entrepôt climatisé et assuré, et documentée par une fiche technique, un certificat d’authenticité et un titre de propriété.',
      ),
      h('Pourquoi la peinture ?'),
      p(
        'Les œuvres d’artistes reconnus ont montré leur valeur sur plusieurs décennies. Notre indice de cotation (IC) suit le prix moyen d’adjudication au centimètre carré de chaque artiste, base 100 pour 100 euros investis en 2000.',
      ),
    ],
  },
  collaborators: {
    titleEn: 'Our team',
    titleFr: 'Notre équipe',
    en: [
      p('A small team of art historians, engineers and finance specialists.'),
      person('Claire Dumonteil', 'Co-founder, Chief Executive', 'Twenty years in auction houses in Paris and Geneva.'),
      person('Yannick Berthier', 'Co-founder, Chief Technology Officer', 'Builds the platform and its security.'),
      person('Sofia Rinaldi', 'Head of Acquisitions', 'Selects and appraises every work with independent experts.'),
      person(
        'Marc-Olivier Lenoir',
        'Compliance Officer',
        'Keeps Parcelle in line with the rules of the licensed exchange.',
      ),
    ],
    fr: [
      p('Une petite équipe d’historiens de l’art, d’ingénieurs et de spécialistes de la finance.'),
      person(
        'Claire Dumonteil',
        'Cofondatrice, directrice générale',
        'Vingt ans dans les maisons de ventes de Paris et de Genève.',
      ),
      person('Yannick Berthier', 'Cofondateur, directeur technique', 'Construit la plateforme et sa sécurité.'),
      person(
        'Sofia Rinaldi',
        'Responsable des acquisitions',
        'Sélectionne et expertise chaque œuvre avec des experts indépendants.',
      ),
      person(
        'Marc-Olivier Lenoir',
        'Responsable de la conformité',
        'Veille au respect des règles de la plateforme d’échange agréée.',
      ),
    ],
  },
  partners: {
    titleEn: 'Partners',
    titleFr: 'Partenaires',
    en: [
      p('We work with independent firms at every step of a work’s life on Parcelle.'),
      link('Atelier Vauclair Conservation', 'https://example.org/vauclair', 'Condition reports and restoration.'),
      link(
        'Maison Brévent Fine Art Storage',
        'https://example.org/brevent',
        'Climate-controlled storage and transport.',
      ),
      link('Lumen Art Insurance', 'https://example.org/lumen', 'All-risk insurance of every work.'),
    ],
    fr: [
      p('Nous travaillons avec des sociétés indépendantes à chaque étape de la vie d’une œuvre sur Parcelle.'),
      link('Atelier Vauclair Conservation', 'https://example.org/vauclair', 'Constats d’état et restauration.'),
      link('Maison Brévent Fine Art Storage', 'https://example.org/brevent', 'Stockage climatisé et transport.'),
      link('Lumen Art Insurance', 'https://example.org/lumen', 'Assurance tous risques de chaque œuvre.'),
    ],
  },
  board: {
    titleEn: 'Board',
    titleFr: 'Conseil d’administration',
    en: [
      person('Anne-Sophie Varenne', 'Chair', 'Former curator of modern art in a regional museum.'),
      person('Dr. Henrik Aalto', 'Independent director', 'Economist, author of studies on art as an asset class.'),
      person('Isabelle Ngata', 'Independent director', 'Lawyer specialised in cultural property.'),
    ],
    fr: [
      person('Anne-Sophie Varenne', 'Présidente', 'Ancienne conservatrice d’art moderne dans un musée régional.'),
      person(
        'Dr Henrik Aalto',
        'Administrateur indépendant',
        'Économiste, auteur d’études sur l’art comme classe d’actifs.',
      ),
      person('Isabelle Ngata', 'Administratrice indépendante', 'Avocate spécialisée dans les biens culturels.'),
    ],
  },
  press: {
    titleEn: 'Press',
    titleFr: 'Presse',
    en: [
      p('What the press says about Parcelle. For press enquiries, use the contact form.'),
      link(
        '“Owning a square centimetre of a masterpiece”',
        'https://example.org/press/1',
        'Le Quotidien des Arts, March 2026',
      ),
      link('“Fractional art: a new way to collect”', 'https://example.org/press/2', 'Finance & Patrimoine, June 2026'),
    ],
    fr: [
      p('Ce que la presse dit de Parcelle. Pour toute demande presse, utilisez le formulaire de contact.'),
      link(
        '« Posséder un centimètre carré de chef-d’œuvre »',
        'https://example.org/press/1',
        'Le Quotidien des Arts, mars 2026',
      ),
      link(
        '« L’art fractionné : une nouvelle façon de collectionner »',
        'https://example.org/press/2',
        'Finance & Patrimoine, juin 2026',
      ),
    ],
  },
  faqs: {
    titleEn: 'Frequently asked questions',
    titleFr: 'Questions fréquentes',
    en: [
      qa(
        'What is a part?',
        'One part is one square millimetre of the painting. Nine parts make one square centimetre.',
      ),
      qa(
        'What is the difference between the primary and secondary markets?',
        'The primary market is the first sale of a work’s parts. The secondary market opens once every primary part is sold, for holders of primary-market parts.',
      ),
      qa('How are dividends paid?', 'Once a year, in proportion to the parts you hold, to your wallet.'),
      qa(
        'Can I choose the currency?',
        'Yes: amounts are shown in US dollars or euros, from the menu at the top of the page.',
      ),
      qa(
        'What fees do I pay?',
        'Each work’s page lists its fees before you buy: the price of a part includes the platform’s entry fee, and when the work itself is sold, the exit fee is taken from the sale price before it is shared. Selling parts to another member on the secondary market carries no fee, and withdrawals to your bank account are free.',
      ),
      qa(
        'Who keeps the works?',
        'Each work is held by a company that owns it on behalf of its co-owners and keeps it in climate-controlled storage with round-the-clock surveillance, except while it is lent to an exhibition. Your share is recorded in the parts register and on your co-ownership certificate.',
      ),
      qa(
        'Are the works insured?',
        'Yes: every work is insured all-risk for its appraised value, in storage and in transit. Insurance covers damage and theft, not a fall in the work’s value.',
      ),
      qa(
        'How do I get my money back?',
        'By selling your parts to other members on the secondary market once the work is sold out on the primary market, or when the work itself is sold, after which the proceeds are shared in proportion to the parts held. A buyer is never guaranteed: see the risk disclosure.',
      ),
      qa(
        'How are my gains taxed?',
        'Dividends and gains on resale are taxable where you are tax resident, and Parcelle does not withhold tax for you. Your yearly statements list every purchase, sale and dividend to help you declare them; ask a tax adviser about your own situation.',
      ),
      qa(
        'What happens if Parcelle stops?',
        'The works do not belong to Parcelle and members’ funds are kept in a segregated account. If the platform stopped, the works would be sold and the proceeds paid to their co-owners, and wallet balances returned, which could take time and cost fees.',
      ),
      link('Risk disclosure', '/risks', 'What you can lose, and why, before you buy.'),
    ],
    fr: [
      qa(
        'Qu’est-ce qu’une part ?',
        'Une part correspond à un millimètre carré du tableau. Neuf parts font un centimètre carré.',
      ),
      qa(
        'Quelle différence entre marché primaire et marché secondaire ?',
        'Le marché primaire est la première vente des parts d’une œuvre. Le marché secondaire ouvre lorsque toutes les parts primaires sont vendues, pour les détenteurs de parts acquises sur le marché primaire.',
      ),
      qa(
        'Comment les dividendes sont-ils versés ?',
        'Une fois par an, au prorata des parts détenues, sur votre porte-monnaie.',
      ),
      qa(
        'Puis-je choisir la devise ?',
        'Oui : les montants s’affichent en dollars américains ou en euros, depuis le menu en haut de page.',
      ),
      qa(
        'Quels frais vais-je payer ?',
        'La page de chaque œuvre indique ses frais avant l’achat : le prix d’une part comprend la commission d’entrée de la plateforme et, quand l’œuvre elle-même est vendue, la commission de sortie est prélevée sur le prix de vente avant sa répartition. Vendre des parts à un autre membre sur le marché secondaire est sans frais, et les retraits vers votre compte bancaire sont gratuits.',
      ),
      qa(
        'Qui conserve les œuvres ?',
        'Chaque œuvre est détenue par une société qui la possède pour le compte de ses copropriétaires et la conserve dans un entrepôt climatisé sous surveillance jour et nuit, sauf lorsqu’elle est prêtée à une exposition. Votre quote-part est inscrite au registre des parts et sur votre certificat de copropriété.',
      ),
      qa(
        'Les œuvres sont-elles assurées ?',
        'Oui : chaque œuvre est assurée tous risques pour sa valeur d’expertise, en entrepôt comme en transport. L’assurance couvre les dommages et le vol, pas une baisse de la valeur de l’œuvre.',
      ),
      qa(
        'Comment récupérer mon argent ?',
        'En revendant vos parts à d’autres membres sur le marché secondaire une fois l’œuvre épuisée sur le marché primaire, ou lors de la vente de l’œuvre elle-même, dont le produit est alors partagé au prorata des parts détenues. Un acheteur n’est jamais garanti : voir l’avertissement sur les risques.',
      ),
      qa(
        'Comment mes gains sont-ils imposés ?',
        'Les dividendes et les plus-values de revente sont imposables là où vous résidez fiscalement, et Parcelle ne prélève pas d’impôt pour vous. Vos relevés annuels détaillent chaque achat, vente et dividende pour vous aider à les déclarer ; interrogez un conseiller fiscal sur votre situation.',
      ),
      qa(
        'Que se passe-t-il si Parcelle s’arrête ?',
        'Les œuvres n’appartiennent pas à Parcelle et les fonds des membres sont conservés sur un compte cantonné. Si la plateforme s’arrêtait, les œuvres seraient vendues et le produit versé à leurs copropriétaires, et les soldes des porte-monnaie restitués, ce qui pourrait prendre du temps et entraîner des frais.',
      ),
      link('Avertissement sur les risques', '/risks', 'Ce que vous pouvez perdre, et pourquoi, avant d’acheter.'),
    ],
  },
  terms: {
    titleEn: 'Terms of use',
    titleFr: 'Conditions générales d’utilisation',
    en: [
      h('1. Purpose'),
      p('These terms govern the use of the Parcelle platform by visitors and members.'),
      h('2. Membership'),
      p('Members must be at least 18 years old and give accurate information when registering.'),
      h('3. Parts'),
      p('Buying parts gives a share of co-ownership of the work, recorded on a co-ownership certificate.'),
    ],
    fr: [
      h('1. Objet'),
      p('Les présentes conditions régissent l’utilisation de la plateforme Parcelle par les visiteurs et les membres.'),
      h('2. Adhésion'),
      p('Les membres doivent avoir au moins 18 ans et fournir des informations exactes lors de leur inscription.'),
      h('3. Parts'),
      p(
        'L’achat de parts confère une quote-part de copropriété de l’œuvre, inscrite sur un certificat de copropriété.',
      ),
    ],
  },
  'privacy-policy': {
    titleEn: 'Privacy policy',
    titleFr: 'Politique de confidentialité',
    en: [
      p(
        'We collect only the data needed to run your account, process your transactions and meet our legal obligations.',
      ),
      list(
        'Identity and contact details, to open and secure your account.',
        'Bank details, encrypted, to pay withdrawals.',
        'Transaction history, kept as long as the law requires.',
      ),
      p('You can access, correct or delete your data by writing to us through the contact form.'),
    ],
    fr: [
      p(
        'Nous ne collectons que les données nécessaires à la gestion de votre compte, au traitement de vos opérations et au respect de nos obligations légales.',
      ),
      list(
        'Identité et coordonnées, pour ouvrir et sécuriser votre compte.',
        'Coordonnées bancaires, chiffrées, pour payer les retraits.',
        'Historique des opérations, conservé aussi longtemps que la loi l’exige.',
      ),
      p(
        'Vous pouvez accéder à vos données, les rectifier ou les supprimer en nous écrivant via le formulaire de contact.',
      ),
    ],
  },
  lexique: {
    titleEn: 'Glossary',
    titleFr: 'Lexique',
    en: [
      qa('Part', 'One square millimetre of a painting; nine parts make one square centimetre.'),
      qa(
        'Rating index (IC)',
        'The evolution of an artist’s average auction price, base 100 for 100 euros invested in 2000.',
      ),
      qa('Primary market', 'The first sale of the parts of a work.'),
      qa('Secondary market', 'The resale of parts between members, once the primary market of a work is sold out.'),
    ],
    fr: [
      qa('Part', 'Un millimètre carré d’un tableau ; neuf parts font un centimètre carré.'),
      qa(
        'Indice de cotation (IC)',
        'L’évolution du prix moyen d’adjudication d’un artiste, base 100 pour 100 euros investis en 2000.',
      ),
      qa('Marché primaire', 'La première vente des parts d’une œuvre.'),
      qa('Marché secondaire', 'La revente de parts entre membres, une fois le marché primaire d’une œuvre épuisé.'),
    ],
  },
  cookies: {
    titleEn: 'Cookies',
    titleFr: 'Cookies',
    en: [
      p(
        'Parcelle uses only the cookies and local storage needed to keep you signed in and remember your language, currency and consent.',
      ),
      p('No advertising cookies are used.'),
    ],
    fr: [
      p(
        'Parcelle n’utilise que les cookies et le stockage local nécessaires pour maintenir votre session et mémoriser votre langue, votre devise et votre consentement.',
      ),
      p('Aucun cookie publicitaire n’est utilisé.'),
    ],
  },
  devigulation: {
    titleEn: 'Legal notice',
    titleFr: 'Mentions légales',
    en: [
      p('Parcelle SAS, a simplified joint-stock company, 12 rue des Ateliers, 75011 Paris, France.'),
      p('Publication director: Claire Dumonteil. Host: the company’s own servers in the European Union.'),
    ],
    fr: [
      p('Parcelle SAS, société par actions simplifiée, 12 rue des Ateliers, 75011 Paris, France.'),
      p(
        'Directrice de la publication : Claire Dumonteil. Hébergement : serveurs propres de la société dans l’Union européenne.',
      ),
    ],
  },
  risks: {
    titleEn: 'Risk disclosure',
    titleFr: 'Avertissement sur les risques',
    en: [
      p(
        'Buying parts of a painting is an investment in a single, illiquid physical asset. Read this page before you buy, and only invest money you can afford to lose entirely.',
      ),
      h('You may lose all or part of your capital'),
      p(
        'The value of a part follows the value of the work, which can fall as well as rise. Nothing guarantees that you will get back the amount you paid, and past performance of an artist or a work does not predict future results.',
      ),
      h('Your parts may be hard to sell'),
      p(
        'There is no stock exchange for parts. You can resell them only on Parcelle’s secondary market, once every primary part of the work has been sold, and only if another member wants to buy them at your price. You may have to wait a long time, lower your price, or keep your parts until the work itself is sold.',
      ),
      h('Valuations are estimates'),
      p(
        'The value shown for a work comes from an independent appraisal and from the artist’s auction results. It is an opinion, not a price anyone has agreed to pay: the work may sell for less, and the index shown in the ticker is an average of the artist’s results, not the value of your parts.',
      ),
      h('If the platform fails'),
      p(
        'Parcelle could stop its activity or become insolvent. The works are held in a separate structure and members’ funds in a segregated account, so they are not the platform’s assets; but selling the works, paying out members and recovering wallet balances could then take a long time and cost fees.',
      ),
      h('Dividends are not guaranteed'),
      p(
        'Dividends come only from the income a work actually earns, mostly loans to exhibitions. A work may earn nothing in a given year, and the amount can vary or stop at any time.',
      ),
      h('Concentration'),
      p(
        'Each purchase is exposed to one work by one artist. Putting a large share of your savings in one work, one artist or in art as a whole concentrates your risk: spread what you invest and keep art a small part of your savings.',
      ),
      link('Frequently asked questions', '/faqs', 'Fees, custody, insurance, selling your parts and taxes.'),
    ],
    fr: [
      p(
        'Acheter des parts d’un tableau, c’est investir dans un seul actif physique et peu liquide. Lisez cette page avant d’acheter et n’investissez que des sommes que vous pouvez vous permettre de perdre entièrement.',
      ),
      h('Vous pouvez perdre tout ou partie de votre capital'),
      p(
        'La valeur d’une part suit celle de l’œuvre, qui peut baisser comme monter. Rien ne garantit que vous récupériez le montant payé, et les performances passées d’un artiste ou d’une œuvre ne préjugent pas des résultats futurs.',
      ),
      h('Vos parts peuvent être difficiles à revendre'),
      p(
        'Il n’existe pas de bourse pour les parts. Vous ne pouvez les revendre que sur le marché secondaire de Parcelle, une fois toutes les parts primaires de l’œuvre vendues, et seulement si un autre membre veut les acheter à votre prix. Il peut falloir attendre longtemps, baisser votre prix ou garder vos parts jusqu’à la vente de l’œuvre elle-même.',
      ),
      h('Les valorisations sont des estimations'),
      p(
        'La valeur affichée d’une œuvre vient d’une expertise indépendante et des résultats de l’artiste aux enchères. C’est une opinion, pas un prix que quelqu’un a accepté de payer : l’œuvre peut se vendre moins cher, et l’indice affiché dans le bandeau est une moyenne des résultats de l’artiste, pas la valeur de vos parts.',
      ),
      h('Si la plateforme défaille'),
      p(
        'Parcelle pourrait cesser son activité ou devenir insolvable. Les œuvres sont détenues dans une structure distincte et les fonds des membres sur un compte cantonné : ils ne font pas partie des actifs de la plateforme ; mais la vente des œuvres, le paiement des membres et la récupération des soldes pourraient alors prendre longtemps et entraîner des frais.',
      ),
      h('Les dividendes ne sont pas garantis'),
      p(
        'Les dividendes ne viennent que des revenus réellement perçus par une œuvre, surtout des prêts à des expositions. Une œuvre peut ne rien rapporter une année donnée, et le montant peut varier ou cesser à tout moment.',
      ),
      h('Concentration'),
      p(
        'Chaque achat vous expose à une seule œuvre d’un seul artiste. Placer une grande part de votre épargne dans une œuvre, un artiste ou dans l’art en général concentre votre risque : répartissez ce que vous investissez et gardez l’art comme une petite part de votre épargne.',
      ),
      link('Questions fréquentes', '/faqs', 'Frais, conservation, assurance, revente de vos parts et fiscalité.'),
    ],
  },
  coverage: {
    titleEn: 'Coverage and guarantees',
    titleFr: 'Couverture et garanties',
    en: [
      p('Every work is insured all-risk for its appraised value, in storage and in transit.'),
      list(
        'Independent appraisal before acquisition, renewed every three years.',
        'Climate-controlled storage with round-the-clock surveillance.',
        'Members’ funds kept in a segregated account.',
      ),
    ],
    fr: [
      p('Chaque œuvre est assurée tous risques pour sa valeur d’expertise, en entrepôt comme en transport.'),
      list(
        'Expertise indépendante avant acquisition, renouvelée tous les trois ans.',
        'Stockage climatisé sous surveillance jour et nuit.',
        'Fonds des membres conservés sur un compte cantonné.',
      ),
    ],
  },
};

export const SEED_GALLERIES: { slug: string; painting: string; titleEn: string; titleFr: string }[] = [
  {
    slug: 'opening-night',
    painting: 'brittany-blue',
    titleEn: 'Opening night in Paris',
    titleFr: 'Soirée d’ouverture à Paris',
  },
  {
    slug: 'storage-visit',
    painting: 'bridge-study-no-4',
    titleEn: 'A visit to the storage',
    titleFr: 'Visite de l’entrepôt',
  },
  { slug: 'colour-fields', painting: 'vermilion-breath', titleEn: 'Colour fields', titleFr: 'Champs de couleur' },
  {
    slug: 'stripes-and-rhythm',
    painting: 'blue-note-weave',
    titleEn: 'Stripes and rhythm',
    titleFr: 'Rayures et rythme',
  },
  { slug: 'circles', painting: 'lacquer-moon', titleEn: 'Circles', titleFr: 'Cercles' },
  {
    slug: 'mediterranean-light',
    painting: 'mediterranean-wall',
    titleEn: 'Mediterranean light',
    titleFr: 'Lumière méditerranéenne',
  },
  { slug: 'hard-edge', painting: 'meeting-point', titleEn: 'Hard edge', titleFr: 'Hard edge' },
  { slug: 'northern-light', painting: 'fjord-current', titleEn: 'Northern light', titleFr: 'Lumière du Nord' },
];

export const SEED_SETTINGS = {
  social_media_links: {
    youtube: 'https://www.youtube.com/@parcelle-art',
    linkedin: 'https://www.linkedin.com/company/parcelle-art',
    instagram: 'https://www.instagram.com/parcelle.art',
    facebook: 'https://www.facebook.com/parcelle.art',
    twitter: 'https://twitter.com/parcelle_art',
  },
  /** The licensed exchange's registration number (fictional). */
  registration_number: 'AMF E2026-0417',
} as const;
