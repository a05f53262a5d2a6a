import {
  emailProviderFromMx,
  generatedListName,
  MAILCHIMP_ADDED,
  MAILCHIMP_UPDATED,
  mailchimpDataCenter,
} from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectEmailError,
  connectResult,
  dialogReducer,
  INITIAL_DIALOG,
  isCreateMode,
  mailchimpErrors,
  mailchimpSavedMessage,
  needsResetConfirm,
  providerFromAddress,
  resyncEnabled,
  shouldPoll,
  statusLabel,
} from './connect-rules';

describe('email provider identification', () => {
  it('by the address domain', () => {
    expect(providerFromAddress('a@gmail.com')).toBe('googlemail');
    expect(providerFromAddress('a@GOOGLEMAIL.com')).toBe('googlemail');
    expect(providerFromAddress('a@outlook.com')).toBe('outlookmail');
    expect(providerFromAddress('a@hotmail.fr')).toBe('outlookmail');
    expect(providerFromAddress('a@live.com')).toBe('outlookmail');
    expect(providerFromAddress('a@zoho.com')).toBe('zohomail');
    expect(providerFromAddress('a@zohomail.in')).toBe('zohomail');
    expect(providerFromAddress('a@studio.test')).toBeNull();
    expect(providerFromAddress('no-at-sign')).toBeNull();
  });

  it('by MX hosts (Google Workspace, Microsoft 365, Zoho Mail)', () => {
    expect(emailProviderFromMx(['ASPMX.L.GOOGLE.COM.'])).toBe('googlemail');
    expect(emailProviderFromMx(['studio-test.mail.protection.outlook.com'])).toBe('outlookmail');
    expect(emailProviderFromMx(['mx.zoho.eu'])).toBe('zohomail');
    expect(emailProviderFromMx(['mail.notgoogle.com.evil.test'])).toBeNull();
    expect(emailProviderFromMx([])).toBeNull();
  });

  it("'Email is required!' for an empty or invalid address", () => {
    expect(connectEmailError('')).toBe('Email is required!');
    expect(connectEmailError('x@')).toBe('Email is required!');
    expect(connectEmailError(' me@studio.test ')).toBeNull();
  });
});

describe('connect dialog states (spec 2 §4)', () => {
  it('information -> submitEmail -> emailIdentified -> emailIdentifiedAndConfirmed', () => {
    let s = dialogReducer(INITIAL_DIALOG, { type: 'connectInbox' });
    expect(s.step).toBe('submitEmail');
    s = dialogReducer(s, { type: 'email', email: 'me@gmail.com' });
    s = dialogReducer(s, { type: 'share', value: true });
    s = dialogReducer(s, { type: 'identified', provider: 'googlemail' });
    expect(s).toMatchObject({ step: 'emailIdentified', provider: 'googlemail', isShareAccount: true });
    s = dialogReducer(s, { type: 'confirm' });
    expect(s.step).toBe('emailIdentifiedAndConfirmed');
    // 'Connect a different account' returns to submitEmail and clears the form.
    expect(dialogReducer(s, { type: 'different' })).toEqual({ ...INITIAL_DIALOG, step: 'submitEmail' });
  });

  it("'other' is unidentified; a chosen provider continues; changing the email clears the provider", () => {
    let s = dialogReducer(
      { ...INITIAL_DIALOG, step: 'submitEmail', email: 'a@b.test' },
      { type: 'identified', provider: 'other' },
    );
    expect(s).toMatchObject({ step: 'unidentified', provider: null });
    expect(dialogReducer(s, { type: 'confirm' })).toBe(s);
    s = dialogReducer(s, { type: 'choose', provider: 'zohomail' });
    expect(s).toMatchObject({ step: 'emailIdentified', provider: 'zohomail' });
    expect(dialogReducer(s, { type: 'email', email: 'c@d.test' })).toMatchObject({
      step: 'submitEmail',
      provider: null,
    });
  });
});

describe('Mailchimp rules', () => {
  const values = { mcAudienceName: '', mcAudienceId: '', mcApiKey: '', fromName: '', fromEmail: '' };

  it("only the first three are enforced, with the spec's messages", () => {
    expect(mailchimpErrors(values, false)).toEqual({
      mcAudienceName: 'Audience Name required',
      mcAudienceId: 'Audience ID is required',
      mcApiKey: 'API Key required',
    });
    expect(mailchimpErrors({ ...values, mcAudienceName: 'L', mcAudienceId: 'abc' }, true)).toEqual({});
  });

  it('status labels, resync only when complete, polling while in progress', () => {
    expect(statusLabel(null)).toBe('Not Started');
    expect(statusLabel('not_started')).toBe('Not Started');
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(['not_started', 'in_progress', 'complete', 'failed', null].map((s) => resyncEnabled(s as never))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect(shouldPoll('in_progress')).toBe(true);
    expect(shouldPoll('complete')).toBe(false);
  });

  it('changing the list id or the key of a complete list asks first', () => {
    expect(needsResetConfirm('complete', { listId: 'abc' }, { listId: 'abc', apiKey: '' })).toBe(false);
    expect(needsResetConfirm('complete', { listId: 'abc' }, { listId: 'def', apiKey: '' })).toBe(true);
    expect(needsResetConfirm('complete', { listId: 'abc' }, { listId: 'abc', apiKey: 'k-us6' })).toBe(true);
    expect(needsResetConfirm('not_started', { listId: 'abc' }, { listId: 'def', apiKey: '' })).toBe(false);
  });

  it('create mode, messages, generated names and the data centre', () => {
    expect(isCreateMode('')).toBe(true);
    expect(isCreateMode('abc')).toBe(false);
    expect(mailchimpSavedMessage(false)).toBe(MAILCHIMP_ADDED);
    expect(mailchimpSavedMessage(true)).toBe(MAILCHIMP_UPDATED);
    expect(generatedListName('Riverside', () => 0.042)).toBe('Riverside 042');
    expect(generatedListName('Riverside', () => 0.9999)).toBe('Riverside 999');
    expect(mailchimpDataCenter('0123456789abcdef0123456789abcdef-us21')).toBe('us21');
    expect(mailchimpDataCenter('no-dc')).toBeNull();
  });
});

describe('connection results', () => {
  it('reads ?result=success|fail&message=', () => {
    expect(connectResult(new URLSearchParams('result=success'))).toEqual({ ok: true, message: '' });
    expect(connectResult(new URLSearchParams('result=fail&message=Nope'))).toEqual({ ok: false, message: 'Nope' });
    expect(connectResult(new URLSearchParams(''))).toBeNull();
  });
});
