/**
 * The demo catalogue: fictional artists and works (any resemblance to real people is accidental), written
 * in English and French. Prices are EUR minor units. Used only by seed-catalogue.ts.
 */

export type SeedArtist = {
  slug: string;
  name: string;
  birth: string;
  death: string | null;
  bioEn: string;
  bioFr: string;
  /** Record auction price in EUR minor units. */
  record: number;
  /** First year with auction data (2000 for most; later ones exercise the IC rebase). */
  firstYear: number;
  /** Average price per cm² in the first year, EUR minor units. */
  startPriceCm2: number;
  palette: string[];
};

export const SEED_ARTISTS: SeedArtist[] = [
  {
    slug: 'helene-marchetti',
    name: 'Hélène Marchetti',
    birth: '1921-03-14',
    death: '1998-11-02',
    bioEn:
      'Born in Nice to an Italian family of fresco restorers, Hélène Marchetti spent her life painting large fields of colour that seem to breathe. Her mature works, made in a Montparnasse studio she never left, layer thin washes of ochre and vermilion until the surface glows from within.',
    bioFr:
      'Née à Nice dans une famille italienne de restaurateurs de fresques, Hélène Marchetti a consacré sa vie à de grands champs de couleur qui semblent respirer. Ses œuvres de maturité, peintes dans un atelier de Montparnasse qu’elle n’a jamais quitté, superposent de fins lavis d’ocre et de vermillon jusqu’à ce que la surface s’illumine de l’intérieur.',
    record: 184_000_000,
    firstYear: 2000,
    startPriceCm2: 5_200,
    palette: ['#f3e6cf', '#c8553d', '#e0a458', '#6b2d1f', '#f2c14e'],
  },
  {
    slug: 'tomasz-wierzbicki',
    name: 'Tomasz Wierzbicki',
    birth: '1934-07-22',
    death: '2011-01-19',
    bioEn:
      'A Kraków-trained engineer turned painter, Tomasz Wierzbicki built his canvases like bridges: interlocking planes of slate blue and bone white, calculated on squared paper before a single brushstroke. He emigrated to Paris in 1968 and exhibited with the geometric abstraction circles of the Left Bank.',
    bioFr:
      'Ingénieur formé à Cracovie devenu peintre, Tomasz Wierzbicki construisait ses toiles comme des ponts : des plans imbriqués de bleu ardoise et de blanc d’os, calculés sur papier quadrillé avant le moindre coup de pinceau. Installé à Paris en 1968, il exposa avec les cercles de l’abstraction géométrique de la Rive gauche.',
    record: 92_500_000,
    firstYear: 2000,
    startPriceCm2: 3_100,
    palette: ['#e9e4d8', '#2f4858', '#86a3b8', '#1b263b', '#c9ada7'],
  },
  {
    slug: 'ingrid-solvang',
    name: 'Ingrid Solvang',
    birth: '1948-01-30',
    death: null,
    bioEn:
      'Ingrid Solvang grew up on the coast north of Bergen, and the northern light never left her work. Her lyrical abstractions, painted with wide brushes in a single session, translate the movement of fjord water into sweeping bands of teal, grey and pale gold.',
    bioFr:
      'Ingrid Solvang a grandi sur la côte au nord de Bergen, et la lumière du Nord n’a jamais quitté son œuvre. Ses abstractions lyriques, peintes à la large brosse en une seule séance, traduisent le mouvement de l’eau des fjords en amples bandes de bleu-vert, de gris et d’or pâle.',
    record: 41_000_000,
    firstYear: 2000,
    startPriceCm2: 1_400,
    palette: ['#dde5e6', '#1f6f78', '#8fb9a8', '#d8c38a', '#3b4a54'],
  },
  {
    slug: 'jean-baptiste-ondine',
    name: 'Jean-Baptiste Ondine',
    birth: '1912-09-05',
    death: '1987-04-27',
    bioEn:
      'A key figure of the post-war School of Paris, Jean-Baptiste Ondine abandoned figuration in 1947 after a stay in Brittany. His thick, scraped surfaces in earth tones and deep blues were collected early by museums in Lyon and Brussels and are now among the most sought-after of his generation.',
    bioFr:
      'Figure majeure de l’École de Paris d’après-guerre, Jean-Baptiste Ondine abandonne la figuration en 1947 après un séjour en Bretagne. Ses surfaces épaisses et raclées, aux tons de terre et aux bleus profonds, furent acquises très tôt par des musées de Lyon et de Bruxelles et comptent aujourd’hui parmi les plus recherchées de sa génération.',
    record: 265_000_000,
    firstYear: 2000,
    startPriceCm2: 7_800,
    palette: ['#efe7da', '#2b3a67', '#8c6a43', '#4e3524', '#b5523b'],
  },
  {
    slug: 'amara-okonkwo-levy',
    name: 'Amara Okonkwo-Lévy',
    birth: '1965-05-11',
    death: null,
    bioEn:
      'Born in Lagos and trained at the Beaux-Arts in Paris, Amara Okonkwo-Lévy paints rhythmic vertical stripes inspired by woven textiles and by the jazz records of her childhood. Each canvas is a score: intervals of colour repeat, break and resolve.',
    bioFr:
      'Née à Lagos et formée aux Beaux-Arts de Paris, Amara Okonkwo-Lévy peint des rayures verticales rythmées, inspirées des textiles tissés et des disques de jazz de son enfance. Chaque toile est une partition : les intervalles de couleur se répètent, se brisent et se résolvent.',
    record: 28_000_000,
    firstYear: 2000,
    startPriceCm2: 650,
    palette: ['#f7efe2', '#e4572e', '#17bebb', '#ffc914', '#2e282a'],
  },
  {
    slug: 'rafael-quintero-alba',
    name: 'Rafael Quintero Alba',
    birth: '1939-12-02',
    death: '2004-08-15',
    bioEn:
      'Rafael Quintero Alba came to painting through the Spanish informalist movement of the late 1950s. Working with sand, ash and pigment bound in resin, he made dark, textured surfaces pierced by a single band of light, which he called “windows on the silence”.',
    bioFr:
      'Rafael Quintero Alba vient à la peinture par le mouvement informaliste espagnol de la fin des années 1950. Travaillant le sable, la cendre et le pigment liés à la résine, il réalise des surfaces sombres et texturées que traverse une seule bande de lumière, ses « fenêtres sur le silence ».',
    record: 63_000_000,
    firstYear: 2000,
    startPriceCm2: 2_300,
    palette: ['#e8e0d2', '#1c1c1c', '#7d5a44', '#c2a878', '#a23b2a'],
  },
  {
    slug: 'mei-lin-sorensen',
    name: 'Mei-Lin Sørensen',
    birth: '1972-08-19',
    death: null,
    bioEn:
      'Raised between Taipei and Copenhagen, Mei-Lin Sørensen paints circles: suns, lenses, bowls, moons. Her precise, luminous discs float on fields of muted colour and are built from dozens of translucent glazes, a technique she learned restoring lacquerware.',
    bioFr:
      'Élevée entre Taipei et Copenhague, Mei-Lin Sørensen peint des cercles : soleils, lentilles, bols, lunes. Ses disques précis et lumineux flottent sur des champs de couleur sourde et naissent de dizaines de glacis translucides, une technique apprise en restaurant des laques.',
    record: 19_500_000,
    firstYear: 2003,
    startPriceCm2: 480,
    palette: ['#f4f1ea', '#d1495b', '#edae49', '#00798c', '#30638e'],
  },
  {
    slug: 'paul-emile-carrasco',
    name: 'Paul-Émile Carrasco',
    birth: '1927-02-08',
    death: '2009-06-30',
    bioEn:
      'Paul-Émile Carrasco was a master of hard-edge painting in France. His flat, perfectly joined planes of saturated colour, painted without visible brushstrokes, explore how two colours change each other where they meet.',
    bioFr:
      'Paul-Émile Carrasco fut un maître de la peinture « hard edge » en France. Ses aplats de couleur saturée, parfaitement jointifs et peints sans trace de pinceau, explorent la façon dont deux couleurs se transforment l’une l’autre là où elles se rencontrent.',
    record: 74_000_000,
    firstYear: 2000,
    startPriceCm2: 2_900,
    palette: ['#f5f3ee', '#0b3954', '#ff5a5f', '#c81d25', '#087e8b'],
  },
  {
    slug: 'noor-haddad',
    name: 'Noor Haddad',
    birth: '1958-10-03',
    death: null,
    bioEn:
      'Noor Haddad left Beirut for Marseille in 1976. Her paintings, built from fragments of colour like tesserae, recall the mosaics and sunlit walls of the Mediterranean cities she has lived in, and have been shown from Tunis to Montréal.',
    bioFr:
      'Noor Haddad quitte Beyrouth pour Marseille en 1976. Ses tableaux, construits de fragments de couleur comme des tesselles, évoquent les mosaïques et les murs ensoleillés des villes méditerranéennes où elle a vécu, et ont été montrés de Tunis à Montréal.',
    record: 22_000_000,
    firstYear: 2000,
    startPriceCm2: 900,
    palette: ['#f6ead4', '#d17a22', '#2a9d8f', '#264653', '#e9c46a'],
  },
  {
    slug: 'elsa-vanterpool',
    name: 'Elsa Vanterpool',
    birth: '1981-04-24',
    death: null,
    bioEn:
      'The youngest artist of the catalogue, Elsa Vanterpool works in London. Her minimal canvases, a few lines or a single shift of tone on raw linen, first appeared at auction in 2008 and have drawn a steadily growing following among collectors of contemporary abstraction.',
    bioFr:
      'Plus jeune artiste du catalogue, Elsa Vanterpool travaille à Londres. Ses toiles minimales, quelques lignes ou un seul changement de ton sur lin brut, sont apparues en vente publique en 2008 et réunissent un nombre croissant de collectionneurs d’abstraction contemporaine.',
    record: 9_800_000,
    firstYear: 2008,
    startPriceCm2: 350,
    palette: ['#ede6da', '#b8b0a2', '#3d405b', '#81b29a', '#e07a5f'],
  },
];

