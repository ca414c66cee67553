import type { ReactNode } from 'react';
import { PageContainer } from '../layout/PageContainer';
import page from '../layout/page.module.css';

type Props = {
  testId: string;
  state: string;
  eyebrow: string;
  title: string;
  /**
   * The column: `message` (an outcome, the default), `form` (the contact page: wider, a little less space above) or
   * `panel` (a certificate's verification, a panel beside its picture).
   */
  width?: 'message' | 'form' | 'panel';
  /** `data-` attributes of the caller's (a certificate's `data-status`). */
  data?: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
};

/**
 * The site's quiet pages (a newsletter link's outcome, the forms without a script, a certificate's verification): an
 * eyebrow, a serif title, a hairline, then the outcome or the form and where to go next. Plain elements on
 * layout/page.module.css (issue 33): a document carries no MUI for it.
 */
export function StatusFrame({ testId, state, eyebrow, title, width = 'message', data, children }: Props) {
  return (
    <PageContainer>
      <div
        data-testid={testId}
        data-state={state}
        {...data}
        className={width === 'message' ? page.quiet : `${page.quiet} ${page[width]}`}
      >
        <p className={page.eyebrow}>{eyebrow}</p>
        <h1 className={page.quietTitle}>{title}</h1>
        <div className={page.rule} />
        {children}
      </div>
    </PageContainer>
  );
}
