import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  COURSE_MESSAGES,
  type CoursePricing,
  formatMoney,
  type PublicCourse,
  type PublicCourseSummary,
  type TenantConfig,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { publicCourse, publicCourses } from '../modules/courses/public.service.ts';
import { visitorPlayback } from '../modules/video/video.service.ts';
import type { Platform } from '../platform.ts';
import { COURSE_ISLAND_JS } from './course-island.js.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import type { SitePage } from './site-entry.ts';

// The public /courses listing (also the website's courses standard page) and each course's page,
// rendered on the server with the studio's brand and SEO head like the builder's pages. Only the Buy
// button, the enrol form and the preview video's Play run script: /site/course.js, ~2 KB gzip; hls.js
// (light) loads from /site/hls-{version}.js when Play is pressed (docs/decisions/courses.md).

const require = createRequire(import.meta.url);
const HLS_VERSION = (require('hls.js/package.json') as { version: string }).version;
/** hls.js light, versioned in its address so a browser keeps it for a year. */
const HLS_SCRIPT_URL = `/site/hls-${HLS_VERSION}.js`;
let hlsScript: Promise<Buffer> | null = null;

const COURSE_CSS = `.course-grid{list-style:none;margin:0;padding:0;display:grid;gap:20px;grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr))}
.course-card{border:1px solid #dee2e6;border-radius:8px;overflow:hidden;display:flex;flex-direction:column;background:#fff}
.course-card img{width:100%;height:160px;object-fit:cover;display:block}
.course-card__body{padding:16px;display:flex;flex-direction:column;gap:4px;flex:1}
.course-card h2{font-size:1.15rem;margin:0;overflow-wrap:anywhere}
.course-card h2 a{color:inherit;text-decoration:none}.course-card h2 a:hover,.course-card h2 a:focus-visible{text-decoration:underline}
.course-meta{margin:0;color:#495057;font-size:.9rem;overflow-wrap:anywhere}
.course-price{font-weight:700;color:#212529}
.course-page{max-width:860px}
.course-hero{width:100%;max-height:320px;object-fit:cover;border-radius:8px;display:block;margin-bottom:16px}
.course-page h1{margin:0 0 4px;overflow-wrap:anywhere}
.course-page h2{font-size:1.25rem;margin:28px 0 8px}.course-page h3{font-size:1.05rem;margin:16px 0 4px;overflow-wrap:anywhere}
.course-actions{margin:20px 0;display:flex;flex-direction:column;gap:16px;align-items:flex-start}
.course-button{display:inline-block;border:0;border-radius:6px;padding:12px 20px;font:inherit;font-weight:600;background:var(--site-accent);color:var(--site-accent-text);cursor:pointer;text-decoration:none;min-height:44px}
.course-button:disabled{opacity:.7;cursor:progress}
.course-button:focus-visible,.course-form input:focus-visible,.course-code input:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.course-form{display:grid;gap:10px;width:100%;max-width:420px;border:1px solid #dee2e6;border-radius:8px;padding:16px}
.course-form h2{margin:0;font-size:1.1rem}
.course-form label,.course-code{display:grid;gap:4px;font-weight:500}
.course-buy{display:grid;gap:10px;width:100%;max-width:420px}
.course-code input{font:inherit;padding:10px;border:1px solid #868e96;border-radius:6px;width:100%}
.course-form input{font:inherit;padding:10px;border:1px solid #868e96;border-radius:6px;width:100%}
.course-note{margin:0}.course-note--error{color:#c92a2a}.course-note--ok{color:#2b8a3e}
.course-done{border:1px solid #2b8a3e;border-radius:8px;padding:16px;max-width:420px}.course-done p{margin:0}.course-done__title{font-weight:700}
.course-outline{list-style:none;margin:0;padding:0}.course-outline li{padding:6px 0;border-bottom:1px solid #f1f3f5;overflow-wrap:anywhere}
.course-outline small{color:#495057}
.course-text{overflow-wrap:anywhere}
.course-video{position:relative;max-width:640px;aspect-ratio:16/9;background:#000;border-radius:8px;overflow:hidden}
.course-video video{width:100%;height:100%;display:block;object-fit:contain}
.course-video__play{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);display:inline-flex;align-items:center;gap:8px;white-space:nowrap;box-shadow:0 2px 8px rgba(0,0,0,.4)}`;

const TYPE_LABELS = { video: 'Video', text: 'Reading', file: 'Download', live: 'Live session' } as const;

function priceOf(course: { pricing: CoursePricing; priceMinor: number; currency: string }): string {
  if (course.pricing === 'free') return 'Free';
  if (course.pricing === 'membership') return 'Included in memberships';
  return formatMoney(course.priceMinor, course.currency);
}

