/**
 * The web announcement's editor (tiptap): paragraphs, bold, italic, underline, strike, headings
 * 2 to 4, lists, quotes and links — exactly what the shared sanitiser keeps, so nothing made here
 * is lost on save. Links take http, https and mailto addresses only.
 */
import { useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Space, Tooltip } from 'antd';
import {
  BoldOutlined, DisconnectOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, StrikethroughOutlined, UnderlineOutlined, UnorderedListOutlined,
} from '@ant-design/icons';

import './richText.css';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false, codeBlock: false, horizontalRule: false,
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => SAFE_LINK.test(url), HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' } },
  }),
];

function Tool({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={label} aria-pressed={active} onClick={onClick}>{children}</Button>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const is = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }), h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'), quote: e.isActive('blockquote'), link: e.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const url = href.trim();
    if (!SAFE_LINK.test(url)) return;
    chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };
  return (
    <Space size={2} wrap role="toolbar" aria-label="Formatting" style={{ display: 'flex', padding: 4, borderBottom: '1px solid #d9d9d9' }}>
      <Tool label="Bold" active={is.bold} onClick={() => chain().toggleBold().run()}><BoldOutlined /></Tool>
      <Tool label="Italic" active={is.italic} onClick={() => chain().toggleItalic().run()}><ItalicOutlined /></Tool>
      <Tool label="Underline" active={is.underline} onClick={() => chain().toggleUnderline().run()}><UnderlineOutlined /></Tool>
      <Tool label="Strikethrough" active={is.strike} onClick={() => chain().toggleStrike().run()}><StrikethroughOutlined /></Tool>
      <Divider type="vertical" />
      {([2, 3, 4] as const).map((level) => (
        // The name holds the button's visible text (H2), as screen-reader users hear what they see.
        <Tool key={level} label={`H${level} heading`} active={is[`h${level}`]} onClick={() => chain().toggleHeading({ level }).run()}>H{level}</Tool>
      ))}
      <Divider type="vertical" />
      <Tool label="Bulleted list" active={is.bullet} onClick={() => chain().toggleBulletList().run()}><UnorderedListOutlined /></Tool>
      <Tool label="Numbered list" active={is.ordered} onClick={() => chain().toggleOrderedList().run()}><OrderedListOutlined /></Tool>
      <Tool label="Quote" active={is.quote} onClick={() => chain().toggleBlockquote().run()}>“ ”</Tool>
      <Divider type="vertical" />
      <Tool label="Link" active={is.link} onClick={() => { setHref(editor.getAttributes('link').href ?? 'https://'); setLinkOpen(true); }}><LinkOutlined /></Tool>
      <Tool label="Remove link" onClick={() => chain().unsetLink().run()}><DisconnectOutlined /></Tool>
      <Modal open={linkOpen} title="Link" okText="Set Link" onOk={setLink} okButtonProps={{ disabled: !SAFE_LINK.test(href.trim()) }} onCancel={() => setLinkOpen(false)} destroyOnHidden>
        <Input aria-label="Link address" value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={setLink} placeholder="https://" />
      </Modal>
    </Space>
  );
}

export default function RichTextEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'rich-text rich-text-editor' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
