/**
 * /chat (spec 4 §2.6, §4 Chat): the messenger, opened in a tab of its own from the header. The
 * chat list (name, role label, time, unread), the conversation, and New Chat (user and message
 * required). Enter sends, Shift+Enter adds a newline, empty text is ignored; a line the other side
 * has seen (status 2) says Seen, with when. Pictures sent through the upload show inline. A message
 * arriving while the window is unfocused raises a desktop notification (spec 4 §8's three
 * messages when that cannot be).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Avatar, Badge, Button, Card, Empty, Form, Grid, Input, List, Modal, Select, Space, Spin, Tooltip, Typography, Upload, message as toast } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, ClockCircleOutlined, PaperClipOutlined, PlusOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { PageProps } from '../registry.js';
import { useSession } from '../../app/SessionContext.js';
import { liveConnection, useLiveStatus } from '../../live/useLive.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { uploadFile, uploadRule } from '../../framework/upload.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import newChatSchema from '../../../../schemas/chat/calls/new-chat.json' with { type: 'json' };
import { ChatStore, chatRoleLabel, SEEN, type ChatFile, type ChatListItem, type ChatMessage, type ChatPerson } from './chatModel.js';
import { askNotifications, notifyDesktop } from './desktopNotify.js';

const when = (ts: string) => {
  const d = dayjs(ts);
  return d.isSame(dayjs(), 'day') ? d.format('h:mm A') : d.isSame(dayjs(), 'year') ? d.format('DD MMM') : d.format('DD MMM YYYY');
};
/** Secondary text dark enough to read on the bubbles and the chosen chat's tint (WCAG AA). */
const MUTED = '#4a4a4a';
const isImage = (f: ChatFile) => /^image\//.test(f.type ?? '') || /\.(png|jpe?g|gif|webp)$/i.test(f.name);

export default function Messenger(_: PageProps) {
  const { user } = useSession();
  const status = useLiveStatus();
  const live = liveConnection();
  const [people, setPeople] = useState<ChatPerson[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [newChat, setNewChat] = useState(false);
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;

  const store = useMemo(() => live && new ChatStore(live, user.id, (m) => {
    if (document.hidden || !document.hasFocus()) notifyDesktop(m.from.name, m.message || (m.files[0]?.name ?? ''));
  }), [live, user.id]);
  useEffect(() => () => store?.close(), [store]);
  useEffect(() => { if (store) store.onRefused = (e) => { void toast.error(e); }; }, [store]);
  useSyncExternalStore((fn) => store?.subscribe(fn) ?? (() => {}), () => store?.version ?? 0);
  useEffect(() => { askNotifications((text) => { void toast.warning(text); }); }, []);

  const peopleQuery = useDeclaredQuery('chat-messages.people', {});
  useEffect(() => { const d = peopleQuery.result?.data; if (Array.isArray(d)) setPeople(d as ChatPerson[]); }, [peopleQuery.result]);

  // The list once the socket is live (and again after each reconnect, through the store).
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!store || status !== 'live' || loaded) return;
    void store.catchUp().then(() => setLoaded(true));
  }, [store, status, loaded]);

  if (!store) return null;
  const list = store.list;
  const person: ChatPerson | undefined = openId === null ? undefined
    : list.find((c) => c.id === openId) ?? people.find((p) => p.id === openId);

  const openChat = (id: number) => {
    store.open = id;
    setOpenId(id);
  };

  const listPane = (
    <Card size="small" title="Chats" style={{ height: '100%' }} styles={{ body: { padding: 0, overflow: 'auto', maxHeight: 'calc(100vh - 220px)' } }}
      extra={<Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setNewChat(true)}>New Chat</Button>}>
      {!loaded ? <div style={{ padding: 24, textAlign: 'center' }}><Spin /></div> : (
        <List<ChatListItem>
          dataSource={list}
          locale={{ emptyText: <Empty description="No chats yet" /> }}
          renderItem={(c) => (
            <List.Item
              onClick={() => openChat(c.id)} aria-current={c.id === openId}
              style={{ cursor: 'pointer', padding: '8px 12px', background: c.id === openId ? '#e6f4ff' : undefined }}
              data-testid={`chat-${c.id}`}
            >
              <List.Item.Meta
                avatar={<Badge count={c.unread} size="small"><Avatar>{c.name.slice(0, 1).toUpperCase()}</Avatar></Badge>}
                title={<Space style={{ width: '100%', justifyContent: 'space-between' }}><span>{c.name}</span><Typography.Text style={{ fontSize: 12, color: MUTED }}>{when(c.timestamp)}</Typography.Text></Space>}
                description={<><Typography.Text style={{ fontSize: 12, color: MUTED }}>{chatRoleLabel(c.role)}</Typography.Text><br /><Typography.Text ellipsis style={{ maxWidth: 220 }}>{c.last_message}</Typography.Text></>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );

  const conversationPane = person
    ? <Conversation key={person.id} store={store} me={user.id} person={person} onBack={narrow ? () => { store.open = null; setOpenId(null); } : undefined} live={status === 'live'} />
    : <Card style={{ height: '100%' }}><Empty description="Choose a chat, or start a new one" /></Card>;

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'stretch' }}>
      {(!narrow || openId === null) && <div style={{ width: narrow ? '100%' : 320, flex: 'none' }}>{listPane}</div>}
      {(!narrow || openId !== null) && <div style={{ flex: 1, minWidth: 0 }}>{conversationPane}</div>}
      <NewChat open={newChat} people={people} onClose={() => setNewChat(false)}
        onSend={(p, text) => { store.send(p, text); openChat(p.id); setNewChat(false); }} />
    </div>
  );
}

