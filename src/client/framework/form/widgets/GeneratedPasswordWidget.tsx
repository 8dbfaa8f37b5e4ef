import { Button, Input, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { randomPassword } from '../formModel.js';

/** A password prefilled with a random 8-character string that can be regenerated (spec 1, 5 "New user"). */
export function GeneratedPasswordWidget({ id, value, onChange, disabled, readonly, onBlur, onFocus }: WidgetProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value ?? ''}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        autoComplete="new-password"
      />
      <Button onClick={() => onChange(randomPassword(8))} disabled={disabled || readonly}>Regenerate</Button>
    </Space.Compact>
  );
}
