import { useRetryProps } from './document';

/**
 * "Try again" after a read failed: in the app a button that reads again (`onRetry`); in a document, which has no
 * script to read with, a link that loads the same address again (`useRetryProps`). The caller gives its look.
 */
export function Retry({
  label,
  onRetry,
  className,
  testId,
}: {
  label: string;
  onRetry: () => unknown;
  className: string | undefined;
  testId?: string;
}) {
  const retry = useRetryProps(onRetry);
  return 'href' in retry ? (
    <a href={retry.href} className={className} data-testid={testId}>
      {label}
    </a>
  ) : (
    <button type="button" onClick={retry.onClick} className={className} data-testid={testId}>
      {label}
    </button>
  );
}