export type Composition = 'fields' | 'stripes' | 'circles' | 'blocks' | 'tesserae' | 'band';

export type SeedPainting = {
  slug: string;
  artist: string;
  titleEn: string;
  titleFr: string;
  descriptionEn: string;
  descriptionFr: string;
  typeEn: string;
  typeFr: string;
  year: number;
  width: number;
  height: number;
  market: 1 | 2 | 3;
  /** EUR minor units. */
  pricePerPart: number;
  /** Share of parts sold, in percent (market 3 works are sold out whatever this says). */
  soldPercent: number;
  composition: Composition;
  /** Documents missing for this work (their links are disabled). */
  missing?: ('property_title' | 'notice')[];
};

const OIL = { typeEn: 'Oil on canvas', typeFr: 'Huile sur toile' };
const ACRYLIC = { typeEn: 'Acrylic on canvas', typeFr: 'Acrylique sur toile' };
const MIXED = { typeEn: 'Mixed media on canvas', typeFr: 'Technique mixte sur toile' };
const LINEN = { typeEn: 'Oil on linen', typeFr: 'Huile sur lin' };

export const SEED_PAINTINGS: SeedPainting[] = [
  {
    slug: 'vermilion-breath',
    artist: 'helene-marchetti',
    titleEn: 'Vermilion Breath',
    titleFr: 'Souffle vermillon',
    descriptionEn:
      'Two soft-edged fields, ochre above and vermilion below, hover over a deep oxblood ground. Painted in 1974, the year of her retrospective in Antibes, it is one of the purest statements of Marchetti’s late style.',
    descriptionFr:
      'Deux champs aux bords adoucis, ocre en haut et vermillon en bas, flottent sur un fond sang-de-bœuf profond. Peinte en 1974, l’année de sa rétrospective à Antibes, c’est l’une des expressions les plus pures du style tardif de Marchetti.',
    ...OIL,
    year: 1974,
    width: 60,
    height: 80,
    market: 2,
    pricePerPart: 460,
    soldPercent: 38,
    composition: 'fields',
  },
  {
    slug: 'ochre-interval',
    artist: 'helene-marchetti',
    titleEn: 'Ochre Interval',
    titleFr: 'Intervalle ocre',
    descriptionEn:
      'A tall canvas of warm vermilion split by a narrow vertical band of dark oxblood, above a strip of orange ochre along the bottom edge. The thin layers of paint leave the weave of the canvas visible in places.',
    descriptionFr:
      'Une toile haute d’un vermillon chaud, fendue par une étroite bande verticale sang-de-bœuf, au-dessus d’une bande d’ocre orangé le long du bord inférieur. Les fines couches de peinture laissent par endroits paraître la trame de la toile.',
    ...OIL,
    year: 1981,
    width: 50,
    height: 70,
    market: 3,
    pricePerPart: 410,
    soldPercent: 100,
    composition: 'band',
  },
  {
    slug: 'bridge-study-no-4',
    artist: 'tomasz-wierzbicki',
    titleEn: 'Bridge Study No. 4',
    titleFr: 'Étude de pont nº 4',
    descriptionEn:
      'Interlocking planes of deep navy and slate, cut by a diagonal rising from the lower left to the upper right; a single triangle of dusty pink lights the top corner. The fourth of a series of eleven, the only one still in private hands.',
    descriptionFr:
      'Des plans imbriqués de bleu marine profond et d’ardoise, coupés par une diagonale qui monte du coin inférieur gauche au coin supérieur droit ; un seul triangle rose poudré éclaire l’angle du haut. Quatrième d’une série de onze, la seule encore en mains privées.',
    ...ACRYLIC,
    year: 1972,
    width: 70,
    height: 90,
    market: 2,
    pricePerPart: 290,
    soldPercent: 12,
    composition: 'blocks',
  },
  {
    slug: 'cold-structure',
    artist: 'tomasz-wierzbicki',
    titleEn: 'Cold Structure',
    titleFr: 'Structure froide',
    descriptionEn:
      'Some twenty narrow vertical stripes of slate, powder blue, dusty pink and charcoal, unevenly spaced on a pale ground, shown at the Salon des Réalités Nouvelles in 1979.',
    descriptionFr:
      'Une vingtaine d’étroites rayures verticales, ardoise, bleu poudre, rose poudré et anthracite, inégalement espacées sur un fond pâle, présentée au Salon des Réalités Nouvelles en 1979.',
    ...ACRYLIC,
    year: 1979,
    width: 40,
    height: 60,
    market: 1,
    pricePerPart: 300,
    soldPercent: 0,
    composition: 'stripes',
    missing: ['notice'],
  },
  {
    slug: 'fjord-current',
    artist: 'ingrid-solvang',
    titleEn: 'Fjord Current',
    titleFr: 'Courant du fjord',
    descriptionEn:
      'Vertical bands of teal, slate grey, sand and sage follow one another across a wide canvas, painted wet into wet in a single afternoon of 1993.',
    descriptionFr:
      'Des bandes verticales bleu-vert, gris ardoise, sable et vert sauge se succèdent sur une toile en largeur, peintes frais dans le frais en un seul après-midi de 1993.',
    ...OIL,
    year: 1993,
    width: 80,
    height: 60,
    market: 2,
    pricePerPart: 150,
    soldPercent: 64,
    composition: 'stripes',
  },
  {
    slug: 'pale-gold-morning',
    artist: 'ingrid-solvang',
    titleEn: 'Pale Gold Morning',
    titleFr: 'Matin d’or pâle',
    descriptionEn:
      'Three soft-edged fields stacked on a sage ground: slate at the top, deep teal in the middle and pale gold at the bottom, like morning light rising from below. One of the artist’s favourite works, kept in her studio until 2015.',
    descriptionFr:
      'Trois champs aux bords adoucis superposés sur un fond vert sauge : ardoise en haut, bleu-vert profond au milieu et or pâle en bas, comme la lumière du matin qui monte. L’une des œuvres préférées de l’artiste, conservée dans son atelier jusqu’en 2015.',
    ...OIL,
    year: 2002,
    width: 60,
    height: 50,
    market: 3,
    pricePerPart: 170,
    soldPercent: 100,
    composition: 'fields',
  },
  {
    slug: 'brittany-blue',
    artist: 'jean-baptiste-ondine',
    titleEn: 'Brittany Blue',
    titleFr: 'Bleu de Bretagne',
    descriptionEn:
      'Two fields, deep indigo above umber, set on a brick-red ground in thick, scraped layers, painted the winter after Ondine’s stay at Douarnenez. A landmark of his first abstract period.',
    descriptionFr:
      'Deux champs, indigo profond au-dessus de terre d’ombre, posés sur un fond rouge brique en couches épaisses et raclées, peints l’hiver qui suivit le séjour d’Ondine à Douarnenez. Un jalon de sa première période abstraite.',
    ...OIL,
    year: 1948,
    width: 65,
    height: 81,
    market: 2,
    pricePerPart: 720,
    soldPercent: 81,
    composition: 'fields',
  },
  {
    slug: 'earth-and-tide',
    artist: 'jean-baptiste-ondine',
    titleEn: 'Earth and Tide',
    titleFr: 'Terre et marée',
    descriptionEn:
      'A wide field of navy blue crossed by a single vertical band of earth brown, over a strip of grey violet along the bottom, like a path down to the shore seen from above.',
    descriptionFr:
      'Un large champ bleu marine traversé par une seule bande verticale brun terre, au-dessus d’une bande gris violacé le long du bas, comme un chemin vers le rivage vu d’en haut.',
    ...OIL,
    year: 1956,
    width: 92,
    height: 73,
    market: 3,
    pricePerPart: 680,
    soldPercent: 100,
    composition: 'band',
  },
  {
    slug: 'blue-note-weave',
    artist: 'amara-okonkwo-levy',
    titleEn: 'Blue Note Weave',
    titleFr: 'Tissage Blue Note',
    descriptionEn:
      'Vertical stripes of lemon yellow, charcoal, coral and turquoise, of varying widths with slim white gaps, their rhythm taken from the opening bars of a 1959 jazz recording.',
    descriptionFr:
      'Des rayures verticales jaune citron, anthracite, corail et turquoise, de largeurs variées et séparées de minces filets blancs, dont le rythme reprend les premières mesures d’un enregistrement de jazz de 1959.',
    ...ACRYLIC,
    year: 2011,
    width: 100,
    height: 80,
    market: 2,
    pricePerPart: 80,
    soldPercent: 0,
    composition: 'stripes',
  },
  {
    slug: 'market-day-lagos',
    artist: 'amara-okonkwo-levy',
    titleEn: 'Market Day, Lagos',
    titleFr: 'Jour de marché, Lagos',
    descriptionEn:
      'Vertical stripes dominated by sunflower yellow, with turquoise, coral and a few bands of near-black, evoke the fabrics of a Lagos market stall.',
    descriptionFr:
      'Des rayures verticales où domine le jaune tournesol, avec du turquoise, du corail et quelques bandes presque noires, évoquent les tissus d’un étal de marché à Lagos.',
    ...ACRYLIC,
    year: 2016,
    width: 60,
    height: 60,
    market: 1,
    pricePerPart: 90,
    soldPercent: 0,
    composition: 'stripes',
    missing: ['property_title', 'notice'],
  },
  {
    slug: 'window-on-silence-iii',
    artist: 'rafael-quintero-alba',
    titleEn: 'Window on Silence III',
    titleFr: 'Fenêtre sur le silence III',
    descriptionEn:
      'Sand, ash and pigment in resin build a dark, almost black surface, opened by a vertical band of raw light above a strip of dark rust along the bottom.',
    descriptionFr:
      'Sable, cendre et pigment dans la résine composent une surface sombre, presque noire, ouverte par une bande verticale de lumière brute au-dessus d’une bande de rouille sombre le long du bas.',
    ...MIXED,
    year: 1966,
    width: 73,
    height: 100,
    market: 2,
    pricePerPart: 260,
    soldPercent: 47,
    composition: 'band',
  },
  {
    slug: 'red-earth-castile',
    artist: 'rafael-quintero-alba',
    titleEn: 'Red Earth of Castile',
    titleFr: 'Terre rouge de Castille',
    descriptionEn:
      'Two soft-edged fields, earth brown above and pale sand below, rest on an iron-red ground, painted after a journey across the Castilian plateau.',
    descriptionFr:
      'Deux champs aux bords adoucis, brun terre en haut et sable pâle en bas, reposent sur un fond rouge de fer, peints au retour d’un voyage sur le plateau castillan.',
    ...MIXED,
    year: 1971,
    width: 60,
    height: 73,
    market: 3,
    pricePerPart: 240,
    soldPercent: 100,
    composition: 'fields',
  },
  {
    slug: 'lacquer-moon',
    artist: 'mei-lin-sorensen',
    titleEn: 'Lacquer Moon',
    titleFr: 'Lune de laque',
    descriptionEn:
      'Three discs stacked on a cream ground, a teal one at the top overlapping two of warm amber, built from more than forty translucent glazes.',
    descriptionFr:
      'Trois disques superposés sur un fond crème, un bleu-vert en haut qui chevauche deux disques d’ambre chaud, construits de plus de quarante glacis translucides.',
    ...OIL,
    year: 2014,
    width: 70,
    height: 70,
    market: 2,
    pricePerPart: 70,
    soldPercent: 23,
    composition: 'circles',
  },
  {
    slug: 'three-lenses',
    artist: 'mei-lin-sorensen',
    titleEn: 'Three Lenses',
    titleFr: 'Trois lentilles',
    descriptionEn:
      'Three overlapping circles on a cream ground, one amber and two rose crimson, where each overlap makes a deeper colour.',
    descriptionFr:
      'Trois cercles qui se chevauchent sur un fond crème, un ambre et deux cramoisi rosé ; chaque recouvrement fait naître une couleur plus profonde.',
    ...OIL,
    year: 2019,
    width: 50,
    height: 50,
    market: 3,
    pricePerPart: 75,
    soldPercent: 100,
    composition: 'circles',
  },
  {
    slug: 'meeting-point',
    artist: 'paul-emile-carrasco',
    titleEn: 'Meeting Point',
    titleFr: 'Point de rencontre',
    descriptionEn:
      'Four flat planes meet at a single point: off-white and teal above, signal red and coral below. Carrasco called it “the painting where I stopped explaining”.',
    descriptionFr:
      'Quatre aplats se rencontrent en un seul point : blanc cassé et bleu-vert en haut, rouge signal et corail en bas. Carrasco l’appelait « le tableau où j’ai cessé d’expliquer ».',
    ...ACRYLIC,
    year: 1968,
    width: 81,
    height: 65,
    market: 2,
    pricePerPart: 310,
    soldPercent: 55,
    composition: 'blocks',
  },
  {
    slug: 'signal-green',
    artist: 'paul-emile-carrasco',
    titleEn: 'Signal Green',
    titleFr: 'Vert signal',
    descriptionEn:
      'A grid of hard-edged blocks in red, coral, navy and off-white, crossed by a great diagonal of teal rising from the lower left to the upper right.',
    descriptionFr:
      'Une grille de blocs aux bords nets, rouge, corail, marine et blanc cassé, traversée par une grande diagonale bleu-vert qui monte du coin inférieur gauche au coin supérieur droit.',
    ...ACRYLIC,
    year: 1975,
    width: 55,
    height: 55,
    market: 1,
    pricePerPart: 320,
    soldPercent: 0,
    composition: 'blocks',
  },
  {
    slug: 'mediterranean-wall',
    artist: 'noor-haddad',
    titleEn: 'Mediterranean Wall',
    titleFr: 'Mur méditerranéen',
    descriptionEn:
      'Hundreds of small square tiles of sand, ochre, teal and deep blue recall a sunlit wall in the old port of Marseille.',
    descriptionFr:
      'Des centaines de petites tesselles carrées sable, ocre, bleu-vert et bleu profond rappellent un mur ensoleillé du Vieux-Port de Marseille.',
    ...ACRYLIC,
    year: 1999,
    width: 90,
    height: 60,
    market: 2,
    pricePerPart: 110,
    soldPercent: 71,
    composition: 'tesserae',
  },
  {
    slug: 'tunis-afternoon',
    artist: 'noor-haddad',
    titleEn: 'Afternoon in Tunis',
    titleFr: 'Après-midi à Tunis',
    descriptionEn:
      'An even grid of small square tiles in sand, orange, teal and deep blue covers the whole canvas, like afternoon light falling through a shutter onto a tiled floor.',
    descriptionFr:
      'Une grille régulière de petites tesselles carrées sable, orange, bleu-vert et bleu profond couvre toute la toile, comme la lumière de l’après-midi tombant à travers un volet sur un sol carrelé.',
    ...ACRYLIC,
    year: 2008,
    width: 70,
    height: 50,
    market: 3,
    pricePerPart: 120,
    soldPercent: 100,
    composition: 'tesserae',
  },
  {
    slug: 'raw-linen-no-12',
    artist: 'elsa-vanterpool',
    titleEn: 'Raw Linen No. 12',
    titleFr: 'Lin brut nº 12',
    descriptionEn:
      'Vertical stripes of sage, terracotta, slate violet and linen grey follow one another across a tall, narrow canvas.',
    descriptionFr:
      'Des rayures verticales vert sauge, terre cuite, violet ardoise et gris lin se succèdent sur une toile haute et étroite.',
    ...LINEN,
    year: 2017,
    width: 60,
    height: 90,
    market: 2,
    pricePerPart: 45,
    soldPercent: 9,
    composition: 'stripes',
  },
  {
    slug: 'shift-of-tone',
    artist: 'elsa-vanterpool',
    titleEn: 'Shift of Tone',
    titleFr: 'Glissement de ton',
    descriptionEn:
      'Two soft-edged fields on a sage ground, slate blue above and terracotta below: a single change of tone, the whole painting in one gesture.',
    descriptionFr:
      'Deux champs aux bords adoucis sur un fond vert sauge, bleu ardoise en haut et terre cuite en bas : un seul changement de ton, tout le tableau en un geste.',
    ...LINEN,
    year: 2021,
    width: 40,
    height: 50,
    market: 1,
    pricePerPart: 50,
    soldPercent: 0,
    composition: 'fields',
  },
];

