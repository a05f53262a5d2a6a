import type { WidgetType } from '@atrium/contracts';
import { type Db, withTenant } from '../db/client.ts';
import { emailTemplates, widgets } from '../db/schema/index.ts';

interface DemoWidget {
  name: string;
  type: WidgetType;
  path: string;
  width: number | null;
  height: number | null;
  published: boolean;
}

/** One widget of each type (spec 2 §3): the screen's add action does nothing, so widgets come from here. */
const WIDGETS: DemoWidget[] = [
  { name: 'Welcome announcement', type: 'Announcement', path: '/', width: 600, height: 120, published: true },
  { name: 'Upcoming events sidebar', type: 'Event Sidebar', path: '/events', width: 300, height: 600, published: true },
  { name: 'Event list', type: 'Event List', path: '/events', width: 800, height: 900, published: false },
  { name: 'Past events', type: 'Past Event List', path: '/events', width: null, height: null, published: false },
  { name: 'Book a class link', type: 'Link', path: '/calendar', width: 200, height: 48, published: true },
];

export async function seedDemoWidgets(db: Db, tenantId: string, origin: string): Promise<void> {
  const now = Date.now();
  await withTenant(db, tenantId, async (tx) => {
    await tx.insert(widgets).values(
      WIDGETS.map((widget, index) => {
        const updatedAt = new Date(now - (index + 1) * 86_400_000);
        return {
          tenantId,
          name: widget.name,
          type: widget.type,
          misc: `${origin}${widget.path}`,
          width: widget.width,
          height: widget.height,
          isPublished: widget.published,
          publishedAt: widget.published ? updatedAt : null,
          createdAt: updatedAt,
          updatedAt,
        };
      }),
    );
  });
}

/** A free template and the 'Password reset' one, so the Templates screen has something to show. */
export async function seedDemoEmailTemplates(db: Db, tenantId: string): Promise<void> {
  await withTenant(db, tenantId, async (tx) => {
    await tx.insert(emailTemplates).values([
      {
        tenantId,
        name: 'Class reminder',
        subject: 'See you in class, {{firstname}}',
        template:
          '<p>Hi {{firstname}},</p><p>A reminder that your class at {{orgname}} starts soon. Questions? Call us on {{orgphone}}.</p>',
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      },
      {
        tenantId,
        name: 'Password reset',
        subject: 'Reset your {{orgname}} password',
        systemKey: 'password_reset',
        template:
          '<p>Hello {{firstname}},</p><p>Someone asked to reset the password of your {{orgname}} account. This link works once, for {{resetminutes}} minutes:</p><p><a href="{{resetlink}}">Choose a new password</a></p><p>If it was not you, ignore this email.</p>',
      },
    ]);
  });
}
