import { withType } from '../theme/type';
import classes from './artist-detail.module.css';

/** An artist's page's classes (artist-detail.module.css) with their type variants (theme/type.ts). */
export const styles = withType(classes, {
  eyebrow: 'overline',
  name: 'h1',
  life: 'body1',
  bio: 'body1',
  figureValue: 'body1',
  figureNote: 'body2',
  headingTitle: 'h2',
  headingIntro: 'subtitle1',
  noWorks: 'body1',
  chartCaption: 'body2',
  noDataTitle: 'h5',
  noDataText: 'body2',
  tableCaption: 'body2',
  cell: 'body2',
  headCell: 'body2',
  number: 'body2',
  headNumber: 'body2',
});
