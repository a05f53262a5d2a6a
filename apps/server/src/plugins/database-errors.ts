interface DatabaseError {
  code: string;
  constraint?: string;
  /** e.g. `Key (tenant_id, name)=(…, about) already exists.` */
  detail?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The Postgres error behind a Drizzle one (Drizzle wraps it as `cause`), from pg or PGlite alike. */
function databaseErrorOf(error: unknown): DatabaseError | null {
  for (let current = error, hops = 0; current && hops < 5; hops++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: text(candidate.constraint), detail: text(candidate.detail) };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * A unique key that two concurrent requests both passed the service's check for (on PostgreSQL the
 * second insert loses the race): the answer the service itself gives when it sees the duplicate.
 */
const UNIQUE_KEYS: Record<string, { field: string; code?: string; message: (value: string) => string }> = {
  contacts_tenant_email_uq: { field: 'email', message: () => 'A contact with this email already exists.' },
  website_pages_tenant_name_uq: {
    field: 'name',
    code: 'page_exists',
    // Row-level security hides the key's values from the detail, so the name may be unknown here.
    message: (name) => (name ? `A page named ${name} already exists.` : 'A page with this name already exists.'),
  },
  website_pages_tenant_url_uq: {
    field: 'url',
    code: 'page_url_taken',
    message: () => 'Another page already has this address.',
  },
  custom_fields_tenant_tag_uq: { field: 'tag', message: () => 'Tag is already in use' },
  item_suppliers_tenant_name_uq: { field: 'name', message: () => 'A supplier with this name already exists.' },
  offers_tenant_code_uq: { field: 'offerCode', message: () => 'An offer with this code already exists.' },
  invoice_payments_tenant_key_uq: {
    field: 'idempotencyKey',
    code: 'idempotency_conflict',
    message: () => 'This idempotencyKey was already used for a different payment.',
  },
  tenants_org_id_unique: { field: 'orgId', message: () => 'This org id is already taken.' },
};

/** The last value of the duplicate key, from Postgres's detail text. */
function duplicateValue(detail: string | undefined): string {
  return detail?.match(/\)=\((?:[^,]*, )*([^)]*)\) already exists/)?.[1] ?? '';
}

export interface Conflict {
  status: 400 | 409;
  code: string;
  message: string;
  field?: string;
}

/**
 * Database errors a caller caused rather than a bug: a lost unique-key race or a serialization
 * failure is a 409 (already exists / try again), a value Postgres cannot take is a 400.
 */
export function databaseConflict(error: unknown): Conflict | null {
  const found = databaseErrorOf(error);
  if (!found) return null;
  if (found.code === '23505') {
    const known = found.constraint ? UNIQUE_KEYS[found.constraint] : undefined;
    if (!known) return { status: 409, code: 'already_exists', message: 'This record already exists.' };
    return {
      status: 409,
      code: known.code ?? 'already_exists',
      field: known.field,
      message: known.message(duplicateValue(found.detail)),
    };
  }
  if (found.code === '40001' || found.code === '40P01') {
    return { status: 409, code: 'conflict', message: 'Another change got there first. Please try again.' };
  }
  // Class 22 (data exception): a value too long, out of range, or not of the column's type.
  if (found.code.startsWith('22')) {
    return { status: 400, code: 'invalid_input', message: 'A value is not valid for this field.' };
  }
  return null;
}
