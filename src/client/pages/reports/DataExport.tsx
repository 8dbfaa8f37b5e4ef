/**
 * Data exports (/admin-actions/export, spec 3): the school's students and its fees of an
 * academic year as CSV files made by the server (the declared calls students.export and fee-payments.export),
 * each offered only to those who may read that module.
 */
import { useState } from 'react';
import { App, Button, Card, List, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { resourceByName } from '../../../shared/registry.js';
import type { PageProps } from '../registry.js';
import { callDeclared } from '../../framework/useDeclaredCall.js';
import { download } from '../../framework/csv.js';
import { PickerFilter, type FilterDef } from '../../framework/list/PickerFilter.js';
import { useAllowed } from '../../framework/useAccess.js';
import { errorText } from '../../framework/useCall.js';
import { ENABLED_YEAR } from '../../../shared/years.js';

const YEAR: FilterDef = { field: 'ac_year_id', resource: 'acyears', label: 'Academic Year', preselect: ENABLED_YEAR };

export default function DataExport(_props: PageProps) {
  const { notification } = App.useApp();
  const [yearId, setYearId] = useState<unknown>();
  const [busy, setBusy] = useState<string | null>(null);
  const exports = [
    { key: 'students', title: 'Students', text: 'Current students of the year with their admission details', allowed: useAllowed(resourceByName('students'), 'read') },
    { key: 'fees', title: 'Fees', text: 'Every bill of the year with its items, discount, paid and pending amounts and receipt numbers', allowed: useAllowed(resourceByName('fee-payments'), 'read') },
  ].filter((e) => e.allowed);

  const run = async (key: string) => {
    setBusy(key);
    try {
      const year = yearId === undefined || yearId === null || yearId === '' ? undefined : String(yearId);
      const { data } = key === 'students'
        ? await callDeclared('students.export', { query: { ac_year_id: year } })
        : await callDeclared('fee-payments.export', { query: { ac_year_id: year } });
      if (!data?.path) throw new Error('The export has no file');
      download(data.path);
    } catch (e) {
      notification.error({ message: 'Export Failed', description: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title="Data Export" style={{ maxWidth: 820 }}>
      <Space style={{ marginBottom: 16 }}>
        <PickerFilter def={YEAR} idPrefix="data-export" value={yearId} onChange={setYearId} />
      </Space>
      <List
        dataSource={exports}
        renderItem={(e) => (
          <List.Item actions={[<Button key="go" icon={<DownloadOutlined />} loading={busy === e.key} onClick={() => void run(e.key)}>Export {e.title}</Button>]}>
            <List.Item.Meta title={e.title} description={e.text} />
          </List.Item>
        )}
      />
    </Card>
  );
}
