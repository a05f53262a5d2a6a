import { type Attempt, questionTypeLabel, quizResultLabel } from '@atrium/contracts';
import { Document, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { stripTags } from '../../lib/html-text.ts';
import { PDF_FONT_FAMILY, pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';
import { dateIn } from '../invoices/invoice-pdf.ts';

// A finished attempt's result as a PDF (issue 27, "a result PDF"): the studio, the test, the member,
// the result in the spec's words (Pass, Fail, In Review, Abandoned, N/A), the score and each question
// with the answer given, the right answers, the points and staff's comment. Text in any script (the
// PDF's Noto fallback chain), dates in the studio's zone.

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT_FAMILY, fontSize: 10.5, padding: 40, color: '#222' },
  org: { fontSize: 12, fontWeight: 700, marginBottom: 6 },
  title: { fontSize: 18, fontWeight: 700, marginBottom: 4 },
  muted: { color: '#555', marginBottom: 3 },
  result: { fontSize: 13, fontWeight: 700, marginTop: 8, marginBottom: 14 },
  question: { borderTopWidth: 1, borderTopColor: '#ccc', paddingTop: 8, marginBottom: 8 },
  head: { fontWeight: 700, marginBottom: 3 },
  line: { marginBottom: 2 },
});

/** The question's words without its markup (the PDF prints text). */
export function plainText(html: string): string {
  return stripTags(html.replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n'))
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export interface ResultPdfInput {
  organisation: string;
  attempt: Attempt;
  timeZone: string;
}

function resultDocument({ organisation, attempt, timeZone }: ResultPdfInput): ReactElement {
  const when = attempt.submittedAt ?? attempt.startedAt;
  return h(
    Document,
    {
      title: `${attempt.testName}: ${attempt.contactName}`,
      author: organisation,
      creator: organisation,
      producer: organisation,
    },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.org }, organisation),
      h(Text, { style: styles.title }, attempt.testName),
      h(
        Text,
        { style: styles.muted },
        `${attempt.contactName} · attempt ${attempt.attemptNo} · ${dateIn(when, timeZone)}`,
      ),
      h(
        Text,
        { style: styles.result },
        `Result: ${quizResultLabel(attempt)} · Score: ${attempt.score ?? 0} of ${attempt.maxScore} points`,
      ),
      ...attempt.questions.map((q) =>
        h(
          View,
          { key: q.position, style: styles.question, wrap: false },
          h(
            Text,
            { style: styles.head },
            `Question ${q.position + 1} · ${questionTypeLabel(q.type)} · ${q.awarded ?? '—'} of ${q.points} points`,
          ),
          h(Text, { style: styles.line }, plainText(q.question)),
          ...(q.type === 'openended'
            ? [h(Text, { key: 'a', style: styles.line }, `Answer: ${q.answer?.text || 'No answer'}`)]
            : q.options.map((o, i) =>
                h(
                  Text,
                  { key: String(i), style: styles.line },
                  `${q.answer?.selected.includes(i) ? '[x]' : '[ ]'} ${o.text}${o.isCorrect ? ' (right answer)' : ''}${
                    q.type === 'graded' ? ` (${o.points ?? 0} points)` : ''
                  }`,
                ),
              )),
          ...q.rubric.map((c, i) => {
            const given = q.rubricScores?.[i];
            return h(
              Text,
              { key: `r${i}`, style: styles.line },
              `${c.name}: ${given ? given.points : '—'} of ${c.points}${given?.comment ? ` · ${given.comment}` : ''}`,
            );
          }),
          q.comment ? h(Text, { style: styles.line }, `Comment: ${q.comment}`) : null,
        ),
      ),
    ),
  );
}

export async function renderResultPdf(input: ResultPdfInput): Promise<Buffer> {
  await pdfFontsReady();
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer types its element as a Document element
  return renderToBuffer(resultDocument(input) as any);
}
