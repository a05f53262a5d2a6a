import { Document, Image, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import { stripTags } from '../../lib/html-text.ts';
import { PDF_FONT_FAMILY, pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';

// The signed form as a PDF (DESIGN.md "PDF"): the filled form, the signature and an audit trail in
// the manner of e-signature products. Rich texts are printed as plain text.

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT_FAMILY, fontSize: 10, padding: 40, color: '#222' },
  org: { fontSize: 10, color: '#555', marginBottom: 4 },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 8 },
  text: { marginBottom: 8 },
  section: { marginTop: 10, marginBottom: 6, fontSize: 12, fontWeight: 700 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  label: { width: 200, color: '#555' },
  value: { flexGrow: 1, flexBasis: 0 },
  signature: { width: 175, height: 75, marginTop: 4, borderWidth: 0.5, borderColor: '#999' },
  typed: { fontSize: 16, marginTop: 4 },
  audit: { marginTop: 16, padding: 8, borderWidth: 0.5, borderColor: '#999' },
  mono: { fontSize: 8 },
});

export interface FormPdfInput {
  orgName: string;
  formName: string;
  beforeText: string;
  subHeaderText: string;
  afterText: string;
  identity: Array<[string, string]>;
  fields: Array<{ name: string; type: string; value: string }>;
  otherInfo: Array<[string, string]>;
  guardians: Array<[string, string]>;
  signaturePng: Buffer | null;
  typedSignature: string;
  audit: Array<[string, string]>;
}

/** Rich text (sanitised HTML) as plain paragraphs. */
export function htmlToText(html: string): string {
  return stripTags(html.replace(/<(br|\/p|\/div|\/h[1-6]|\/li)\s*\/?>/gi, '\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const pair = ([label, value]: [string, string], i: number) =>
  h(
    View,
    { style: styles.row, key: `${label}-${i}`, wrap: false },
    h(Text, { style: styles.label }, label),
    h(Text, { style: styles.value }, value || '—'),
  );

function answer(field: FormPdfInput['fields'][number], i: number) {
  if (field.type === 'header') return h(Text, { style: styles.section, key: `h${i}` }, field.name);
  const value = field.type === 'checkbox' ? (field.value === 'true' ? 'Yes' : 'No') : field.value;
  return pair([field.name, value], i);
}

export async function renderFormPdf(input: FormPdfInput): Promise<Buffer> {
  await pdfFontsReady();
  const doc = h(
    Document,
    { title: input.formName, author: input.orgName },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.org }, input.orgName),
      h(Text, { style: styles.title }, input.formName),
      input.beforeText ? h(Text, { style: styles.text }, input.beforeText) : null,
      input.subHeaderText ? h(Text, { style: styles.text }, input.subHeaderText) : null,
      h(Text, { style: styles.section }, 'Details'),
      ...input.identity.map(pair),
      ...input.fields.map(answer),
      input.otherInfo.length ? h(Text, { style: styles.section }, 'Other Info') : null,
      ...input.otherInfo.map(pair),
      input.guardians.length ? h(Text, { style: styles.section }, "Guardians' Info") : null,
      ...input.guardians.map(pair),
      input.afterText ? h(Text, { style: [styles.text, { marginTop: 10 }] }, input.afterText) : null,
      input.signaturePng || input.typedSignature
        ? h(
            View,
            { wrap: false },
            h(Text, { style: styles.section }, 'Signature'),
            input.signaturePng
              ? h(Image, { style: styles.signature, src: { data: input.signaturePng, format: 'png' } })
              : h(Text, { style: styles.typed }, input.typedSignature),
          )
        : null,
      h(
        View,
        { style: styles.audit, wrap: false },
        h(Text, { style: styles.section }, 'Audit trail'),
        ...input.audit.map(([label, value], i) =>
          h(
            View,
            { style: styles.row, key: `a${i}` },
            h(Text, { style: styles.label }, label),
            h(
              Text,
              { style: label.startsWith('Document SHA-256') ? [styles.value, styles.mono] : styles.value },
              value,
            ),
          ),
        ),
      ),
    ),
  );
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer types its element as a Document element
  return renderToBuffer(doc as any);
}
