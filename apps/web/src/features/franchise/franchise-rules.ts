import {
  FRANCHISE_MESSAGES,
  type Franchise,
  type FranchiseCreate,
  type FranchiseUpdate,
  franchiseOrgIdError,
  franchiseZipError,
} from '@atrium/contracts';

/** Spec 2 §2 "Franchise": the list, create and edit screens as pure rules. */

export const FRANCHISE_LIST_PATH = '/settings/franchise';
export const franchiseEditPath = (id: string) => `/settings/franchise/edit/${encodeURIComponent(id)}`;
export const franchiseViewPath = (id: string) => `/settings/franchise/${encodeURIComponent(id)}`;

/** The list's search: case-insensitive, on what the rows show and the owner (name and email). */
export function filterFranchises(rows: readonly Franchise[], search: string): Franchise[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.name, row.orgId, row.tenantId, row.accountOwnerName, row.fromEmail, row.phone, row.address.city]
      .join('\n')
      .toLowerCase()
      .includes(needle),
  );
}

/** Created Date column: dd/MM/yyyy in the tenant's timezone. */
export function formatCreatedDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const format = (zone: string | undefined) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: zone,
    }).formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('day')}/${part('month')}/${part('year')}`;
  };
  try {
    return format(timeZone || undefined);
  } catch {
    return format(undefined);
  }
}

/** Org Id column: the org id with the tenant id in brackets. */
export const orgIdLabel = (row: Pick<Franchise, 'orgId' | 'tenantId'>) => `${row.orgId} (${row.tenantId})`;

export type FranchiseFormMode = 'create' | 'edit';

export interface FranchiseFormValues {
  businessName: string;
  orgId: string;
  phone: string;
  timezone: string;
  name: string;
  email: string;
  password: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export const EMPTY_FRANCHISE_FORM: FranchiseFormValues = {
  businessName: '',
  orgId: '',
  phone: '',
  timezone: '',
  name: '',
  email: '',
  password: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
};

export function toFranchiseFormValues(row: Franchise): FranchiseFormValues {
  return {
    businessName: row.name,
    orgId: row.orgId,
    phone: row.phone,
    timezone: row.timezone,
    name: row.accountOwnerName,
    email: row.fromEmail,
    password: '',
    line1: row.address.line1,
    line2: row.address.line2,
    city: row.address.city,
    state: row.address.state,
    zip: row.address.zip,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{4,30}$/;

/**
 * The spec's §5 messages, field by field. In edit mode the password and timezone are hidden and
 * not checked (spec 2 §4). The org id rule and the password rule are the server's own.
 */
export function franchiseFieldError(
  field: keyof FranchiseFormValues,
  values: FranchiseFormValues,
  mode: FranchiseFormMode,
): string | null {
  const value = values[field].trim();
  switch (field) {
    case 'businessName':
      return value ? null : FRANCHISE_MESSAGES.businessName;
    case 'orgId':
      return mode === 'edit' ? null : franchiseOrgIdError(value.toLowerCase());
    case 'phone':
      if (!value) return FRANCHISE_MESSAGES.phone;
      return PHONE.test(value) ? null : FRANCHISE_MESSAGES.phoneInvalid;
    case 'timezone':
      return mode === 'create' && !value ? FRANCHISE_MESSAGES.timezone : null;
    case 'name':
      return value ? null : FRANCHISE_MESSAGES.userName;
    case 'email':
      if (!value) return FRANCHISE_MESSAGES.email;
      return EMAIL.test(value) ? null : FRANCHISE_MESSAGES.emailInvalid;
    case 'password':
      if (mode === 'edit') return null;
      if (!values.password) return FRANCHISE_MESSAGES.password;
      return values.password.length < 8 ? 'password must be at least 8 characters' : null;
    case 'city':
      return value ? null : FRANCHISE_MESSAGES.city;
    case 'state':
      return value ? null : FRANCHISE_MESSAGES.state;
    case 'zip':
      return franchiseZipError(value);
    default:
      return null;
  }
}

/** A Mantine form `validate` function for the mode. */
export function franchiseValidation(mode: FranchiseFormMode) {
  return (values: FranchiseFormValues): Partial<Record<keyof FranchiseFormValues, string>> => {
    const errors: Partial<Record<keyof FranchiseFormValues, string>> = {};
    for (const field of Object.keys(values) as (keyof FranchiseFormValues)[]) {
      const error = franchiseFieldError(field, values, mode);
      if (error) errors[field] = error;
    }
    return errors;
  };
}

const address = (values: FranchiseFormValues) => ({
  line1: values.line1.trim(),
  line2: values.line2.trim(),
  city: values.city.trim(),
  state: values.state.trim(),
  zip: values.zip.trim(),
});

export function toCreateBody(values: FranchiseFormValues): FranchiseCreate {
  return {
    businessName: values.businessName.trim(),
    orgId: values.orgId.trim().toLowerCase(),
    phone: values.phone.trim(),
    timezone: values.timezone,
    user: { name: values.name.trim(), email: values.email.trim(), password: values.password },
    address: address(values),
  };
}

export function toUpdateBody(values: FranchiseFormValues): FranchiseUpdate {
  return {
    businessName: values.businessName.trim(),
    orgId: values.orgId.trim().toLowerCase(),
    phone: values.phone.trim(),
    user: { name: values.name.trim(), email: values.email.trim() },
    address: address(values),
  };
}

/** The form field a server error names (`user.email` -> `email`, `address.zip` -> `zip`). */
export function formFieldOf(apiField: string | undefined): keyof FranchiseFormValues | null {
  if (!apiField) return null;
  const last = apiField.split('.').pop() ?? '';
  const field = apiField === 'businessName' ? 'businessName' : last;
  return field in EMPTY_FRANCHISE_FORM ? (field as keyof FranchiseFormValues) : null;
}
