/** Spec 3 §9: a hidden command is at most 6 characters typed anywhere outside a field. */
export const COMMAND_MAX_LENGTH = 6;
/** Keys further apart than this start a new command. */
export const COMMAND_PAUSE_MS = 2_000;

/** The known commands and the call each one makes (spec 1 §7: POST /snode/cache). */
export const HIDDEN_COMMANDS = { cache: '/snode/cache' } as const;
export type HiddenCommand = keyof typeof HIDDEN_COMMANDS;

export interface CommandBuffer {
  typed: string;
  lastKeyAt: number;
}

export const EMPTY_BUFFER: CommandBuffer = { typed: '', lastKeyAt: 0 };

/** Adds a key press; answers the new buffer and the command it completes, if any. */
export function pressKey(
  buffer: CommandBuffer,
  key: string,
  now: number,
): { buffer: CommandBuffer; command: HiddenCommand | null } {
  if (!/^[a-z0-9]$/i.test(key)) return { buffer: EMPTY_BUFFER, command: null };
  const start = now - buffer.lastKeyAt > COMMAND_PAUSE_MS ? '' : buffer.typed;
  const typed = `${start}${key.toLowerCase()}`.slice(-COMMAND_MAX_LENGTH);
  const command = (Object.keys(HIDDEN_COMMANDS) as HiddenCommand[]).find((name) => typed.endsWith(name)) ?? null;
  return { buffer: command ? EMPTY_BUFFER : { typed, lastKeyAt: now }, command };
}

/** Typing into a field is never a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable === true;
}
