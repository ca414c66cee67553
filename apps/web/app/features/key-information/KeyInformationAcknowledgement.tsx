import { formatDate } from '@parcelle/shared/dates';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../feedback/PlainAlert';
import { useLanguage } from '../i18n/language';
import { useStoredSession } from '../session/use-session';
import { useKeyInformationGate } from './api';
import { KeyInformationStep } from './KeyInformationStep';
import styles from './key-information-step.module.css';

/**
 * A signed-in member's part of the page: the confirmation of this version, or when they confirmed it. An island in
 * the document (decision 484), mounted for a stored session in the page's slot, which keeps the space above it
 * (`spaced` false). A module of its own without MUI (decision 538): the island loads neither the page's MUI nor a theme.
 */
export function KeyInformationAcknowledgement({ paintingId, spaced = true }: { paintingId: string; spaced?: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = useStoredSession();
  const gate = useKeyInformationGate(paintingId);
  if (!token || !gate.status) return null;
  return (
    <div className={spaced ? styles.spaced : undefined}>
      {!gate.status.acknowledged ? (
        <KeyInformationStep paintingId={paintingId} status={gate.status} testId="key-information-acknowledge" />
      ) : (
        <PlainAlert severity="success" variant="standard" testId="key-information-acknowledged">
          {t('keyInformation.page.acknowledged', {
            version: gate.status.version,
            date: gate.status.acknowledged_at ? formatDate(gate.status.acknowledged_at, language) : '',
          })}
        </PlainAlert>
      )}
    </div>
  );
}
