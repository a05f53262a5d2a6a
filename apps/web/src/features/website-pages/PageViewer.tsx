import { useEffect, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { NotFoundContent } from './NotFoundContent';
import { PageBody } from './PageBody';
import { fetchPreviewPage, fetchPublicPage, hasPageBody, type PublicPage } from './page-api';

interface Loaded {
  key: string;
  page: PublicPage | null;
}

/** Spec 3 §2.2: spinner, then header, sub-header and body, or the 404 content. */
export function PageViewer({ name }: { name: string }) {
  const tenant = useTenant();
  const { preview } = useSession();
  const inPreview = preview !== 'off';
  const key = `${tenant.tenantId}/${name}/${inPreview}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const fetchPage = inPreview ? fetchPreviewPage : fetchPublicPage;
    fetchPage(tenant.tenantId, name, controller.signal)
      .then((page) => setLoaded({ key, page }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [tenant.tenantId, name, key, inPreview]);

  const current = loaded?.key === key ? loaded : null;
  useDocumentHead(tenant, current?.page?.title ?? null);

  if (!current) return <Busy label="Loading page" />;
  if (!hasPageBody(current.page)) return <NotFoundContent />;
  const { page } = current;
  return (
    <article className="atrium-page" aria-label={page.title || page.name}>
      {page.header ? (
        <header className="atrium-page__header">
          <h1 className="atrium-title">{page.header}</h1>
          {page.subHeader ? <p className="atrium-page__subheader">{page.subHeader}</p> : null}
        </header>
      ) : null}
      <PageBody html={page.unhtml} css={page.css} />
    </article>
  );
}
