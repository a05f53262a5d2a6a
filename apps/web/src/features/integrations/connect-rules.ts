import {
  canResync,
  EMAIL_REQUIRED,
  type EmailProvider,
  emailDomain,
  emailProviderFromDomain,
  MAILCHIMP_ADDED,
  MAILCHIMP_STATUS_LABELS,
  MAILCHIMP_UPDATED,
  type MailchimpStatus,
  type MxName,
  needsResetConfirm,
} from '@atrium/contracts';

/** Pure rules of the second integrations slice (Mailchimp, Connect Email, Stripe result), unit tested. */

// ---------------------------------------------------------------- Mailchimp

export interface MailchimpFormValues {
  mcAudienceName: string;
  mcAudienceId: string;
  mcApiKey: string;
  fromName: string;
  fromEmail: string;
}

/** Spec 2 §5: only the first three are enforced (the key may be the stored one). */
export function mailchimpErrors(
  v: MailchimpFormValues,
  hasStoredKey: boolean,
): Partial<Record<keyof MailchimpFormValues, string>> {
  const errors: Partial<Record<keyof MailchimpFormValues, string>> = {};
  if (!v.mcAudienceName.trim()) errors.mcAudienceName = 'Audience Name required';
  if (!v.mcAudienceId.trim()) errors.mcAudienceId = 'Audience ID is required';
  if (!v.mcApiKey.trim() && !hasStoredKey) errors.mcApiKey = 'API Key required';
  return errors;
}

/** Create mode when no list id exists (spec 2 §2). */
export const isCreateMode = (listId: string) => !listId.trim();

/** 'Mailchimp added successfully' the first time, 'Mailchimp updated successfully' after. */
export const mailchimpSavedMessage = (hadList: boolean) => (hadList ? MAILCHIMP_UPDATED : MAILCHIMP_ADDED);

export const statusLabel = (status: MailchimpStatus | null) =>
  status ? MAILCHIMP_STATUS_LABELS[status] : 'Not Started';

/** The resync button: enabled when complete (spec 2 §4). */
export const resyncEnabled = (status: MailchimpStatus | null) => canResync(status);

/** While in progress the screen polls the status. */
export const shouldPoll = (status: MailchimpStatus | null) => status === 'in_progress';

export { needsResetConfirm };

// ---------------------------------------------------------------- Connect email

export type DialogStep =
  | 'information'
  | 'submitEmail'
  | 'emailIdentified'
  | 'emailIdentifiedAndConfirmed'
  | 'unidentified';

export interface DialogState {
  step: DialogStep;
  email: string;
  isShareAccount: boolean;
  provider: EmailProvider | null;
}

export type DialogAction =
  | { type: 'connectInbox' }
  | { type: 'email'; email: string }
  | { type: 'share'; value: boolean }
  | { type: 'identified'; provider: MxName }
  | { type: 'confirm' }
  | { type: 'different' }
  | { type: 'choose'; provider: EmailProvider };

export const INITIAL_DIALOG: DialogState = { step: 'information', email: '', isShareAccount: false, provider: null };

/** Spec 2 §4 "Connect-email dialog": information -> submitEmail -> emailIdentified -> emailIdentifiedAndConfirmed. */
export function dialogReducer(state: DialogState, action: DialogAction): DialogState {
  switch (action.type) {
    case 'connectInbox':
      return { ...state, step: 'submitEmail' };
    case 'email':
      // Changing the email clears the identified provider.
      return { ...state, email: action.email, provider: null, step: 'submitEmail' };
    case 'share':
      return { ...state, isShareAccount: action.value };
    case 'identified':
      return action.provider === 'other'
        ? { ...state, provider: null, step: 'unidentified' }
        : { ...state, provider: action.provider, step: 'emailIdentified' };
    case 'choose':
      return { ...state, provider: action.provider, step: 'emailIdentified' };
    case 'confirm':
      return state.provider ? { ...state, step: 'emailIdentifiedAndConfirmed' } : state;
    case 'different':
      // 'Connect a different account' returns to submitEmail and clears the form.
      return { ...INITIAL_DIALOG, step: 'submitEmail' };
  }
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 2 §5: required and valid, one message. */
export function connectEmailError(email: string): string | null {
  return EMAIL_PATTERN.test(email.trim()) ? null : EMAIL_REQUIRED;
}

/** What the address alone says (the server also reads MX records). */
export const providerFromAddress = (email: string): EmailProvider | null => emailProviderFromDomain(emailDomain(email));

export const PROVIDER_APP: Record<EmailProvider, string> = {
  googlemail: 'Google',
  outlookmail: 'Microsoft Outlook',
  zohomail: 'Zoho',
};

/** The provider-specific data access text of the confirmed step. */
export const DATA_ACCESS: Record<EmailProvider, string> = {
  googlemail:
    'Atrium will ask Google for permission to send email as you and to read your inbox, so replies are logged on the contact automatically. You can remove this access at any time from your Google Account.',
  outlookmail:
    'Atrium will ask Microsoft Outlook for permission to send mail as you and to read your mail, so replies are logged on the contact automatically. You can remove this access at any time from your Microsoft account.',
  zohomail:
    'Atrium will ask Zoho for permission to send and read messages of your Zoho Mail account. Bulk email is not supported for Zoho Mail.',
};

// ---------------------------------------------------------------- oauth results

/** The landing query of a connection (`?result=success|fail&message=`). */
export function connectResult(params: URLSearchParams): { ok: boolean; message: string } | null {
  const result = params.get('result');
  if (result !== 'success' && result !== 'fail') return null;
  return { ok: result === 'success', message: params.get('message') ?? '' };
}
