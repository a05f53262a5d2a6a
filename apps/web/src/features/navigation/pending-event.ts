import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/** A class a visitor picked before logging in (spec 1 landing rules). */
export interface PendingEvent {
  classId: string;
  clsStartTime: string;
  scheduleId?: string;
}

export function parsePendingEvent(raw: string | null): PendingEvent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingEvent> | null;
    if (!value || typeof value.classId !== 'string' || typeof value.clsStartTime !== 'string') return null;
    if (!value.classId || !value.clsStartTime) return null;
    return {
      classId: value.classId,
      clsStartTime: value.clsStartTime,
      ...(typeof value.scheduleId === 'string' && value.scheduleId ? { scheduleId: value.scheduleId } : {}),
    };
  } catch {
    return null;
  }
}

export function readPendingEvent(): PendingEvent | null {
  return parsePendingEvent(readStored(STORAGE_KEYS.pendingEvent));
}

export function storePendingEvent(event: PendingEvent | null): void {
  writeStored(STORAGE_KEYS.pendingEvent, event ? JSON.stringify(event) : null);
}

/** /signup/{classId}/{clsStartTime}?scheduleId=... */
export function signupPath(event: PendingEvent): string {
  const base = `/signup/${encodeURIComponent(event.classId)}/${encodeURIComponent(event.clsStartTime)}`;
  return event.scheduleId ? `${base}?scheduleId=${encodeURIComponent(event.scheduleId)}` : base;
}
