/**
 * A picker of student/parent logins (role 1) that searches as the user types
 * (students.usersOfRole): the add wizard's "existing parent login" and the link-user page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { callDeclared, type CallData } from '../../framework/useDeclaredCall.js';
import { roleId } from '../../../shared/roles.js';
import { userLabel } from './studentModel.js';

export type SearchUser = CallData<'students.usersOfRole'>[number];

export function ParentLoginSelect({ value, onChange, onPicked, initialLabel, id }: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  /** The chosen login's label, for a review screen. */
  onPicked?: (label: string) => void;
  initialLabel?: string;
  id?: string;
}) {
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useCallback((q: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const { data: users } = await callDeclared('students.usersOfRole', { params: { role: roleId('parent') }, query: { q: q.trim() } });
        setOptions((users ?? []).map((u) => ({ value: u.id, label: userLabel(u) })));
      } catch {
        setOptions([]);
      } finally {
        setLoading(false);
      }
    }, 300);
  }, []);
  useEffect(() => { search(''); return () => clearTimeout(timer.current); }, [search]);
  // A login chosen elsewhere (the wizard's "use this login") shows its name until it is searched for.
  const shown = value && initialLabel && !options.some((o) => o.value === value) ? [{ value, label: initialLabel }, ...options] : options;
  return (
    <Select
      id={id}
      value={value}
      showSearch
      filterOption={false}
      onSearch={search}
      options={shown}
      loading={loading}
      placeholder="Search by name, mobile or email"
      notFoundContent={loading ? 'Searching…' : 'No login found'}
      onChange={(v: number) => {
        onChange?.(v);
        onPicked?.(shown.find((o) => o.value === v)?.label ?? '');
      }}
    />
  );
}
