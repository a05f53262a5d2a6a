import type { ClassSession } from '@atrium/contracts';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast, showWarningToast } from '../../lib/notify';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import type { DayRange } from './api';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { useEditSession, useStaffSessions, useTeachers } from './hooks';
import { RosterDialog } from './RosterDialog';
import { CalendarScreen } from './SessionCalendar';
import { movedMessages } from './session-format';

/** /calendar for staff and the front desk: every session with its spots; a click opens the roster. */
export default function StaffCalendarPage() {
  const tenant = useTenant();
  const { account, user } = useSession();
  const teachers = useTeachers(user !== null);
  const isTeacher = teachers.data?.data.some((t) => t.guId === user?.guId) ?? false;
  useDocumentHead(tenant, 'Calendar');
  const [range, setRange] = useState<DayRange | null>(null);
  const [picked, setPicked] = useState<ClassSession | null>(null);
  const sessions = useStaffSessions(range);
  const timeZone = sessions.data?.timezone ?? tenant.timezone;
  const edit = useEditSession();
  const canManage = account?.permissions.isAllowCreateClasses ?? false;
  const move = async (session: ClassSession, to: { date: string; startTime: string }) => {
    try {
      const edited = await edit.mutateAsync({ sessionId: session.guId, body: to });
      const { done, warnings } = movedMessages(edited, timeZone);
      showSuccessToast(done);
      for (const warning of warnings) showWarningToast(warning);
      return true;
    } catch (error) {
      showErrorToast(isApiError(error) ? error.message : 'The class could not be moved. Please try again.');
      return false;
    }
  };
  return (
    <CalendarScreen
      titleId="calendar-title"
      title="Calendar"
      query={sessions}
      timeZone={timeZone}
      onRangeChange={setRange}
      onPick={setPicked}
      onMove={canManage ? move : undefined}
      describe={(s) => (s.overlap ? 'Room or teacher double-booked' : null)}
    >
      {isTeacher ? <CalendarFeedPanel kind="teacher" /> : null}
      <RosterDialog
        session={picked}
        timeZone={timeZone}
        canManage={canManage}
        canAddPeople={account?.permissions.isShowContactsList ?? false}
        onClose={() => setPicked(null)}
      />
    </CalendarScreen>
  );
}
