/** The per-class fetch of the multi-class reports (students, fees). Unit tested. */

/**
 * Fetches a list per class, all at once. A class whose call fails is reported through
 * `failed(classId, error)` (its own notice, naming the class) and left out; the lists of the
 * others are returned in class order.
 */
export async function fetchPerClass<T>(
  classIds: number[], fetch: (classId: number) => Promise<T[]>, failed: (classId: number, error: unknown) => void,
): Promise<Array<{ classId: number; rows: T[] }>> {
  const settled = await Promise.allSettled(classIds.map((id) => fetch(id)));
  const out: Array<{ classId: number; rows: T[] }> = [];
  settled.forEach((s, i) => {
    const classId = classIds[i]!;
    if (s.status === 'fulfilled') out.push({ classId, rows: Array.isArray(s.value) ? s.value : [] });
    else failed(classId, s.reason);
  });
  return out;
}

/** The notice of a multi-class report's class that failed: 'Failed to fetch students from class_id 3'. */
export const failedClassText = (what: string, classId: number) => `Failed to fetch ${what} from class_id ${classId}`;
