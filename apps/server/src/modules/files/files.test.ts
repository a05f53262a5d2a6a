import type { CourseDetail, FileList, MyFiles, Role, StudioFile } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, PASSWORD, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { errorsOf } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { createUsers } from '../../seed/tenants.ts';
import { DOCX, EXE, PNG, pdfOf } from './file-fixtures.ts';

const LIMIT = 1024 * 1024;
let app: App;
let a: TestTenant;
let b: TestTenant;
/** A second member of studio A, with a login. */
let other: { id: string; email: string };
const tokens = new Map<string, string>();

async function tokenOf(tenant: TestTenant, who: Role | 'other'): Promise<string> {
  const key = `${tenant.orgId}:${who}`;
  if (!tokens.has(key)) {
    if (who === 'other') {
      const response = await app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: tenant.host },
        payload: { userId: other.email, password: PASSWORD },
      });
      tokens.set(key, json<{ access_token: string }>(response).access_token);
    } else {
      tokens.set(key, (await loginAs(app, tenant, who)).access_token);
    }
  }
  return tokens.get(key) as string;
}

type Who = Role | 'other' | null;
async function call(
  tenant: TestTenant,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers = who ? bearer(await tokenOf(tenant, who), tenant.host) : { host: tenant.host };
  return app.inject({ method, url, headers, payload });
}

async function upload(
  tenant: TestTenant,
  who: Who,
  bytes: Buffer,
  name: string,
  url = '/rest/files',
  type = 'application/octet-stream',
) {
  const headers = {
    ...(who ? bearer(await tokenOf(tenant, who), tenant.host) : { host: tenant.host }),
    'content-type': type,
    'x-file-name': encodeURIComponent(name),
  };
  return app.inject({ method: 'POST', url, headers, payload: bytes });
}

async function uploaded(tenant: TestTenant, bytes: Buffer, name: string): Promise<StudioFile> {
  const response = await upload(tenant, 'staff', bytes, name);
  expect(response.statusCode, response.body).toBe(201);
  return json<StudioFile>(response);
}

const myFiles = async (tenant: TestTenant, who: Who) => {
  const response = await call(tenant, who, 'GET', '/rest/myfiles');
  expect(response.statusCode, response.body).toBe(200);
  return json<MyFiles>(response);
};

/** RFC 5987: the name in `filename*=UTF-8''…`. */
function dispositionName(header: unknown): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(String(header));
  return decodeURIComponent(match?.[1] ?? '');
}

beforeAll(async () => {
  app = await startTestApp({ filesMaxUploadBytes: LIMIT });
  a = await newTenant(app);
  b = await newTenant(app);
  const [row] = await createUsers(app.platform.db, a.tenantId, [
    { email: `other@${a.orgId}.test`, password: PASSWORD, name: 'Ayşe', lastName: 'Yılmaz', role: 'student' },
  ]);
  if (!row) throw new Error('no second member');
  other = { id: row.id, email: row.email };
});

