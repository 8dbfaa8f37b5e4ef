import type { Subject } from '../../../generated/entities/academics.js';
import type { ResourceHooks } from '../../framework/hooks.js';

const ELECTIVE = 3;

/** An elective subject keeps its sub-subject rows and no single teacher; the others the reverse. */
function shape<T extends Partial<Subject>>(d: T, existing: Partial<Subject> = {}): T {
  const type = d.subject_type ?? existing.subject_type ?? 1;
  if (type === ELECTIVE) return { ...d, subject_teacher_id: null, extras: d.extras ?? existing.extras ?? { subjects: [] } };
  return { ...d, extras: { ...(d.extras ?? existing.extras ?? {}), subjects: [] } };
}

export const subjectHooks: ResourceHooks<Subject> = {
  beforeCreate: (_ctx, data) => shape(data),
  beforeUpdate: (_ctx, data, existing) => shape(data, existing),
};

export default subjectHooks;
