/**
 * The header's student search, for everyone who opens the student list: type a name, admission
 * number, mobile or father's name and pick the student to open their details, or their fee
 * records straight away. "/" or Ctrl+K (⌘K) puts the cursor in it from anywhere.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AutoComplete, Input, Space, Typography, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { resourceByName } from '../../../../shared/registry.js';
import { useAllowed, useScreenAllowed } from '../../../framework/useAccess.js';
import { classSection } from '../studentModel.js';
import { useStudentSearch, type FoundStudent } from './useStudentSearch.js';

const students = resourceByName('students');
const fees = resourceByName('fee-payments');

/** Whether a key press should move the cursor into the search: '/' outside a text field, or Ctrl/⌘+K. */
export function isSearchShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>, typingInField: boolean): boolean {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !typingInField && !e.ctrlKey && !e.metaKey;
}

const inField = (el: Element | null) => !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || (el as HTMLElement).isContentEditable);

export function HeaderStudentSearch() {
  // Whoever may open the student list.
  return useScreenAllowed(students, 'read', students.pages!.list) ? <SearchBox /> : null;
}

function SearchBox() {
  const navigate = useNavigate();
  const canFees = useAllowed(fees, 'read');
  const [text, setText] = useState('');
  const input = useRef<InputRef>(null);
  const search = useStudentSearch(text);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e, inField(document.activeElement))) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const open = (to: string) => { setText(''); input.current?.blur(); navigate(to); };
  const options = search.rows.map((r: FoundStudent) => ({
    value: String(r.id),
    label: (
      <div data-testid={`found-${r.id}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
        <div style={{ minWidth: 0 }}>
          <div style={{ fontWeight: 500, whiteSpace: 'normal' }}>{r.fullname} <Typography.Text type="secondary">{classSection(r)}</Typography.Text></div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
            {[r.admission_no && `Adm. ${r.admission_no}`, r.mobile, r.father_name && `Father: ${r.father_name}`].filter(Boolean).join(' · ')}
          </Typography.Text>
        </div>
        {canFees && (
          <a
            href={`/fees/records/${r.id}`}
            onMouseDown={(e) => e.stopPropagation()}
            onClick={(e) => { e.preventDefault(); e.stopPropagation(); open(`/fees/records/${r.id}`); }}
          >
            Fees
          </a>
        )}
      </div>
    ),
  }));

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={(v) => setText(String(v ?? ''))}
      onSelect={(id) => open(`/students/details/${id}`)}
      // An empty list stays closed (a list box with no options confuses screen readers); the box says so instead.
      notFoundContent={null}
      popupMatchSelectWidth={Math.min(360, window.innerWidth - 16)}
      // On a phone the list is wider than the box: shifted to stay on the screen.
      builtinPlacements={{ bottomLeft: { points: ['tl', 'bl'], offset: [0, 4], overflow: { adjustX: true, adjustY: true, shiftX: true } } }}
      className="header-student-search"
      style={{ width: 'min(280px, 40vw)' }}
    >
      <Input
        ref={input}
        allowClear
        aria-label="Find a student"
        placeholder="Find a student  /"
        prefix={<Space size={0}><SearchOutlined aria-hidden /></Space>}
        status={search.active && !search.loading && search.rows.length === 0 ? 'warning' : undefined}
        title={search.active && !search.loading && search.rows.length === 0 ? 'No student found' : undefined}
      />
    </AutoComplete>
  );
}
