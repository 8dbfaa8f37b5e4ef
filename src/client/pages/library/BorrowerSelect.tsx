/**
 * A student or a teacher to lend to, or to read the history of: found by name (or admission
 * number, employee id) as the librarian types, each shown with the books they hold now.
 */
import { useState } from 'react';
import { Select } from 'antd';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { usePausedText } from '../../framework/useSearchCall.js';

export type BorrowerKind = 'student' | 'teacher';

export function BorrowerSelect({ id, kind, value, onChange, label }: {
  id?: string; kind: BorrowerKind; value?: number | null; onChange?: (id: number | null) => void; label: string;
}) {
  const [text, setText] = useState('');
  const { needle } = usePausedText(text);
  const { result, query } = useDeclaredQuery('book-issues.borrowers', { params: { kind }, query: needle ? { q: needle } : {} });
  const rows = query.isSuccess ? result.data : [];
  return (
    <Select<number>
      id={id}
      aria-label={label}
      showSearch
      allowClear
      filterOption={false}
      placeholder={kind === 'student' ? 'Type a name or admission number' : 'Type a name or employee id'}
      loading={query.isFetching}
      value={value ?? undefined}
      onSearch={setText}
      onChange={(v) => onChange?.(v ?? null)}
      options={rows.map((r) => ({ value: r.id, label: r.name, detail: r.detail, out: r.books_out }))}
      optionRender={(o) => (
        <span>{o.data.label}<span style={{ color: '#595959' }}> · {o.data.detail || '—'} · {o.data.out} out</span></span>
      )}
      notFoundContent={query.isFetching ? 'Searching…' : 'No one found'}
      style={{ width: '100%' }}
    />
  );
}