/** EUR → USD reference rates (1 EUR = rate USD), one per year end, plus a recent one. */
export const SEED_RATES: [string, string][] = [
  ['2000-12-29', '0.9305'],
  ['2001-12-31', '0.8813'],
  ['2002-12-31', '1.0487'],
  ['2003-12-31', '1.2630'],
  ['2004-12-31', '1.3621'],
  ['2005-12-30', '1.1797'],
  ['2006-12-29', '1.3170'],
  ['2007-12-31', '1.4721'],
  ['2008-12-31', '1.3917'],
  ['2009-12-31', '1.4406'],
  ['2010-12-31', '1.3362'],
  ['2011-12-30', '1.2939'],
  ['2012-12-31', '1.3194'],
  ['2013-12-31', '1.3791'],
  ['2014-12-31', '1.2141'],
  ['2015-12-31', '1.0887'],
  ['2016-12-30', '1.0541'],
  ['2017-12-29', '1.1993'],
  ['2018-12-31', '1.1450'],
  ['2019-12-31', '1.1234'],
  ['2020-12-31', '1.2271'],
  ['2021-12-31', '1.1326'],
  ['2022-12-30', '1.0666'],
  ['2023-12-29', '1.1050'],
  ['2024-12-31', '1.0389'],
  ['2025-06-30', '1.1720'],
  ['2025-12-31', '1.1650'],
];
