// @vitest-environment happy-dom
import grapesjs from 'grapesjs';
import { describe, expect, it } from 'vitest';
import { DESIGNER_UNDO } from './designer-config';

/** Each of the owner's actions happens apart (GrapesJS's undo merges what changes in one go). */
const apart = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the designer's undo", () => {
  it('takes a text edit back with one undo after the text is left and another element selected, and redoes it', async () => {
    const editor = grapesjs.init({
      headless: true,
      storageManager: false,
      telemetry: false,
      components: '<h2>Class notes</h2><p>Bring water and a mat.</p>',
      undoManager: DESIGNER_UNDO,
    });
    await apart();
    const [heading, text] = editor.getWrapper()?.components().models ?? [];
    if (!heading || !text) throw new Error('no components');
    editor.select(text);
    await apart();
    // what GrapesJS's text view does when the owner leaves a text they typed in (ComponentTextView.syncContent)
    text.components().resetFromString('Bring water and a mat. Towels are provided.');
    await apart();
    editor.select(heading);
    await apart();
    editor.UndoManager.undo();
    expect(text.toHTML()).toMatch(/^<p[^>]*>Bring water and a mat\.<\/p>$/);
    // the selection is the owner's, not part of the history
    expect(editor.getSelected()).toBe(heading);
    editor.UndoManager.redo();
    expect(text.toHTML()).toMatch(/^<p[^>]*>Bring water and a mat\. Towels are provided\.<\/p>$/);
    editor.destroy();
  });
});
