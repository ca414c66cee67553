import { OTP_LENGTH } from '@parcelle/shared/constants';
import { useTranslation } from 'react-i18next';
import { CodeDialog } from './CodeDialog';
import { ZOtpForm } from './schemas';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

type Props = {
  open: boolean;
  /** Where the code was sent, shown to the member (e.g. "+33 6 12 34 56 78"). */
  destination: string;
  onClose: () => void;
  /** Checks the code with the server; a refused code (4xx) is shown under the field. */
  onConfirm: (code: string) => Promise<void>;
  /** Asks for a new code. */
  onResend?: () => Promise<void>;
  /** Replaces the default "sent by SMS to {destination}" text (e.g. a code sent by email). */
  text?: string;
};

/**
 * A code sent by SMS or email (spec §4, §5): 6 digits; empty gives 'Plesae input Otp!', another length
 * 'Otp is not valid!'.
 */
export function OtpDialog({ open, destination, onClose, onConfirm, onResend, text }: Props) {
  const { t } = useTranslation();
  return (
    <CodeDialog
      open={open}
      onClose={onClose}
      onConfirm={onConfirm}
      onResend={onResend}
      testId="otp-dialog"
      schema={ZOtpForm}
      texts={{
        title: t('account.otp.title'),
        text: text ?? t('account.otp.text', { destination }),
        label: t('account.otp.code'),
        help: t('verify.codeHelp'),
        cancel: t('account.cancel'),
        confirm: t('verify.confirm'),
        resend: t('verify.resend'),
      }}
      transform={digitsOnly}
      input={{ inputMode: 'numeric', maxLength: OTP_LENGTH, pattern: '[0-9]*' }}
      digits
    />
  );
}
