import type { ReactNode } from 'react';
import buttons from '../forms/plain-button.module.css';
import { useNavigation } from '../layout/navigation';
import styles from './step-panel.module.css';

type Props = {
  /** The icon's path (24 × 24), drawn in the bronze beside the text. */
  icon: string;
  /** The small capitals above the title. */
  label: string;
  title: string;
  titleTestId?: string;
  text: string;
  /** What follows the text (the identity step's reason, for a member who has not started). */
  more?: ReactNode;
  /** The page that resolves the step, and the button's words. */
  to: string;
  action: string;
  testId: string;
  /** Tighter spacing inside a drawer or a dialog. */
  dense: boolean;
  /** The state or step it shows (`data-state`, `data-step`). */
  data: Record<`data-${string}`, string>;
};

/**
 * The panel a money action shows instead of its button while a regulated step is missing (issues 29, 30): the
 * identity step and the investor step, one drawing (decision 558) for the member area's buy screen and drawers and a
 * work's page, plain elements on a CSS Module. A region named by its title, with the button to the page that resolves
 * it: an ordinary link in a document, the router's in the app (`useNavigation`).
 */
export function StepPanel({ icon, label, title, titleTestId, text, more, to, action, testId, dense, data }: Props) {
  const { Link } = useNavigation();
  return (
    <section
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      {...data}
      className={dense ? `${styles.panel} ${styles.dense}` : styles.panel}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d={icon} />
      </svg>
      <div className={styles.body}>
        <p className={styles.label}>{label}</p>
        <p id={`${testId}-title`} className={styles.title} data-testid={titleTestId}>
          {title}
        </p>
        <p className={styles.text} data-testid={`${testId}-text`}>
          {text}
        </p>
        {more}
        <Link to={to} className={`${buttons.button} ${styles.action}`} data-testid={`${testId}-link`}>
          {action}
        </Link>
      </div>
    </section>
  );
}
