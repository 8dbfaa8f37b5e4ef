/** /library/book/history/{id}: every time one book went out, to whom, and how it came back. */
import { Alert, Card, Descriptions, Table, Typography } from 'antd';
import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import type { Book } from '../../../generated/entities/library.js';
import { BOOK_STATUS_OPTIONS } from '../../../generated/enums/library.js';
import { StatusTag } from '../../framework/StatusTag.js';
import type { EntityRow } from '../../../shared/wire.js';
import { errorNotification } from '../../framework/notify.js';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { issueColumns } from './issueColumns.js';

export default function BookHistory(_: PageProps) {
  const id = Number(useParams().id);
  const book = useOne<EntityRow<Book>>({ resource: 'books', id, errorNotification });
  const history = useDeclaredQuery('book-issues.bookHistory', { params: { book_id: id } });
  const b = book.result;
  return (
    <Card title={b ? `Issue History — ${b.title}` : 'Issue History'}>
      {book.query.isError && <Alert type="error" showIcon message={errorText(book.query.error)} />}
      {b && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Code">{b.code}</Descriptions.Item>
          <Descriptions.Item label="Author">{b.author}</Descriptions.Item>
          <Descriptions.Item label="Status"><StatusTag options={BOOK_STATUS_OPTIONS} value={b.status} /></Descriptions.Item>
        </Descriptions>
      )}
      <Table
        rowKey="id" size="small" scroll={{ x: true }} loading={history.query.isLoading}
        dataSource={history.query.isSuccess ? history.result.data : []} columns={issueColumns('borrower')}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text type="secondary">This book has not been issued yet</Typography.Text> }}
      />
    </Card>
  );
}
