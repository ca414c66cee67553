import { withType } from '../theme/type';
import classes from './painting-screen.module.css';

/** The work page's classes (painting-screen.module.css) with their type variants (theme/type.ts). */
export const styles = withType(classes, {
  life: 'body2',
  title: 'h2',
  description: 'body1',
  partsLeft: 'body2',
  chartTitle: 'h4',
  chartBase: 'body2',
  chartEmpty: 'subtitle1',
  documentsTitle: 'h4',
  documentNote: 'body2',
  documentOpen: 'body2',
});
