/** /library/issued/: the books one student or teacher has borrowed, out now and returned. */
import { useState } from 'react';
import { Card, Form, Radio, Space, Table, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { BorrowerSelect, type BorrowerKind } from './BorrowerSelect.js';
import { issueColumns } from './issueColumns.js';

export default function IssuedHistory(_: PageProps) {
  const [kind, setKind] = useState<BorrowerKind>('student');
  const [who, setWho] = useState<number | null>(null);
  const history = useDeclaredQuery('book-issues.borrowerHistory', { params: { kind, id: who ?? 0 } }, { enabled: who !== null });
  const rows = who !== null && history.query.isSuccess ? history.result.data : [];
  return (
    <Card title="Issue History">
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label="Borrower">
          <Radio.Group value={kind} onChange={(e) => { setKind(e.target.value); setWho(null); }} options={[{ value: 'student', label: 'Student' }, { value: 'teacher', label: 'Teacher' }]} />
        </Form.Item>
        <Form.Item label={kind === 'student' ? 'Student' : 'Teacher'} htmlFor="library-borrower">
          <BorrowerSelect id="library-borrower" kind={kind} value={who} onChange={setWho} label={kind === 'student' ? 'Student' : 'Teacher'} />
        </Form.Item>
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        {who === null ? (
          <Typography.Text type="secondary">Choose a {kind} to see the books they have borrowed</Typography.Text>
        ) : (
          <Table
            rowKey="id" size="small" scroll={{ x: true }} loading={history.query.isFetching} dataSource={rows} columns={issueColumns('book')}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            locale={{ emptyText: <Typography.Text type="secondary">No books borrowed yet</Typography.Text> }}
          />
        )}
      </Space>
    </Card>
  );
}