function NewChat({ open, people, onClose, onSend }: { open: boolean; people: ChatPerson[]; onClose: () => void; onSend: (p: ChatPerson, text: string) => void }) {
  const [form] = Form.useForm<{ user_id: number; message: string }>();
  return (
    <Modal title="New Chat" open={open} onCancel={onClose} okText="Send" destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        const p = people.find((x) => x.id === v.user_id);
        if (p) onSend(p, v.message);
        form.resetFields();
      }}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="User" name="user_id" rules={payloadRules(newChatSchema, 'user_id')}>
          <Select showSearch optionFilterProp="label" placeholder="Choose a person" aria-label="User"
            options={people.map((p) => ({ value: p.id, label: `${p.name} (${chatRoleLabel(p.role)})` }))} />
        </Form.Item>
        <Form.Item label="Message" name="message" rules={payloadRules(newChatSchema, 'message')}>
          <Input.TextArea rows={3} aria-label="Message" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Conversation({ store, me, person, onBack, live }: { store: ChatStore; me: number; person: ChatPerson; onBack?: () => void; live: boolean }) {
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<ChatMessage[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const messages = store.messages(person.id);
  const rule = uploadRule('chat-files');

  useEffect(() => { if (live) void store.load(person.id); }, [store, person.id, live]);
  // Seen while the window has focus; again when it comes back.
  const count = messages.length;
  useEffect(() => {
    const mark = () => { if (document.hasFocus() && !document.hidden) void store.markSeen(person.id); };
    mark();
    window.addEventListener('focus', mark);
    return () => window.removeEventListener('focus', mark);
  }, [store, person.id, count]);
  useEffect(() => { bottom.current?.scrollIntoView?.({ block: 'end' }); }, [count]);

  const send = () => {
    if (store.send(person, text)) setText('');
  };
  const shown = found ?? messages;

  return (
    <Card size="small" style={{ height: '100%' }}
      title={<Space>{onBack && <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back" onClick={onBack} />}<span>{person.name}</span><Typography.Text style={{ fontSize: 12, color: MUTED }}>{chatRoleLabel(person.role)}</Typography.Text></Space>}
      extra={searching
        ? <Input.Search size="small" allowClear autoFocus placeholder="Search this chat" style={{ width: 200 }}
            onSearch={async (q) => { setFound(q.trim() ? await store.search(person.id, q.trim()) : null); }}
            onBlur={(e) => { if (!e.target.value) { setSearching(false); setFound(null); } }} />
        : <Button size="small" type="text" icon={<SearchOutlined />} aria-label="Search" onClick={() => setSearching(true)} />}
      styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100vh - 220px)', minHeight: 320 } }}>
      <div style={{ flex: 1, overflow: 'auto', padding: '4px 8px' }} role="log" aria-label={`Chat with ${person.name}`}>
        {!found && messages.length >= 50 && <div style={{ textAlign: 'center' }}><Button size="small" type="link" onClick={() => void store.older(person.id)}>Older messages</Button></div>}
        {found && <Typography.Text style={{ color: MUTED }}>{found.length} found</Typography.Text>}
        {shown.map((m) => <Line key={m.client_id} m={m} mine={m.from_user_id === me} />)}
        <div ref={bottom} />
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', paddingTop: 8 }}>
        <Upload accept={rule.accept} showUploadList={false} disabled={uploading}
          beforeUpload={(file) => {
            const problem = rule.problem(file);
            if (problem) { void toast.error(problem); return false; }
            setUploading(true);
            uploadFile(file, 'chat-files')
              .then((up) => { store.send(person, text, [{ name: up.name, size: up.size, path: up.path, url: up.path, type: file.type }]); setText(''); })
              .catch(() => { void toast.error('Upload Failed !'); })
              .finally(() => setUploading(false));
            return false;
          }}>
          <Button icon={<PaperClipOutlined />} aria-label="Attach a file" loading={uploading} />
        </Upload>
        <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 1, maxRows: 5 }} placeholder="Type a message"
          aria-label="Type a message"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); send(); }
          }} />
        <Button type="primary" icon={<SendOutlined />} aria-label="Send" onClick={send} />
      </div>
    </Card>
  );
}

function Line({ m, mine }: { m: ChatMessage; mine: boolean }) {
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '4px 0' }} data-testid="chat-line">
      <div style={{ maxWidth: '75%', background: mine ? '#d9f7be' : '#f5f5f5', borderRadius: 8, padding: '6px 10px' }}>
        {m.files.map((f) => isImage(f)
          ? <a key={f.path} href={f.url ?? f.path} target="_blank" rel="noopener noreferrer"><img src={f.url ?? f.path} alt={f.name} style={{ maxWidth: 240, maxHeight: 240, display: 'block', borderRadius: 4 }} /></a>
          : <div key={f.path}><a href={f.url ?? f.path} target="_blank" rel="noopener noreferrer"><PaperClipOutlined /> {f.name}</a></div>)}
        {m.message && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{m.message}</div>}
        <div style={{ fontSize: 11, color: MUTED, textAlign: 'right' }}>
          {dayjs(m.timestamp).format('DD MMM, h:mm A')}
          {mine && (m.pending
            ? <> <ClockCircleOutlined aria-label="Sending" /></>
            : m.status === SEEN
              ? <Tooltip title={m.seen_at ? `Seen ${dayjs(m.seen_at).format('DD MMM, h:mm A')}` : 'Seen'}> <span style={{ color: '#003eb3' }}>Seen</span></Tooltip>
              : <> <CheckOutlined aria-label="Sent" /></>)}
        </div>
      </div>
    </div>
  );
}
