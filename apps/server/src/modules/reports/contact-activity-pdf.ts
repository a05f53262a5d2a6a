import { Document, Image, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';
import { REPORT_PAGE, reportFooter } from './report-pdf.ts';

// A contact's activity as a PDF (GET /cform/pdf/cactivityreport/{id}), printed with the shared font
// chain so a name in any script prints. Every text here is already in the studio's zone and money
// already formatted in its currency: this file only lays it out.

type Style = Parameters<typeof StyleSheet.create>[0][string];

export interface ActivityColumn {
  label: string;
  /** A share of the row's width (flex grow), or a fixed width in points. */
  grow?: number;
  width?: number;
  align?: 'left' | 'right';
}

export interface ActivitySection {
  title: string;
  columns: ActivityColumn[];
  rows: string[][];
  /** Said when there are no rows. */
  empty: string;
  /** A line under the table (totals, or that only the latest rows are listed). */
  notes: string[];
}

export interface ActivityPdfInput {
  studioName: string;
  logo?: Buffer | null;
  contactName: string;
  /** Email, phone, "Contact since ..." */
  contactLines: string[];
  /** "Nov 29, 2026, 9:00 AM (Asia/Kolkata)" */
  generated: string;
  /** Label and value pairs of the summary strip. */
  summary: Array<[string, string]>;
  sections: ActivitySection[];
}

const styles = StyleSheet.create({
  page: REPORT_PAGE,
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 16 },
  logo: { maxHeight: 48, maxWidth: 160, objectFit: 'contain', marginBottom: 4 },
  org: { fontSize: 13, fontWeight: 700 },
  title: { fontSize: 16, fontWeight: 700, textAlign: 'right' },
  muted: { color: '#555' },
  name: { fontSize: 14, fontWeight: 700, marginBottom: 2 },
  summary: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    marginVertical: 12,
    borderTopWidth: 0.5,
    borderBottomWidth: 0.5,
    borderColor: '#999',
    paddingVertical: 6,
  },
  fact: { width: '25%', paddingVertical: 3 },
  factValue: { fontSize: 11, fontWeight: 700 },
  section: { marginTop: 12 },
  sectionTitle: { fontSize: 11, fontWeight: 700, marginBottom: 4 },
  headRow: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#222', paddingVertical: 3 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  cell: { paddingRight: 6 },
  strong: { fontWeight: 700 },
  note: { marginTop: 4, color: '#444' },
  footer: reportFooter(24),
});

function cellStyle(column: ActivityColumn): Style {
  return {
    ...styles.cell,
    ...(column.width ? { width: column.width } : { flexGrow: column.grow ?? 1, flexBasis: 0 }),
    textAlign: column.align ?? 'left',
  };
}

function section(part: ActivitySection): ReactElement {
  return h(
    View,
    { style: styles.section, key: part.title },
    h(Text, { style: styles.sectionTitle, minPresenceAhead: 40 }, part.title),
    part.rows.length === 0
      ? h(Text, { style: styles.muted }, part.empty)
      : h(
          View,
          null,
          h(
            View,
            { style: styles.headRow, fixed: true },
            ...part.columns.map((column) =>
              h(Text, { style: { ...cellStyle(column), ...styles.strong }, key: column.label }, column.label),
            ),
          ),
          ...part.rows.map((cells, index) =>
            h(
              View,
              { style: styles.row, key: String(index), wrap: false },
              ...cells.map((cell, i) =>
                h(Text, { style: cellStyle(part.columns[i] ?? { label: '' }), key: String(i) }, cell),
              ),
            ),
          ),
        ),
    ...part.notes.map((note) => h(Text, { style: styles.note, key: note }, note)),
  );
}

function activityDocument(input: ActivityPdfInput): ReactElement {
  const title = `Activity report: ${input.contactName}`;
  return h(
    Document,
    { title, author: input.studioName, creator: input.studioName, producer: input.studioName },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header },
        h(
          View,
          null,
          input.logo ? h(Image, { style: styles.logo, src: { data: input.logo, format: 'png' } }) : null,
          h(Text, { style: styles.org }, input.studioName),
        ),
        h(
          View,
          null,
          h(Text, { style: styles.title }, 'Activity report'),
          h(Text, { style: { ...styles.muted, textAlign: 'right' } }, `Generated ${input.generated}`),
        ),
      ),
      h(Text, { style: styles.name }, input.contactName),
      ...input.contactLines.map((line) => h(Text, { style: styles.muted, key: line }, line)),
      h(
        View,
        { style: styles.summary },
        ...input.summary.map(([label, value]) =>
          h(
            View,
            { style: styles.fact, key: label },
            h(Text, { style: styles.muted }, label),
            h(Text, { style: styles.factValue }, value),
          ),
        ),
      ),
      ...input.sections.map(section),
      h(
        View,
        { style: styles.footer, fixed: true },
        h(Text, null, `${input.studioName} · ${input.contactName}`),
        h(Text, {
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            `Page ${pageNumber} of ${totalPages}`,
        }),
      ),
    ),
  );
}

export async function renderContactActivityPdf(input: ActivityPdfInput): Promise<Buffer> {
  await pdfFontsReady();
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer types its element as a Document element
  return renderToBuffer(activityDocument(input) as any);
}
