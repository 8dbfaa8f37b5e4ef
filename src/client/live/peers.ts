/**
 * WebRTC between browsers, with the platform's socket carrying the signalling (offers, answers
 * and ICE candidates, to one socket id at a time). One class serves both shapes of room: a
 * class's star (the teacher calls each student, students answer with no media of their own) and
 * a meeting's mesh (each newcomer calls everyone already in). No DOM here but the media objects.
 */

export type SignalData =
  | { type: 'offer' | 'answer'; sdp: string }
  | { type: 'candidate'; candidate: RTCIceCandidateInit };

export interface PeersOptions {
  iceServers: RTCIceServer[];
  /** Sends a signal to one socket of the room. */
  send(sid: string, data: SignalData): void;
  /** A peer's media arrived (or changed). */
  onStream?(sid: string, stream: MediaStream): void;
  /** A peer's connection failed or closed. */
  onGone?(sid: string): void;
}

export class Peers {
  private links = new Map<string, RTCPeerConnection>();
  private pending = new Map<string, RTCIceCandidateInit[]>();
  private local: MediaStream | null = null;

  constructor(private readonly opts: PeersOptions) {}

  /** The media this browser sends to every peer: the tracks are swapped in place on open connections. */
  setLocal(stream: MediaStream | null) {
    this.local = stream;
    for (const pc of this.links.values()) {
      for (const sender of pc.getSenders()) {
        const next = stream?.getTracks().find((t) => t.kind === sender.track?.kind) ?? null;
        void sender.replaceTrack(next);
      }
    }
  }

  has(sid: string) { return this.links.has(sid); }
  get size() { return this.links.size; }

  private open(sid: string): RTCPeerConnection {
    this.close(sid);
    const pc = new RTCPeerConnection({ iceServers: this.opts.iceServers });
    this.links.set(sid, pc);
    pc.onicecandidate = (e) => { if (e.candidate) this.opts.send(sid, { type: 'candidate', candidate: e.candidate.toJSON() }); };
    pc.ontrack = (e) => { this.opts.onStream?.(sid, e.streams[0] ?? new MediaStream([e.track])); };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') {
        if (this.links.get(sid) === pc) { this.links.delete(sid); this.opts.onGone?.(sid); }
      }
    };
    return pc;
  }

  /** Calls a peer: our media (if any) goes to them; with none, we still ask to receive theirs. */
  async call(sid: string, receive: { audio: boolean; video: boolean } = { audio: true, video: true }) {
    const pc = this.open(sid);
    if (this.local) for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    else {
      if (receive.video) pc.addTransceiver('video', { direction: 'recvonly' });
      if (receive.audio) pc.addTransceiver('audio', { direction: 'recvonly' });
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.opts.send(sid, { type: 'offer', sdp: offer.sdp ?? '' });
  }

  /** A signal from a peer: an offer is answered (with our media, if any), an answer completes our call, a candidate is added. */
  async handle(sid: string, data: SignalData) {
    if (data.type === 'offer') {
      const pc = this.open(sid);
      if (this.local) for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
      await pc.setRemoteDescription({ type: 'offer', sdp: data.sdp });
      await this.flush(sid, pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.opts.send(sid, { type: 'answer', sdp: answer.sdp ?? '' });
    } else if (data.type === 'answer') {
      const pc = this.links.get(sid);
      if (!pc || pc.signalingState !== 'have-local-offer') return;
      await pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
      await this.flush(sid, pc);
    } else if (data.type === 'candidate') {
      const pc = this.links.get(sid);
      // A candidate may arrive before the description it belongs to: kept until then.
      if (!pc || !pc.remoteDescription) this.pending.set(sid, [...(this.pending.get(sid) ?? []), data.candidate]);
      else await pc.addIceCandidate(data.candidate).catch(() => {});
    }
  }

  private async flush(sid: string, pc: RTCPeerConnection) {
    const waiting = this.pending.get(sid) ?? [];
    this.pending.delete(sid);
    for (const c of waiting) await pc.addIceCandidate(c).catch(() => {});
  }

  close(sid: string) {
    const pc = this.links.get(sid);
    this.pending.delete(sid);
    if (!pc) return;
    this.links.delete(sid);
    pc.onconnectionstatechange = null;
    pc.close();
  }

  closeAll() { for (const sid of [...this.links.keys()]) this.close(sid); }
}
