import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { platformSecrets } from '../db/schema/index.ts';

// Signed form PDFs carry a PAdES signature (a detached PKCS#7 over the file's byte range) made with
// the platform's certificate, so any PDF reader shows whether the file is unchanged since it was
// made (docs/decisions.md "A signed form cannot be changed unnoticed").

export interface SigningKey {
  p12: Buffer;
  passphrase: string;
}

const SECRET_NAME = 'pdf-signing-p12';
const keys = new WeakMap<Db, Promise<SigningKey>>();

/** A self-signed certificate with its RSA key as PKCS#12 (the generated seal; 20 years). */
export function makeSigningKey(commonName = 'Signed document seal'): SigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(cert.validity.notBefore.getTime() + 20 * 365 * 24 * 3600 * 1000);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** PDF_SIGNING_P12 when set; otherwise a certificate generated once and kept in the database. */
export function pdfSigningKey(db: Db, config: AppConfig): Promise<SigningKey> {
  if (config.pdfSigning) return Promise.resolve(config.pdfSigning);
  let key = keys.get(db);
  if (!key) {
    key = loadOrMakeKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

async function loadOrMakeKey(db: Db): Promise<SigningKey> {
  const read = async () => (await db.select().from(platformSecrets).where(eq(platformSecrets.name, SECRET_NAME)))[0];
  let row = await read();
  if (!row) {
    const made = makeSigningKey();
    const value = JSON.stringify({ p12: made.p12.toString('base64'), passphrase: made.passphrase });
    // Two processes at once keep the first one's.
    await db.insert(platformSecrets).values({ name: SECRET_NAME, value }).onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('could not load the PDF signing certificate');
  const stored = JSON.parse(row.value) as { p12: string; passphrase: string };
  return { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
}

/** The PDF with a PAdES signature over all of it (the document's own metadata is kept as made). */
export async function signPdf(
  pdf: Uint8Array,
  key: SigningKey,
  about: { name: string; reason: string; signingTime: Date },
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: about.reason,
    contactInfo: '',
    name: about.name,
    location: '',
    signingTime: about.signingTime,
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  // The class, not the package's default export: Node's ESM loader and vitest disagree about a CJS default.
  return new SignPdf().sign(prepared, new P12Signer(key.p12, { passphrase: key.passphrase }), about.signingTime);
}

export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
