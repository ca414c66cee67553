import { withType } from '../theme/type';
import classes from './investment-case.module.css';

/** The investment case's and facts' classes (investment-case.module.css) with their type variants (theme/type.ts). */
export const styles = withType(classes, {
  title: 'h3',
  intro: 'body1',
  heading: 'h5',
  text: 'body1',
  note: 'body2',
  appraisalMethod: 'body2',
  countdown: 'body2',
  soldTitle: 'h5',
  soldText: 'body2',
  label: 'body1',
  value: 'body1',
  riskTitle: 'body1',
  riskText: 'body1',
  appraisalNone: 'body1',
  appraisalValue: 'body1',
  appraisalBy: 'body1',
  historyTitle: 'body1',
});
