import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { TAG_DRAG_TYPE, wrapTag } from './template-rules';

interface Props {
  initialHtml: string;
  editable: boolean;
  error?: string | null;
  onChange: (html: string) => void;
  onFocus: () => void;
  onReady: (editor: Editor | null) => void;
}

/** Inserts `{{tag}}` at the editor's cursor (or selection), keeping the focus there. */
export function insertTagInEditor(editor: Editor, tag: string): void {
  editor.chain().focus().insertContent(wrapTag(tag)).run();
}

/**
 * The template body: Tiptap through @mantine/tiptap (lazy: only the editor screen loads it).
 * A tag chip dropped on it lands where it is dropped.
 */
export function TemplateBodyEditor({ initialHtml, editable, error, onChange, onFocus, onReady }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: initialHtml,
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-label': 'Body',
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'template-body',
      },
      handleDrop: (view, event) => {
        const tag = event.dataTransfer?.getData(TAG_DRAG_TYPE);
        if (!tag) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from;
        view.dispatch(view.state.tr.insertText(wrapTag(tag), at));
        view.focus();
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
    onFocus,
  });

  useEffect(() => {
    onReady(editor);
    return () => onReady(null);
  }, [editor, onReady]);

  return (
    <Input.Wrapper label="Body" required error={error ?? undefined}>
      <RichTextEditor editor={editor} mt={4}>
        {editable ? (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        ) : null}
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
