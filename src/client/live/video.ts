/**
 * The video provider a room uses, as the server's `setup` names it (src/server/platform/video.ts):
 * `webrtc` (browsers connected to each other, our socket carrying the signalling) or `jitsi` (an
 * embedded room on the school's Jitsi server). Screens ask this module, not a provider, so a
 * media server can be one more kind here later.
 */
export type VideoSetup =
  | { provider: 'webrtc'; ice_servers: RTCIceServer[] }
  | { provider: 'jitsi'; domain: string; room: string; jwt: string | null; ice_servers: RTCIceServer[] };

/** Spec 3 §8: the conference script missing. */
export const JITSI_SCRIPT_FAILED = 'Failed to load Meeting Scripts';

interface JitsiApi { dispose(): void; addListener(event: string, fn: () => void): void; executeCommand(cmd: string, ...args: unknown[]): void }
type JitsiCtor = new (domain: string, opts: Record<string, unknown>) => JitsiApi;

const loaded = new Map<string, Promise<JitsiCtor>>();

/** Loads the Jitsi server's IFrame API script once per domain; rejects with the spec's text when it cannot. */
export function loadJitsi(domain: string): Promise<JitsiCtor> {
  let p = loaded.get(domain);
  if (!p) {
    p = new Promise<JitsiCtor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://${domain}/external_api.js`;
      script.async = true;
      script.onload = () => {
        const ctor = (window as unknown as { JitsiMeetExternalAPI?: JitsiCtor }).JitsiMeetExternalAPI;
        if (ctor) resolve(ctor); else reject(new Error(JITSI_SCRIPT_FAILED));
      };
      script.onerror = () => { loaded.delete(domain); reject(new Error(JITSI_SCRIPT_FAILED)); };
      document.head.appendChild(script);
    });
    loaded.set(domain, p);
  }
  return p;
}

/** Opens a Jitsi room in `parent`; `onLeave` runs when the person hangs up. */
export async function openJitsi(setup: Extract<VideoSetup, { provider: 'jitsi' }>, parent: HTMLElement, who: { name: string }, onLeave: () => void) {
  const Api = await loadJitsi(setup.domain);
  const api = new Api(setup.domain, {
    roomName: setup.room, parentNode: parent, width: '100%', height: '100%',
    ...(setup.jwt ? { jwt: setup.jwt } : {}),
    userInfo: { displayName: who.name },
    configOverwrite: { prejoinPageEnabled: false, p2p: { enabled: false } },
  });
  api.addListener('readyToClose', onLeave);
  return api;
}

/** The camera and microphone messages of spec 4 §5, by what the browser said. */
export function mediaError(e: unknown, side: 'teacher' | 'family'): string {
  const name = (e as { name?: string })?.name ?? '';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError') return side === 'teacher' ? 'Microphone not found' : 'Microphone or Camera not found';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return side === 'teacher' ? 'Please allow Microphone and Screen Access' : 'Please allow Microphone and/or Camera Access';
  }
  if (!navigator.mediaDevices) return 'Camera not supported!';
  return (e as Error)?.message || 'Camera not supported!';
}
