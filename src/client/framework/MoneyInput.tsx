/**
 * The one input for rupee amounts: ₹ prefix, Indian grouping as the person types
 * ('1,23,456.50'), the figure exact to the paisa. It never rounds or clamps what was typed
 * (no precision, min or max here): the form's rules say what is wrong, under the field.
 */
import { InputNumber, type InputNumberProps } from 'antd';
import type { FormRule } from 'antd';
import { isWholePaise, moneyInputText, moneyInputValue, PAISE_MESSAGE } from '../../shared/money.js';

export function MoneyInput(props: Omit<InputNumberProps<number>, 'formatter' | 'parser' | 'precision'>) {
  return (
    <InputNumber<number>
      prefix="₹"
      inputMode="decimal"
      {...props}
      formatter={(value, info) => moneyInputText(info.userTyping ? info.input : value, info.userTyping)}
      parser={(text) => moneyInputValue(text) as unknown as number}
    />
  );
}

/** The form rule every money field carries: whole paise only. */
export const paiseRule: FormRule = {
  validator: (_, value) => (value === null || value === undefined || value === '' || isWholePaise(Number(value)) ? Promise.resolve() : Promise.reject(new Error(PAISE_MESSAGE))),
};
