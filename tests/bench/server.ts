/**
 * The bench's server process (started by run.ts as `node --import tsx tests/bench/server.ts`):
 * creates a school on the configured database, fills it with plain multi-row inserts, then
 * serves, in this one process and over the one Kysely handle:
 *   - the real app (buildApp) on APP port,
 *   - a bare Fastify on BARE port whose routes run the very SQL the app's list calls run
 *     (compiled once from selectRecords + applySort) and answer the same JSON envelope,
 *     plus GET /ping to show what the load generator itself can do.
 * It prints one line `BENCH_READY {json}` when both listen, and closes everything
 * (and the database, cleanly) on SIGTERM/SIGINT or when its parent's pipe closes.
 */
import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { resourceByName } from '../../resources/index.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/index.js';
import { acquireStoreLock } from '../../src/server/db/store-lock.js';
import { applySort, selectRecords } from '../../src/server/framework/query.js';
import { createSchool } from '../../src/server/provision.js';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 200);
const SUBJECTS_PER_CLASS = Number(process.env.BENCH_SUBJECTS_PER_CLASS ?? 10);
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 60);
const CODE = process.env.BENCH_CODE ?? 'BENCH1';
const ADMIN = { email: 'admin@bench.school', password: 'Bench@12345' };

const config = loadConfig(process.env);
const lock = config.databaseUrl ? null : acquireStoreLock(config.dataDir, 'bench');
const t0 = performance.now();
const database = await openDatabase(config);
const tOpen = performance.now();
const { schema } = await createSchool(database.db, { code: CODE, name: 'Bench School', adminEmail: ADMIN.email, adminPassword: ADMIN.password });
const tSchool = performance.now();

const sdb = database.db.withSchema(schema);
const chunks = <T>(rows: T[], n = 500) => Array.from({ length: Math.ceil(rows.length / n) }, (_, i) => rows.slice(i * n, i * n + n));

const teacherIds: number[] = [];
for (const part of chunks(Array.from({ length: TEACHERS }, (_, i) => ({
  fullname: `Teacher ${i + 1}`, email: `teacher${i + 1}@bench.school`, mobile: `9${String(800000000 + i)}`,
  employee_id: `EMP${1000 + i}`, job_title: 'Teacher', extras: JSON.stringify({}),
})))) {
  const rows = await sdb.insertInto('teacher').values(part).returning('id').execute();
  teacherIds.push(...rows.map((r) => r.id as number));
}

const SECTIONS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const perGrade = Math.ceil(CLASSES / 12);
const classIds: number[] = [];
for (const part of chunks(Array.from({ length: CLASSES }, (_, i) => ({
  class: String(Math.floor(i / perGrade) + 1),
  section: SECTIONS[i % perGrade % 26]! + (i % perGrade >= 26 ? String(Math.floor(i % perGrade / 26)) : ''),
  class_teacher_id: teacherIds[i % teacherIds.length],
})))) {
  const rows = await sdb.insertInto('class').values(part).returning('id').execute();
  classIds.push(...rows.map((r) => r.id as number));
}

const SUBJECT_NAMES = ['English', 'Mathematics', 'Science', 'Social Studies', 'Kannada', 'Hindi', 'Computer Science', 'Physical Education', 'Art', 'Music', 'Environmental Studies', 'General Knowledge'];
const subjects = classIds.flatMap((classId, c) => Array.from({ length: SUBJECTS_PER_CLASS }, (_, s) => ({
  class_id: classId,
  name: SUBJECT_NAMES[s % SUBJECT_NAMES.length] + (s >= SUBJECT_NAMES.length ? ` ${Math.floor(s / SUBJECT_NAMES.length) + 1}` : ''),
  code: `S${c + 1}-${s + 1}`,
  subject_type: 1,
  marks_type: 1,
  subject_teacher_id: teacherIds[(c * SUBJECTS_PER_CLASS + s) % teacherIds.length],
  // What the app's subject hook stores for a non-elective subject.
  extras: JSON.stringify({ subjects: [] }),
})));
for (const part of chunks(subjects)) await sdb.insertInto('subject').values(part).execute();
const tSeed = performance.now();

// The app, exactly as main.ts builds it.
const app = await buildApp({ config, database });

// The baseline: the same SQL the generated list calls run, compiled once, through the same handle.
const classRes = resourceByName('classes');
const subjectRes = resourceByName('subjects');
const classesSql = applySort(selectRecords(sdb, classRes), classRes).compile();
const subjectsSql = applySort(selectRecords(sdb, subjectRes).where('t.class_id', '=', -1), subjectRes).compile();
const filterAt = subjectsSql.parameters.lastIndexOf(-1);
if (filterAt < 0) throw new Error('bench: could not find the class_id parameter of the subjects query');

const bare = Fastify({ logger: false });
bare.get('/ping', async () => ({ ok: true }));
bare.get('/bare/classes-list/', async () => {
  const { rows } = await database.db.executeQuery(classesSql);
  return { success: true, data: rows, error: null };
});
bare.get<{ Params: { class_id: string } }>('/bare/subjects/:class_id/', async (req) => {
  const params = [...subjectsSql.parameters];
  params[filterAt] = Number(req.params.class_id);
  const { rows } = await database.db.executeQuery(CompiledQuery.raw(subjectsSql.sql, params));
  return { success: true, data: rows, error: null };
});

const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  try {
    await app.close();
    await bare.close();
    await database.close();
  } finally {
    lock?.release();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// The parent holds our stdin open; if it dies, we go too.
process.stdin.on('end', () => void shutdown());
process.stdin.resume();

const info = {
  kind: database.kind,
  code: CODE,
  schema,
  admin: ADMIN,
  appPort: Number(new URL(appAddress).port),
  barePort: Number(new URL(bareAddress).port),
  classIds,
  counts: { teachers: teacherIds.length, classes: classIds.length, subjects: subjects.length },
  timings: { openMs: tOpen - t0, createSchoolMs: tSchool - tOpen, seedMs: tSeed - tSchool },
  sql: { classes: classesSql.sql, subjects: subjectsSql.sql },
};
console.log(`BENCH_READY ${JSON.stringify(info)}`);