describe('staff upload', () => {
  it('keeps a PDF as a PDF with its name, for admins and staff; the front desk, members and visitors are refused', async () => {
    const bytes = pdfOf('Week 1 worksheet');
    const response = await upload(a, 'admin', bytes, 'Week 1 worksheet.pdf', '/rest/files', 'application/pdf');
    expect(response.statusCode, response.body).toBe(201);
    const file = json<StudioFile>(response);
    expect(file).toMatchObject({
      fileName: 'Week 1 worksheet.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      source: 'staff',
      uploadedBy: a.users.admin.id,
      shares: [],
    });
    expect((await upload(a, 'staff', PNG, 'poster.png')).statusCode).toBe(201);
    expect((await upload(a, 'frontdesk', PNG, 'poster.png')).statusCode).toBe(403);
    expect((await upload(a, 'student', PNG, 'poster.png')).statusCode).toBe(403);
    expect((await upload(a, null, PNG, 'poster.png')).statusCode).toBe(401);
  });

  it('decides the type by content: a program named .pdf, an empty body and a plain archive are refused', async () => {
    for (const [bytes, name] of [
      [EXE, 'worksheet.pdf'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x01]), 'notes.txt'],
    ] as const) {
      const response = await upload(a, 'staff', bytes, name);
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)).toMatchObject({ field: 'file', message: expect.stringMatching(/^Only PDFs, images/) });
    }
    const empty = await upload(a, 'staff', Buffer.alloc(0), 'empty.pdf');
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toMatchObject({ field: 'file', message: 'Choose a file to upload.' });
    // The browser's word is not taken either way: a PNG sent as a PDF is an image; text sent as JSON is text.
    expect((await uploaded(a, PNG, 'scan.pdf')).contentType).toBe('image/png');
    const text = await upload(
      a,
      'staff',
      Buffer.from('{"a": "Ωμέγα"}'),
      'data.json',
      '/rest/files',
      'application/json',
    );
    expect(json<StudioFile>(text).contentType).toBe('text/plain');
    expect((await uploaded(a, DOCX, 'plan.docx')).contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('refuses a file over the limit with 413 naming the file', async () => {
    const big = Buffer.concat([pdfOf('big'), Buffer.alloc(LIMIT)]);
    const response = await upload(a, 'staff', big, 'big.pdf');
    expect(response.statusCode).toBe(413);
    expect(errorsOf(response)).toMatchObject({ field: 'file', message: 'The file is larger than 1 MB.' });
    const mine = await upload(a, 'student', big, 'big.pdf', '/rest/myfiles');
    expect(mine.statusCode).toBe(413);
  });

  it('keeps Turkish, Greek and Devanagari names through the list and the download', async () => {
    for (const name of ['Çalışma kâğıdı — İğne.pdf', 'Φύλλο εργασίας (τελικό).pdf', 'अभ्यास पत्र.pdf']) {
      const bytes = pdfOf(name);
      const file = await uploaded(a, bytes, name);
      expect(file.fileName).toBe(name);
      const listed = json<FileList>(
        await call(a, 'staff', 'GET', `/rest/files?search=${encodeURIComponent(name.slice(0, 5))}`),
      );
      expect(listed.data.map((row) => row.fileName)).toContain(name);
      const download = await call(a, 'admin', 'GET', `/rest/files/${file.id}/download`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(dispositionName(download.headers['content-disposition'])).toBe(name);
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="[\x20-\x7e]+";/);
      expect(download.rawPayload.equals(bytes)).toBe(true);
    }
  });
});

describe('the staff list', () => {
  it('pages, searches, filters by source and sorts; says the limit', async () => {
    const tenant = await newTenant(app);
    for (const name of ['b-notes.txt', 'a-plan.txt', 'c-menu.txt']) {
      const response = await upload(tenant, 'staff', Buffer.from(`${name}\n`), name);
      expect(response.statusCode).toBe(201);
    }
    expect((await upload(tenant, 'student', Buffer.from('mine\n'), 'homework.txt', '/rest/myfiles')).statusCode).toBe(
      201,
    );
    const page = json<FileList>(await call(tenant, 'frontdesk', 'GET', '/rest/files?start=0&length=2&sort=name'));
    expect(page).toMatchObject({ recordsTotal: 4, maxUploadBytes: LIMIT });
    expect(page.data.map((f) => f.fileName)).toEqual(['a-plan.txt', 'b-notes.txt']);
    const newest = json<FileList>(await call(tenant, 'staff', 'GET', '/rest/files'));
    expect(newest.data[0]?.fileName).toBe('homework.txt');
    const members = json<FileList>(await call(tenant, 'staff', 'GET', '/rest/files?source=member'));
    expect(members.data).toHaveLength(1);
    expect(members.data[0]).toMatchObject({ source: 'member', uploadedByName: `student ${tenant.orgId}` });
    const byUploader = json<FileList>(await call(tenant, 'staff', 'GET', `/rest/files?search=student`));
    expect(byUploader.recordsTotal).toBe(1);
    const bad = await call(tenant, 'staff', 'GET', '/rest/files?length=1000');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad).field).toBe('querystring.length');
    expect((await call(tenant, 'student', 'GET', '/rest/files')).statusCode).toBe(403);
    expect((await call(tenant, null, 'GET', '/rest/files')).statusCode).toBe(401);
  });
});

