/**
 * Lint rules that keep the declarations the single source of roles, statuses and messages
 * in hand-written screens and server code (eslint.config.js applies them to
 * src/server/modules and src/client/pages):
 *   declared/no-literal-codes          `role === 3`, `row.status !== 1`, `sameValue(y.status, 1)`, `case 2:` under
 *                                      `switch (status)`, `.where('sy.status', '<>', 4)` in a query:
 *                                      name the value (ROLE_IDS.admin, isAdmin(user), ACYEAR_STATUS.ENABLED)
 *   declared/no-literal-rule-message   `rules={[{ required: true, message: '…' }]}`: the message is the
 *                                      schema's (payloadRules, fieldConfig(...).rules, errorMessage)
 */

/** A role or a status by its name: `role`, `user.role`, `status`, `row.payment_status`, `yearStatus`. */
const CODE_NAME = /^(role|status)$|_(role|status)$|[a-z](Role|Status)$/;

/** The expression under `Number(x)`, `x!`, `x as T`, `x?.y`. */
function unwrap(node) {
  let n = node;
  for (;;) {
    if (n.type === 'ChainExpression' || n.type === 'TSNonNullExpression' || n.type === 'TSAsExpression') n = n.expression;
    else if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && ['Number', 'String'].includes(n.callee.name) && n.arguments.length === 1) n = n.arguments[0];
    else return n;
  }
}

function codeName(node) {
  const n = unwrap(node);
  if (n.type === 'Identifier') return CODE_NAME.test(n.name) ? n.name : null;
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') return CODE_NAME.test(n.property.name) ? n.property.name : null;
  return null;
}

/** The number a literal writes (`3`, `-1`), else undefined. */
function numberOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'number') return node.value;
  if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
  return undefined;
}

/** An HTTP status (an error's `status === 400`) is its own name; record statuses are small codes. */
const httpStatus = (name, n) => /status$/i.test(name) && Number.isInteger(n) && n >= 100 && n <= 599;

const noLiteralCodes = {
  meta: {
    type: 'problem',
    docs: { description: 'A role or status is compared by its declared name, not by its number' },
    schema: [],
    messages: {
      compared: '`{{name}}` compared with the number {{value}}: use the declared name (ROLE_IDS / a role helper from src/shared/roles.ts, or the enum generated from the schema in src/generated/enums)',
    },
  },
  create(context) {
    const check = (named, literal, at) => {
      const name = codeName(named);
      const value = numberOf(literal);
      if (name && value !== undefined && !httpStatus(name, value)) context.report({ node: at, messageId: 'compared', data: { name, value: String(value) } });
    };
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        check(node.left, node.right, node);
        check(node.right, node.left, node);
      },
      CallExpression(node) {
        const { callee, arguments: args } = node;
        // The screens' loose equality (src/client/framework/calls.ts): sameValue(y.status, 1).
        if (callee.type === 'Identifier' && callee.name === 'sameValue' && args.length === 2) {
          check(args[0], args[1], node);
          check(args[1], args[0], node);
        }
        // A query's comparison: .where('sy.status', '<>', 4), .where('role', 'in', [3, 4]).
        if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && ['where', 'orWhere'].includes(callee.property.name) && args.length === 3) {
          const [column, , value] = args;
          if (column.type !== 'Literal' || typeof column.value !== 'string') return;
          const name = column.value.split('.').pop();
          const values = value.type === 'ArrayExpression' ? value.elements : [value];
          const number = values.map((v) => (v ? numberOf(v) : undefined)).find((n) => n !== undefined);
          if (CODE_NAME.test(name) && number !== undefined) context.report({ node, messageId: 'compared', data: { name, value: String(number) } });
        }
      },
      SwitchStatement(node) {
        for (const c of node.cases) if (c.test) check(node.discriminant, c.test, c);
      },
    };
  },
};

const isText = (v) => (v.type === 'Literal' && typeof v.value === 'string') || v.type === 'TemplateLiteral';

const noLiteralRuleMessage = {
  meta: {
    type: 'problem',
    docs: { description: 'A form rule\'s message comes from the schema, not a literal' },
    schema: [],
    messages: {
      literal: 'A literal message in a form rule: take the rules from the schema (payloadRules(schema, field), fieldConfig(resource).rules(field)) or its errorMessage',
    },
  },
  create(context) {
    return {
      // A rule object among the `rules` of a form item: rules={[{ required: true, message: '…' }]}.
      'JSXAttribute[name.name="rules"] ArrayExpression > ObjectExpression > Property'(node) {
        if (node.key.type === 'Identifier' && node.key.name === 'message' && !node.computed && isText(node.value)) {
          context.report({ node: node.value, messageId: 'literal' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'declared' },
  rules: { 'no-literal-codes': noLiteralCodes, 'no-literal-rule-message': noLiteralRuleMessage },
};
