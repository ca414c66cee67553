import '../zod-config';
import { z } from 'zod';
import { COMPLAINT_CATEGORIES, COMPLAINT_EVENT_KINDS, COMPLAINT_OUTCOMES, COMPLAINT_STATES } from '../complaints';
import { LANGUAGES } from '../constants';
import { captchaField, emailField, multilineText, nameField, safeText } from '../validation/fields';
import { ADMIN_SORTS, sortParams, ZAdminPageQuery } from './admin';

/**
 * Complaints (issue 30): a member files from their area (POST /api/user/complaints), a visitor from the public page
 * with their email address and a captcha (POST /api/complaints); operators handle them under /api/admin/complaints.
 * The form's schema is the one the web app validates with.
 */

const subject = () =>
  safeText({ error: 'ComplaintSubjectRequired' })
    .trim()
    .min(1, { error: 'ComplaintSubjectRequired' })
    .max(200, { error: 'ComplaintSubjectTooLong' });
const body = () =>
  multilineText({ error: 'ComplaintBodyRequired' })
    .trim()
    .min(1, { error: 'ComplaintBodyRequired' })
    .max(5000, { error: 'ComplaintBodyTooLong' });

export const ZComplaintCategory = z.enum(COMPLAINT_CATEGORIES, { error: 'ComplaintCategoryRequired' });

/** What a member writes. */
export const ZMemberComplaintRequest = z.strictObject({
  category: ZComplaintCategory,
  subject: subject(),
  body: body(),
});
export type TMemberComplaintRequest = z.infer<typeof ZMemberComplaintRequest>;

/** What a visitor writes: the same, with who they are, where to answer, in which language, and the captcha. */
export const ZPublicComplaintRequest = ZMemberComplaintRequest.extend({
  first_name: nameField(),
  last_name: nameField(),
  email: emailField(),
  lang: z.enum(LANGUAGES, { error: 'InvalidRequest' }),
  captcha: captchaField(),
});
export type TPublicComplaintRequest = z.infer<typeof ZPublicComplaintRequest>;

const ZState = z.enum(COMPLAINT_STATES);
const ZOutcome = z.enum(COMPLAINT_OUTCOMES);

/** The on-screen acknowledgement: the reference, the deadlines, and where the answer will come. */
export const ZComplaintReceipt = z.object({
  id: z.string(),
  reference: z.string(),
  received_at: z.string(),
  acknowledge_due_on: z.string(),
  answer_due_on: z.string(),
  email: z.string(),
});
export type TComplaintReceipt = z.infer<typeof ZComplaintReceipt>;

/** What the member is shown of an event: what was sent to them, never the operators' notes. */
export const ZMemberComplaintEvent = z.object({
  kind: z.enum(COMPLAINT_EVENT_KINDS),
  to_state: ZState,
  message: z.string(),
  at: z.string(),
});

export const ZMemberComplaint = z.object({
  id: z.string(),
  reference: z.string(),
  category: ZComplaintCategory,
  subject: z.string(),
  body: z.string(),
  state: ZState,
  outcome: ZOutcome.nullable(),
  received_at: z.string(),
  acknowledge_due_on: z.string(),
  answer_due_on: z.string(),
  answered_at: z.string().nullable(),
  events: z.array(ZMemberComplaintEvent),
});
export type TMemberComplaint = z.infer<typeof ZMemberComplaint>;
export const ZMemberComplaints = z.object({ complaints: z.array(ZMemberComplaint) });
export type TMemberComplaints = z.infer<typeof ZMemberComplaints>;

/** Where complaints go besides the forms: the published address (configuration). */
export const ZComplaintsContact = z.object({
  email: z.string(),
  postal_address: z.string(),
  mediator: z.string(),
});
export type TComplaintsContact = z.infer<typeof ZComplaintsContact>;

// ---------------------------------------------------------------- console

export const ZAdminComplaintsQuery = ZAdminPageQuery.extend({
  state: ZState.optional(),
  /** Only the cases past one of their deadlines (acknowledge or answer) and not yet meeting it. */
  overdue: z.enum(['true', 'false'], { error: 'InvalidRequest' }).optional(),
  q: safeText({ error: 'InvalidRequest' }).trim().max(100).optional(),
  ...sortParams(ADMIN_SORTS.complaints, 'received_at', 'asc'),
});
export type TAdminComplaintsQuery = z.infer<typeof ZAdminComplaintsQuery>;

export const ZAdminComplaintRow = z.object({
  id: z.string(),
  reference: z.string(),
  state: ZState,
  category: ZComplaintCategory,
  subject: z.string(),
  complainant: z.object({
    member_id: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    language: z.enum(LANGUAGES),
  }),
  received_at: z.string(),
  acknowledged_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  acknowledge_due_on: z.string(),
  answer_due_on: z.string(),
  /** The acknowledgement is late (not acknowledged nor answered, its day passed). */
  acknowledge_overdue: z.boolean(),
  /** The answer is late (not answered, its day passed). */
  answer_overdue: z.boolean(),
  outcome: ZOutcome.nullable(),
});
export type TAdminComplaintRow = z.infer<typeof ZAdminComplaintRow>;
export const ZAdminComplaints = z.object({ complaints: z.array(ZAdminComplaintRow), total: z.number().int() });

export const ZAdminComplaintEvent = z.object({
  id: z.string(),
  kind: z.enum(COMPLAINT_EVENT_KINDS),
  from_state: ZState,
  to_state: ZState,
  actor: z.enum(['member', 'visitor', 'operator', 'system']),
  actor_email: z.string().nullable(),
  message: z.string(),
  note: z.string(),
  outcome: ZOutcome.nullable(),
  at: z.string(),
});
export const ZAdminComplaint = ZAdminComplaintRow.extend({
  body: z.string(),
  events: z.array(ZAdminComplaintEvent),
});
export type TAdminComplaint = z.infer<typeof ZAdminComplaint>;

const message = () =>
  multilineText({ error: 'ComplaintMessageRequired' })
    .trim()
    .min(1, { error: 'ComplaintMessageRequired' })
    .max(5000, { error: 'ComplaintBodyTooLong' });
const note = () => multilineText({ error: 'InvalidRequest' }).trim().max(2000, { error: 'ComplaintBodyTooLong' });

/** Acknowledge, escalate, answer, close: the message sent to the complainant (in their language), an internal note. */
export const ZComplaintActionBody = z.strictObject({
  message: message(),
  note: note().optional(),
});
export const ZComplaintEscalateBody = z.strictObject({ note: note().min(1, { error: 'ComplaintNoteRequired' }) });
export const ZComplaintAnswerBody = ZComplaintActionBody.extend({
  outcome: z.enum(COMPLAINT_OUTCOMES, { error: 'ComplaintOutcomeRequired' }),
});
export const ZComplaintNoteBody = z.strictObject({ note: note().min(1, { error: 'ComplaintNoteRequired' }) });
export const ZComplaintExportQuery = z.strictObject({
  from: z.iso.date({ error: 'InvalidRequest' }).optional(),
  to: z.iso.date({ error: 'InvalidRequest' }).optional(),
});
export type TComplaintExportQuery = z.infer<typeof ZComplaintExportQuery>;