describe('sharing and downloads', () => {
  it('a member gets a file shared with them, byte for byte; another member does not (404) until it goes to every student', async () => {
    const bytes = pdfOf('Breathing exercises');
    const file = await uploaded(a, bytes, 'Breathing.pdf');
    const shared = await call(a, 'staff', 'POST', `/rest/files/${file.id}/shares`, {
      kind: 'contact',
      contactId: a.users.student.id,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const withShare = json<StudioFile>(shared);
    expect(withShare.shares).toEqual([
      expect.objectContaining({ kind: 'contact', contactId: a.users.student.id, contactName: `student ${a.orgId}` }),
    ]);
    // Sharing again changes nothing.
    const again = await call(a, 'admin', 'POST', `/rest/files/${file.id}/shares`, {
      kind: 'contact',
      contactId: a.users.student.id,
    });
    expect(json<StudioFile>(again).shares).toHaveLength(1);

    const mine = await myFiles(a, 'student');
    expect(mine.shared.map((f) => f.id)).toContain(file.id);
    expect(mine.shared.find((f) => f.id === file.id)?.sharedAt).toEqual(expect.any(String));
    const download = await call(a, 'student', 'GET', `/rest/files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['cache-control']).toBe('private, no-store');

    expect((await myFiles(a, 'other')).shared.map((f) => f.id)).not.toContain(file.id);
    expect((await call(a, 'other', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await call(a, null, 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(401);

    const everyone = json<StudioFile>(
      await call(a, 'staff', 'POST', `/rest/files/${file.id}/shares`, { kind: 'students' }),
    );
    expect(everyone.shares.map((s) => s.kind)).toEqual(['contact', 'students']);
    expect((await myFiles(a, 'other')).shared.map((f) => f.id)).toContain(file.id);
    expect((await call(a, 'other', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(200);

    // Taking the share back: the member who only had it through "every student" loses it.
    const studentsShare = everyone.shares.find((s) => s.kind === 'students');
    const after = await call(a, 'staff', 'DELETE', `/rest/files/${file.id}/shares/${studentsShare?.id}`);
    expect(after.statusCode).toBe(200);
    expect(json<StudioFile>(after).shares).toHaveLength(1);
    expect((await call(a, 'other', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await call(a, 'student', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(200);
    expect((await call(a, 'staff', 'DELETE', `/rest/files/${file.id}/shares/${studentsShare?.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses shares with staff, unknown contacts, bad kinds; only admins and staff share', async () => {
    const file = await uploaded(a, PNG, 'map.png');
    const staff = await call(a, 'admin', 'POST', `/rest/files/${file.id}/shares`, {
      kind: 'contact',
      contactId: a.users.staff.id,
    });
    expect(staff.statusCode).toBe(400);
    expect(errorsOf(staff).field).toBe('contactId');
    const stranger = await call(a, 'admin', 'POST', `/rest/files/${file.id}/shares`, {
      kind: 'contact',
      contactId: b.users.student.id,
    });
    expect(stranger.statusCode).toBe(404);
    const kind = await call(a, 'admin', 'POST', `/rest/files/${file.id}/shares`, { kind: 'everyone' });
    expect(kind.statusCode).toBe(400);
    const missing = await call(a, 'admin', 'POST', `/rest/files/${file.id}/shares`, { kind: 'contact' });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing).field).toMatch(/contactId/);
    expect((await call(a, 'frontdesk', 'POST', `/rest/files/${file.id}/shares`, { kind: 'students' })).statusCode).toBe(
      403,
    );
    expect((await call(a, 'student', 'POST', `/rest/files/${file.id}/shares`, { kind: 'students' })).statusCode).toBe(
      403,
    );
    // The front desk reads the list and downloads.
    expect((await call(a, 'frontdesk', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(200);
  });
});

describe('another studio', () => {
  it("answers 404 for every call on another studio's file", async () => {
    const file = await uploaded(a, pdfOf('private'), 'private.pdf');
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['GET', `/rest/files/${file.id}`],
      ['GET', `/rest/files/${file.id}/download`],
      ['PUT', `/rest/files/${file.id}`, { fileName: 'mine.pdf' }],
      ['POST', `/rest/files/${file.id}/shares`, { kind: 'students' }],
      ['DELETE', `/rest/files/${file.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(b, 'admin', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(b, 'student', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await call(b, 'student', 'DELETE', `/rest/myfiles/${file.id}`)).statusCode).toBe(404);
    const listB = json<FileList>(await call(b, 'admin', 'GET', '/rest/files?length=100'));
    expect(listB.data.map((f) => f.id)).not.toContain(file.id);
    // A's token on B's host is not B's.
    const crossed = await app.inject({
      url: `/rest/files/${file.id}/download`,
      headers: bearer(await tokenOf(a, 'admin'), b.host),
    });
    expect(crossed.statusCode).toBe(401);
    expect((await call(a, 'admin', 'GET', `/rest/files/${file.id}`)).statusCode).toBe(200);
  });
});

describe("a member's own files", () => {
  it('uploads, lists, downloads and deletes their own; nobody else but staff sees them', async () => {
    const bytes = Buffer.from('Ödev: 10 şınav, 20 mekik\n');
    const response = await upload(a, 'student', bytes, 'Ödev.txt', '/rest/myfiles', 'text/plain');
    expect(response.statusCode, response.body).toBe(201);
    const file = json<StudioFile>(response);
    expect(file).toMatchObject({ source: 'member', contentType: 'text/plain', uploadedBy: a.users.student.id });
    const mine = await myFiles(a, 'student');
    expect(mine.mine.map((f) => f.id)).toContain(file.id);
    expect(mine.shared.map((f) => f.id)).not.toContain(file.id);
    expect(mine.maxUploadBytes).toBe(LIMIT);

    const own = await call(a, 'student', 'GET', `/rest/files/${file.id}/download`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(own.rawPayload.equals(bytes)).toBe(true);
    expect(dispositionName(own.headers['content-disposition'])).toBe('Ödev.txt');
    expect((await call(a, 'other', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await call(a, 'staff', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(200);
    expect((await myFiles(a, 'other')).mine.map((f) => f.id)).not.toContain(file.id);

    // Not theirs to delete: a staff file (404 on their own call, 403 on the staff call), another member's.
    const staffFile = await uploaded(a, PNG, 'studio.png');
    expect((await call(a, 'student', 'DELETE', `/rest/myfiles/${staffFile.id}`)).statusCode).toBe(404);
    expect((await call(a, 'student', 'DELETE', `/rest/files/${staffFile.id}`)).statusCode).toBe(403);
    expect((await call(a, 'other', 'DELETE', `/rest/myfiles/${file.id}`)).statusCode).toBe(404);
    const refusedType = await upload(a, 'student', EXE, 'game.pdf', '/rest/myfiles');
    expect(refusedType.statusCode).toBe(400);

    const deleted = await call(a, 'student', 'DELETE', `/rest/myfiles/${file.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await myFiles(a, 'student')).mine.map((f) => f.id)).not.toContain(file.id);
    expect((await call(a, 'staff', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);
  });
});

describe('rename and delete', () => {
  it('renames in any script, keeping the extension when none is typed; refuses an empty name', async () => {
    const file = await uploaded(a, pdfOf('x'), 'draft.pdf');
    const renamed = await call(a, 'staff', 'PUT', `/rest/files/${file.id}`, { fileName: 'Ἀσκήσεις εβδομάδας 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<StudioFile>(renamed).fileName).toBe('Ἀσκήσεις εβδομάδας 2.pdf');
    const typed = await call(a, 'staff', 'PUT', `/rest/files/${file.id}`, { fileName: 'week-2.final.pdf' });
    expect(json<StudioFile>(typed).fileName).toBe('week-2.final.pdf');
    const empty = await call(a, 'staff', 'PUT', `/rest/files/${file.id}`, { fileName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty).field).toBe('fileName');
    expect((await call(a, 'frontdesk', 'PUT', `/rest/files/${file.id}`, { fileName: 'x.pdf' })).statusCode).toBe(403);
  });

  it('deletes the row, its shares and the stored bytes', async () => {
    const file = await uploaded(a, pdfOf('gone'), 'gone.pdf');
    await call(a, 'staff', 'POST', `/rest/files/${file.id}/shares`, { kind: 'contact', contactId: a.users.student.id });
    const [stored] = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select({ storageKey: files.storageKey }).from(files).where(eq(files.id, file.id)),
    );
    const storageKey = stored?.storageKey;
    expect(storageKey).toBeTruthy();
    expect(await app.platform.media.get(a.tenantId, storageKey as string)).not.toBeNull();
    expect((await call(a, 'frontdesk', 'DELETE', `/rest/files/${file.id}`)).statusCode).toBe(403);
    const deleted = await call(a, 'admin', 'DELETE', `/rest/files/${file.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toEqual({ message: 'File deleted.' });
    expect(await app.platform.media.get(a.tenantId, storageKey as string)).toBeNull();
    expect((await myFiles(a, 'student')).shared.map((f) => f.id)).not.toContain(file.id);
    expect((await call(a, 'admin', 'DELETE', `/rest/files/${file.id}`)).statusCode).toBe(404);
  });
});

describe("a course's students", () => {
  it('reach a file shared with the course once enrolled; a file that is a chapter cannot be deleted', async () => {
    const bytes = pdfOf('Course notes');
    const file = await uploaded(a, bytes, 'Course notes.pdf');
    const created = await call(a, 'admin', 'POST', '/stemplate/program', { name: 'Yoga Basics' });
    expect(created.statusCode, created.body).toBe(201);
    const base = `/stemplate/program/${json<CourseDetail>(created).guId}`;
    const withSection = json<CourseDetail>(await call(a, 'admin', 'POST', `${base}/section`, { title: 'Start' }));
    const section = withSection.sections[0]?.guId;
    const chapter = await call(a, 'admin', 'POST', `${base}/section/${section}/chapter`, {
      title: 'Notes',
      type: 'file',
      fileId: file.id,
    });
    expect(chapter.statusCode, chapter.body).toBe(201);
    const course = json<CourseDetail>(chapter);

    const shared = await call(a, 'staff', 'POST', `/rest/files/${file.id}/shares`, {
      kind: 'course',
      courseId: course.guId,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(json<StudioFile>(shared).shares).toEqual([
      expect.objectContaining({ kind: 'course', courseId: course.guId, courseName: 'Yoga Basics' }),
    ]);
    // Not enrolled yet: not theirs.
    expect((await myFiles(a, 'student')).shared.map((f) => f.id)).not.toContain(file.id);
    expect((await call(a, 'student', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);

    expect((await call(a, 'admin', 'PUT', `${base}/status`, { status: 'published' })).statusCode).toBe(200);
    const enrol = await call(a, 'staff', 'POST', `${base}/attendee`, { contactId: a.users.student.id });
    expect(enrol.statusCode, enrol.body).toBe(201);
    expect((await myFiles(a, 'student')).shared.map((f) => f.id)).toContain(file.id);
    const download = await call(a, 'student', 'GET', `/rest/files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect((await call(a, 'other', 'GET', `/rest/files/${file.id}/download`)).statusCode).toBe(404);

    // Another studio's course, or no course at all: not found.
    const foreign = await call(b, 'admin', 'POST', '/stemplate/program', { name: 'Theirs' });
    const theirs = await call(a, 'staff', 'POST', `/rest/files/${file.id}/shares`, {
      kind: 'course',
      courseId: json<CourseDetail>(foreign).guId,
    });
    expect(theirs.statusCode).toBe(404);

    const refused = await call(a, 'admin', 'DELETE', `/rest/files/${file.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused).message).toBe(
      "This file is a chapter of the course 'Yoga Basics'. Remove it from the course first.",
    );
    expect((await call(a, 'admin', 'GET', `/rest/files/${file.id}`)).statusCode).toBe(200);
  });
});
