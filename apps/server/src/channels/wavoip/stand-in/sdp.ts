/**
 * SDP for the Wavoip stand-in's device socket. Wavoip's `call:offer` carries `offer: {type:
 * 'webRTC', sdp}` and `call:answered` the peer's answer `{type: 'webRTC', sdp}` (SDK
 * @wavoip/wavoip-api@2.6.3 dist/index.es.js: onOffer -> acceptWebRTCOffer, the router's
 * `call:answered`). The stand-in has no media: its SDP is valid text a browser accepts (RFC 8866
 * syntax, RFC 8829 offer/answer rules) whose ICE never connects, which is fine for signalling tests.
 */
import { randomBytes } from 'node:crypto';

const iceUfrag = () => randomBytes(3).toString('hex');
const icePwd = () => randomBytes(12).toString('hex');
/** A SHA-256 fingerprint's shape (RFC 8122): 32 bytes, upper-case hex, colon separated. */
const fingerprint = () => [...randomBytes(32)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
const sessionId = () => BigInt(`0x${randomBytes(7).toString('hex')}`).toString();

/**
 * A standard audio-only WebRTC offer (one Opus m-line, bundle, rtcp-mux, DTLS actpass), as a
 * browser's `createOffer({ offerToReceiveAudio: true })` writes it (RFC 8829 §5.2, RFC 7587 for
 * Opus): what the stand-in sends as a WhatsApp peer's incoming call.
 */
export function fixtureOffer(): string {
  return [
    'v=0',
    `o=- ${sessionId()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=extmap-allow-mixed',
    'a=msid-semantic: WMS wavoip',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 0 8',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    `a=ice-ufrag:${iceUfrag()}`,
    `a=ice-pwd:${icePwd()}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint()}`,
    'a=setup:actpass',
    'a=mid:0',
    'a=sendrecv',
    'a=msid:wavoip wavoip-audio',
    'a=rtcp-mux',
    'a=rtpmap:111 opus/48000/2',
    'a=rtcp-fb:111 transport-cc',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    `a=ssrc:${randomBytes(4).readUInt32BE(0)} cname:wavoip`,
    '',
  ].join('\r\n');
}

const ANSWER_DIRECTION: Record<string, string> = {
  sendrecv: 'sendrecv',
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
};

/**
 * The peer's answer to a browser's offer: the same m-lines, mids and codecs (the offer's payload
 * types and their rtpmap/fmtp/rtcp-fb lines), its own ICE credentials and DTLS fingerprint,
 * `setup:active`, the mirrored direction; the offerer's own lines (candidates, ssrc, msid, ICE
 * options) are dropped. An m-line the offer rejected (port 0) stays rejected.
 */
export function answerFor(offer: string): string {
  const lines = offer.split(/\r?\n/).filter((l) => l.length > 0);
  const ufrag = iceUfrag();
  const pwd = icePwd();
  const fp = fingerprint();
  const out: string[] = ['v=0', `o=- ${sessionId()} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0'];
  let inMedia = false;
  for (const line of lines) {
    if (line.startsWith('m=')) {
      inMedia = true;
      out.push(line);
      if (/^m=\S+ 0 /.test(line)) continue;
      out.push(`a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:sha-256 ${fp}`, 'a=setup:active');
      continue;
    }
    if (!inMedia) {
      if (line.startsWith('a=group:') || line.startsWith('a=extmap-allow-mixed')) out.push(line);
      continue;
    }
    const attr = line.startsWith('a=') ? line.slice(2).split(':')[0]! : '';
    if (line.startsWith('c=')) out.push(line);
    else if (['mid', 'rtcp-mux', 'rtcp', 'rtpmap', 'fmtp', 'rtcp-fb', 'extmap', 'rtcp-rsize'].includes(attr))
      out.push(line);
    else if (attr in ANSWER_DIRECTION) out.push(`a=${ANSWER_DIRECTION[attr]}`);
  }
  return `${out.join('\r\n')}\r\n`;
}
