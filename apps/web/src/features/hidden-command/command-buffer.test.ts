import { describe, expect, it } from 'vitest';
import { COMMAND_PAUSE_MS, EMPTY_BUFFER, isTypingTarget, pressKey } from './command-buffer';

function type(keys: string, start = 1_000, gap = 100) {
  let buffer = EMPTY_BUFFER;
  let command: string | null = null;
  [...keys].forEach((key, index) => {
    const result = pressKey(buffer, key, start + index * gap);
    buffer = result.buffer;
    command = result.command ?? command;
  });
  return { buffer, command };
}

describe('hidden command buffer', () => {
  it('recognises "cache" typed in a row, in any case, and empties the buffer', () => {
    expect(type('cache').command).toBe('cache');
    expect(type('xCACHE').command).toBe('cache');
    expect(type('cache').buffer.typed).toBe('');
  });

  it('keeps at most 6 characters', () => {
    expect(type('abcdefgh').buffer.typed).toBe('cdefgh');
  });

  it('starts over after a pause or a non-character key', () => {
    expect(type('cac', 1_000).command).toBeNull();
    const { buffer } = type('cac');
    expect(pressKey(buffer, 'h', 10_000 + COMMAND_PAUSE_MS).buffer.typed).toBe('h');
    expect(pressKey(buffer, 'Enter', 1_400).buffer.typed).toBe('');
  });

  it('ignores typing into fields', () => {
    expect(isTypingTarget({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'BODY', isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
