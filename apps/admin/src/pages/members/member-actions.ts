import { ZAdminDisableMember, ZAdminMemberNote } from '@parcelle/shared/contracts/admin-money';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';

/** The member page's actions: the route under /admin/members/:id, the text it asks for, and the API's message. */
export const MEMBER_ACTIONS = {
  disable: { path: 'disable', field: 'reason', schema: ZAdminDisableMember, done: messages.MemberDisabled },
  enable: { path: 'enable', field: null, schema: null, done: messages.MemberEnabled },
  resend: { path: 'resend-verification', field: null, schema: null, done: messages.VerificationCodeSent },
  signOut: { path: 'sign-out-everywhere', field: null, schema: null, done: messages.MemberSignedOutEverywhere },
  note: { path: 'notes', field: 'text', schema: ZAdminMemberNote, done: messages.MemberNoteAdded },
} as const;

export type MemberAction = keyof typeof MEMBER_ACTIONS;

/**
 * The body of an action from the text typed in its dialog, checked by the shared contract: `{ok: true, body}` or the
 * contract's message (`ReasonRequired`, `NoteRequired`) in both languages.
 */
export function actionBody(
  action: MemberAction,
  text: string,
): { ok: true; body: Record<string, string> } | { ok: false; error: Localized } {
  const { field, schema } = MEMBER_ACTIONS[action];
  if (!field || !schema) return { ok: true, body: {} };
  const parsed = schema.safeParse({ [field]: text });
  if (parsed.success) return { ok: true, body: parsed.data as Record<string, string> };
  const key = parsed.error.issues[0]?.message;
  const error = key && key in messages ? messages[key as keyof typeof messages] : messages.InvalidRequest;
  return { ok: false, error: error as Localized };
}
