import { randomUUID } from 'node:crypto';
import {
  type FormSubmissionResult,
  type SignedDocument,
  type SignedDocumentVerification,
  VERIFY_TEXTS,
  type WaiverStatus,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { pdfSigningKey, sha256Hex, signPdf } from '../../pdf/pdf-signing.ts';
import type { Platform } from '../../platform.ts';
import { canonicalJson } from './canonical-json.ts';
import { htmlToText, renderFormPdf } from './form-pdf.ts';
import {
  findContactSubmissions,
  findLatestWaiver,
  findSubmission,
  type SubmissionRow,
  setSubmissionDocument,
} from './forms.repo.ts';

export const FORM_DOCUMENT_QUEUE = 'form-document';
export interface FormDocumentJob {
  tenantId: string;
  orgId: string;
  submissionId: string;
}

export const documentUrl = (id: string) => `/cform/regform/${id}/document`;

/** An instant as the tenant reads it: '26 Nov 2026, 21:40 (Europe/London)'. */
export function tenantTime(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(instant);
  return `${text} (${timeZone})`;
}

interface Content {
  form: { name: string; beforeForm: string; subHeader: string; afterForm: string };
  signer: { firstName: string; lastName: string; email: string; phone: string };
  fields: Array<{ name: string; type: string; value: string }>;
  otherInfo: { emergencyContactName: string; emergencyContactPhone: string; dateOfBirth: string } | null;
  guardians: Array<{ role: string; name: string; email: string; phone: string }>;
  /** A minor's registration: their guardian signed for them. */
  signedFor?: { name: string; dateOfBirth: string };
}

/** The job: the PDF of one submission, kept in the tenant's media storage; its status follows. */
export async function makeFormDocument(platform: Platform, job: FormDocumentJob): Promise<void> {
  const tenant = await platform.tenants.byOrgId(job.orgId);
  if (!tenant || tenant.tenantId !== job.tenantId) return;
  const row = await readTenant(platform.db, job.tenantId, (tx) => findSubmission(tx, job.tenantId, job.submissionId));
  if (!row || row.status === 'COMPLETE') return;
  const c = row.content as Content;
  const zone = tenant.settings.timezone;
  const pdf = await renderFormPdf({
    orgName: tenant.name,
    formName: c.form.name,
    beforeText: htmlToText(c.form.beforeForm),
    subHeaderText: htmlToText(c.form.subHeader),
    afterText: htmlToText(c.form.afterForm),
    identity: [
      ['Name', `${c.signer.firstName} ${c.signer.lastName}`],
      ['Email', c.signer.email],
      ['Phone', c.signer.phone],
    ],
    fields: c.fields,
    otherInfo: c.otherInfo
      ? [
          ['Emergency contact name', c.otherInfo.emergencyContactName],
          ['Emergency contact number', c.otherInfo.emergencyContactPhone],
          ['Date of birth', c.otherInfo.dateOfBirth],
        ]
      : [],
    guardians: c.guardians.flatMap((g): Array<[string, string]> => {
      const who = g.role === 'mother' ? 'Mother' : 'Father';
      return [
        [`${who} name`, g.name],
        [`${who} email`, g.email],
        [`${who} phone`, g.phone],
      ];
    }),
    signaturePng: row.signature ? Buffer.from(row.signature.split(',')[1] ?? '', 'base64') : null,
    typedSignature: row.typedSignature,
    audit: [
      ['Signed by', `${row.signerName} <${row.signerEmail}>`],
      ...(c.signedFor
        ? [
            ['Signed for', `${c.signedFor.name}, a minor born ${c.signedFor.dateOfBirth}, as their guardian`] as [
              string,
              string,
            ],
          ]
        : []),
      ['Signed at', tenantTime(row.signedAt, zone)],
      ['IP address', row.ip],
      ['User agent', row.userAgent],
      ['Signature', row.signature ? 'Drawn' : row.typedSignature ? 'Typed name' : 'None'],
      ['Document SHA-256', row.documentHash],
      ['Submission', row.id],
    ],
  });
  // Sealed with the platform's certificate (PAdES), then kept with its SHA-256: verify and download
  // recompute it. All of this runs in the job, outside any transaction.
  const sealed = await signPdf(pdf, await pdfSigningKey(platform.db, platform.config), {
    name: tenant.name,
    reason: `${c.form.name} signed by ${row.signerName}`,
    signingTime: platform.clock.now(),
  });
  const key = randomUUID();
  await platform.media.put(job.tenantId, key, sealed);
  await withTenant(platform.db, job.tenantId, (tx) =>
    setSubmissionDocument(tx, job.tenantId, row.id, {
      status: 'COMPLETE',
      documentKey: key,
      fileHash: sha256Hex(sealed),
    }),
  );
}

export function registerFormDocumentJobs(platform: Platform): void {
  platform.jobs.register<FormDocumentJob>(FORM_DOCUMENT_QUEUE, (job) => makeFormDocument(platform, job), {
    retryLimit: 2,
    retryDelaySeconds: 2,
    onDeadLetter: async (job) => {
      await withTenant(platform.db, job.tenantId, (tx) =>
        setSubmissionDocument(tx, job.tenantId, job.submissionId, { status: 'ERROR' }),
      );
    },
  });
}

export function toResult(row: SubmissionRow): FormSubmissionResult {
  return { status: row.status, _id: row.id, downloadUrl: documentUrl(row.id), formName: row.formName };
}

/** GET /cform/regform/{id}: the document's status (the submission id is the visitor's key to it). */
export function documentStatus(db: Db, tenant: TenantContext, id: string): Promise<FormSubmissionResult> {
  return readTenant(db, tenant.tenantId, async (tx) => {
    const row = await findSubmission(tx, tenant.tenantId, id);
    if (!row) throw notFound('Submission');
    return toResult(row);
  });
}

/** Whether the answers kept are still exactly those signed (the drawn signature's image included). */
function contentUnchanged(row: SubmissionRow): boolean {
  if (sha256Hex(canonicalJson(row.content)) !== row.documentHash) return false;
  const signed = (row.content as { signature?: { kind: string; imageSha256?: string; text?: string } | null })
    .signature;
  if (row.signature) return signed?.kind === 'drawn' && signed.imageSha256 === sha256Hex(row.signature);
  if (row.typedSignature) return signed?.kind === 'typed' && signed.text === row.typedSignature;
  return !signed;
}

/** GET /cform/regform/{id}/document: the PDF once made, only while it is unchanged since signed. */
export async function documentPdf(platform: Platform, tenant: TenantContext, id: string) {
  const row = await readTenant(platform.db, tenant.tenantId, (tx) => findSubmission(tx, tenant.tenantId, id));
  if (row?.status !== 'COMPLETE' || !row.documentKey) throw notFound('Document');
  const bytes = await platform.media.get(tenant.tenantId, row.documentKey);
  if (!bytes) throw notFound('Document');
  if (!contentUnchanged(row) || !row.fileHash || sha256Hex(bytes) !== row.fileHash) {
    throw new AppError(409, 'document_changed', VERIFY_TEXTS.refused);
  }
  return { bytes, fileName: `${row.formName.replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'form'}.pdf` };
}

/** GET /cform/regform/{id}/verify: recomputes the answers' hash and the stored PDF's (staff). */
export async function verifyDocument(
  platform: Platform,
  tenant: TenantContext,
  id: string,
): Promise<SignedDocumentVerification> {
  const row = await readTenant(platform.db, tenant.tenantId, (tx) => findSubmission(tx, tenant.tenantId, id));
  if (!row) throw notFound('Submission');
  const signedAt = tenantTime(row.signedAt, tenant.settings.timezone);
  const content = contentUnchanged(row);
  let file: boolean | null = null;
  if (row.status === 'COMPLETE' && row.documentKey) {
    const bytes = await platform.media.get(tenant.tenantId, row.documentKey);
    file = !!bytes && !!row.fileHash && sha256Hex(bytes) === row.fileHash;
  }
  const message = !content
    ? VERIFY_TEXTS.contentChanged(signedAt)
    : file === false
      ? VERIFY_TEXTS.fileChanged(signedAt)
      : file === null
        ? row.status === 'ERROR'
          ? VERIFY_TEXTS.failed
          : VERIFY_TEXTS.notReady
        : VERIFY_TEXTS.unchanged(signedAt);
  return {
    _id: row.id,
    verified: content && file === true,
    contentUnchanged: content,
    fileUnchanged: file,
    documentHash: row.documentHash,
    fileHash: row.fileHash,
    signedAt,
    message,
  };
}

export function toSignedDocument(row: SubmissionRow, timeZone: string): SignedDocument {
  return {
    _id: row.id,
    formId: row.formId,
    formName: row.formName,
    formType: row.formType,
    status: row.status,
    downloadUrl: documentUrl(row.id),
    signerName: row.signerName,
    signerEmail: row.signerEmail,
    signedAt: tenantTime(row.signedAt, timeZone),
    signedAtIso: row.signedAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    documentHash: row.documentHash,
    hasSignature: !!(row.signature || row.typedSignature),
    awaitingConfirmation: row.formType === 'WAIVER' && row.confirmedAt === null,
  };
}

/** A contact's submissions with their audit trails (contact detail; a student's My Registration). */
export function contactDocuments(db: Db, tenant: TenantContext, contactId: string): Promise<SignedDocument[]> {
  return readTenant(db, tenant.tenantId, async (tx) =>
    (await findContactSubmissions(tx, tenant.tenantId, contactId)).map((row) =>
      toSignedDocument(row, tenant.settings.timezone),
    ),
  );
}

/**
 * Whether the contact has signed the tenant's waiver (a submission of a WAIVER form). Booking and
 * checkout call this inside their own transaction when the tenant's isWaiverFormToBeSigned is on.
 */
export async function hasSignedWaiver(tx: Tx, tenantId: string, contactId: string): Promise<boolean> {
  return (await findLatestWaiver(tx, tenantId, contactId)) !== undefined;
}

/**
 * A studio that asks for its waiver gets it signed before a person books or checks out by
 * themselves (400 `waiver_required` naming `field`). Staff acting at the desk skip this: the paper
 * is handled there.
 */
export async function requireSignedWaiver(
  tx: Tx,
  tenant: TenantContext,
  contactId: string,
  refusal: { field: string; message: string },
): Promise<void> {
  if (!tenant.settings.isWaiverFormToBeSigned) return;
  if (await hasSignedWaiver(tx, tenant.tenantId, contactId)) return;
  throw new AppError(400, 'waiver_required', refusal.message, refusal.field);
}

export async function waiverStatus(tx: Tx, tenant: TenantContext, contactId: string): Promise<WaiverStatus> {
  const latest = await findLatestWaiver(tx, tenant.tenantId, contactId);
  return {
    isWaiverFormToBeSigned: tenant.settings.isWaiverFormToBeSigned,
    hasSigned: latest !== undefined,
    signedAt: latest ? tenantTime(latest.signedAt, tenant.settings.timezone) : null,
  };
}
