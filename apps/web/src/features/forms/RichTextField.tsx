import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useId } from 'react';

/** One of the form's texts (before, sub-header, after) as rich text (Tiptap). */
export function RichTextField({
  label,
  value,
  onChange,
  controls,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** More toolbar controls, given the editor (a campaign's merge-field menu). */
  controls?: (editor: Editor | null) => ReactNode;
}) {
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-labelledby': id, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Input.Wrapper label={label} labelProps={{ id }}>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.BulletList />
            <RichTextEditor.Link />
          </RichTextEditor.ControlsGroup>
          {controls ? <RichTextEditor.ControlsGroup>{controls(editor)}</RichTextEditor.ControlsGroup> : null}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
