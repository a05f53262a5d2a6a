/** Escapes text placed in the preview document. */
const text = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Props {
  html: string;
  css: string;
  header?: string;
  subHeader?: string;
  title?: string;
  height?: number | string;
}

/** The rendered page in a sandboxed frame: sandbox="" lets no script run and gives it no origin. */
export function PreviewFrame({ html, css, header, subHeader, title = 'Page preview', height = '60vh' }: Props) {
  const heading =
    header || subHeader
      ? `<header class="atrium-preview-head">${header ? `<h1>${text(header)}</h1>` : ''}${subHeader ? `<p>${text(subHeader)}</p>` : ''}</header>`
      : '';
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;font-family:system-ui,sans-serif}img{max-width:100%;height:auto}.atrium-preview-head{padding:24px;text-align:center}${css}</style></head><body>${heading}${html}</body></html>`;
  return <iframe title={title} sandbox="" srcDoc={doc} className="atrium-preview-frame" style={{ height }} />;
}
