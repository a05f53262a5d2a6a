import { describe, expect, it } from 'vitest';
import { pureCallOffsets } from './pure-contracts';

const annotate = (code: string) =>
  pureCallOffsets(code).reduce((result, offset) => `${result.slice(0, offset)}/*P*/${result.slice(offset)}`, code);

describe('marking contracts pure', () => {
  it('marks every call of a module-level const initializer, after non-ASCII text too', () => {
    const code = [
      '/** Spec 1 §3 — “quoted” */',
      "export const Path = z.string().regex(/^\\/x/, 'é');",
      'const Query = z.object({ redirectUrl: Path.optional() });',
    ].join('\n');
    expect(annotate(code)).toBe(
      [
        '/** Spec 1 §3 — “quoted” */',
        "export const Path = /*P*/z.string().regex(/^\\/x/, 'é');",
        'const Query = /*P*/z.object({ redirectUrl: /*P*/Path.optional() });',
      ].join('\n'),
    );
  });

  it('leaves calls inside functions, statements and let bindings alone', () => {
    const code = [
      'export function f(list: string[]) { list.push("x"); return list; }',
      'export const g = () => register(1);',
      'z.config({});',
      'let counter = start();',
      "export const LABEL = 'text';",
    ].join('\n');
    expect(annotate(code)).toBe(code);
  });
});
