import { ALWAYS_SUPPORTED, type PaymentSettings, PaymentSettingsWrite } from '@atrium/contracts';

export interface PaymentFormValues {
  defaultCurrency: string;
  currencies: string[];
  taxPercent: number | '';
  cardFees: number | '';
  bankFees: number | '';
  taxLabel1: string;
  taxValue1: number | '';
  invoiceNote: string;
}

export function toPaymentFormValues(settings: PaymentSettings): PaymentFormValues {
  return {
    defaultCurrency: settings.defaultCurrency,
    currencies: settings.currencies.map((currency) => currency.code),
    taxPercent: settings.taxPercent,
    cardFees: settings.cardFees,
    bankFees: settings.bankFees,
    taxLabel1: settings.taxLabel1,
    taxValue1: settings.taxValue1 ?? '',
    invoiceNote: settings.invoiceNote,
  };
}

const numberOrMissing = (value: number | '') => (value === '' ? undefined : value);

export function toPaymentWriteBody(values: PaymentFormValues): PaymentSettingsWrite {
  return {
    defaultCurrency: values.defaultCurrency as PaymentSettingsWrite['defaultCurrency'],
    currencies: values.currencies as PaymentSettingsWrite['currencies'],
    taxPercent: numberOrMissing(values.taxPercent) as number,
    cardFees: numberOrMissing(values.cardFees) as number,
    bankFees: values.bankFees === '' ? 0 : values.bankFees,
    taxLabel1: values.taxLabel1.trim(),
    taxValue1: values.taxValue1 === '' ? null : values.taxValue1,
    invoiceNote: values.invoiceNote,
  };
}

/** The contract's rules, field by field, with the spec's messages ('Tax is required!', ...). */
export function paymentFormErrors(values: PaymentFormValues): Record<string, string> {
  const result = PaymentSettingsWrite.safeParse(toPaymentWriteBody(values));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** USD and INR stay in the supported list (spec 2 §9): removing them puts them back. */
export function withAlwaysSupported(codes: string[]): string[] {
  return [...new Set([...ALWAYS_SUPPORTED, ...codes])];
}
