import { useEffect } from 'react';
import { Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { formatMoney } from '../../format.js';
import type { ResourceFormContext } from './ResourceSelectWidget.js';
import { computedNotes, computedSum, type ComputedOptions } from './computed.js';

/**
 * A read-only total the form computes from other fields (options `sum`, `notes`, see
 * computed.ts) and sends with the record, so the server, which computes it again, can check
 * it; the person sees it change as they type (an inventory item's total, price per unit and
 * tax percent).
 */
export function ComputedTotalWidget(props: WidgetProps) {
  const { id, value, onChange, options, registry } = props;
  const opts = options as unknown as ComputedOptions;
  const data = ((registry.formContext ?? {}) as Partial<ResourceFormContext>).formData ?? {};
  const total = computedSum(data, opts.sum ?? []);
  useEffect(() => {
    if (value !== total) onChange(total);
  }, [total, value, onChange]);
  return (
    <Space direction="vertical" size={0} id={id}>
      <Typography.Text strong data-testid={`${id}-value`}>{formatMoney(total)}</Typography.Text>
      {computedNotes(data, opts.notes).map((n) => (
        <Typography.Text key={n.label} type="secondary">{n.label}: {n.money ? formatMoney(Number(n.text)) : n.text}</Typography.Text>
      ))}
    </Space>
  );
}
