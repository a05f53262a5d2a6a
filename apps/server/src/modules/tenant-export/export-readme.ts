import type { ExportManifest } from './export-manifest.ts';

function invoicePdfScope(manifest: ExportManifest): string {
  const { since, max, files } = manifest.pdfs.invoices;
  const day = since.slice(0, 10);
  const count = files.length === 1 ? '1 PDF' : `${files.length} PDFs`;
  return `the invoices made since ${day} (UTC), newest first, at most ${max} of them: ${count} in this zip.`;
}

/** The README.md at the top of an export zip: what each file is, written for the studio. */
export function exportReadme(manifest: ExportManifest): string {
  const { tenant } = manifest;
  const lines = [
    `# Data export of ${tenant.name} (${tenant.orgId})`,
    '',
    `Made ${manifest.exportedAt} (UTC). Everything the studio keeps on the platform: every table of its data, and`,
    'every file it stored (uploads, media, profile photos, signed form PDFs).',
    '',
    '## Files',
    '',
    '- `README.md`: this file.',
    '- `tenant.json`: the studio itself: id, org id, name, custom domain, settings (modules, labels, account details).',
    '- `manifest.json`: the format version, each table with its columns (name, SQL type) and row count, and what was',
    '  left out or emptied, and why. The import reads it.',
    '- `data/{table}.csv`: one table, one row per line, a header line of column names (RFC 4180: comma separated,',
    '  quoted when needed, UTF-8, CRLF). Empty cell: no value. Lists and structured values are JSON text.',
    '- `data/{table}.json`: the same rows as a JSON array of objects, one row per line, with the exact values: times',
    '  are ISO 8601 instants in UTC, money is in integer minor units (cents, paise) with the currency in its own column.',
    '- `media/{key}`: a stored file, named by its storage key. The tables say what each one is: `media_files` and',
    '  `files` (column `storage_key`: file name and type), `form_submissions` (column `document_key`: the signed PDF),',
    '  `contacts` (column `picture`: `/profile-photo/{key}`).',
    '- `pdf/invoices/{number}.pdf`: an invoice as a PDF (`INV-00042.pdf`), as the studio and its members see it:',
    `  ${invoicePdfScope(manifest)}`,
    '',
    '## Tables',
    '',
    '| table | rows | columns |',
    '| --- | ---: | --- |',
    ...manifest.tables.map(
      (t) =>
        `| ${t.name} | ${t.rows} | ${t.columns.map((c) => (c.redacted ? `${c.name} (emptied)` : c.name)).join(', ')} |`,
    ),
    '',
    '## Left out',
    '',
    'Secrets stay behind: a copy of them would let someone act as the studio or its members. Emptied columns:',
    '',
    ...Object.entries(manifest.redactedColumns).map(([table, columns]) => `- \`${table}\`: ${columns.join(', ')}`),
    '',
    'Passwords are not exported: after a move everyone sets a new one with "Forgot password". Payment, SMS and',
    'email provider keys are entered again in Settings. Tables not exported:',
    '',
    ...Object.entries(manifest.excludedTables).map(([table, why]) => `- \`${table}\`: ${why}`),
    '',
    'Invoice and receipt PDFs are not stored files: they are drawn from the `invoices`, `invoice_lines` and',
    '`invoice_payments` rows whenever they are opened, so the rows above are the record of every invoice. The',
    '`pdf/invoices` folder is a copy of the recent ones to read and print; after a restore every invoice, older',
    'ones too, opens as a PDF again. Videos of courses (`video_assets`) are listed with their details but their',
    'video files are not in the zip.',
    '',
    '## Restoring',
    '',
    'An empty install of the platform restores this zip with `npm run import-tenant -- <zip>` (see the platform',
    'README): the studio comes back with the same ids and links between records.',
    '',
  ];
  return lines.join('\n');
}
