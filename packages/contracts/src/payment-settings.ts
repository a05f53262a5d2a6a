import { z } from 'zod';
import { ALWAYS_SUPPORTED, CURRENCY_CODES, type CurrencyCode } from './currencies.ts';
import { roundPercent } from './money.ts';

/** Spec 2 §5: the invoice note is at most 255 characters. */
export const INVOICE_NOTE_MAX = 255;

/** The supported list as stored, with USD and INR added when missing, in catalogue order. */
export function supportedCurrencies(stored: readonly string[] | null | undefined): CurrencyCode[] {
  const wanted = new Set([...(stored ?? []).map((code) => code.toUpperCase()), ...ALWAYS_SUPPORTED]);
  return CURRENCY_CODES.filter((code) => wanted.has(code));
}

/** Spec 2 §3 "Payment settings". */
export const PaymentSettings = z.object({
  name: z.string(),
  orgId: z.string(),
  defaultCurrency: z.enum(CURRENCY_CODES),
  currencies: z.array(z.object({ code: z.enum(CURRENCY_CODES), text: z.string() })),
  taxPercent: z.number(),
  cardFees: z.number(),
  bankFees: z.number(),
  taxLabel1: z.string(),
  taxValue1: z.number().nullable(),
  invoiceNote: z.string(),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

/** Fees and taxes are percentages, kept to 2 decimals, rounded half up exactly (spec 3 §9; 1.005 -> 1.01). */
const percent = (required: string, field: string) =>
  z
    .number({ error: required })
    .min(0, `${field} cannot be negative`)
    .max(100, `${field} cannot be more than 100%`)
    .transform(roundPercent);

/** PUT /item/tenant: the whole Payment Settings form. */
export const PaymentSettingsWrite = z
  .object({
    defaultCurrency: z.enum(CURRENCY_CODES, { error: 'Default currency must be one of the supported currencies' }),
    currencies: z
      .array(z.enum(CURRENCY_CODES, { error: 'Unknown currency' }))
      .max(CURRENCY_CODES.length, 'Too many currencies'),
    taxPercent: percent('Tax is required!', 'Tax'),
    cardFees: percent('Credit Card Fees is required!', 'Credit Card Fees'),
    bankFees: percent('Bank Fees is required!', 'Bank Fees').default(0),
    taxLabel1: z.string().trim().max(40, 'Label is too long').default(''),
    taxValue1: percent('Value is required!', 'Value').nullable().default(null),
    invoiceNote: z
      .string()
      .max(INVOICE_NOTE_MAX, `Invoice note cannot exceed ${INVOICE_NOTE_MAX} characters`)
      .refine((value) => !/[\r\n]/.test(value), 'Invoice note must be one line')
      .default(''),
  })
  .strict()
  .superRefine((body, ctx) => {
    // An additional tax needs both its label and its value.
    if (body.taxLabel1 && body.taxValue1 === null) {
      ctx.addIssue({ code: 'custom', path: ['taxValue1'], message: 'Value is required!' });
    }
    if (!body.taxLabel1 && body.taxValue1 !== null) {
      ctx.addIssue({ code: 'custom', path: ['taxLabel1'], message: 'Label is required!' });
    }
    if (!supportedCurrencies(body.currencies).includes(body.defaultCurrency)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultCurrency'],
        message: 'Default currency must be one of the supported currencies',
      });
    }
  });
export type PaymentSettingsWrite = z.input<typeof PaymentSettingsWrite>;
