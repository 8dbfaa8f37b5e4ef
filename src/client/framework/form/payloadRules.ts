/**
 * Rules for a hand-built antd form from the payload schema its call declares: required, length
 * and e-mail checks with the schema's own messages, so the form refuses what the server would,
 * in the same words, without writing them again.
 */
import type { FormRule } from 'antd';
import type { JsonSchema } from '../../../shared/resource.js';

export function payloadRules(schema: JsonSchema, field: string): FormRule[] {
  const prop: JsonSchema = schema.properties?.[field] ?? {};
  const own: Record<string, string> = prop.errorMessage ?? {};
  const title: string = prop.title ?? field;
  const rules: FormRule[] = [];
  if ((schema.required ?? []).includes(field)) {
    rules.push({ required: true, whitespace: prop.type === 'string', message: schema.errorMessage?.required?.[field] ?? `${title} is required` });
  }
  if (prop.minLength > 1) rules.push({ min: prop.minLength, message: own.minLength ?? `${title} must be at least ${prop.minLength} characters` });
  if (prop.maxLength) rules.push({ max: prop.maxLength, message: own.maxLength ?? `${title} must be at most ${prop.maxLength} characters` });
  if (prop.format === 'email') rules.push({ type: 'email', message: own.format ?? `${title} must be an e-mail address` });
  return rules;
}
