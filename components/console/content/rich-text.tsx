'use client';

import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useConsoleT } from '../i18n';
import { useImageUpload } from './use-image-upload';
import styles from './content.module.css';

/**
 * The article body's editor (Tiptap): headings, emphasis, lists, quotes, links and images
 * uploaded through an upload grant. It hands out HTML; the server sanitises it on save.
 */
export function RichText({
  value,
  onChange,
  label,
  lang,
  invalid,
  readOnly = false,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  lang: string;
  invalid?: boolean;
  readOnly?: boolean;
}) {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }), Image],
    content: value,
    immediatelyRender: false,
    editable: !readOnly,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', lang } },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });
  // A version restored or an article reloaded replaces the text; typing does not come back here.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  // Quietly: Tiptap emits an update by default, which marked every opened draft changed (and
  // autosaved it as a new version three seconds later).
  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  return (
    <div className={`${styles.rich} ${invalid ? styles.invalid : ''}`}>
      {editor && !readOnly && <Toolbar editor={editor} />}
      <EditorContent editor={editor} className={styles.richBody} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { m } = useConsoleT();
  const t = m.toolbar;
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const upload = useImageUpload();
  const chain = () => editor.chain().focus();
  const tool = (key: string, title: string, icon: ReactNode, run: () => void, active = false, disabled = false) => (
    <Tooltip title={title} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={active}
        icon={icon}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={m.editor.body}>
      {tool('bold', t.bold, <BoldOutlined />, () => chain().toggleBold().run(), state.bold)}
      {tool('italic', t.italic, <ItalicOutlined />, () => chain().toggleItalic().run(), state.italic)}
      {tool('h2', t.h2, <b>H2</b>, () => chain().toggleHeading({ level: 2 }).run(), state.h2)}
      {tool('h3', t.h3, <b>H3</b>, () => chain().toggleHeading({ level: 3 }).run(), state.h3)}
      {tool('bullet', t.bullet, <UnorderedListOutlined />, () => chain().toggleBulletList().run(), state.bullet)}
      {tool('ordered', t.ordered, <OrderedListOutlined />, () => chain().toggleOrderedList().run(), state.ordered)}
      {tool('quote', t.quote, <span aria-hidden>❝</span>, () => chain().toggleBlockquote().run(), state.quote)}
      {tool(
        'link',
        t.link,
        <LinkOutlined />,
        () => {
          if (state.link) return void chain().unsetLink().run();
          const href = window.prompt(t.linkPrompt)?.trim();
          if (href) chain().setLink({ href }).run();
        },
        state.link,
      )}
      {upload.picker(
        (url) => chain().setImage({ src: url }).run(),
        (open, busy) => tool('image', t.image, <PictureOutlined />, open, false, busy),
      )}
      {tool('undo', t.undo, <UndoOutlined />, () => chain().undo().run(), false, !state.undo)}
      {tool('redo', t.redo, <RedoOutlined />, () => chain().redo().run(), false, !state.redo)}
    </div>
  );
}
