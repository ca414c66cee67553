import type { TArtist, TPainting } from '@parcelle/shared/contracts/catalogue';
import type { Language } from '@parcelle/shared/i18n/messages';
import { artistPath, paintingPath } from '../catalogue/paths';
import { languageUrl } from './seo';

/** schema.org objects of the public pages (JSON-LD): the house, its artists and their works. */

const CONTEXT = 'https://schema.org';

/** Parcelle itself, on the home page (and referenced as the publisher elsewhere). */
export function organizationData(origin: string, name: string, description: string) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description,
  };
}

type Place = { origin: string; language: Language };

/** An artist's page (Person). */
export function personData(
  artist: Pick<TArtist, 'id' | 'name' | 'life_dates'>,
  at: Place,
  image?: string,
  bio?: string,
) {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': `${at.origin}${artistPath(artist.id)}#person`,
    name: artist.name,
    url: languageUrl(at.origin, artistPath(artist.id), at.language),
    jobTitle: at.language === 'fr' ? 'Artiste peintre' : 'Painter',
    ...(artist.life_dates.date_of_birth ? { birthDate: artist.life_dates.date_of_birth } : {}),
    ...(artist.life_dates.date_of_death ? { deathDate: artist.life_dates.date_of_death } : {}),
    ...(image ? { image } : {}),
    ...(bio ? { description: bio } : {}),
  };
}

/** A painting's page (VisualArtwork), with its creator, size and the offer of its parts. */
export function visualArtworkData(
  painting: TPainting,
  text: { title: string; description: string; artform: string },
  at: Place,
  image?: string,
) {
  return {
    '@context': CONTEXT,
    '@type': 'VisualArtwork',
    '@id': `${at.origin}${paintingPath(painting)}#artwork`,
    name: text.title,
    description: text.description,
    url: languageUrl(at.origin, paintingPath(painting), at.language),
    inLanguage: at.language,
    artform: text.artform,
    dateCreated: String(painting.year),
    width: { '@type': 'QuantitativeValue', value: painting.dimension.width, unitCode: 'CMT' },
    height: { '@type': 'QuantitativeValue', value: painting.dimension.height, unitCode: 'CMT' },
    creator: {
      '@type': 'Person',
      '@id': `${at.origin}${artistPath(painting.artist.id)}#person`,
      name: painting.artist.name,
      url: languageUrl(at.origin, artistPath(painting.artist.id), at.language),
    },
    ...(image ? { image } : {}),
  };
}
