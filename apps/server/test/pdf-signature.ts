import { createHash, createPublicKey, verify } from 'node:crypto';
import forge from 'node-forge';

// Checks a PDF's PAdES signature the way a PDF reader does: the /ByteRange covers the whole file but
// the /Contents hole, the PKCS#7's signed messageDigest is the SHA-256 of those bytes, and the
// signer certificate's key verifies the signed attributes.

export interface PdfSignatureCheck {
  coversWholeFile: boolean;
  digestMatches: boolean;
  signatureValid: boolean;
  signerCommonName: string;
}

export function checkPdfSignature(pdf: Buffer): PdfSignatureCheck {
  const text = pdf.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) throw new Error('no /ByteRange in the PDF');
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hole = pdf.subarray(a + b, c).toString('latin1');
  const hex = hole.replace(/^<|>$/g, '').replace(/(00)+$/, '');
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(forge.util.hexToBytes(hex.length % 2 ? `${hex}0` : hex)),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attribute) =>
      forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]?.value as string) === forge.pki.oids.messageDigest,
  );
  if (!digestAttribute) throw new Error('no messageDigest attribute');
  const digestSet = (digestAttribute.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[];
  const signedDigest = digestSet[0]?.value as string;
  const digest = createHash('sha256').update(signedBytes).digest('binary');
  // The signed attributes are signed as a SET (tag 0x31), not as the [0] IMPLICIT they are stored as.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const cert = message.certificates[0];
  if (!cert) throw new Error('no signer certificate');
  const publicKey = createPublicKey(forge.pki.publicKeyToPem(cert.publicKey));
  const signatureValid = verify(
    'sha256',
    Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary'),
    publicKey,
    Buffer.from(message.rawCapture.signature, 'binary'),
  );
  return {
    coversWholeFile: a === 0 && c + d === pdf.length,
    digestMatches: signedDigest === digest,
    signatureValid,
    signerCommonName: String(cert.subject.getField('CN')?.value ?? ''),
  };
}
