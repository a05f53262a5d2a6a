import { TEST_MODE_MESSAGE, twilioSender } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  brevoErrors,
  connectAction,
  HUB_SECTIONS,
  panelOf,
  paymentFormError,
  plivoFormValid,
  secretPlaceholder,
  twilioBody,
  twilioFormValid,
} from './integration-rules';

const empty = { apiKey: '', secretKey: '', testApiKey: '', testSecretKey: '', isTestMode: false };

describe('the test-mode rule (spec 2 §5 PaymentSpring and Razorpay)', () => {
  it("test keys with empty live keys and test mode off: 'Test mode should be on'", () => {
    const values = { ...empty, testApiKey: 'pk_test', testSecretKey: 'sk_test' };
    expect(paymentFormError(values, undefined)).toEqual({ field: 'isTestMode', message: TEST_MODE_MESSAGE });
    expect(paymentFormError({ ...values, isTestMode: true }, undefined)).toBeNull();
  });

  it('counts a stored secret left empty as filled', () => {
    const values = { ...empty, testApiKey: 'pk_test' };
    const stored = { hasSecretKey: false, hasTestSecretKey: true };
    expect(paymentFormError(values, stored)?.message).toBe(TEST_MODE_MESSAGE);
    expect(paymentFormError({ ...values, isTestMode: true }, stored)).toBeNull();
    expect(paymentFormError({ ...values, isTestMode: true }, undefined)?.field).toBe('testSecretKey');
  });

  it('live mode needs both live keys; live keys filled never ask for test mode', () => {
    expect(paymentFormError({ ...empty, apiKey: 'pk' }, undefined)).toEqual({
      field: 'secretKey',
      message: 'Secret Key is required',
    });
    const both = { ...empty, apiKey: 'pk', secretKey: 'sk', testApiKey: 'tpk', testSecretKey: 'tsk' };
    expect(paymentFormError(both, undefined)).toBeNull();
  });
});

describe('the Twilio phone / messaging id rule', () => {
  it('a non-numeric phone is sent as the messaging id with the phone blanked', () => {
    expect(twilioSender('ATRIUM', '')).toEqual({ twilioPhone: '', twilioMesagingId: 'ATRIUM' });
    expect(twilioSender('MG0123abc', '')).toEqual({ twilioPhone: '', twilioMesagingId: 'MG0123abc' });
    expect(twilioSender('+1 (555) 010-0000', 'MGold')).toEqual({
      twilioPhone: '+1 (555) 010-0000',
      twilioMesagingId: '',
    });
    expect(twilioSender('', 'MGkeep')).toEqual({ twilioPhone: '', twilioMesagingId: 'MGkeep' });
  });

  it('builds the body with the defaults and requires SID, token (or a stored one) and a sender', () => {
    const values = {
      twilioSid: ' AC1 ',
      twilioToken: '',
      twilioPhone: 'Studio',
      adminPhone: '',
      footer: '',
      pageSize: 0,
      pageWaitTime: 0,
    };
    expect(twilioBody(values)).toMatchObject({
      twilioSid: 'AC1',
      twilioPhone: '',
      twilioMesagingId: 'Studio',
      pageSize: 250,
      pageWaitTime: 3,
    });
    expect(twilioFormValid(values, false)).toBe(false);
    expect(twilioFormValid(values, true)).toBe(true);
    expect(twilioFormValid({ ...values, twilioPhone: ' ' }, true)).toBe(false);
  });

  it('Plivo needs auth id, token (or a stored one) and sender id', () => {
    const values = {
      plivoAuthId: 'MA',
      plivoAuthToken: '',
      plivoSenderId: '1555',
      adminPhone: '',
      footer: '',
      pageSize: 250,
      pageWaitTime: 3,
    };
    expect(plivoFormValid(values, false)).toBe(false);
    expect(plivoFormValid(values, true)).toBe(true);
    expect(plivoFormValid({ ...values, plivoSenderId: '' }, true)).toBe(false);
  });
});

describe('screens', () => {
  it('panel numbers (spec 2 §9)', () => {
    expect(['0', '1', '2', '3', '4', null, 'x'].map(panelOf)).toEqual([
      'list',
      'pspring',
      'stripe',
      'razorpay',
      'phonepe',
      'list',
      'list',
    ]);
  });

  it('hub sections and click targets (spec 2 §2)', () => {
    expect(HUB_SECTIONS.map((s) => s.title)).toEqual([
      'Payments',
      'SMS Marketing',
      'Campaign',
      'Communication',
      'Email',
    ]);
    const targets = Object.fromEntries(HUB_SECTIONS.flatMap((s) => s.items).map((i) => [i.label, i.target]));
    expect(targets.Nelnet).toEqual({ kind: 'link', to: '/settings/integrations/paymentprovider?provider=1' });
    expect(targets.Razorpay).toEqual({ kind: 'link', to: '/settings/integrations/paymentprovider?provider=3' });
    expect(targets.PhonePe).toEqual({ kind: 'link', to: '/settings/integrations/paymentprovider?provider=4' });
    expect(targets.Twilio).toEqual({ kind: 'link', to: '/settings/integrations/cloud' });
    expect(targets.Brevo).toEqual({ kind: 'link', to: '/settings/integrations/brevo' });
    expect(targets.Stripe).toEqual({ kind: 'link', to: '/oauth/stripe' });
    expect(targets['Online Meeting']).toEqual({ kind: 'link', to: '/oauth/omeeting' });
    expect(targets.Mailchimp).toEqual({ kind: 'link', to: '/settings/integrations/mailchimp' });
    expect(targets['Connect email']).toEqual({ kind: 'link', to: '/settings/integrations/emails' });
  });

  it('disconnect / reconnect and masked secrets', () => {
    expect(connectAction(undefined)).toBeNull();
    expect(connectAction({ isProviderIntegrated: true } as never)).toBe('disconnect');
    expect(connectAction({ isProviderIntegrated: false } as never)).toBe('reconnect');
    expect(secretPlaceholder(false, '')).toBe('');
    expect(secretPlaceholder(true, '1a2b')).toContain('1a2b');
  });

  it('Brevo: all three required, a valid address', () => {
    expect(brevoErrors({ sibApiKey: '', fromName: '', fromEmail: '' }, false)).toEqual({
      sibApiKey: 'API Key is required',
      fromName: 'From Name is required',
      fromEmail: 'From Email is required',
    });
    expect(brevoErrors({ sibApiKey: '', fromName: 'A', fromEmail: 'x@' }, true)).toEqual({
      fromEmail: 'Enter a valid email address',
    });
    expect(brevoErrors({ sibApiKey: 'k', fromName: 'A', fromEmail: 'a@b.co' }, false)).toEqual({});
  });
});
