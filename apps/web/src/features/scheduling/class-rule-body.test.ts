import { ClassRuleInput } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { bodyOf } from './ClassRuleDialog';

const values = {
  name: 'Reformer',
  daysOfWeek: ['1'],
  startTime: '18:00',
  durationMinutes: 50,
  startDate: '2026-12-01',
  endDate: '',
  exceptionDates: '',
  capacity: 8,
  roomId: null,
  teacherId: null,
  price: '',
  isOnline: false,
  description: '',
  address: '',
  isFeatured: false,
  waitlistEnabled: true,
  waitlistSize: '' as number | string,
};

describe('the class dialog’s waitlist fields', () => {
  it('sends the switch and the size (empty: no limit); with the switch off, no size', () => {
    expect(bodyOf(values)).toMatchObject({ waitlistEnabled: true, waitlistSize: null });
    expect(bodyOf({ ...values, waitlistSize: 12 })).toMatchObject({ waitlistEnabled: true, waitlistSize: 12 });
    expect(bodyOf({ ...values, waitlistEnabled: false, waitlistSize: 12 })).toMatchObject({
      waitlistEnabled: false,
      waitlistSize: null,
    });
    expect(ClassRuleInput.safeParse(bodyOf({ ...values, waitlistSize: 0 })).error?.issues[0]?.path).toEqual([
      'waitlistSize',
    ]);
  });

  it('an event has no waitlist fields (it is registered for whole)', () => {
    const body = bodyOf({ ...values, endDate: '2026-12-02' }, 'event');
    expect(body).not.toHaveProperty('waitlistEnabled');
    expect(body).not.toHaveProperty('waitlistSize');
  });
});
