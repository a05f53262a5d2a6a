import type { WebPage, WebTemplate } from '@atrium/contracts';
import { type EditorKind, EMPTY_TEMPLATE_CSS, editorFor } from './website-rules';

/** The page being built: the designer's (or raw editor's) HTML, CSS and design. */
export interface PageContent {
  html: string;
  css: string;
  projectData: unknown;
}

export interface TemplateChoice {
  kind: EditorKind;
  content: PageContent;
}

/** Empty Template: a blank design with a light background (spec 3 §4). */
export function emptyTemplate(): TemplateChoice {
  return { kind: 'designer', content: { html: '', css: EMPTY_TEMPLATE_CSS, projectData: null } };
}

/** HTML template: the raw editor, starting from the page's stored HTML. */
export function htmlTemplate(page: Pick<WebPage, 'unhtml' | 'css'> | null): TemplateChoice {
  return { kind: 'html', content: { html: page?.unhtml ?? '', css: page?.css ?? '', projectData: null } };
}

/** A saved template loads its design (or its HTML when it has none). */
export function savedTemplate(template: Pick<WebTemplate, 'unhtml' | 'css' | 'unjson'>): TemplateChoice {
  return {
    kind: 'designer',
    content: { html: template.unhtml, css: template.css, projectData: template.unjson ?? null },
  };
}

/** The page as stored (its draft when it has one: the work in progress), in the editor it opens in. */
export function storedPage(page: WebPage): TemplateChoice {
  const source = page.draft ?? page;
  return {
    kind: editorFor({ ...page, unhtml: source.unhtml, unjson: source.unjson }),
    content: { html: source.unhtml, css: source.css, projectData: source.unjson ?? null },
  };
}
