import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { hasRole } from '../../../shared/roles.js';
import { push } from '../../realtime/hub.js';
import { videoSetup } from '../../platform/video.js';
import { classOf, classQuery, isClassTeacher, joinableNow, managesClass, onAccessList, reachedStudent, shownClass, STATUS, type ClassRow } from './reach.js';
import { presenceReport } from './presence.js';
import { openUpload, removeUpload, videoPath } from './uploads.js';

const roomOf = (id: number) => `vc:${id}`;

/** The uploaded video's address, when the class has one. */
function videoUrl(ctx: CallCtx, v: ClassRow): string | null {
  const video = v.video as { upload_id?: string; name?: string } | null;
  return video?.upload_id ? videoPath(ctx.school.code, video.upload_id, video.name ?? 'video.webm') : null;
}

export default defineHandlers('virtual-classes', {
  /*
   * One class for its room: the details the teacher's screen shows, how many students are in the
   * room, the video provider's setup, and for a family which of their children may join.
   */
  details: async (ctx, { params }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    const present = await ctx.db.selectFrom('vc_presence').select((e) => e.fn.count<number>('student_id').distinct().as('n'))
      .where('vc_class_id', '=', v.id).where('left_at', 'is', null).where('student_id', 'is not', null).executeTakeFirst();
    const teacher = isClassTeacher(ctx, v);
    let children: Array<{ id: number; fullname: string; access: boolean }> = [];
    if (hasRole(ctx.user, 'family')) {
      const mine = await ctx.scoped('students', 'st').select(['st.id', 'st.fullname']).where('st.class_id', '=', v.class_id).execute() as Array<{ id: number; fullname: string }>;
      children = await Promise.all(mine.map(async (c) => ({ id: c.id, fullname: c.fullname, access: await onAccessList(ctx, c.id) })));
    }
    return {
      ...shownClass(v),
      active_students: Number(present?.n ?? 0),
      is_teacher: teacher,
      can_manage: managesClass(ctx, v),
      joinable: joinableNow(v),
      children,
      video_url: hasRole(ctx.user, 'staff') && (v.status === STATUS.ENDED || v.status === STATUS.STREAMING_AVAILABLE) ? videoUrl(ctx, v) : null,
      setup: videoSetup(ctx, String((v.extras as { jitsi_meeting_id?: string } | null)?.jitsi_meeting_id ?? `class-${v.id}`), { want: v.class_type === 'jitsi' ? 'jitsi' : 'live', moderator: teacher }),
    };
  },

  // The chosen child's classes (their class and year), newest first, when the child is on the access list.
  mine: async (ctx, { params }) => {
    const student = await reachedStudent(ctx, params.student_id);
    const access = await onAccessList(ctx, student.id);
    if (!access) return { access, classes: [] };
    const rows = await classQuery(ctx).where('v.class_id', '=', student.class_id).where('v.ac_year_id', '=', student.ac_year_id)
      .orderBy('v.start_time', 'desc').limit(200).execute();
    return { access, classes: rows.map((r) => ({ ...shownClass(r), joinable: joinableNow(r), has_video: r.status === STATUS.STREAMING_AVAILABLE && !!r.video })) };
  },

  video: async (ctx, { params }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    const url = v.status === STATUS.ENDED || v.status === STATUS.STREAMING_AVAILABLE ? videoUrl(ctx, v) : null;
    if (!url) throw ctx.fail('noVideo', 404);
    return { url };
  },

  familyVideo: async (ctx, { params }) => {
    const student = await reachedStudent(ctx, params.student_id);
    const v = await classOf(ctx, params.class_id, () => ctx.fail('missing', 404));
    if (v.class_id !== student.class_id) throw ctx.fail('missing', 404);
    if (!(await onAccessList(ctx, student.id))) throw ctx.fail('noAccess', 403);
    const url = v.status === STATUS.STREAMING_AVAILABLE ? videoUrl(ctx, v) : null;
    if (!url) throw ctx.fail('notStreaming', 404);
    return { url };
  },

  // PUT /upload/: the address the video's bytes go to (spec 4 §7), for a class that has ended.
  uploadUrl: async (ctx, { body }) => {
    const v = await classOf(ctx, body.vc_class_id, () => ctx.fail('missing', 404));
    if (!managesClass(ctx, v)) throw ctx.fail('notTeacher', 403);
    if (v.status !== STATUS.ENDED && v.status !== STATUS.STREAMING_AVAILABLE) throw ctx.fail('status', 409);
    return openUpload(ctx, { vc_class_id: v.id, name: body.name, content_type: body.content_type, size: body.size });
  },

  // type upload: the uploaded video becomes the class's (replacing one before); type approve: Allow Streaming.
  videoAction: async (ctx, { params, body }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    if (body.type === 'approve') {
      if (!hasRole(ctx.user, 'admins')) throw ctx.fail('notAdmin', 403);
      if (v.status !== STATUS.ENDED || !v.video) throw ctx.fail('approve', 409);
      await items(ctx, 'virtual-classes').update(v.id, { status: STATUS.STREAMING_AVAILABLE }, { action: 'approve' });
      push(ctx).toClass(v.class_id, 'vc_room', { type: 'session', status: 'STREAMING', vc_class: v.id });
      return ctx.answer({ id: v.id, status: STATUS.STREAMING_AVAILABLE }, 'approve');
    }
    if (!managesClass(ctx, v)) throw ctx.fail('notTeacher', 403);
    if (v.status !== STATUS.ENDED && v.status !== STATUS.STREAMING_AVAILABLE) throw ctx.fail('status', 409);
    const uploadId = body.data?.upload_id;
    if (!uploadId) throw ctx.fail('noUpload');
    const up = await ctx.db.selectFrom('vc_upload').selectAll().where('id', '=', uploadId).where('vc_class_id', '=', v.id).executeTakeFirst();
    if (!up) throw ctx.fail('noUpload', 404);
    if (!up.completed_at) throw ctx.fail('incomplete', 409);
    return inTransaction(ctx, async (tx) => {
      const old = (v.video as { upload_id?: string } | null)?.upload_id;
      await items(tx, 'virtual-classes').update(v.id, {
        video: { upload_id: up.id, name: up.name, size: Number(up.size), content_type: up.content_type, uploaded_at: new Date().toISOString() },
      }, { action: 'upload' });
      if (old && old !== up.id) await removeUpload(tx, old);
      return ctx.answer({ id: v.id, url: videoPath(ctx.school.code, up.id, up.name) }, 'upload');
    });
  },

  attendance: async (ctx, { params }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    return { vc_class: shownClass(v), students: await presenceReport(ctx, v) };
  },

  // A class not yet started is called off: its students' screens show it cancelled (CANCEL).
  cancel: async (ctx, { params }) => {
    const v = await classOf(ctx, params.id, () => ctx.fail('missing', 404));
    if (!managesClass(ctx, v)) throw ctx.fail('notTeacher', 403);
    if (v.status !== STATUS.NOT_STARTED) throw ctx.fail('cannot', 409);
    await items(ctx, 'virtual-classes').update(v.id, { status: STATUS.CANCELLED }, { action: 'cancel' });
    push(ctx).toRoom(roomOf(v.id), 'vc_room', { type: 'session', status: 'CANCEL', vc_class: v.id });
    push(ctx).toClass(v.class_id, 'vc_room', { type: 'session', status: 'CANCEL', vc_class: v.id });
    return { id: v.id, status: STATUS.CANCELLED };
  },
});
