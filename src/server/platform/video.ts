/**
 * The school's video provider, for live classes and meetings: what a browser needs to open a
 * room, from the school's configuration (`video`, docs/school-config.md). One shape for every
 * provider, so the screens pick a provider by name and a media server can be added later as
 * another name:
 * - `webrtc` (the default): the browsers send video to each other; the server only relays the
 *   signalling over socket.io. The STUN/TURN servers come from `video.ice_servers`; a TURN
 *   entry without a credential gets coturn's time-limited REST credential from TURN_SECRET.
 * - `jitsi`: a room on the Jitsi server at `video.jitsi.domain` (the school's own, or 8x8's
 *   JaaS with `app_id` and a token signed with JAAS_PRIVATE_KEY / JAAS_KEY_ID).
 */
import crypto from 'node:crypto';
import type { Ctx } from '../framework/context.js';
import { configOf } from '../framework/school-config.js';

export interface IceServer { urls: string | string[]; username?: string; credential?: string }

export type VideoSetup =
  | { provider: 'webrtc'; ice_servers: IceServer[] }
  | { provider: 'jitsi'; domain: string; room: string; jwt: string | null; ice_servers: IceServer[] };

/** How long a TURN credential handed to a browser stays valid. */
const TURN_TTL_S = 6 * 3600;
/** A public STUN server is no outside dependency on a school's network: without one, browsers on one LAN still connect by host candidates. */
const NO_SERVERS: IceServer[] = [];

const isTurn = (urls: string | string[]) => (Array.isArray(urls) ? urls : [urls]).some((u) => /^turns?:/.test(u));

/** coturn's REST API credential (use-auth-secret): username "<expiry>:<user>", credential base64(HMAC-SHA1(secret, username)). */
export function turnCredential(secret: string, userId: string | number, now = Date.now()) {
  const username = `${Math.floor(now / 1000) + TURN_TTL_S}:${userId}`;
  const credential = crypto.createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The configured STUN/TURN servers, with credentials made for this person where the school leaves them to coturn's secret. */
export function iceServersFor(ctx: Pick<Ctx, 'config' | 'school' | 'user'>): IceServer[] {
  const configured = configOf(ctx).config?.video?.ice_servers ?? NO_SERVERS;
  const secret = process.env.TURN_SECRET ?? '';
  return configured.map((s) => {
    if (!isTurn(s.urls) || s.credential || !secret) return { ...s };
    return { urls: s.urls, ...turnCredential(secret, ctx.user.id) };
  });
}

/** Which provider the school uses for a room; a class's `jitsi` type asks for Jitsi when the school has a Jitsi server. */
export function videoProvider(ctx: Pick<Ctx, 'config' | 'school'>, want?: 'jitsi' | 'live'): 'webrtc' | 'jitsi' {
  const video = configOf(ctx).config?.video;
  if (!video?.jitsi?.domain) return 'webrtc';
  if (want === 'jitsi') return 'jitsi';
  return video.provider === 'jitsi' ? 'jitsi' : 'webrtc';
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** A JaaS token (RS256) for one room, when the school uses 8x8's JaaS and the server holds its key. */
function jaasToken(appId: string, room: string, user: { id: number; name: string }, moderator: boolean): string | null {
  const key = process.env.JAAS_PRIVATE_KEY;
  const kid = process.env.JAAS_KEY_ID;
  if (!key || !kid) return null;
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid };
  const payload = {
    aud: 'jitsi', iss: 'chat', sub: appId, room, iat: now, nbf: now - 10, exp: now + 3 * 3600,
    context: { user: { id: String(user.id), name: user.name, moderator: moderator ? 'true' : 'false' }, features: { recording: 'false', livestreaming: 'false' } },
  };
  const body = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature = crypto.createSign('RSA-SHA256').update(body).sign(key.replace(/\\n/g, '\n'));
  return `${body}.${b64url(signature)}`;
}

/** What a browser needs to open room `room` (a class's or a meeting's), as `moderator` (the teacher, the organiser) or not. */
export function videoSetup(ctx: Pick<Ctx, 'config' | 'school' | 'user'>, room: string, opts: { want?: 'jitsi' | 'live'; moderator: boolean }): VideoSetup {
  const ice_servers = iceServersFor(ctx);
  if (videoProvider(ctx, opts.want) === 'webrtc') return { provider: 'webrtc', ice_servers };
  const jitsi = configOf(ctx).config!.video!.jitsi!;
  const name = jitsi.app_id ? `${jitsi.app_id}/${room}` : room;
  return {
    provider: 'jitsi', domain: jitsi.domain, room: name, ice_servers,
    jwt: jitsi.app_id ? jaasToken(jitsi.app_id, room, ctx.user, opts.moderator) : null,
  };
}

/** A room name no one guesses: the school, what it is for, and random characters. */
export const newRoomName = (school: string, what: string) => `${school}-${what}-${crypto.randomBytes(9).toString('base64url')}`.replace(/[^A-Za-z0-9-]/g, '');