function lengthOf(seconds: number | null): string {
  if (!seconds || seconds <= 0) return '';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return `${Math.round(seconds)} s`;
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function factsOf(course: PublicCourseSummary): string {
  return [
    `${course.chapterCount} ${course.chapterCount === 1 ? 'chapter' : 'chapters'}`,
    lengthOf(course.durationSeconds),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The listing's cards: image, name (the link), teacher, length, price. */
export function courseListingHtml(courses: PublicCourseSummary[]): string {
  if (courses.length === 0) return '<p>No courses are open yet.</p>';
  const cards = courses
    .map(
      (course) =>
        `<li class="course-card">${course.imageUrl ? `<img src="${e(course.imageUrl)}" alt="" loading="lazy" width="400" height="160">` : ''}<div class="course-card__body"><h2><a href="${e(course.url)}">${e(course.name)}</a></h2>${course.teacherName ? `<p class="course-meta">with ${e(course.teacherName)}</p>` : ''}<p class="course-meta">${e(factsOf(course))}</p><p class="course-meta course-price">${e(priceOf(course))}</p></div></li>`,
    )
    .join('');
  return `<ul class="course-grid" aria-label="Courses">${cards}</ul>`;
}

function enrolForm(course: PublicCourse, demo: boolean): string {
  const id = demo ? 'course-demo' : 'course-enrol';
  return `<form class="course-form" data-course-enrol data-course="${e(course.guId)}" data-demo="${demo}" data-details="${e(COURSE_MESSAGES.detailsByEmail)}" aria-labelledby="${id}-title" novalidate>
<h2 id="${id}-title">${demo ? 'Try the demo' : 'Enrol for free'}</h2>
<label>Full name<input name="fullName" autocomplete="name" required></label>
<label>Email<input name="email" type="email" autocomplete="email" required></label>
<label>Phone<input name="phone" type="tel" autocomplete="tel"></label>
<p class="course-note" role="alert" hidden></p>
<button class="course-button" type="submit">${demo ? 'Start the demo' : 'Enrol'}</button>
</form>`;
}

function actionsHtml(course: PublicCourse): string {
  const returnTo = `/login?returnUrl=${encodeURIComponent(course.url)}`;
  const parts: string[] = [];
  if (course.pricing === 'paid') {
    parts.push(
      `<div class="course-buy"><label class="course-code">Offer code (optional)<input name="offerCode" id="course-offer-code" maxlength="50" autocomplete="off"></label><button class="course-button" type="button" data-course-buy data-item="${e(course.itemId)}" aria-label="Buy ${e(course.name)}">Buy for ${e(priceOf(course))}</button><p class="course-note" id="course-buy-note" role="alert" hidden></p></div>`,
    );
  } else if (course.pricing === 'membership') {
    parts.push(`<p>This course comes with a membership. <a href="${e(returnTo)}">Sign in</a> to open it.</p>`);
  }
  if (course.pricing === 'free') parts.push(enrolForm(course, false));
  else if (course.allowsDemo) parts.push(enrolForm(course, true));
  parts.push(`<p>Already enrolled? <a href="${e(returnTo)}">Sign in</a> to continue.</p>`);
  return `<div class="course-actions">${parts.join('')}</div>`;
}

/** What the page needs of the preview's video: its poster (signed, short-lived like every media link). */
export interface PreviewVideo {
  posterUrl: string | null;
}

function previewHtml(course: PublicCourse, video: PreviewVideo | null): string {
  const chapter = course.previewChapter;
  if (!chapter) return '';
  let body = '';
  if (chapter.type === 'text') body = `<div class="course-text">${chapter.html}</div>`;
  else if (chapter.type === 'file' && chapter.file)
    body = `<p><a href="${e(chapter.file.url)}" download>Download ${e(chapter.file.name)}</a></p>`;
  else if (chapter.type === 'video' && chapter.videoAssetId) {
    // Not ready to watch (still processing): the preview is left out rather than shown unfinished.
    if (!video) return '';
    const poster = video.posterUrl ?? course.imageUrl;
    const length = chapter.durationSeconds ? ` (${e(lengthOf(chapter.durationSeconds))})` : '';
    body = `<div class="course-video" data-course-video="${e(chapter.videoAssetId)}" data-hls="${e(HLS_SCRIPT_URL)}"><video preload="none" playsinline${poster ? ` poster="${e(poster)}"` : ''}></video><button class="course-button course-video__play" type="button"><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 5v14l11-7z"/></svg>Play the preview${length}</button></div><p class="course-note" id="course-video-note" role="alert" hidden></p>`;
  } else if (chapter.type === 'live') body = '<p>A live session: enrol to get its link.</p>';
  return `<section aria-labelledby="course-preview"><h2 id="course-preview">Free preview: ${e(chapter.title)}</h2>${body}</section>`;
}

/** Schema.org's Course, for search engines' course results. */
function jsonLd(course: PublicCourse, tenant: TenantConfig, url: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.name,
    description:
      course.description
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 500) || course.name,
    url,
    provider: { '@type': 'Organization', name: tenant.name },
    ...(course.pricing === 'paid'
      ? {
          offers: {
            '@type': 'Offer',
            category: 'Paid',
            price: (course.priceMinor / 100).toFixed(2),
            priceCurrency: course.currency.toUpperCase(),
          },
        }
      : course.pricing === 'free'
        ? { offers: { '@type': 'Offer', category: 'Free', price: '0', priceCurrency: course.currency.toUpperCase() } }
        : {}),
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** One course's page: hero, name, teacher, price, Buy or enrol, description, preview, outline. */
export function coursePageHtml(
  course: PublicCourse,
  tenant: TenantConfig,
  url: string,
  video: PreviewVideo | null = null,
): string {
  const outline = course.sections
    .map(
      (section) =>
        `<h3>${e(section.title)}</h3><ol class="course-outline">${section.chapters
          .map(
            (chapter) =>
              `<li>${e(chapter.title)} <small>${e([TYPE_LABELS[chapter.type], lengthOf(chapter.durationSeconds), chapter.isPreview ? 'free preview' : ''].filter(Boolean).join(' · '))}</small></li>`,
          )
          .join('')}</ol>`,
    )
    .join('');
  return `<article class="course-page">
<p><a href="/courses">← All courses</a></p>
${course.imageUrl ? `<img class="course-hero" src="${e(course.imageUrl)}" alt="">` : ''}
<h1>${e(course.name)}</h1>
${course.teacher ? `<p class="course-meta">with ${e(course.teacher.name)}</p>` : ''}
<p class="course-meta"><span class="course-price">${e(priceOf(course))}</span> · ${e(factsOf(course))}</p>
${actionsHtml(course)}
${course.description ? `<div class="course-text">${course.description}</div>` : ''}
${previewHtml(course, video)}
<section aria-labelledby="course-outline"><h2 id="course-outline">What is inside</h2>${outline}</section>
</article>${jsonLd(course, tenant, url)}<script src="/site/course.js" defer></script>`;
}

const notFoundPage: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: '404 Page Not Found',
  header: '404 Page Not Found',
  subHeader: 'The page you are looking for does not exist.',
  html: '<p><a href="/">Go to Home Page</a></p>',
  css: '',
};

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/** GET /courses and /courses/{course} as server-rendered pages, and the island's script. */
export function registerCoursePages(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  app.get('/site/course.js', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(COURSE_ISLAND_JS),
  );

  app.get(HLS_SCRIPT_URL, { schema: { hide: true } }, async (_request, reply) => {
    hlsScript ??= readFile(require.resolve('hls.js/dist/hls.light.min.js')).then((bytes) =>
      // its source map is not shipped: no request for it from an open developer tools panel
      Buffer.from(bytes.toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')),
    );
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type('text/javascript; charset=utf-8')
      .send(await hlsScript);
  });

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    build: (config: TenantConfig, url: string) => Promise<SitePage | { redirect: string }>,
  ) => {
    const tenant = requireTenant(request);
    const { config } = await platform.tenantConfigs.get(tenant);
    const path = request.url.split('?')[0] ?? '/courses';
    const url = `${requestOrigin(request)}${path}`;
    try {
      const built = await build(config, url);
      if ('redirect' in built) return reply.redirect(built.redirect, 301);
      return sendSitePage(reply, 200, renderSitePage(config, built, { url, path }, assets));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return sendSitePage(reply, 404, renderSitePage(config, notFoundPage, { url, path }, assets));
    }
  };

  app.get('/courses', { schema: { hide: true } }, (request, reply) =>
    page(request, reply, async (config) => {
      const list = await publicCourses(platform.db, requireTenant(request));
      const listing = config.web.pages.find((p) => p.name === 'courses');
      return {
        name: 'courses',
        title: listing?.title || 'Courses',
        header: listing?.title || 'Courses',
        subHeader: '',
        html: courseListingHtml(list.data),
        css: COURSE_CSS,
        description: list.data.length
          ? `Courses at ${config.name}: ${list.data.map((course) => course.name).join(', ')}`.slice(0, 160)
          : undefined,
      };
    }),
  );

  app.get<{ Params: { slug: string } }>('/courses/:slug', { schema: { hide: true } }, (request, reply) =>
    page(request, reply, async (config, url) => {
      const course = await publicCourse(platform.db, requireTenant(request), request.params.slug.slice(0, 200));
      // Found by its id or an upper-case spelling: sent on to its one address.
      if (request.params.slug !== course.slug) return { redirect: course.url };
      const previewVideo = course.previewChapter?.videoAssetId
        ? await visitorPlayback(platform, requireTenant(request), course.previewChapter.videoAssetId)
        : null;
      const description = course.description
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return {
        name: `course:${course.slug}`,
        title: course.name,
        header: '',
        subHeader: '',
        html: coursePageHtml(course, config, url, previewVideo),
        css: COURSE_CSS,
        description: description.slice(0, 160) || undefined,
        image: course.imageUrl ? `${requestOrigin(request)}${course.imageUrl}` : undefined,
      };
    }),
  );
}
