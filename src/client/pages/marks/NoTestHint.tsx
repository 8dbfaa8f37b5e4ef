/**
 * Why the marks editor has no sheet for the picks: the test does not include the subject for the
 * class. Names the tests of the year that do (each opens its sheet) and, for those who may add
 * a subject to a test (the test details' create permission), links to adding it.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDataProvider, useList } from '@refinedev/core';
import { Alert, Button, Space, Typography } from 'antd';
import type { Subject, Test } from '../../../generated/entities/academics.js';
import type { EntityRow } from '../../../shared/wire.js';
import { resourceByName } from '../../../shared/registry.js';
import { optionLabel } from '../../framework/labels.js';
import { useAllowed } from '../../framework/useAccess.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import type { Picks } from './MarksPicks.js';

type Ready = Required<Picks>;

/** The tests of the year holding the subject for the class (null while asking). */
function useTestsWith(picks: Ready, tests: Array<EntityRow<Test>>): Array<EntityRow<Test>> | null {
  const dataProvider = useDataProvider();
  const [found, setFound] = useState<Array<EntityRow<Test>> | null>(null);
  const ids = tests.map((t) => t.id).join(',');
  useEffect(() => {
    let live = true;
    setFound(null);
    const provider = dataProvider();
    const has = (t: EntityRow<Test>) => provider.getList({
      resource: 'test-subjects', pagination: { mode: 'off' },
      filters: [{ field: 'test_id', operator: 'eq', value: t.id }, { field: 'class_id', operator: 'eq', value: picks.class_id }, { field: 'subject_id', operator: 'eq', value: picks.subject_id }],
    }).then((r) => r.data.length > 0, () => false);
    void Promise.all(tests.map(has)).then((hits) => { if (live) setFound(tests.filter((_t, i) => hits[i])); });
    return () => { live = false; };
  }, [ids, picks.class_id, picks.subject_id]); // eslint-disable-line react-hooks/exhaustive-deps
  return found;
}

export function NoTestHint({ picks, onPickTest }: { picks: Ready; onPickTest: (test: number) => void }) {
  const { classes } = useClassesAndYears();
  const tests = useList<EntityRow<Test>>({
    resource: 'tests', pagination: { mode: 'off' }, errorNotification: false, filters: [{ field: 'ac_year', operator: 'eq', value: picks.year }],
  }).result?.data ?? [];
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false, filters: [{ field: 'class_id', operator: 'eq', value: picks.class_id }],
  }).result?.data ?? [];
  const canAdd = useAllowed(resourceByName('test-subjects'), 'create');
  const others = useTestsWith(picks, tests.filter((t) => t.id !== picks.test));

  const test = tests.find((t) => t.id === picks.test)?.name ?? 'This test';
  const subject = subjects.find((s) => s.id === picks.subject_id)?.name ?? 'this subject';
  const klass = classes.find((c) => c.id === picks.class_id);
  const className = klass ? optionLabel(klass, 'class-section') : 'this class';
  const addTo = `/academics/test/details/${picks.test}?class_id=${picks.class_id}&subject_id=${picks.subject_id}`;

  return (
    <Alert
      type="warning" showIcon data-testid="no-test"
      message={`${test} does not include ${subject} for ${className}.`}
      description={
        <Space direction="vertical" size={4}>
          {others === null ? <Typography.Text type="secondary">Looking for the tests that do…</Typography.Text>
            : others.length ? (
              <span>
                Tests of {className} with {subject}:{' '}
                {others.map((t, i) => (
                  <span key={t.id}>{i > 0 && ', '}<Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onPickTest(t.id)}>{t.name}</Button></span>
                ))}
              </span>
            ) : <span>No test of {className} this year includes {subject}.</span>}
          {canAdd
            ? <Link to={addTo}>Add {subject} to {test}</Link>
            : <Typography.Text type="secondary">An admin can add {subject} to {test} in the test&apos;s details.</Typography.Text>}
        </Space>
      }
    />
  );
}
