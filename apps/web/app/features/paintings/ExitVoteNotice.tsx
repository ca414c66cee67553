import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { formatDate } from '@parcelle/shared/dates';
import type { Language } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { useTranslation } from 'react-i18next';
import styles from './exit-vote-notice.module.css';

/**
 * Issue 31: a vote under way on an offer to buy the whole work, told to holders and visitors on its page — the
 * offer, the latest appraisal beside it, the deadline — and what trading does meanwhile (it stays open: decision 262).
 * Drawn as MUI's outlined info Alert with no icon was, on a CSS Module (decision 541); its role is the Alert's.
 */
export function ExitVoteNotice({ vote, language }: { vote: TPaintingDetail['exit_vote']; language: Language }) {
  const { t } = useTranslation();
  if (!vote) return null;
  const money = (minor: number) => formatMoney(minor, vote.currency, language);
  const rows: Array<[string, string, string]> = [
    ['offer', t('paintings.exitVote.offer'), money(vote.offer_minor)],
    [
      'appraisal',
      t('paintings.exitVote.appraisal'),
      vote.appraisal_minor === null ? t('paintings.exitVote.noAppraisal') : money(vote.appraisal_minor),
    ],
    ['closes', t('paintings.exitVote.closes'), formatDate(vote.vote_closes_at, language)],
  ];
  return (
    <div role="alert" className={styles.notice} data-testid="painting-exit-vote">
      <div className={styles.message}>
        <div className={styles.title}>{t('paintings.exitVote.title')}</div>
        <dl className={styles.facts}>
          {rows.map(([key, label, value]) => (
            <div key={key} className={styles.row}>
              <dt className={styles.label}>{label}</dt>
              <dd className={styles.value} data-testid={`painting-exit-vote-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className={styles.trading}>{t('paintings.exitVote.trading')}</p>
      </div>
    </div>
  );
}
