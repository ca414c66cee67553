import '@parcelle/shared/zod-config';
import {
  PROFILE_IMAGE_MAX_BYTES,
  ZBankRequest,
  ZDisableAccountRequest,
  ZEmailUpdateRequest,
  ZPaypalRequest,
  ZPhoneForm,
  ZProfileUpdateRequest,
} from '@parcelle/shared/contracts/account';
import type { MessageKey } from '@parcelle/shared/i18n/messages';
import { otpField } from '@parcelle/shared/validation/fields';
import { z } from 'zod';

/**
 * Form schemas of /user/edit (spec §5): the API's own request schemas from @parcelle/shared, plus the
 * rules only the form can check (not the current email or phone again). Messages are catalogue keys.
 */

export const ZPersonalForm = ZProfileUpdateRequest;

/** A new email: valid, and not the current one ('You can't update with the same email'). */
export function emailChangeForm(current: string) {
  return ZEmailUpdateRequest.pick({ email: true }).refine((value) => value.email !== current.trim().toLowerCase(), {
    path: ['email'],
    error: 'SameEmail',
  });
}

const digits = (value: string) => value.replace(/\D/g, '');

/** A new phone: a valid number for its country, and not the current one. */
export function phoneChangeForm(current: { code: string; number: string } | null) {
  return ZPhoneForm.superRefine((value, ctx) => {
    const same =
      current &&
      digits(current.code) === digits(value.country_code) &&
      digits(current.number).replace(/^0+/, '') === digits(value.number).replace(/^0+/, '');
    if (same) ctx.addIssue({ code: 'custom', path: ['number'], message: 'SamePhone' });
  });
}

/** The one-time code: 'Plesae input Otp!' when empty, 'Otp is not valid!' for any other length. */
export const ZOtpForm = z.object({ code: otpField() });

export const ZBankForm = ZBankRequest;
export const ZPaypalForm = ZPaypalRequest;
export const ZDisableForm = ZDisableAccountRequest;

/** Profile images the server takes (spec §7 multipart): JPEG, PNG or WebP, 5 MiB at most. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export function imageProblem(file: File): MessageKey | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'ImageTypeNotAllowed';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'ImageTooLarge';
  return null;
}
